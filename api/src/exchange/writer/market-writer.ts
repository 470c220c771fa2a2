// One writer per market in this process: commands for a market (place, end of a bet delay, cancel) queue in arrival
// order and are run in batches, one transaction per batch (batch.ts), one batch of a market at a time. While a batch
// commits the next one gathers, so under load a batch holds what arrived during the previous one: one bet alone
// waits for nobody; a burst of a thousand is a handful of transactions. A command is answered only after its batch
// committed.
//
// Bounded: a market's queue holds at most `queueMax` commands; beyond it the API answers 503 with Retry-After at once
// (never an unbounded wait). If a batch cannot be written (a database error, a broken invariant), it is rolled back
// and its commands are run again one per batch, so one bad command cannot take the others down with it.
//
// Across processes (PostgreSQL) a market's batches run only in the process holding its lease (lease.ts): before a
// batch the process takes or confirms the lease, and the batch's last statement checks its epoch (the fence). Commands
// for a market whose lease another live process holds wait for it at most the lease's length (the holder died or is
// closing: it is taken over), then are answered 503 (moved: the client retries, and the routes forward to the holder).
import type { Db, Queryable } from '../../db';
import {
  exchangeWriterBatchSize,
  exchangeWriterBatchStatements,
  exchangeWriterBookReads,
  exchangeWriterFeedChanges,
  exchangeWriterCommitSeconds,
  exchangeWriterQueueDepth,
  exchangeWriterRetries,
} from '../../ops/metrics';
import { EXCHANGE_MESSAGES } from '@khela/contracts';
import { ServiceBusy } from '../../errors';
import type { ExchangeConfig } from '../config';
import type { MarketRow } from '../markets';
import {
  keepBatchOutOfTurbofan,
  keptBookTakesFeed,
  runBatch,
  type BatchOutcome,
  type CommandResult,
  type WarmBook,
  type WriterCommand,
} from './batch';
import { LOCAL_LEASE, LeaseLost, leaseLostFrom, type WriterLease } from './lease';
import { databaseUnavailable } from '../../db/unavailable';

/** Why a command was answered 503 without a batch: queue full, this process closing, or another process holds the market. */
export type BusyReason = 'full' | 'closing' | 'moved' | 'unavailable';

export interface WriterSettings {
  /** false: every command runs on the per-bet path (one transaction per bet), the emergency switch. */
  enabled: boolean;
  /** Most commands in one batch. */
  batchMax: number;
  /** Most commands waiting for one market; beyond it 503. */
  queueMax: number;
  /** Seconds a refused caller is told to wait (Retry-After). */
  retryAfterSeconds: number;
  /**
   * Hand a market over to the process the balancer sends its bets to after this many of them came forwarded from
   * that process, over at least a lease's time, with none sent here (EXCHANGE_WRITER_HANDOVER_AFTER, 20; 0: never).
   */
  handoverAfter: number;
  /** Keep a Match Odds market's book in memory between batches (EXCHANGE_WRITER_WARM, on; off: read at every batch). */
  warm: boolean;
}

export function writerSettings(env: NodeJS.ProcessEnv = process.env): WriterSettings {
  const n = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : d);
  return {
    enabled: env.EXCHANGE_WRITER !== 'off',
    batchMax: n(env.EXCHANGE_WRITER_BATCH_MAX, 200),
    queueMax: n(env.EXCHANGE_WRITER_QUEUE_MAX, 4000),
    retryAfterSeconds: n(env.EXCHANGE_WRITER_RETRY_AFTER_S, 1),
    handoverAfter: env.EXCHANGE_WRITER_HANDOVER_AFTER === '0' ? 0 : n(env.EXCHANGE_WRITER_HANDOVER_AFTER, 20),
    warm: env.EXCHANGE_WRITER_WARM !== 'off',
  };
}

/**
 * What a change of the market that is not a player's command does in the writer's transaction (issue 28 item 5: the
 * feed's state with its reactions — the lapse at the turn in-play, suspensions, the house's prices and the sweep of
 * orders they cross, settlement's close of the book — and self-exclusion's cancels). `changed`: false when it wrote
 * nothing (nothing to fence when it ran beside another process's writer).
 */
