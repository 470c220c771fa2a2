import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The API answers JSON, images and a stream: nothing of it may run as a page, be framed or sniffed. Helmet's
 * headers on every response (nosniff, no-referrer, HSTS, COOP, no X-Powered-By) and a CSP that allows nothing.
 * /docs (Swagger UI: its own scripts and styles, inline styles of the UI) and /operator (its route sets its own
 * CSP) are the only HTML. Images under /storage are embedded by the site's pages on another origin.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
export const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

/**
 * The headers helmet sets with these options, read once: they are the same on every answer. (@fastify/helmet built a
 * helmet middleware from its options on every request and set each header on the raw response, ~5% of the API's CPU
 * per bet in a hot market; stop 49's profile.)
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const fixed = helmetHeaders({
    contentSecurityPolicy: false, // set below: one fixed header, replaced on /docs
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    const url = req.url;
    reply.headers(fixed);
    reply.header('content-security-policy', url === '/docs' || url.startsWith('/docs/') ? DOCS_CSP : API_CSP);
    if (url.startsWith('/storage/')) reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });
}
