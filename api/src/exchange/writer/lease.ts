// The lease of a market's writer across API processes (issue 28 item 2; table exchange_market_leases, migration 0840).
//
// A process runs a market's batches only while it holds the market's lease: taken when the lease is free or expired
// (the epoch goes up by one), renewed by a timer while held, released when the process closes (after its queues are
// written) or when the market was idle for a while. The fence: every batch updates the lease row with its owner and
// epoch as its last statement, in its own transaction, so a batch commits only if its process still held that epoch
// at the commit (the row's lock orders that commit against any take-over). A writer that hung past its lease while
// another process took over finds another epoch and rolls back. Expiry only says when another process may take
// over; the epoch says who may commit. On PGlite (one process) the lease is trivially held (`LOCAL_LEASE`).
//
// Why a lease row with an expiry and not a session advisory lock: the advisory lock lives on one connection, which a
// pool does not keep (a batch's transaction runs on any pooled connection, so the commit could not check it in the
// same transaction), a hung process's idle connection keeps the lock for ever (the very case the fence is for), and a
// PostgreSQL restart drops it silently. A row is read and written in the batch's own transaction, carries the
// owner's address for forwarding, and its expiry is a setting (1 s in the fault tests).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { pgErrorCode, type Db, type Queryable } from '../../db';
import { exchangeWriterLeaseChanges, exchangeWriterLeasesHeld } from '../../ops/metrics';

/** A batch found that its process no longer holds the market's lease (another process took it): it rolled back. */
export class LeaseLost extends Error {
  constructor(readonly marketId: string) {
    super(`exchange writer: the lease of market ${marketId} was lost`);
  }
}

/** The error code exchange_writer_fence raises when the caller no longer holds the lease (migration 0961). */
const LEASE_LOST_CODE = 'KL001';

/** The fence's failure as a LeaseLost (else null): the error of a fence statement, run alone or with the COMMIT. */
export function leaseLostFrom(err: unknown, marketId: string): LeaseLost | null {
  if (err instanceof LeaseLost) return err;
  return pgErrorCode(err) === LEASE_LOST_CODE ? new LeaseLost(marketId) : null;
}

/** Who holds a market's lease now. */
export interface LeaseHolder {
  self: boolean;
  owner: string;
  address: string;
  epoch: number;
  /** Milliseconds until it expires (0: expired). */
  leftMs: number;
}

export interface WriterLease {
  /** This process's name in the lease rows ('' when leases are not used). */
  readonly owner: string;
  /** How long a batch's commands wait for a lease another process holds before they are answered 503. */
  readonly waitMs: number;
  /** The epoch this process holds for the market, taking the lease when free or expired; null when another process held it for all of `waitMs`. */
  hold(marketId: string, waitMs?: number): Promise<number | null>;
  /** First statement of a batch's transaction (PostgreSQL: a hung holder's open transaction is ended by the server). */
  begin(q: Queryable): Promise<void>;
  /** Last statement of a batch's transaction: renews the lease if this process still holds `epoch`, else throws LeaseLost. */
  fence(q: Queryable, marketId: string, epoch: number): Promise<void>;
  /**
   * begin's setting as part of the batch's first statement, so it costs no round trip of its own (issue 28, stop 42;
   * the fence goes with the COMMIT: fenceWithCommit); null: none (one process), or use begin and fence (an unknown
   * market, epoch 0).
   */
  batchParts(marketId: string, epoch: number): BatchLeaseParts | null;
  /**
   * The fence as a statement to send together with the batch's COMMIT (db TxOptions.lastWithCommit): it raises when
   * the lease is lost, so the server rolls back instead; leaseLostFrom tells that error. Null: run fence() instead
   * (one process, or epoch 0).
   */
  fenceWithCommit(marketId: string, epoch: number): { sql: string; params: unknown[] } | null;
  /**
   * A change of the market written beside its writer (this process does not hold the lease), in the caller's
   * transaction after the market's row is locked: the holder's epoch goes up by one, so its next batch fails the fence,
   * rolls back and is decided again on what the database holds (a book kept in memory is thrown away with it).
   */
  fenceOthers(q: Queryable, marketId: string): Promise<void>;
  /** The holder (null: none, or expired), read at most every poll interval (`fresh`: now). */
  holder(marketId: string, fresh?: boolean): Promise<LeaseHolder | null>;
  /** Resolves when the lease of `epoch` is no longer live (expired, released or taken), or when `signal` aborts. */
  lapsed(marketId: string, epoch: number, signal: AbortSignal): Promise<void>;
  /** After a LeaseLost: forget the market (the next batch takes the lease again or finds who has it). */
  forget(marketId: string): void;
  /** Hands every lease of this process over at once (closing: the queues are written). */
  releaseAll(): Promise<void>;
  /** Hands these markets over at once (the balancer sends their bets to another process). */
  release(marketIds: string[]): Promise<void>;
  start(): void;
  stop(): void;
}

