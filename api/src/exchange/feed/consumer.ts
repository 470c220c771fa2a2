// The API's reader of the odds feed's NDJSON stream (GET {odds}/stream): applies what it reads to exchange_markets
// (sync.ts) and stays connected: reconnects with backoff, resumes from the last clk, re-images when it cannot.
import type { FastifyInstance } from 'fastify';
import { writersOf } from '../writer/market-writer';
import { feedMessageSchema, type FeedMessage } from '@khela/contracts';
import { envInt } from '../../config';
import type { Db } from '../../db';
import { oddsFeedConnected } from '../../ops/metrics';
import { exchangeConfig, type ExchangeConfig } from '../config';
import { oddsUrl } from '../routes';
import type { FeedAvailability } from './availability';
import { FeedSync, type ApplyOutcome, type FeedLog, type FeedPush, type FeedSyncOptions } from './sync';

export interface FeedConsumerOptions {
  /** The feed's base URL (its stream is {url}/stream). */
  url: string;
  /** First wait before reconnecting; doubled per failed attempt up to maxReconnectMs. Also the retry of a market that failed to apply. */
  reconnectMs: number;
  maxReconnectMs: number;
  /** Heartbeat interval asked of the feed (?heartbeatMs=). */
  heartbeatMs: number;
  /** This many heartbeats without a line (or a connection that never answers): the stream is dead. */
  silentHeartbeats: number;
  /** Market transactions applied side by side. */
  concurrency: number;
}

/** Settings from the environment (tests shorten them: ODDS_RECONNECT_MS=20, ODDS_HEARTBEAT_MS=50, ...). */
export function feedConsumerOptions(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<FeedConsumerOptions> = {},
): FeedConsumerOptions {
  const int = (name: string, dflt: number, min: number) => envInt(env, name, dflt, min);
  return {
    url: oddsUrl(env),
    reconnectMs: int('ODDS_RECONNECT_MS', 500, 1),
    maxReconnectMs: int('ODDS_RECONNECT_MAX_MS', 15_000, 1),
    heartbeatMs: int('ODDS_HEARTBEAT_MS', 5_000, 10),
    silentHeartbeats: int('ODDS_SILENT_HEARTBEATS', 3, 1),
    concurrency: int('ODDS_APPLY_CONCURRENCY', 8, 1),
    ...overrides,
  };
}

export type FeedState = 'connected' | 'down';

/** What happened with one message that changed the database (images and deltas; heartbeats are not reported). */
export interface AppliedMessage extends ApplyOutcome {
  op: 'img' | 'mcm';
  clk: number;
}

export interface FeedConsumerDeps {
  db: Db;
  push: FeedPush;
  cfg: ExchangeConfig;
  log?: FeedLog;
  now?: () => number;
  /** The app's view of the feed (markets say "prices unavailable" and bets are refused while it is down). */
  availability?: FeedAvailability;
  /** The `odds` push with the market's prices (exchange/market-push.ts). */
  marketPush?: FeedSyncOptions['marketPush'];
  /** The market writers (each market's feed change is a command of its writer, issue 28 item 5). */
  writer?: FeedSyncOptions['writer'];
}

/** A line longer than this is not a feed message (an image of the whole sandbox world is ~100 kB). */
const MAX_LINE = 32 * 1024 * 1024;

class FeedProtocolError extends Error {}

const silent: FeedLog = { info() {}, warn() {}, error() {} };

export class FeedConsumer {
  readonly opts: FeedConsumerOptions;
  readonly sync: FeedSync;
  /** Counters (tests and diagnostics). */
  readonly stats = { connects: 0, images: 0, deltas: 0, outages: 0, lastImageMs: 0 };
  private state: FeedState = 'down';
  private since: number | null = null;
  private _lastClk: number | null = null;
  /** The highest clk the database held when this consumer first connected: an image below it means a new feed history. */
  private storedClk: number | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  private controller: AbortController | null = null;
  private wake: (() => void) | null = null;
  private outageLogged = false;
  private readonly listeners = new Set<(m: AppliedMessage) => void>();
  private readonly db: Db;
  private readonly log: FeedLog;
  private readonly now: () => number;
  private readonly availability: FeedAvailability | null;

