import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Logger } from 'pino';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import { sandboxParts } from './parts';
import { registerRequestIds, requestIdOptions } from './request-id';

/**
 * Stand-ins for the outside parties (SMS/e-mail delivery, payment gateway, game provider, odds feed).
 * Each part is a Fastify plugin under its own prefix and speaks the protocol a real partner would,
 * so a real partner can replace it by changing one URL in the API's environment.
 */
export async function buildSandbox(opts: { logger?: boolean | Logger | FastifyServerOptions['logger'] } = {}): Promise<FastifyInstance> {
  const logger = opts.logger ?? false;
  const isInstance = typeof logger === 'object' && logger !== null && 'child' in logger;
  const app = Fastify({
    ...(isInstance ? { loggerInstance: logger as Logger } : { logger: logger as FastifyServerOptions['logger'] }),
    ...requestIdOptions,
  }) as unknown as FastifyInstance;
  registerRequestIds(app);
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
  for (const part of sandboxParts) await app.register(part.plugin, { ...part.options, prefix: part.prefix });
  return app;
}
