// Applying the odds feed to exchange_markets: one transaction per market, under its lock, with the reactions the
// change calls for (lapse at the turn in-play, sweep of crossed orders, settlement); pushes after the commit. With the
// market writer on, that transaction is a command of the market's writer (issue 28 item 5): in arrival order with the
// market's bets, under its lease fence; a market another process writes is left to that process (it reads the same
// feed), and looked at again after a lease's time: a version it did not apply by then is applied here beside it.
import type { FeedDelta, FeedImage, FeedMarket, PushPayload } from '@khela/contracts';
import type { Db, Queryable } from '../../db';
import type { PushService } from '../../push/service';
import { lapseUnpersisted, sweepCrossing } from '../bets';
import type { ExchangeConfig } from '../config';
import { applyFeedMarket, effectiveStatus, type MarketRow, type MarketStatus } from '../markets';
import { pushBetChanges } from '../notify';
import { settleMarket, type SettlementAlert } from '../settlement';
import type { ExclusiveContext, MarketWriters } from '../writer/market-writer';

/** What the sync needs of the market writers (writer/market-writer.ts). */
export type FeedWriter = Pick<MarketWriters, 'exclusive'> & { lease: { waitMs: number } };

/** What the sync needs of `app.push` (publishStaff: a feed result disagreeing with a staff settlement alerts staff). */
export type FeedPush = Pick<PushService, 'publish' | 'publishBalance' | 'broadcast'> & Partial<Pick<PushService, 'publishStaff'>>;

export interface FeedLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface FeedSyncOptions {
  db: Db;
  push: FeedPush;
  cfg: ExchangeConfig;
  log?: FeedLog;
  /** Market transactions run side by side (PostgreSQL; PGlite queues them anyway). */
  concurrency?: number;
  /** First retry of a market that failed to apply, doubled per failure up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  now?: () => number;
  /** The `odds` push with the market's prices (market-push.ts); without it, the feed's status alone is broadcast. */
  marketPush?: { changed(marketId: string, version?: number): void };
  /**
   * The market writers of this process (read when a market is applied: the app decorates them after the consumer may
   * have been made); without them each market is its own transaction under the market row's lock.
   */
  writer?: () => FeedWriter | undefined;
}

export interface ApplyOutcome {
  /** Markets whose state was written (their reactions ran here). */
  applied: number;
  /** Not newer than the stored state (applied before, here or by another process). */
  skipped: number;
  /** Failed (rolled back); retried by retryDue(). */
  failed: number;
  /** Left to the process that writes the market (its writer applies it from the same feed); looked at again later. */
  deferred?: number;
  ms: number;
}

/** An image's market whose stored state may come from another feed history (see applyImage). */
interface Reset {
  newHistory: boolean;
}

interface Retry {
  market: FeedMarket;
  clk: number;
  reset: Reset | null;
  attempts: number;
  at: number;
  /** Deferred to the market's writer in another process: the look again runs beside it if that did not apply it. */
  elsewhere?: boolean;
}

const silent: FeedLog = { info() {}, warn() {}, error() {} };

export class FeedSync {
  private readonly db: Db;
  private readonly push: FeedPush;
  private readonly cfg: ExchangeConfig;
  private readonly log: FeedLog;
  private readonly concurrency: number;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;
  private readonly now: () => number;
  private readonly marketPush: FeedSyncOptions['marketPush'];
  private readonly writer: FeedSyncOptions['writer'];
  /** Deltas carry no event names (nor start times): they come from the images. */
  private readonly eventNames = new Map<string, { name: string; openDate: string }>();
  /** Markets staff hold (suspended or settled): their relayed status is the held one, not the feed's. */
  private readonly held = new Map<string, MarketStatus>();
  /** The version last relayed to this process's streams, per market (each process relays every newer version once). */
  private readonly relayed = new Map<string, number>();
  private readonly retries = new Map<string, Retry>();

  constructor(opts: FeedSyncOptions) {
    this.db = opts.db;
    this.push = opts.push;
    this.cfg = opts.cfg;
    this.log = opts.log ?? silent;
    this.concurrency = Math.max(1, opts.concurrency ?? 8);
    this.retryMs = opts.retryMs ?? 1_000;
    this.maxRetryMs = opts.maxRetryMs ?? 30_000;
    this.now = opts.now ?? Date.now;
    this.marketPush = opts.marketPush;
    this.writer = opts.writer;
  }

  /** Markets waiting for a retry. */
  get pendingRetries(): number {
    return this.retries.size;
  }

