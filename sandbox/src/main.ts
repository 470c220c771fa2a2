import pino from 'pino';
import { buildSandbox } from './app';
import { config } from './config';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const app = await buildSandbox({ logger: log });
await app.listen({ port: config.port, host: config.host });
log.info({ url: config.publicUrl }, `sandbox on ${config.publicUrl}`);

// Graceful stop: the port closes, requests in flight finish (odds streams are ended by their part), bounded by
// SHUTDOWN_GRACE_MS, after which the remaining connections are cut.
let closing = false;
const shutdown = (signal: string) => {
  if (closing) return;
  closing = true;
  const graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);
  log.info({ signal, graceMs }, 'sandbox shutting down');
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
  const late = setTimeout(() => {
    log.warn({ graceMs }, 'requests still in flight after the grace period: cutting their connections');
    app.server.closeAllConnections();
  }, graceMs);
  app.close().then(
    () => {
      clearInterval(idleSweep);
      clearTimeout(late);
      log.info('sandbox stopped');
      process.exit(0);
    },
    (err: unknown) => {
      log.error({ err }, 'sandbox shutdown failed');
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