export interface ExclusiveOutcome<T> {
  value: T;
  changed?: boolean;
}

/**
 * Such a change as a command of the market's queue: it takes its place in arrival order with the bets and runs as a
 * batch of its own (the batch before it is written first, the commands after it wait for it), in the writer's
 * transaction under the lease fence; answered after the commit (the caller pushes then).
 */
interface ExclusiveCommand {
  kind: 'exclusive';
  label: string;
  run: (q: Queryable, ctx?: ExclusiveContext) => Promise<ExclusiveOutcome<unknown>>;
}

/**
 * What the writer lends an exclusive change in its queue: the market's book it keeps in memory (issue 28 item 1). A
 * change run beside the writer, or with the writer off, gets none.
 */
export interface ExclusiveContext {
  /**
   * The feed's newer state of a Match Odds market (`market`, already written in this transaction) taken by the book
   * the writer keeps: the feed's new offer replaces the old, the resting orders it crosses are matched at their own
   * price, and that is written in this transaction (a batch with no commands); after the commit the writer keeps the
   * book for its next batch instead of reading it again. Answers the players whose bets or holds changed, or null when
   * no book is kept or it cannot take this state (another feed history, other runners): the caller then sweeps through
   * the database and the next batch reads the book. Only for a change that touches no bet otherwise (not the turn
   * in-play's lapse, not settlement); at most once per change.
   */
  loadFeed(market: MarketRow): Promise<number[] | null>;
}

/** Where an exclusive change runs when another live process holds the market: 'fence' beside it (its epoch bumped), 'defer' not at all. */
export type ElsewhereMode = 'fence' | 'defer';

interface Waiting {
  command: WriterCommand | ExclusiveCommand;
  resolve: (r: CommandResult) => void;
  reject: (err: unknown) => void;
}

const isExclusive = (c: WriterCommand | ExclusiveCommand): c is ExclusiveCommand => c.kind === 'exclusive';

interface MarketQueue {
  waiting: Waiting[];
  running: boolean;
}

/**
 * What the caller does after a batch committed: at once (the bet delay's timers), and the players' pushes. `begunAt`:
 * Date.now() read just after the batch's transaction began, so not before the database's now() that stamped the bets'
 * delay_until: a delay's timer runs from it (less the batch's own time), never from the commit.
 */
export interface WriterHooks {
  committed(marketId: string, outcome: BatchOutcome, begunAt: number): void;
  push(marketId: string, players: number[]): Promise<void>;
}

/**
 * The tables a batch writes, analyzed now and then on PGlite: it has no autovacuum, so their statistics stay those of
 * the empty tables the migrations made, and the planner keeps choosing plans for one row (the positions' fills join
 * became a nested loop over every bet and fill of the market: 66 ms for 200 rows). PostgreSQL's autovacuum does this.
 */
const ANALYZED = [
  'exchange_bets',
  'exchange_fills',
  'exchange_positions',
  'exchange_activity',
  'wallet_idempotency',
  'ledger_transfers',
  'ledger_postings',
];

export class MarketWriters {
  private readonly queues = new Map<string, MarketQueue>();
  /** PGlite: commands written since the last ANALYZE, and in all (autovacuum's rule, roughly: 500 + 20% of the rows). */
  private readonly analyze = { since: 0, total: 0 };
  private closed = false;
  /** Push rounds per market (close waits for them: they read the database). */
  private readonly pushes = new Map<string, { waiting: Set<number>; running: Promise<void> | null }>();
  private readonly idle = new Set<() => void>();
  /** Markets being handed over (until: Date.now() when this process stops refusing their commands). */
  private readonly leaving = new Map<string, number>();
  /**
   * Per market: the book the last committed batch left, with the lease epoch it was written under (issue 28 item 1).
   * Taken out at the start of each batch and put back only after its commit: a failed batch, a lost lease, another
   * epoch or an exclusive change leaves none, and the next batch reads the book from the database.
   */
  private readonly warm = new Map<string, { epoch: number; book: WarmBook }>();
  /**
   * This process's counts of what became of the kept books (also the metrics khela_exchange_writer_book_reads_total
   * and khela_exchange_writer_feed_changes_total): batches that read a whole book, the feed's changes a kept book took.
   */
  readonly books = { read: 0, feedKept: 0 };
  /** Per market: bets the balancer sent to another process, forwarded here by it (see noteBalanced). */
  private readonly balanced = new Map<string, { from: string; since: number; n: number }>();