  /**
   * The whole feed at img.clk. Markets the database already holds at this version or newer are skipped without a
   * transaction (one read for all), so a re-image after a reconnect costs little. `newHistory`: the feed's clk went
   * back (the feed restarted, e.g. a new sandbox world): rows written from a later clk belong to the old history and
   * take the image's state whatever their version.
   */
  async applyImage(img: FeedImage, opts: { newHistory?: boolean } = {}): Promise<ApplyOutcome> {
    const started = this.now();
    for (const e of img.events) this.eventNames.set(e.eventId, { name: e.name, openDate: e.openDate });
    const rows = (
      await this.db.query<{ market_id: string; feed_version: number; feed_clk: string; status: MarketStatus; staff_held: boolean }>(
        `SELECT market_id, feed_version, feed_clk, status, (staff_suspended OR staff_result IS NOT NULL) AS staff_held FROM exchange_markets`,
      )
    ).rows;
    this.held.clear();
    for (const r of rows) if (r.staff_held) this.held.set(r.market_id, r.status === 'CLOSED' ? 'CLOSED' : 'SUSPENDED');
    const stored = new Map(rows.map((r) => [r.market_id, { version: Number(r.feed_version), clk: Number(r.feed_clk) }]));
    const newHistory = !!opts.newHistory;
    if (newHistory) this.relayed.clear(); // versions start over
    const work: Array<{ m: FeedMarket; reset: Reset | null }> = [];
    let skipped = 0;
    for (const m of img.markets) {
      const s = stored.get(m.marketId);
      // Within one history a state stored from an earlier clk never has a higher version than a later image's.
      const foreign = !!s && ((s.clk <= img.clk && s.version > m.version) || (newHistory && s.clk > img.clk));
      const reset = foreign ? { newHistory } : null;
      if (foreign) this.relayed.delete(m.marketId);
      if (s && !foreign && s.clk > 0 && s.version >= m.version) {
        skipped++;
        this.relay(m);
      } else work.push({ m, reset });
    }
    const out = await this.applyAll(work, img.clk);
    return { ...out, skipped: out.skipped + skipped, ms: this.now() - started };
  }

  /** A delta: each market is a whole state, applied unless not newer than the stored one. */
  async applyDelta(d: FeedDelta): Promise<ApplyOutcome> {
    const started = this.now();
    const out = await this.applyAll(
      d.mc.map((m) => ({ m, reset: null })),
      d.clk,
    );
    return { ...out, ms: this.now() - started };
  }

  /** Re-applies markets whose retry time has come (the consumer calls it after each message, heartbeats included). */
  async retryDue(): Promise<void> {
    const due = [...this.retries.values()].filter((r) => r.at <= this.now());
    for (const r of due) {
      if ((await this.applyOne(r.market, r.clk, r.reset, r.elsewhere)) && !r.elsewhere)
        this.log.info({ marketId: r.market.marketId, attempts: r.attempts }, 'odds feed: market applied after retry');
    }
  }

  private async applyAll(work: Array<{ m: FeedMarket; reset: Reset | null }>, clk: number) {
    let applied = 0;
    let skipped = 0;
    let failed = 0;
    let deferred = 0;
    for (let i = 0; i < work.length; i += this.concurrency) {
      const results = await Promise.all(work.slice(i, i + this.concurrency).map(({ m, reset }) => this.applyOne(m, clk, reset)));
      for (const r of results) {
        if (r === 'applied') applied++;
        else if (r === 'skipped') skipped++;
        else if (r === 'deferred') deferred++;
        else failed++;
      }
    }
    return { applied, skipped, failed, deferred };
  }

