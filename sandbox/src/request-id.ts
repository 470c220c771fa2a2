import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER, requestContext } from '@khela/contracts/request-id';

// The request-id rule and helpers are the API's too (@khela/contracts/request-id); only the hooks are the sandbox's.
export { REQUEST_ID_HEADER, fetchWithRequestId, requestIdFrom, requestIdHeaders, requestIdOptions } from '@khela/contracts/request-id';

export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  // after the body is read, whose events run outside the request's async context
  app.addHook('preValidation', (req, _reply, done) => requestContext.run(req.id, done));
}
