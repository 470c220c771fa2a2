import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Request ids, as the API and the sandbox's parties both speak them: one id per request, carried in every log line of
 * the request (Fastify's reqId), echoed in the answer and sent on the calls the request causes (the gateway's
 * callbacks, the provider's seamless-wallet calls, the messaging calls), so one id follows a deposit or a spin through
 * every process's logs. An incoming id is kept only when it is short and plain, so a caller cannot forge log lines or
 * flood them.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && VALID_ID.test(header) ? header : randomUUID();
}

/** Fastify's options: `genReqId` validates the header itself (Fastify's requestIdHeader would take it as sent). */
export const requestIdOptions = {
  genReqId: (req: IncomingMessage) => requestIdFrom(req.headers[REQUEST_ID_HEADER]),
};

/** The id of the request being handled, across its awaits (each server's hook runs the request's work inside it). */
export const requestContext = new AsyncLocalStorage<string>();

/** `{ 'x-request-id': id }` inside a request (or work it started), `{}` outside one: spread into a call's headers. */
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