/** A lease's part in a batch's statements (WriterLease.batchParts). */
export interface BatchLeaseParts {
  /** set_config(name, value, true) in the batch's first statement: what begin() sets. */
  settings: [string, string][];
}

export interface LeaseSettings {
  /** How long a lease lasts without renewal (EXCHANGE_WRITER_LEASE_MS, 1,500). */
  leaseMs: number;
  /** How often a waiting process looks at the lease again (EXCHANGE_WRITER_LEASE_POLL_MS, a fifth of the lease). */
  pollMs: number;
  /** A market without commands for this long is released (EXCHANGE_WRITER_LEASE_IDLE_MS, 60 s). */
  idleMs: number;
  /** Where this process takes forwarded bets (EXCHANGE_WRITER_ADDRESS, else its listening address). */
  address: () => string;
  /** This process's name in the lease rows (KHELA_INSTANCE, the host, the pid and a random part). */
  owner?: string;
}

export function leaseSettings(env: NodeJS.ProcessEnv, address: () => string): LeaseSettings {
  const n = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : d);
  const leaseMs = n(env.EXCHANGE_WRITER_LEASE_MS, 1500);
  return {
    leaseMs,
    pollMs: n(env.EXCHANGE_WRITER_LEASE_POLL_MS, Math.max(20, Math.round(leaseMs / 5))),
    idleMs: n(env.EXCHANGE_WRITER_LEASE_IDLE_MS, 60_000),
    address: () => env.EXCHANGE_WRITER_ADDRESS ?? address(),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One process, one writer: nothing to take, nothing to check (PGlite). */
export const LOCAL_LEASE: WriterLease = {
  owner: '',
  waitMs: 0,
  hold: async () => 0,
  begin: async () => undefined,
  fence: async () => undefined,
  batchParts: () => null,
  fenceWithCommit: () => null,
  fenceOthers: async () => undefined,
  holder: async () => null,
  lapsed: (_m, _e, signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true })),
  forget: () => undefined,
  releaseAll: async () => undefined,
  release: async () => undefined,
  start: () => undefined,
  stop: () => undefined,
};

interface Held {
  epoch: number;
  /** Date.now() until which this process trusts it still holds the lease without asking (the fence decides anyway). */
  trustedUntil: number;
  lastUsed: number;
}

/** The leases of one process on PostgreSQL. */
export class MarketLeases implements WriterLease {
  readonly owner: string;
  readonly waitMs: number;
  private readonly held = new Map<string, Held>();
  private readonly seen = new Map<string, { at: number; holder: LeaseHolder | null }>();
  /** A read of a market's lease under way: callers at the same moment share it (one query per market per poll). */
  private readonly reading = new Map<string, Promise<LeaseHolder | null>>();
  private timer: NodeJS.Timeout | null = null;
  private renewing = false;