  constructor(deps: FeedConsumerDeps, opts: FeedConsumerOptions = feedConsumerOptions()) {
    this.opts = opts;
    this.db = deps.db;
    this.log = deps.log ?? silent;
    this.now = deps.now ?? Date.now;
    this.availability = deps.availability ?? null;
    this.sync = new FeedSync({
      db: deps.db,
      push: deps.push,
      cfg: deps.cfg,
      log: this.log,
      concurrency: opts.concurrency,
      retryMs: opts.reconnectMs,
      maxRetryMs: opts.maxReconnectMs,
      now: this.now,
      marketPush: deps.marketPush,
      writer: deps.writer,
    });
    this.since = this.now();
  }

  /** The clk of the last message applied (null before the first image). */
  get lastClk(): number | null {
    return this._lastClk;
  }

  get status(): FeedState {
    return this.state;
  }

  /** Whether this process holds a live stream now (/ready asks). */
  isConnected(): boolean {
    return this.state === 'connected';
  }

  /** While down the stored prices may be stale ("prices unavailable"). Down from start until the first connection. */
  isDown(): boolean {
    return this.state === 'down';
  }

  /** When the current outage began (ms since epoch), null while connected. */
  get downSince(): number | null {
    return this.state === 'down' ? this.since : null;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.availability?.watch(this.now());
    oddsFeedConnected.set(0);
    this.loop = this.run();
  }

  /** Aborts the stream and waits for the message being applied (so the database can close after). */
  async stop(): Promise<void> {
    this.running = false;
    this.controller?.abort();
    this.wake?.();
    await this.loop;
    this.loop = null;
    if (this.state === 'connected') {
      this.state = 'down';
      this.since = this.now();
    }
    this.availability?.set('down', this.now());
    oddsFeedConnected.set(0);
  }

