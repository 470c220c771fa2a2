import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGING_SIGNATURE_HEADER, MESSAGING_TIMESTAMP_HEADER, verifyTimestamped } from '@khela/contracts/signing';
import { config } from '../config';

/**
 * SMS and e-mail delivery stand-in. The API posts each message to POST /outbox/send signed with
 * HMAC-SHA256(MESSAGING_SECRET, `${x-khela-timestamp}.${raw body}`) in x-khela-signature; the outbox keeps
 * them in memory so a tester (the page at /outbox/) or a Playwright test (/outbox/messages?to=...) reads the codes.
 */
export interface StoredMessage {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  text: string;
  /** The first 6-digit number of the text, for tests. */
  code: string | null;
  created_at: string;
}

const MAX_KEPT = 1000;

const messageSchema = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string().min(3).max(200),
  subject: z.string().max(200).optional(),
  text: z.string().min(1).max(2000),
});

/** Phones compare by digits, e-mails case-insensitively. */
export const addressKey = (to: string) => (to.includes('@') ? to.trim().toLowerCase() : to.replace(/\D/g, ''));

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createOutbox(secret = config.messagingSecret): { plugin: FastifyPluginAsync; messages: StoredMessage[] } {
  const messages: StoredMessage[] = [];
  let nextId = 1;

  const plugin: FastifyPluginAsync = async (app) => {
    // the signature covers the exact bytes sent, so keep the raw body (this parser is scoped to the outbox)
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    app.post('/send', async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const ts = req.headers[MESSAGING_TIMESTAMP_HEADER] as string | undefined;
      const sig = req.headers[MESSAGING_SIGNATURE_HEADER] as string | undefined;
      if (!verifyTimestamped(secret, ts, sig, raw)) return reply.code(401).send({ message: 'Invalid signature' });
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return reply.code(400).send({ message: 'Invalid JSON' });
      }
      const parsed = messageSchema.safeParse(json);
      if (!parsed.success) return reply.code(422).send({ message: parsed.error.issues[0]?.message ?? 'Invalid message' });
      const m = parsed.data;
      const stored: StoredMessage = {
        id: nextId++,
        channel: m.channel,
        to: m.to,
        subject: m.subject ?? null,
        text: m.text,
        code: /\b(\d{6})\b/.exec(m.text)?.[1] ?? null,
        created_at: new Date().toISOString(),
      };
      messages.unshift(stored);
      if (messages.length > MAX_KEPT) messages.length = MAX_KEPT;
      return { id: stored.id, status: 'delivered' };
    });

    const filter = (to: string | undefined) => (to ? messages.filter((m) => addressKey(m.to) === addressKey(to)) : messages);

    app.get('/messages', async (req) => {
      const { to } = req.query as { to?: string };
      return { messages: filter(to) };
    });

    app.get('/', async (req, reply) => {
      const { to } = req.query as { to?: string };
      const rows = filter(to)
        .map(
          (m) =>
            `<tr><td>${m.id}</td><td>${m.channel.toUpperCase()}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject ?? '')}</td>` +
            `<td>${escapeHtml(m.text)}</td><td><strong data-code>${m.code ?? ''}</strong></td><td>${m.created_at}</td></tr>`,
        )
        .join('');
      reply.type('text/html').send(`<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta http-equiv="refresh" content="5"><title>Outbox · Khela sandbox</title>
<style>body{font-family:system-ui;margin:16px}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:6px;text-align:left;font-size:14px}</style>
<h1>SMS and e-mail outbox</h1>
<form><label>To (phone or e-mail) <input name="to" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>
<p>${filter(to).length} message(s), newest first. JSON: <a href="messages${to ? `?to=${encodeURIComponent(to)}` : ''}">messages</a></p>
<table><thead><tr><th>#</th><th>Channel</th><th>To</th><th>Subject</th><th>Text</th><th>Code</th><th>Sent</th></tr></thead><tbody>${rows || '<tr><td colspan="7">No messages yet</td></tr>'}</tbody></table></html>`);
    });
  };
  return { plugin, messages };
}

/** The outbox the API delivers to (MESSAGING_SECRET from the environment). */
export default createOutbox().plugin;
