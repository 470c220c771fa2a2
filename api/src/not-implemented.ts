import type { FastifyInstance, HTTPMethods } from 'fastify';
import { toFastifyPath } from './http/endpoint';

/**
 * Spec section 7 calls not built yet. Each answers 501 until its domain registers the real
 * route (a registered route wins: this list is skipped for it). Delete lines as you implement them.
 */
export const NOT_IMPLEMENTED: ReadonlyArray<readonly [HTTPMethods, string]> = [
];

/** Register after every domain, so `hasRoute` sees the real routes. */
export default async function notImplementedRoutes(app: FastifyInstance) {
  registerNotImplemented(app, NOT_IMPLEMENTED);
}

export function registerNotImplemented(app: FastifyInstance, list: ReadonlyArray<readonly [HTTPMethods, string]>) {
  for (const [method, path] of list) {
    const url = toFastifyPath(path);
    if (app.hasRoute({ method, url })) continue;
    app.route({
      method,
      url,
      schema: { hide: true },
      handler: async (_req, reply) => reply.code(501).send({ message: `Not implemented yet: ${path}` }),
    });
  }
}
