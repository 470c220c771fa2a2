import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * The API answers JSON, images and a stream: nothing of it may run as a page, be framed or sniffed. Helmet's
 * headers on every response (nosniff, no-referrer, HSTS, COOP, no X-Powered-By) and a CSP that allows nothing.
 * /docs (Swagger UI: its own scripts and styles, inline styles of the UI) and /operator (its route sets its own
 * CSP) are the only HTML. Images under /storage are embedded by the site's pages on another origin.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
export const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: false, // set below: one fixed header, replaced on /docs
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', async (req, reply) => {
    const url = req.url;
    reply.header('content-security-policy', url === '/docs' || url.startsWith('/docs/') ? DOCS_CSP : API_CSP);
    if (url.startsWith('/storage/')) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}
