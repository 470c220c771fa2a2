import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { findMigrations } from '../db/migrate';
import { opsConfig, type OpsConfig } from './config';
import { errors, httpDuration, httpRequests, registry } from './metrics';
import { REQUEST_ID_HEADER, requestContext } from './request-id';
import { SSE_ROUTES, SseStreams } from './sse';

/** What /ready asks of the odds feed consumer (isConnected once the consumer has it; isDown before). */
export interface FeedHealth {
  isConnected?(): boolean;
  isDown(): boolean;
}

/** The process's operational state (`app.ops`): main.ts hands it the feed and flips `draining` on SIGTERM. */
export interface Ops {
  readonly config: OpsConfig;
  readonly sse: SseStreams;
  /** True from SIGTERM on: /ready answers 503 at once. */
  draining: boolean;
  feed: FeedHealth | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

export type ReadyCheck = 'ok' | string;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Request ids, metrics, /ready and /metrics. Registered before the domains so its hooks see every route. The hooks
 * are kept to a header, a map lookup and two metric updates per request.
 */
export async function registerOps(app: FastifyInstance, opts: { db: Db; production: boolean; config?: OpsConfig }): Promise<Ops> {
  const config = opts.config ?? opsConfig();
  const ops: Ops = { config, sse: new SseStreams(), draining: false, feed: null };
  app.decorate('ops', ops);
  const expectedMigrations = findMigrations().map((m) => m.name);

  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    const stream = SSE_ROUTES.get(req.routeOptions.url);
    if (stream) ops.sse.track(stream, reply.raw);
    done();
  });
  // After the body is read (its events run outside the request's async context): the handler and everything it
  // awaits see the request id, so outgoing calls can carry it (requestIdHeaders()).
  app.addHook('preValidation', (req, _reply, done) => requestContext.run(req.id, done));
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    httpRequests.inc({ route, method: req.method, status });
    httpDuration.observe({ route, method: req.method }, reply.elapsedTime / 1000);
    if (status >= 500) errors.inc({ where: 'http' });
    done();
  });

  async function readiness(): Promise<Record<string, ReadyCheck>> {
    if (ops.draining) return { shutdown: 'shutting down' };
    const checks: Record<string, ReadyCheck> = {};
    try {
      // one cheap query answers both: the database is there, and which migrations it has
      const r = await withTimeout(opts.db.query<{ name: string }>('SELECT name FROM schema_migrations'), config.readyDbTimeoutMs);
      checks.database = 'ok';
      const applied = new Set(r.rows.map((row) => row.name));
      const missing = expectedMigrations.filter((name) => !applied.has(name));
      checks.migrations = missing.length ? `not applied: ${missing.join(', ')}` : 'ok';
    } catch (err) {
      checks.database = `unreachable: ${(err as Error).message}`;
      checks.migrations = 'unknown';
    }
    if (config.oddsFeed) {
      const feed = ops.feed;
      const up = feed ? (feed.isConnected ? feed.isConnected() : !feed.isDown()) : false;
      checks.oddsFeed = up ? 'ok' : feed ? 'disconnected' : 'not started';
    }
    return checks;
  }

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Ready for traffic: database answers, migrations applied, odds feed connected; 503 with the failed checks otherwise, and at once while shutting down',
      },
    },
    async (_req, reply) => {
      const checks = await readiness();
      const failed = Object.keys(checks).filter((k) => checks[k] !== 'ok');
      return reply.code(failed.length ? 503 : 200).send({ status: failed.length ? 'unavailable' : 'ready', failed, checks });
    },
  );

  // Metrics name routes, volumes and errors: with METRICS_TOKEN set a scraper must send it; in production without a
  // token only a direct loopback connection (not one relayed by a proxy) may read them.
  const metricsAllowed = (req: FastifyRequest) => {
    if (config.metricsToken) {
      const sent = Buffer.from(req.headers.authorization ?? '');
      const want = Buffer.from(`Bearer ${config.metricsToken}`);
      return sent.length === want.length && timingSafeEqual(sent, want);
    }
    if (!opts.production) return true;
    return LOOPBACK.has(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'] && !req.headers['x-real-ip'];
  };
  app.get(
    '/metrics',
    { schema: { tags: ['health'], summary: 'Prometheus metrics of this process (METRICS_TOKEN bearer, or loopback only in production)' } },
    async (req, reply) => {
      if (!metricsAllowed(req)) return reply.code(403).send({ message: 'Metrics are for the operators’ scraper (METRICS_TOKEN).' });
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );

  return ops;
}
