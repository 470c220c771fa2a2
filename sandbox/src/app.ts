import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import { sandboxParts } from './parts';

/**
 * Stand-ins for the outside parties (SMS/e-mail delivery, payment gateway, game provider, odds feed).
 * Each part is a Fastify plugin under its own prefix and speaks the protocol a real partner would,
 * so a real partner can replace it by changing one URL in the API's environment.
 */
export async function buildSandbox(opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: opts.logger ?? false });
  await app.register(cors, { origin: true });
  await app.register(formbody);
  app.get('/health', async () => ({ ok: true, parts: sandboxParts.map((p) => p.prefix) }));
  app.get('/', async (_req, reply) => {
    reply
      .type('text/html')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Khela sandbox</title><h1>Khela sandbox</h1><ul>${sandboxParts
          .map((p) => `<li><a href="${p.prefix}/">${p.prefix}</a> — ${p.description}</li>`)
          .join('')}</ul>`,
      );
  });
  for (const part of sandboxParts) await app.register(part.plugin, { prefix: part.prefix });
  return app;
}
