import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, ServiceBusy } from './errors';

export const UNEXPECTED = 'An unexpected error occurred';

/** `/username` -> 'username', `/legs/0/amount` -> 'legs.0.amount', '' -> the request part. */
const fieldOf = (instancePath: string, context: string) => instancePath.replace(/^\//, '').replace(/\//g, '.') || context;

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const field = fieldOf(issue.instancePath ?? '', err.validationContext ?? 'body');
        (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
      }
      return reply.code(422).send({ message: err.validation[0]?.message ?? 'The given data was invalid.', errors });
    }
    if (err instanceof HttpError) {
      if (err.status >= 500 && !(err instanceof ServiceBusy)) req.log.error({ err }, err.message);
      return reply.code(err.status).headers(err.headers).send(err.body());
    }
    // Fastify's own client errors (bad JSON, payload too large, unsupported media type).
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ message: err.message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: UNEXPECTED });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ message: `Not found: ${req.method} ${req.url.split('?')[0]}` });
  });
}