  constructor(
    private readonly db: Db,
    private readonly cfg: ExchangeConfig,
    readonly settings: WriterSettings,
    private readonly hooks: WriterHooks,
    private readonly log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void },
    readonly lease: WriterLease = LOCAL_LEASE,
  ) {
    if (settings.enabled) keepBatchOutOfTurbofan();
  }

  /** Commands waiting (not yet in a batch) for a market. */
  depth(marketId: string): number {
    return this.queues.get(marketId)?.waiting.length ?? 0;
  }

  /** Queues a command for its market; answers once its batch committed (or with its refusal). */
  submit(marketId: string, command: WriterCommand | ExclusiveCommand): Promise<CommandResult> {
    // one process (PGlite): a closing writer still writes the feed's and self-exclusion's changes (nobody else would)
    if (this.closed && !(isExclusive(command) && this.lease === LOCAL_LEASE)) return Promise.reject(this.busyError('closing'));
    const leaving = this.leaving.get(marketId);
    if (leaving !== undefined) {
      if (leaving > Date.now()) return Promise.reject(this.busyError('moved'));
      this.leaving.delete(marketId);
    }
    let queue = this.queues.get(marketId);
    if (!queue) {
      queue = { waiting: [], running: false };
      this.queues.set(marketId, queue);
    }
    // the feed's, settlement's and self-exclusion's changes are never refused for a full queue (a player's bet is)
    if (!isExclusive(command) && queue.waiting.length >= this.settings.queueMax) return Promise.reject(this.busyError('full'));
    const p = new Promise<CommandResult>((resolve, reject) => queue.waiting.push({ command, resolve, reject }));
    exchangeWriterQueueDepth.set({ market: marketId }, queue.waiting.length);
    if (!queue.running) void this.drain(marketId, queue);
    return p;
  }

  /** 503 with Retry-After; `x-khela-writer` tells a forwarding process why (closing, moved: it takes the command itself). */
  private busyError(reason: BusyReason) {
    const err = new ServiceBusy(EXCHANGE_MESSAGES.marketBusy, this.settings.retryAfterSeconds, { code: 'busy' });
    err.headers = { ...err.headers, 'x-khela-writer': reason };
    return err;
  }

  private async drain(marketId: string, queue: MarketQueue) {
    queue.running = true;
    try {
      while (queue.waiting.length) {
        // one turn of the event loop before each batch, so the requests that arrived meanwhile reach the queue first.
        // On PGlite a batch never gives the loop a turn (its statements run in WASM and resolve as microtasks), so
        // without this the next batch started before any other socket was read: every batch held one bet, and 32
        // bets in flight were served one transaction after another. On PostgreSQL it costs one turn.
        await new Promise((r) => setImmediate(r));
        // the lease first: ours at once when held, else taken when free or expired, else waited for (bounded)
        let epoch: number | null;
        try {
          epoch = await this.lease.hold(marketId);
        } catch (err) {
          const answer = databaseUnavailable(err) ? this.busyError('unavailable') : err;
          for (const w of queue.waiting.splice(0)) w.reject(answer);
          break;
        }
        if (epoch === null) {
          for (const w of queue.waiting.splice(0)) w.reject(this.busyError('moved'));
          break;
        }
        // an exclusive change is a batch of its own: the bets before it are written first, those after it wait
        let n = 0;
        if (isExclusive(queue.waiting[0]!.command)) n = 1;
        else while (n < queue.waiting.length && n < this.settings.batchMax && !isExclusive(queue.waiting[n]!.command)) n++;
        const batch = queue.waiting.splice(0, n);
        exchangeWriterQueueDepth.set({ market: marketId }, queue.waiting.length);
        const deferred = isExclusive(batch[0]!.command)
          ? await this.runExclusive(marketId, batch[0]!, epoch)
          : await this.run(marketId, batch, epoch);
        if (this.db.kind === 'pglite') await this.analyzeNowAndThen(batch.length - deferred.length);
        // a deferred command keeps its place: first in the next batch
        if (deferred.length) queue.waiting.unshift(...deferred);
      }
    } finally {
      queue.running = false;
      exchangeWriterQueueDepth.set({ market: marketId }, 0);
      if (!queue.waiting.length) this.queues.delete(marketId);
      if (!this.busy()) for (const f of this.idle) f();
    }
  }

  /** Runs one batch; on a failure to write it, each command alone. Answers the commands left for the next batch. */
  private async run(marketId: string, batch: Waiting[], epoch: number): Promise<Waiting[]> {
    const commands = batch.map((w) => w.command as WriterCommand);
    const started = performance.now();
    const kept = this.warm.get(marketId);
    this.warm.delete(marketId);
    const warm = kept && kept.epoch === epoch ? kept.book : null;
    let outcome: BatchOutcome;
    let attempts = 0;
    let statements = 0;
    let begunAt = Date.now();
    // the lease's setting rides in the batch's first statement (no round trip of its own), which BEGIN goes out with.
    // The fence does not ride in the write: it locks the lease row, and a writer that hangs after its write (idle in
    // its transaction) would then keep another process from taking the market until the server ends that transaction
    // (2x the lease: the fault suite's SIGSTOP case, taken over at 2.0 s instead of 1.1 s, and the woken writer's bets
    // answered 500). Sent with the COMMIT (one round trip for both), it holds the row only while the commit runs.
    const parts = this.lease.batchParts(marketId, epoch);
    const fenceWithCommit = parts && this.lease.fenceWithCommit(marketId, epoch);
    try {
      outcome = await this.db.tx(
        async (tq) => {
          // every statement of the batch counted (BEGIN and COMMIT are two more): the figure a loaded machine cannot blur
          statements = 0;
          // begunAt: read when the batch's first statement is answered. With the lease's parts BEGIN goes out with that
          // statement, so a clock read before it came before the database's now() that stamps delay_until, and a
          // delay's timer ran from there: a delayed bet matched a few ms before its delay_until (placing.test's
          // "never before" failed in stop 53's CI once runBatch ran in baseline code, a little slower to send it)
          let answered = false;
          const q: Queryable = {
            ...tq,
            memo: tq.memo,
            exec: (sql) => tq.exec(sql),
            query: ((sql: string, params?: unknown[]) => {
              statements++;
              const result = tq.query(sql, params);
              if (!answered) {
                answered = true;
                void Promise.resolve(result).then(
                  () => (begunAt = Date.now()),
                  () => undefined,
                );
              }
              return result;
            }) as Queryable['query'],
          };
          if (!parts) await this.lease.begin(q);
          // db.tx runs the transaction again after a deadlock or serialization failure: the kept book was changed by the
          // attempt that rolled back, so only the first attempt may use it
          const o = await runBatch(q, marketId, commands, this.cfg, attempts++ === 0 ? warm : null, parts);
          // the fence, last: commits only if this process still holds the market at this epoch (with the COMMIT when
          // the lease has a statement for it)
          if (!fenceWithCommit) await this.lease.fence(q, marketId, epoch);
          return o;
        },
        // the batch's first statement only reads and locks (TxOptions: it may run before BEGIN's error is known)
        { pipelineBegin: true, lastWithCommit: () => fenceWithCommit },
      );
    } catch (caught) {
      const err = leaseLostFrom(caught, marketId) ?? caught;
      if (err instanceof LeaseLost) {
        // another process took the market: nothing of this batch was written; its commands go back to the queue,
        // where the next lease decision takes the market again (it was only expired) or answers them 'moved'
        this.lease.forget(marketId);
        this.log.warn({ marketId, size: batch.length }, 'exchange writer: lease lost, batch rolled back');
        return batch;
      }
      if (databaseUnavailable(err)) {
        // one by one they would fail alike: 503, the clients retry with their keys (a commit cut short, if it was
        // written after all, answers the stored bet)
        this.log.warn({ err, marketId, size: batch.length }, 'exchange writer: the database went away under a batch');
        for (const w of batch) w.reject(this.busyError('unavailable'));
        return [];
      }
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return [];
      }
      exchangeWriterRetries.inc();
      this.log.warn({ err, marketId, size: batch.length }, 'exchange writer: batch rolled back, running its commands one by one');
      const left: Waiting[] = [];
      for (const w of batch) left.push(...(await this.run(marketId, [w], epoch)));
      return left;
    }
    exchangeWriterCommitSeconds.observe((performance.now() - started) / 1000);
    exchangeWriterBatchSize.observe(commands.length);
    exchangeWriterBatchStatements.observe(statements + (fenceWithCommit ? 1 : 0));
    if (outcome.bookRead) {
      this.books.read++;
      exchangeWriterBookReads.inc();
    }
    if (outcome.warm && this.settings.warm) this.warm.set(marketId, { epoch, book: outcome.warm });
    const left = batch.filter((_, i) => outcome.results[i]!.ok === 'deferred');
    batch.forEach((w, i) => {
      const r = outcome.results[i]!;
      if (r.ok !== 'deferred') w.resolve(r);
    });
    try {
      this.hooks.committed(marketId, outcome, begunAt);
    } catch (err) {
      this.log.error({ err, marketId }, 'exchange writer: after-commit work failed');
    }
    this.push(marketId, outcome.affected);
    return left;
  }

  /** Runs an exclusive change as a batch of its own; answers it back when its lease was lost (it runs again). */
  private async runExclusive(marketId: string, w: Waiting, epoch: number): Promise<Waiting[]> {
    const command = w.command as ExclusiveCommand;
    const started = performance.now();
    // the change is written through the code of its own path; the kept book survives it only when the change is the
    // feed's and hands it its new state (loadFeed), else the next batch reads the book again
    const kept = this.warm.get(marketId);
    this.warm.delete(marketId);
    let book = kept && kept.epoch === epoch && this.settings.warm ? kept.book : null;
    const hadBook = book !== null;
    let carried: WarmBook | null = null;
    let out: ExclusiveOutcome<unknown>;
    try {
      out = await this.db.tx(async (q) => {
        carried = null;
        await this.lease.begin(q);
        const ctx: ExclusiveContext = {
          loadFeed: async (market) => {
            // the book is lent once: a transaction run again after a deadlock must not reuse what the first attempt changed
            const lent = book;
            book = null;
            if (!lent || !keptBookTakesFeed(lent, market)) return null;
            const o = await runBatch(q, marketId, [], this.cfg, lent, null, true);
            if (!o.warm) return null;
            carried = o.warm;
            return o.affected;
          },
        };
        const o = await command.run(q, ctx);
        await this.lease.fence(q, marketId, epoch);
        return o;
      });
    } catch (err) {
      if (err instanceof LeaseLost) {
        this.lease.forget(marketId);
        this.log.warn({ marketId, command: command.label }, 'exchange writer: lease lost, batch rolled back');
        return [w];
      }
      w.reject(databaseUnavailable(err) ? this.busyError('unavailable') : err);
      return [];
    }
    exchangeWriterCommitSeconds.observe((performance.now() - started) / 1000);
    exchangeWriterBatchSize.observe(1);
    if (carried) {
      this.warm.set(marketId, { epoch, book: carried });
      this.books.feedKept++;
      exchangeWriterFeedChanges.inc({ book: 'kept' });
    } else if (hadBook && command.label === 'feed') exchangeWriterFeedChanges.inc({ book: 'dropped' });
    (w.resolve as (r: unknown) => void)(out);
    return [];
  }

  /**
   * A change of the market that is not a player's command (the feed's, settlement's, self-exclusion's) through the
   * market's writer (issue 28 item 5), so no second path changes a book behind the writer's back:
   * - the writer off (`EXCHANGE_WRITER=off`): its own transaction, under the market row's lock, as before;
   * - one process (PGlite), or this process holds the market's lease: a command of the market's queue, in arrival
   *   order with the bets, a batch of its own, in the writer's transaction under the lease fence;
   * - another live process holds the lease: `defer` answers 'elsewhere' (the feed: every process reads the same feed,
   *   the holder applies it in its own writer); `fence` runs it here in its own transaction and bumps the holder's
   *   epoch in it (`fenceOthers`), so the holder's next batch fails its fence and is decided again on what this
   *   change wrote. No process holding the lease: the same, without taking a lease for it.
   * Answers after the commit; the caller pushes.
   */
  async exclusive<T>(
    marketId: string,
    label: string,
    run: (q: Queryable, ctx?: ExclusiveContext) => Promise<ExclusiveOutcome<T>>,
    elsewhere: ElsewhereMode,
  ): Promise<ExclusiveOutcome<T> | 'elsewhere'> {
    if (!this.settings.enabled) return this.db.tx(run);
    if (this.lease !== LOCAL_LEASE) {
      const holder = await this.lease.holder(marketId);
      if (!holder?.self) return holder && elsewhere === 'defer' ? 'elsewhere' : this.beside(marketId, run);
    }
    const command: ExclusiveCommand = { kind: 'exclusive', label, run: run as ExclusiveCommand['run'] };
    try {
      return (await this.submit(marketId, command)) as unknown as ExclusiveOutcome<T>;
    } catch (err) {
      // this process is closing or handing the market over, or another process kept the lease: beside the writer
      const reason = (err as { headers?: Record<string, string> }).headers?.['x-khela-writer'];
      if (err instanceof ServiceBusy && (reason === 'moved' || reason === 'closing') && this.lease !== LOCAL_LEASE)
        return this.beside(marketId, run);
      throw err;
    }
  }

  /** An exclusive change in its own transaction beside whichever process holds the market, whose epoch it bumps. */
  private beside<T>(marketId: string, run: (q: Queryable) => Promise<ExclusiveOutcome<T>>): Promise<ExclusiveOutcome<T>> {
    // this process's own kept book, if any, is stale after it (the epoch bump would also refuse its next batch)
    this.warm.delete(marketId);
    return this.db.tx(async (q) => {
      const o = await run(q);
      if (o.changed !== false) {
        // the market's row first (a batch's lock order), whatever `run` locked
        await q.query('SELECT 1 FROM exchange_markets WHERE market_id = $1 FOR UPDATE', [marketId]);
        await this.lease.fenceOthers(q, marketId);
      }
      return o;
    });
  }

  /** PGlite: ANALYZE of the batches' tables once enough was written since the last (between two batches). */
  private async analyzeNowAndThen(written: number) {
    this.analyze.since += written;
    this.analyze.total += written;
    if (this.analyze.since < 500 + this.analyze.total / 5) return;
    this.analyze.since = 0;
    await this.db
      .exec(`ANALYZE ${ANALYZED.join(', ')}`)
      .catch((err: unknown) => this.log.warn({ err }, 'exchange writer: ANALYZE failed (the plans stay as they were)'));
  }

  /**
   * The players a batch touched get their pushes beside the next batches, never in the writer's way. One push round
   * per market at a time: players of batches that committed meanwhile are gathered into the next round, so a burst
   * does not pile up one round per batch (a player touched twice is pushed once, with the latest figures).
   */
  private push(marketId: string, players: number[]) {
    let round = this.pushes.get(marketId);
    if (!round) {
      round = { waiting: new Set(), running: null };
      this.pushes.set(marketId, round);
    }
    for (const p of players) round.waiting.add(p);
    if (round.running) return;
    const r = round;
    const next = async (): Promise<void> => {
      while (r.waiting.size) {
        const batch = [...r.waiting];
        r.waiting.clear();
        try {
          await this.hooks.push(marketId, batch);
        } catch (err) {
          this.log.error({ err, marketId }, 'exchange writer: pushes failed');
        }
      }
    };
    r.running = next().finally(() => {
      r.running = null;
      if (!r.waiting.size) this.pushes.delete(marketId);
      else this.push(marketId, []);
    });
  }

  /**
   * A bet on the market's own route (the one a balancer routes by market): `from` null when it came straight here,
   * else the process that forwarded it after the balancer sent it there. When a market's bets keep arriving through
   * another process, that process is the balancer's choice: this one hands the market over, so its bets stop taking
   * an extra hop (the lease decides who writes, the balancer only where bets arrive first).
   */
  noteBalanced(marketId: string, from: string | null): void {
    if (!this.settings.handoverAfter || this.lease === LOCAL_LEASE) return;
    if (from === null) {
      this.balanced.delete(marketId);
      return;
    }
    const now = Date.now();
    const seen = this.balanced.get(marketId);
    if (!seen || seen.from !== from) {
      this.balanced.set(marketId, { from, since: now, n: 1 });
      return;
    }
    seen.n += 1;
    if (seen.n >= this.settings.handoverAfter && now - seen.since >= this.lease.waitMs) {
      this.balanced.delete(marketId);
      this.handOver(marketId);
    }
  }

  /**
   * Hands a market over: its commands are refused 'moved' (a forwarding process then takes them itself, and the
   * lease once this process released it), its queue is written, its lease released; the refusals go on for a lease's
   * time after, so bets still forwarded here do not take the market back.
   */
  handOver(marketId: string): void {
    if (this.closed || this.leaving.has(marketId)) return;
    this.leaving.set(marketId, Number.POSITIVE_INFINITY);
    void (async () => {
      while (this.queues.has(marketId)) await new Promise((r) => setTimeout(r, 10));
      await this.lease.release([marketId]);
    })()
      .catch((err: unknown) => this.log.warn({ err, marketId }, 'exchange writer: handing a market over failed (its lease expires)'))
      .finally(() => this.leaving.set(marketId, Date.now() + this.lease.waitMs));
  }

  private busy() {
    for (const q of this.queues.values()) if (q.running || q.waiting.length) return true;
    return false;
  }

  /**
   * Stops taking commands, waits for every queue to be written, then hands every lease over at once (a rolling
   * restart drains before it hands over; the next process takes the markets without waiting for an expiry).
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.busy())
      await new Promise<void>((resolve) => {
        const done = () => {
          this.idle.delete(done);
          resolve();
        };
        this.idle.add(done);
      });
    await this.lease
      .releaseAll()
      .catch((err: unknown) => this.log.warn({ err }, 'exchange writer: releasing the leases failed (they expire)'));
    while (this.pushes.size)
      await Promise.allSettled([...this.pushes.values()].map((r) => r.running ?? new Promise((res) => setTimeout(res, 10))));
  }
}

/**
 * The market writers of an app, found from any of its plugins (the exchange's plugin decorates only its own scope;
 * the staff routes, the protection hooks and the feed consumer live elsewhere): keyed by the app's HTTP server, which
 * every scope of one app shares.
 */
const writersByApp = new WeakMap<object, MarketWriters>();

export function registerWriters(app: { server: object }, writers: MarketWriters): void {
  writersByApp.set(app.server, writers);
}

export function writersOf(app: { server: object }): MarketWriters | undefined {
  return writersByApp.get(app.server);
}

/**
 * A change of a market that is not a player's command (staff decisions, self-exclusion's cancels) through the
 * market's writer when the app has one (`MarketWriters.exclusive`, 'fence' beside another process's writer), else in
 * its own transaction. Answers after the commit.
 */
export async function throughWriter<T>(
  app: { db: Db; server: object },
  marketId: string,
  label: string,
  run: (q: Queryable) => Promise<T>,
  changed: (value: T) => boolean = () => true,
): Promise<T> {
  const writers = writersOf(app);
  if (!writers) return app.db.tx(run);
  const out = await writers.exclusive(
    marketId,
    label,
    async (q) => {
      const value = await run(q);
      return { value, changed: changed(value) };
    },
    'fence',
  );
  if (out === 'elsewhere') throw new Error('a fenced change was deferred');
  return out.value;
}
