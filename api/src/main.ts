import pino from 'pino';
import { buildApp } from './app';
import { assertStartable, ConfigError } from './config';
import { createDb, migrate } from './db';
import { createFeedConsumer, type FeedConsumer } from './exchange/feed/consumer';
import { primeHouseAccounts } from './ledger';
import { gracefulShutdown } from './ops/shutdown';
import { seed } from './seed';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });

async function main() {
  // Production refuses missing, short or development secrets before touching the database.
  assertStartable();
  // production runs the compiled build (pnpm --filter api build; node dist/server/main.js): tsx costs start time and memory
  if (process.env.NODE_ENV === 'production' && import.meta.url.endsWith('.ts')) {
    log.warn('NODE_ENV=production under tsx: run the compiled build (api/dist/server/main.js) instead');
  }
  const port = Number(process.env.PORT ?? 4000);
  const host = process.env.HOST ?? '127.0.0.1';
  const db = await createDb();
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'migrations applied');
  await primeHouseAccounts(db);
  await seed(db);
  const app = await buildApp({ db, logger: log });
  let feed: FeedConsumer | null = null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    try {
      const { clean } = await gracefulShutdown({ app, db, feed, log });
      log.info({ clean }, 'stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const url = await app.listen({ port, host });
  log.info({ url, db: db.kind, docs: `${url}/docs` }, `Khela API listening on ${url}`);
  // Each process mirrors the odds feed itself (reconnecting until the feed answers); ODDS_FEED=off for none.
  if (process.env.ODDS_FEED !== 'off' && !closing) {
    feed = createFeedConsumer(app);
    app.ops.feed = feed; // /ready asks it whether the feed is connected
    feed.start();
  }
}

main().catch((err) => {
  if (err instanceof ConfigError) log.fatal(err.message);
  else log.fatal({ err }, 'API failed to start');
  process.exit(1);
});
