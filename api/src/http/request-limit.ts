import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { HttpError } from './errors';

/**
 * TRUST_PROXY: which proxies may set X-Forwarded-For, so `req.ip` (and every per-address limit) is the
 * client behind them. Unset or 'false': none (the socket's address counts). 'true': any (only when the
 * API is reachable through the proxy alone). A number: that many hops. Otherwise a comma-separated list
 * of proxy addresses or CIDRs, e.g. '10.0.0.0/8,127.0.0.1'.
 */
export function trustProxySetting(value = process.env.TRUST_PROXY): FastifyServerOptions['trustProxy'] {
  const v = (value ?? '').trim();
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  // Fastify trusts that many hops for a number (its type declaration omits it)
  if (/^\d+$/.test(v)) return Number(v) as unknown as FastifyServerOptions['trustProxy'];
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Paths the per-address request limit leaves alone: health checks and the long-lived push stream. */
const EXEMPT = new Set(['/health', '/api/push/stream']);

/**
 * A coarse per-address request limit on every route (a guard against floods; the precise, database-backed
 * throttles of log-in, codes and sign-up are in identity/rate-limit.ts). REQUEST_LIMIT_PER_MINUTE
 * (default 1000) times RATE_LIMIT_SCALE. Counted in this process's memory. Register before the routes.
 */
export async function registerRequestLimit(app: FastifyInstance): Promise<void> {
  const perMinute = Number(process.env.REQUEST_LIMIT_PER_MINUTE);
  const scale = Number(process.env.RATE_LIMIT_SCALE);
  const max = Math.max(1, Math.round((perMinute > 0 ? perMinute : 1000) * (scale > 0 ? scale : 1)));
  await app.register(rateLimit, {
    global: true,
    max,
    timeWindow: 60_000,
    allowList: (req) => EXEMPT.has(req.url.split('?')[0]!),
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, 'Too many requests. Please slow down and try again shortly.', { retry_after: Math.ceil(ctx.ttl / 1000) }),
  });
}