  /** Called after each image or delta is applied. Returns the unsubscribe function. */
  onApplied(fn: (m: AppliedMessage) => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  /** Resolves once a message with clk >= `clk` is applied; rejects after timeoutMs (tests: fail instead of hanging). */
  waitForClk(clk: number, timeoutMs = 5_000): Promise<void> {
    if (this._lastClk !== null && this._lastClk >= clk) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`odds feed: clk ${clk} not applied within ${timeoutMs} ms (last ${String(this._lastClk)})`));
      }, timeoutMs);
      const off = this.onApplied((m) => {
        if (m.clk < clk) return;
        clearTimeout(timer);
        off();
        resolve();
      });
    });
  }

  private async run(): Promise<void> {
    let delay = this.opts.reconnectMs;
    while (this.running) {
      let opened = false;
      let reason: unknown = new Error('the feed ended the stream');
      try {
        opened = await this.connectOnce();
      } catch (err) {
        reason = err;
        opened = (err as { opened?: boolean }).opened ?? false;
        // a line we cannot read leaves us unsure of the state: start over from an image
        if (err instanceof FeedProtocolError) this._lastClk = null;
      }
      if (!this.running) break;
      this.markDown(reason);
      if (opened) delay = this.opts.reconnectMs;
      await this.sleep(delay * (1 + Math.random() * 0.2));
      delay = Math.min(this.opts.maxReconnectMs, delay * 2);
    }
  }

  /** One connection, until it ends. Answers whether the feed answered (to reset the backoff). */
  private async connectOnce(): Promise<boolean> {
    if (this._lastClk === null && this.storedClk === null) {
      // read before connecting: whatever any process applied so far is at or below the clk of the image we get
      const r = await this.db.query<{ clk: string | null }>('SELECT max(feed_clk) AS clk FROM exchange_markets');
      this.storedClk = Number(r.rows[0]?.clk ?? 0);
    }
    const ctrl = new AbortController();
    this.controller = ctrl;
    const silenceMs = this.opts.heartbeatMs * this.opts.silentHeartbeats;
    let silentFor = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        silentFor = true;
        ctrl.abort();
      }, silenceMs);
    };
    const resumeFrom = this._lastClk;
    const url = `${this.opts.url}/stream?heartbeatMs=${this.opts.heartbeatMs}${resumeFrom === null ? '' : `&since=${resumeFrom}`}`;
    let opened = false;
    try {
      arm(); // a feed that accepts the connection but never answers counts as silent too
      const res = await fetch(url, { signal: ctrl.signal, headers: { accept: 'application/x-ndjson' } });
      if (!res.ok || !res.body) throw new Error(`the feed answered HTTP ${res.status}`);
      opened = true;
      // resuming: the database is current up to resumeFrom and the missed deltas (or an image) follow at once; a
      // resumed stream with nothing missed sends its first line only at the next heartbeat
      if (resumeFrom !== null) this.markConnected(false, resumeFrom);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buf = '';
      let first = true;
      for (;;) {
        arm();
        const { value, done } = await reader.read();
        clearTimeout(timer); // applying a big image is not silence
        if (done) return true;
        buf += decoder.decode(value, { stream: true });
        if (buf.length > MAX_LINE) throw new FeedProtocolError('odds feed: line too long');
        let i: number;
        while ((i = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, i).trim();
          buf = buf.slice(i + 1);
          if (!line) continue;
          await this.handle(line, first && resumeFrom === null);
          first = false;
          if (!this.running) return true;
        }
      }
    } catch (err) {
      if (!this.running) return opened;
      const e = silentFor ? new Error(`no line from the feed for ${silenceMs} ms`) : err;
      throw Object.assign(e instanceof Error ? e : new Error(String(e)), { opened });
    } finally {
      clearTimeout(timer);
      ctrl.abort(); // releases the socket whichever way we left
    }
  }

  private async handle(line: string, connecting: boolean): Promise<void> {
    let msg: FeedMessage;
    try {
      msg = feedMessageSchema.parse(JSON.parse(line));
    } catch (err) {
      throw new FeedProtocolError(`odds feed: unreadable line (${(err as Error).message.slice(0, 200)})`);
    }
    if (msg.op === 'hb') {
      // the feed sends a heartbeat only when every delta is out: a higher clk means we missed some
      if (this._lastClk !== null && msg.clk > this._lastClk)
        throw new Error(`odds feed: heartbeat at clk ${msg.clk} after ${this._lastClk}`);
      await this.sync.retryDue();
      return;
    }
    let out: ApplyOutcome;
    if (msg.op === 'img') {
      const known = Math.max(this._lastClk ?? -1, this.storedClk ?? -1);
      const newHistory = msg.clk < known;
      if (newHistory) this.log.warn({ clk: msg.clk, known }, 'odds feed: the feed restarted its history; taking its image');
      out = await this.sync.applyImage(msg, { newHistory });
      this.storedClk = null; // from here on our own lastClk tells a restart
      this.stats.images++;
      this.stats.lastImageMs = out.ms;
    } else {
      out = await this.sync.applyDelta(msg);
      this.stats.deltas++;
    }
    this._lastClk = msg.clk;
    if (connecting) this.markConnected(msg.op === 'img', msg.clk);
    await this.sync.retryDue();
    const applied: AppliedMessage = { op: msg.op, clk: msg.clk, ...out };
    for (const fn of [...this.listeners]) {
      try {
        fn(applied);
      } catch (err) {
        this.log.warn({ err }, 'odds feed: an onApplied listener threw');
      }
    }
  }

  private markConnected(image: boolean, clk: number) {
    this.stats.connects++;
    const wasDownFor = this.state === 'down' && this.since !== null ? this.now() - this.since : 0;
    this.state = 'connected';
    this.since = null;
    this.outageLogged = false;
    this.availability?.set('connected', this.now());
    oddsFeedConnected.set(1);
    this.log.info({ url: this.opts.url, clk, resumed: !image, downMs: wasDownFor }, 'odds feed connected');
  }

  /** One log line per outage, not one per attempt. */
  private markDown(reason: unknown) {
    if (this.state === 'connected') {
      this.state = 'down';
      this.since = this.now();
      this.stats.outages++;
      this.availability?.set('down', this.now());
      oddsFeedConnected.set(0);
    }
    if (this.running && !this.outageLogged) {
      this.outageLogged = true;
      const err = reason instanceof Error ? reason.message : String(reason);
      const cause = (reason as { cause?: { code?: string } }).cause?.code;
      this.log.warn({ url: this.opts.url, err, cause, lastClk: this._lastClk }, 'odds feed unavailable; reconnecting');
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wake = done;
    });
  }
}

/** The consumer of this app's process: its database, push and exchange settings from the environment. */
export function createFeedConsumer(
  app: FastifyInstance,
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<FeedConsumerOptions> = {},
) {
  return new FeedConsumer(
    {
      db: app.db,
      push: app.push,
      cfg: exchangeConfig(env),
      log: app.log.child({ module: 'odds-feed' }),
      availability: app.oddsFeed,
      marketPush: app.exchangeMarketPush,
      writer: () => writersOf(app),
    },
    feedConsumerOptions(env, overrides),
  );
}