  constructor(
    private readonly db: Db,
    readonly settings: LeaseSettings,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    this.owner = settings.owner ?? `${process.env.KHELA_INSTANCE ?? os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    // a holder that stops renewing is taken over after its expiry; waiting a little longer covers the poll
    this.waitMs = settings.leaseMs + 2 * settings.pollMs;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.renew(), Math.max(10, Math.round(this.settings.leaseMs / 3)));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async hold(marketId: string, waitMs = this.waitMs): Promise<number | null> {
    const mine = this.held.get(marketId);
    const now = Date.now();
    if (mine && mine.trustedUntil > now) {
      mine.lastUsed = now;
      return mine.epoch;
    }
    const deadline = now + waitMs;
    for (;;) {
      const epoch = await this.take(marketId);
      if (epoch !== null) return epoch;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await sleep(Math.min(this.settings.pollMs, left));
    }
  }

  /** Takes the lease if it is free, expired or already ours (a new epoch either way); null when another holds it. */
  private async take(marketId: string): Promise<number | null> {
    const started = Date.now();
    // only a known market gets a row (a client's made-up market ids must not fill the table): an unknown one is
    // epoch 0, no lease (its batch refuses every command, 404, and writes nothing)
    const r = await this.db.query<{ known: boolean; epoch: string | null; previous: string | null }>(
      `WITH old AS (SELECT owner FROM exchange_market_leases WHERE market_id = $1),
            m AS (SELECT EXISTS (SELECT 1 FROM exchange_markets WHERE market_id = $1) AS known),
            took AS (
              INSERT INTO exchange_market_leases AS l (market_id, owner, address, epoch, expires_at)
              SELECT $1, $2, $3, 1, clock_timestamp() + $4::int * interval '1 millisecond' FROM m WHERE m.known
              ON CONFLICT (market_id) DO UPDATE
                 SET owner = EXCLUDED.owner, address = EXCLUDED.address, epoch = l.epoch + 1, expires_at = EXCLUDED.expires_at,
                     acquired_at = clock_timestamp(), changes = l.changes + CASE WHEN l.owner = EXCLUDED.owner THEN 0 ELSE 1 END
               WHERE l.owner = EXCLUDED.owner OR l.expires_at <= clock_timestamp()
              RETURNING epoch)
       SELECT (SELECT known FROM m) AS known, (SELECT epoch FROM took) AS epoch, (SELECT owner FROM old) AS previous`,
      [marketId, this.owner, this.settings.address(), this.settings.leaseMs],
    );
    const row = r.rows[0]!;
    if (!row.known) return 0;
    if (row.epoch === null) return null;
    const epoch = Number(row.epoch);
    this.held.set(marketId, { epoch, trustedUntil: started + this.trust(), lastUsed: Date.now() });
    this.seen.delete(marketId);
    if (row.previous !== this.owner) exchangeWriterLeaseChanges.inc({ market: marketId, change: 'acquired' });
    exchangeWriterLeasesHeld.set(this.held.size);
    return epoch;
  }

  /** How long after asking the database this process acts on a lease without asking again: most of its duration. */
  private trust() {
    return Math.round((this.settings.leaseMs * 2) / 3);
  }

  async begin(q: Queryable): Promise<void> {
    // a holder stopped in the middle of a batch (SIGSTOP, a long pause) would keep the market's row locked; the
    // server ends its transaction after twice the lease, so the next holder is not blocked behind it for long
    await q.query(`SELECT set_config('idle_in_transaction_session_timeout', $1, true)`, [String(2 * this.settings.leaseMs)]);
  }

  async fence(q: Queryable, marketId: string, epoch: number): Promise<void> {
    if (epoch === 0) {
      // an unknown market when the batch began: still no lease row (the batch wrote nothing anyway)
      const any = await q.query('SELECT 1 FROM exchange_market_leases WHERE market_id = $1', [marketId]);
      if (any.rows.length) throw new LeaseLost(marketId);
      return;
    }
    const { sql, params } = this.fenceWithCommit(marketId, epoch)!;
    await q.query(sql, params).catch((err: unknown) => {
      throw leaseLostFrom(err, marketId) ?? err;
    });
  }

  fenceWithCommit(marketId: string, epoch: number): { sql: string; params: unknown[] } | null {
    if (epoch === 0) return null;
    return {
      sql: 'SELECT exchange_writer_fence($1::text, $2::text, $3::bigint, $4::int)',
      params: [marketId, this.owner, epoch, this.settings.leaseMs],
    };
  }

  batchParts(marketId: string, epoch: number): BatchLeaseParts | null {
    if (epoch === 0) return null;
    return { settings: [['idle_in_transaction_session_timeout', String(2 * this.settings.leaseMs)]] };
  }

  async fenceOthers(q: Queryable, marketId: string): Promise<void> {
    // lock order as a batch's: the market's row (the caller's) -> the lease row. A released row ('') has no holder to
    // tell; an expired holder is told too (it may be hung and wake up with a batch decided before this change)
    const r = await q.query<{ owner: string }>(
      `UPDATE exchange_market_leases SET epoch = epoch + 1 WHERE market_id = $1 AND owner <> '' RETURNING owner`,
      [marketId],
    );
    if (r.rows.length) {
      exchangeWriterLeaseChanges.inc({ market: marketId, change: 'fenced' });
      // our own writer (a stale view said another held it) takes the lease again at its next batch
      if (r.rows[0]!.owner === this.owner) this.held.delete(marketId);
    }
  }

  async holder(marketId: string, fresh = false): Promise<LeaseHolder | null> {
    const mine = this.held.get(marketId);
    if (mine && mine.trustedUntil > Date.now())
      return { self: true, owner: this.owner, address: this.settings.address(), epoch: mine.epoch, leftMs: mine.trustedUntil - Date.now() };
    const cached = this.seen.get(marketId);
    if (!fresh && cached && Date.now() - cached.at < this.settings.pollMs) return cached.holder;
    let reading = this.reading.get(marketId);
    if (!reading) {
      reading = this.readHolder(marketId).finally(() => this.reading.delete(marketId));
      this.reading.set(marketId, reading);
    }
    return reading;
  }

  private async readHolder(marketId: string): Promise<LeaseHolder | null> {
    const r = await this.db.query<{ owner: string; address: string; epoch: string; left_ms: number }>(
      `SELECT owner, address, epoch,
              greatest(0, extract(epoch FROM expires_at - clock_timestamp()) * 1000)::int AS left_ms
         FROM exchange_market_leases WHERE market_id = $1`,
      [marketId],
    );
    const row = r.rows[0];
    const holder =
      row && row.owner && row.left_ms > 0
        ? { self: row.owner === this.owner, owner: row.owner, address: row.address, epoch: Number(row.epoch), leftMs: row.left_ms }
        : null;
    this.seen.set(marketId, { at: Date.now(), holder });
    return holder;
  }

  async lapsed(marketId: string, epoch: number, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      await sleep(this.settings.pollMs);
      if (signal.aborted) return;
      // every forwarded request of the market waits on the same read (cached for a poll)
      const h = await this.holder(marketId).catch(() => undefined);
      if (h === undefined) continue;
      if (!h || h.epoch !== epoch) return;
    }
  }

  forget(marketId: string): void {
    if (this.held.delete(marketId)) exchangeWriterLeaseChanges.inc({ market: marketId, change: 'lost' });
    exchangeWriterLeasesHeld.set(this.held.size);
  }

  /** Renews every lease held; a lease not found ours any more is lost; idle ones are released. */
  private async renew(): Promise<void> {
    if (this.renewing || !this.held.size) return;
    this.renewing = true;
    try {
      const now = Date.now();
      const idle = [...this.held].filter(([, h]) => now - h.lastUsed > this.settings.idleMs).map(([m]) => m);
      if (idle.length) await this.release(idle);
      const markets = [...this.held.keys()];
      if (!markets.length) return;
      const r = await this.db.query<{ market_id: string; epoch: string }>(
        `UPDATE exchange_market_leases SET expires_at = clock_timestamp() + $3::int * interval '1 millisecond'
          WHERE owner = $1 AND market_id = ANY($2::text[]) RETURNING market_id, epoch`,
        [this.owner, markets, this.settings.leaseMs],
      );
      const renewed = new Map(r.rows.map((x) => [x.market_id, Number(x.epoch)]));
      for (const m of markets) {
        const h = this.held.get(m);
        if (!h) continue;
        const epoch = renewed.get(m);
        if (epoch === undefined) this.forget(m);
        else if (epoch === h.epoch) h.trustedUntil = now + this.trust();
      }
    } catch (err) {
      this.log.warn({ err }, 'exchange writer: renewing the leases failed (the next batch takes them again)');
    } finally {
      this.renewing = false;
    }
  }

  async release(markets: string[]): Promise<void> {
    for (const m of markets) this.held.delete(m);
    exchangeWriterLeasesHeld.set(this.held.size);
    // the row and its epoch stay: an epoch is never given out twice
    const r = await this.db.query<{ market_id: string }>(
      `UPDATE exchange_market_leases SET owner = '', address = '', expires_at = clock_timestamp()
        WHERE owner = $1 AND market_id = ANY($2::text[]) RETURNING market_id`,
      [this.owner, markets],
    );
    for (const x of r.rows) exchangeWriterLeaseChanges.inc({ market: x.market_id, change: 'released' });
  }

  async releaseAll(): Promise<void> {
    this.stop();
    const markets = [...this.held.keys()];
    if (markets.length) await this.release(markets);
  }
}
