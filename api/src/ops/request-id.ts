import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * One id per request, carried in every log line of the request (Fastify's reqId), echoed in the answer and passed
 * on to the sandbox's parties (payment gateway, messaging), which pass it back on their callbacks. An incoming id
 * is kept only when it is short and plain, so a caller cannot forge log lines or flood them.
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

/** The id of the request being handled, across its awaits (set by the ops plugin). */
export const requestContext = new AsyncLocalStorage<string>();

/** `{ 'x-request-id': id }` inside a request, `{}` outside one: spread into an outgoing call's headers. */
export function requestIdHeaders(): Record<string, string> {
  const id = requestContext.getStore();
  return id ? { [REQUEST_ID_HEADER]: id } : {};
}
