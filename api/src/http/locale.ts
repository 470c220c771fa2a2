import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localizeMessage, type MessageLocale } from '@khela/contracts';

/*
 * The player's language of a request (issue 34): the site's API client sends `Accept-Language: bn` or `en` from the
 * session's locale. The API answers every player-facing `message` (and a validation failure's `errors`) in it, from the
 * contracts' catalogue (API_MESSAGES, English where it has no Bangla), and reads bilingual content in it (content/).
 * The staff console's calls (/api/operator/...) stay English whatever the browser sends.
 */

const STAFF_PREFIX = '/api/operator';

/** 'bn' when Bangla ranks above English in Accept-Language (q-values honoured), else 'en'. */
export function parseAcceptLanguage(header: string | string[] | undefined): MessageLocale {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { locale: MessageLocale; q: number } | null = null;
  for (const part of value.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const lang = tag.split('-')[0];
    if (lang !== 'bn' && lang !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: lang, q };
  }
  return best?.locale ?? 'en';
}

const isStaff = (req: FastifyRequest) => (req.routeOptions?.url ?? req.url).startsWith(STAFF_PREFIX);

/** The language the player asked for (always English on the staff console's calls). */
export function requestLocale(req: FastifyRequest): MessageLocale {
  if (isStaff(req)) return 'en';
  return parseAcceptLanguage(req.headers['accept-language']);
}

/** A response body with its `message` (and `errors`' texts) in the request's language. */
export function localizeBody<T>(req: FastifyRequest, body: T): T {
  const locale = requestLocale(req);
  if (locale === 'en' || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  const out: Record<string, unknown> = { ...b };
  if (typeof b.message === 'string') out.message = localizeMessage(b.message, locale);
  if (typeof b.error === 'string') out.error = localizeMessage(b.error, locale);
  if (b.errors && typeof b.errors === 'object' && !Array.isArray(b.errors)) {
    out.errors = Object.fromEntries(
      Object.entries(b.errors as Record<string, unknown>).map(([k, v]) => [
        k,
        Array.isArray(v) ? v.map((m) => (typeof m === 'string' ? localizeMessage(m, locale) : m)) : v,
      ]),
    );
  }
  return out as T;
}

/** Success bodies with a `message` (errors are localised by the error handler, which sends them through here too). */
export function installMessageLocale(app: FastifyInstance): void {
  app.addHook('preSerialization', async (req, _reply, payload) => localizeBody(req, payload));
}
