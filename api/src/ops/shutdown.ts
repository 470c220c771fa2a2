import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';

export interface ShutdownDeps {
  app: FastifyInstance;
  db: Pick<Db, 'close'>;
  /** The odds feed consumer, when this process runs one. */
  feed?: { stop(): Promise<void> } | null;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Graceful stop (SIGTERM, a rolling restart): /ready answers 503 at once; after SHUTDOWN_READY_DELAY_MS every SSE
 * stream hears `event: reconnect` and ends (its client reconnects through the balancer to another process); the
 * port closes (new connections are refused, so the balancer picks another process); in-flight requests and their
 * transactions finish, for at most SHUTDOWN_GRACE_MS, after which their connections are cut; the database
 * closes last. The odds feed consumer stops before the app closes. Returns whether everything finished within the grace period.
 */
export async function gracefulShutdown({ app, db, feed, log }: ShutdownDeps): Promise<{ clean: boolean; streamsTold: number }> {
  const { shutdownGraceMs, shutdownReadyDelayMs } = app.ops.config;
  app.ops.draining = true;
  if (shutdownReadyDelayMs) await sleep(shutdownReadyDelayMs);
  const streamsTold = app.ops.sse.sayReconnect();
  // the consumer writes prices and pushes them through the broker, which app.close() ends
  await feed?.stop();
  log.info({ streamsTold, graceMs: shutdownGraceMs }, 'shutting down: streams told to reconnect, waiting for requests in flight');

  // app.close(): the push domain ends its streams (preClose), the server stops accepting and waits for the
  // requests in flight, then the broker closes (onClose)
  let timer: NodeJS.Timeout | undefined;
  const closed = app.close().then(() => true);
  // a keep-alive connection whose request finishes after the port closed would otherwise stay open (idle) until
  // its keep-alive timeout; close such connections as they go idle (no per-request cost while running)
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), shutdownGraceMs);
  });
  const clean = await Promise.race([closed, late]);
  clearTimeout(timer);
  clearInterval(idleSweep);
  if (!clean) {
    log.warn({ graceMs: shutdownGraceMs }, 'requests still in flight after the grace period: cutting their connections');
    app.server.closeAllConnections();
    await closed;
  }
  await db.close();
  return { clean, streamsTold };
}
