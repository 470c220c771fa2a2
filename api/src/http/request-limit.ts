import { once } from 'node:events';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { HttpError } from '../errors';
import { internalCallKey, isInternalCall } from './internal-call';

/**
 * TRUST_PROXY: which proxies may set X-Forwarded-For, so `req.ip` (and every per-address limit) is the client behind
 * them. X-Forwarded-For counts only on a request whose socket address is a trusted proxy, and the client is the
 * rightmost address in it that is not a trusted proxy (what nginx's $proxy_add_x_forwarded_for appended), never the
 * leftmost, which the client writes itself.
 * - unset or 'false': none (the socket's address counts);
 * - a comma-separated list of proxy addresses or CIDRs, e.g. '10.0.0.0/8,127.0.0.1' (recommended; the cluster sets
 *   127.0.0.1 for its nginx);
 * - 'true': the private ranges (loopback, link-local, unique-local and 10/8, 172.16/12, 192.168/16): a proxy on the
 *   private network. (Fastify's own `true` trusts every hop, so a client's forged X-Forwarded-For would have counted.)
 * - a number: that many hops from ANY socket address (only when the API cannot be reached but through the proxies).
 */
export function trustProxySetting(value = process.env.TRUST_PROXY): FastifyServerOptions['trustProxy'] {
  const v = (value ?? '').trim();
  if (!v || v === 'false') return false;
  if (v === 'true') return ['loopback', 'linklocal', 'uniquelocal'];
  // Fastify trusts that many hops for a number (its type declaration omits it)
  if (/^\d+$/.test(v)) return Number(v) as unknown as FastifyServerOptions['trustProxy'];
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Paths the request limits leave alone: health checks and the long-lived push stream (limited by push/streams.ts). */
const EXEMPT = new Set(['/health', '/api/push/stream']);

export interface RequestLimits {
  /** Every request from one client address, signed in or not: a high ceiling (carrier NAT puts thousands behind one). */
  perAddress: number;
  /** Signed-in calls of one player, all sessions together. */
  perPlayer: number;
  /** Signed-in calls of one session (one token). */
  perSession: number;
  /** Back-office calls of one operator. */
  perStaff: number;
  /**
   * Partners' signed server-to-server callbacks (the game provider's seamless wallet, the payment gateway), per
   * address: one provider address carries every player's spins, so it has its own, much higher ceiling.
   */
  perPartnerAddress: number;
}

/** Paths of partners' signed callbacks (each checks its HMAC signature first): counted apart from players' traffic. */
const isPartnerCallback = (path: string) => path.startsWith('/api/seamless/') || path === '/api/ewa/callback';

/**
 * The in-memory counters (no REDIS_URL): fixed one-minute windows per key, expired keys swept as the map grows. The
 * library's own LocalStore keeps only 5,000 keys (a busy site's callers would be forgotten) and hands every caller
 * the same mutable count object, so a burst of parallel requests all read the burst's final count and were all
 * refused; this one answers each request its own count.
 */
class MemoryStore implements FastifyRateLimitStore {
  private readonly counts = new Map<string, { n: number; start: number }>();
  private sweepAt = 10_000;
  incr(key: string, cb: (err: Error | null, result?: { current: number; ttl: number }) => void, timeWindow = 60_000): void {
    const now = Date.now();
    let e = this.counts.get(key);
    if (!e || e.start + timeWindow <= now) {
      e = { n: 0, start: now };
      this.counts.set(key, e);
      if (this.counts.size > this.sweepAt) this.sweep(now, timeWindow);
    }
    e.n += 1;
    cb(null, { current: e.n, ttl: e.start + timeWindow - now });
  }
  child(): FastifyRateLimitStore {
    return new MemoryStore();
  }
  private sweep(now: number, timeWindow: number) {
    for (const [k, v] of this.counts) if (v.start + timeWindow <= now) this.counts.delete(k);
    this.sweepAt = Math.max(10_000, this.counts.size * 2);
  }
}

const num = (env: NodeJS.ProcessEnv, name: string, dflt: number) => {
  const v = Number(env[name]);
  return v > 0 ? v : dflt;
};

/**
 * Requests per minute, each times RATE_LIMIT_SCALE: REQUEST_LIMIT_PER_MINUTE (per address, default 20,000),
 * REQUEST_LIMIT_PER_PLAYER_PER_MINUTE (600), REQUEST_LIMIT_PER_SESSION_PER_MINUTE (400),
 * REQUEST_LIMIT_PER_OPERATOR_PER_MINUTE (1,200), REQUEST_LIMIT_PER_PARTNER_PER_MINUTE (partners' callbacks per address,
 * 300,000).
 */
export function requestLimits(env: NodeJS.ProcessEnv = process.env): RequestLimits {
  const scale = num(env, 'RATE_LIMIT_SCALE', 1);
  const n = (name: string, dflt: number) => Math.max(1, Math.round(num(env, name, dflt) * scale));
  return {
    perAddress: n('REQUEST_LIMIT_PER_MINUTE', 20_000),
    perPlayer: n('REQUEST_LIMIT_PER_PLAYER_PER_MINUTE', 600),
    perSession: n('REQUEST_LIMIT_PER_SESSION_PER_MINUTE', 400),
    perStaff: n('REQUEST_LIMIT_PER_OPERATOR_PER_MINUTE', 1200),
    perPartnerAddress: n('REQUEST_LIMIT_PER_PARTNER_PER_MINUTE', 300_000),
  };
}

const tooMany = (ttlMs: number) =>
  new HttpError(429, 'Too many requests. Please slow down and try again shortly.', { retry_after: Math.max(1, Math.ceil(ttlMs / 1000)) });

/**
 * Request limits on every route (a guard against floods; the precise, database-backed throttles of log-in, codes and
 * sign-up are in infra/throttle.ts), counted per minute:
 * - per client address, before anything else runs (onRequest): a high ceiling on everything from one address;
 * - per player and per session for signed-in calls, per operator for the back office, after the route's auth hook
 *   has found who is calling (preValidation), so players behind one carrier address never share a budget.
 * With REDIS_URL the counts live in Redis and every API process shares them (@fastify/rate-limit's Redis store);
 * otherwise in this process's memory. A Redis outage lets requests through (logged) rather than failing them.
 * Register before the routes.
 */
export async function registerRequestLimit(
  app: FastifyInstance,
  opts: { limits?: RequestLimits; redisUrl?: string | undefined } = {},
): Promise<void> {
  const limits = opts.limits ?? requestLimits();
  const internalKey = internalCallKey();
  const redisUrl = opts.redisUrl ?? process.env.REDIS_URL;
  const redis = redisUrl
    ? // no offline queue: while Redis is away a count fails at once (and the request passes) instead of waiting
      new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 })
    : null;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'request limits: Redis unavailable'));
    // the first requests count too: wait (briefly) for the connection
    await Promise.race([once(redis, 'ready'), new Promise((resolve) => setTimeout(resolve, 3000).unref())]).catch(() => undefined);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  // a call another API process signed was counted where the client's request arrived (http/internal-call.ts)
  const exempt = (req: FastifyRequest) => EXEMPT.has(req.url.split('?')[0]!) || isInternalCall(internalKey, req);
  await app.register(rateLimit, {
    global: true,
    max: (_req, key) => (key.startsWith('c:') ? limits.perPartnerAddress : limits.perAddress),
    timeWindow: 60_000,
    hook: 'onRequest',
    // a partner's callbacks count on their own: players behind the provider's address never meet its spins' ceiling
    keyGenerator: (req) => `${isPartnerCallback(req.url.split('?')[0]!) ? 'c' : 'a'}:${req.ip}`,
    allowList: (req) => exempt(req),
    ...(redis ? { redis, nameSpace: 'khela:rl:', skipOnError: true } : { store: MemoryStore as unknown as FastifyRateLimitStoreCtor }),
    errorResponseBuilder: (_req, ctx) => tooMany(ctx.ttl),
  });

  // who is calling is known only after the route's own onRequest auth hook: the per-caller limits run next
  const limiter = (max: number, key: (req: FastifyRequest) => string) =>
    app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: key, allowList: (req) => exempt(req) });
  const byPlayer = limiter(limits.perPlayer, (req) => `p:${req.player!.id}`);
  const bySession = limiter(limits.perSession, (req) => `s:${req.player!.session?.hash ?? req.player!.id}`);
  const byStaff = limiter(limits.perStaff, (req) => `o:${req.staff!.id}`);
  app.addHook('preValidation', async (req) => {
    const checks = req.player ? [byPlayer, bySession] : req.staff ? [byStaff] : [];
    for (const check of checks) {
      const r = await check(req);
      if (!r.isAllowed && r.isExceeded) throw tooMany(r.ttl);
    }
  });
}
