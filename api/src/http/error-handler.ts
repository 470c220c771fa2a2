import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { bnMessage } from '@khela/contracts';
import { databaseUnavailable } from '../db/unavailable';
import { HttpError, ServiceBusy } from '../errors';
import { localizeBody, requestLocale } from './locale';

export const UNEXPECTED = 'An unexpected error occurred';

/** `/username` -> 'username', `/legs/0/amount` -> 'legs.0.amount', '' -> the request part. */
const fieldOf = (instancePath: string, context: string) => instancePath.replace(/^\//, '').replace(/\//g, '.') || context;

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      // in Bangla, a schema's own text is the catalogue's; zod's built-in texts (no client of ours sends what they
      // refuse) become the catalogue's "Invalid value."
      const bn = requestLocale(req) === 'bn';
      const text = (m: string | undefined) =>
        m === undefined ? 'Invalid value.' : bn && bnMessage(m) === undefined ? 'Invalid value.' : m;
      for (const issue of err.validation) {
        const field = fieldOf(issue.instancePath ?? '', err.validationContext ?? 'body');
        (errors[field] ??= []).push(text(issue.message));
      }
      const first = err.validation[0]?.message;
      return reply
        .code(422)
        .send(localizeBody(req, { message: first === undefined ? 'The given data was invalid.' : text(first), errors }));
    }
    if (err instanceof HttpError) {
      if (err.status >= 500 && !(err instanceof ServiceBusy)) req.log.error({ err }, err.message);
      return reply.code(err.status).headers(err.headers).send(localizeBody(req, err.body()));
    }
    // Fastify's own client errors (bad JSON, payload too large, unsupported media type).
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send(localizeBody(req, { message: err.message }));
    }
    // the database away for a moment (a restart, a failover) before a route could say so: 503, the client retries with
    // its Idempotency-Key; a 500 would tell it the request itself failed
    if (databaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '1')
        .send(localizeBody(req, { message: 'Database unavailable' }));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(localizeBody(req, { message: UNEXPECTED }));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ message: `Not found: ${req.method} ${req.url.split('?')[0]}` });
  });
}
