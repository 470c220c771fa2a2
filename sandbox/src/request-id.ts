import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';

/**
 * Request ids, as the API has them (api/src/ops/request-id.ts): an incoming `x-request-id` (short and plain) is
 * kept, else one is made; it is echoed, carried in every log line of the request, and sent on the calls the
 * request causes — the gateway's callbacks (retries included: timers keep the context) and the game provider's
 * seamless-wallet calls — so one id follows a deposit or a spin through both processes' logs.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && VALID_ID.test(header) ? header : randomUUID();
}

export const requestIdOptions = {
  genReqId: (req: IncomingMessage) => requestIdFrom(req.headers[REQUEST_ID_HEADER]),
};

const requestContext = new AsyncLocalStorage<string>();

/** `{ 'x-request-id': id }` while handling a request (or work it started), `{}` otherwise. */
export function requestIdHeaders(): Record<string, string> {
  const id = requestContext.getStore();
  return id ? { [REQUEST_ID_HEADER]: id } : {};
}

/** fetch that adds the current request id (unless the caller set one). */
export const fetchWithRequestId: typeof fetch = (input, init) => {
  const ids = requestIdHeaders();
  if (!ids[REQUEST_ID_HEADER]) return fetch(input, init);
  const headers = new Headers(init?.headers);
  if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, ids[REQUEST_ID_HEADER]);
  return fetch(input, { ...init, headers });
};

export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  // after the body is read, whose events run outside the request's async context
  app.addHook('preValidation', (req, _reply, done) => requestContext.run(req.id, done));
}