  /**
   * One market in its own transaction (a command of its writer); pushes once it committed. Never throws: a failure is
   * queued for a retry. `beside`: a look again at a market deferred to another process's writer.
   */
  private async applyOne(
    m: FeedMarket,
    clk: number,
    reset: Reset | null,
    beside = false,
  ): Promise<'applied' | 'skipped' | 'deferred' | null> {
    const event = this.eventNames.get(m.eventId);
    const alerts: SettlementAlert[] = [];
    const seen: { row: MarketRow | null } = { row: null };
    let result: { after: MarketRow; players: number[] } | null;
    const apply = async (q: Queryable, writerContext?: ExclusiveContext) => {
      if (reset)
        // re-checked under the row's lock (another process may have written a newer state meanwhile); a feed_clk
        // of 0 lets applyFeedMarket take the state whatever the stored version
        await q.query(
          `UPDATE exchange_markets SET feed_clk = 0
           WHERE market_id = $1 AND ((feed_clk <= $2 AND feed_version > $3) OR ($4 AND feed_clk > $2))`,
          [m.marketId, clk, m.version, reset.newHistory],
        );
      const change = await applyFeedMarket(q, m, event ?? null, clk, seen);
      if (!change) return { value: null, changed: false };
      const { before, after } = change;
      const players = new Set<number>();
      const add = (ids: number[]) => ids.forEach((id) => players.add(id));
      // no order can rest on a market the API did not have, so a first sight needs no reaction but settlement
      const turned = Boolean(before && !before.inplay && after.inplay);
      if (turned) add(await lapseUnpersisted(q, after));
      const settles = after.status === 'CLOSED' && Boolean(after.result || after.voided);
      if (before && after.kind === 'MATCH_ODDS') {
        // the book the market's writer keeps in memory takes the new offer and sweeps what it crosses (issue 28 item
        // 1: a hot market's feed moves several times a second, and each read of the whole book again cost a batch
        // its size); after the lapse or with a settlement the bets changed through SQL, so the sweep does too and
        // the writer reads the book again
        const loaded = writerContext && !turned && !settles ? await writerContext.loadFeed(after) : null;
        if (loaded) add(loaded);
        // at every new version, not only when the prices moved: what players took of the feed's sizes counts per
        // version, so the same offer at a new version is whole again and may cross an order it no longer covered
        else if (after.status === 'OPEN') add(await sweepCrossing(q, after, this.cfg));
      }
      // every new version of a resulted market: settleMarket compares with what it settled (a corrected result re-settles)
      if (settles) add(await settleMarket(q, after, this.cfg, alerts));
      return { value: { after, players: [...players] }, changed: true };
    };
    const writer = this.writer?.();
    try {
      if (!writer) result = (await this.db.tx(apply)).value;
      else {
        const out = await writer.exclusive(m.marketId, 'feed', apply, beside ? 'fence' : 'defer');
        if (out === 'elsewhere') {
          // the market's writer is another process's: it applies this version from its own feed; looked at again after
          // a lease's time (the first deferral's time: a stream of newer versions does not put the look off)
          const prev = this.retries.get(m.marketId);
          if (!prev || prev.market.version <= m.version)
            this.retries.set(m.marketId, {
              market: m,
              clk,
              reset,
              attempts: prev?.attempts ?? 0,
              at: prev?.elsewhere ? prev.at : this.now() + writer.lease.waitMs,
              elsewhere: true,
            });
          this.relay(m);
          return 'deferred';
        }
        result = out.value;
      }
    } catch (err) {
      const prev = this.retries.get(m.marketId);
      const attempts = (prev?.attempts ?? 0) + 1;
      // one line per market until it applies again, not one per attempt
      if (!prev || prev.elsewhere)
        this.log.error({ err, marketId: m.marketId, version: m.version, clk }, 'odds feed: market failed to apply; retrying');
      this.retries.set(m.marketId, {
        market: m,
        clk,
        reset,
        attempts,
        at: this.now() + Math.min(this.maxRetryMs, this.retryMs * 2 ** (attempts - 1)),
      });
      return null;
    }
    const superseded = this.retries.get(m.marketId);
    if (superseded && superseded.market.version <= m.version) this.retries.delete(m.marketId);
    this.noteHold(result ? result.after : seen.row);
    if (result) {
      await pushBetChanges(this.push, m.marketId, result.players, this.log);
    }
    for (const a of alerts) await this.push.publishStaff?.('alert', a);
    this.relay(m);
    return result ? 'applied' : 'skipped';
  }

  private relayStatus(m: FeedMarket): MarketStatus {
    const held = this.held.get(m.marketId);
    if (held === 'CLOSED') return 'CLOSED';
    return effectiveStatus(m.status, held === 'SUSPENDED', null);
  }

  /** Whether staff hold the market (read under its lock by whichever path saw the row). */
  private noteHold(row: MarketRow | null) {
    if (!row) return;
    if (row.staffResult) this.held.set(row.marketId, 'CLOSED');
    else if (row.staffSuspended) this.held.set(row.marketId, 'SUSPENDED');
    else this.held.delete(row.marketId);
  }

  /** To this process's streams, each newer version once (whichever process wrote it: each relays to its own streams). */
  private relay(m: FeedMarket) {
    if (m.version <= (this.relayed.get(m.marketId) ?? -1)) return;
    this.relayed.set(m.marketId, m.version);
    if (this.marketPush) {
      // the push reads the market once this version is stored (by this process or another) and carries its prices
      this.marketPush.changed(m.marketId, m.version);
      return;
    }
    const payload: PushPayload<'odds'> = {
      marketId: m.marketId,
      // a market staff hold shows the held status (the feed's own may say OPEN)
      status: this.relayStatus(m),
      inplay: m.inplay,
      ballRunning: m.ballRunning,
      version: m.version,
    };
    this.push.broadcast('odds', payload);
  }
}
