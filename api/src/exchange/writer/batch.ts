// One batch of a market's writer: every command (place, end of a bet delay, cancel) of the batch is decided in
// memory, in arrival order, on the book and the positions read once at the start, and everything is written at the
// end with bulk statements in the same transaction. A batch of a hundred bets costs about what one bet cost on the
// per-bet path (bets.ts placeBet): a handful of reads, a handful of writes. A Match Odds book the writer kept from its
// previous batch (WarmBook) replaces the read of every resting order when it is still the database's book.
//
// Correctness across API processes is the market row's lock (lockMarket), taken before anything of the market is
// read: whoever holds it sees the book as the last commit left it, so a batch is never decided on a stale book,
// whichever process wrote last. The lock order is the per-bet path's: players needing their row (the full
// protection rules) -> market row -> ledger accounts (transferManyParts, id order). A batch is three statements
// whatever its size (issue 28 stop 42): the players and the market's lock, one read after it, one write.
//
// A command refused inside the batch (funds, limits, a closed market) is answered with its refusal and leaves no
// trace: nothing of it reaches the write phase (its key is not stored: a refusal may be retried with it).
import v8 from 'node:v8';
import {
  EXCHANGE_MESSAGES as M,
  betLiabilityMinor,
  fromMinor as moneyFromMinor,
  marketBlock,
  type ExchangeBetView,
  type RunnerPositionTally,
} from '@khela/contracts';
import type { Queryable } from '../../db';
import { KEY_IN_FLIGHT } from '../../core/idempotency';
import { Conflict, HttpError } from '../../errors';
import {
  playerAccounts,
  toMinor,
  transferManyParts,
  walletFigures,
  type Currency,
  type PlayerBalance,
  type TransferInput,
} from '../../ledger';
import { MAY_BE_CLOSED_OR_LIMITED, assertMayPlay, assertWagerWithinLimits } from '../../protection/service';
import { BetRefused, assertOpen, betLine, betOut, newPublicId, type BetView, type PlaceBetInput } from '../bets';
import { checkBet, houseLadderOf, houseQuoteMismatch, type CheckedBet } from '../bet-checks';
import { bookmakerHedgePrice, cashOutQuote, type CashOutQuote } from '../cash-out';
import type { ExchangeConfig } from '../config';
import { HOUSE_ACCOUNT, MatchOddsBook, type Fill, type Side } from '../engine';
import { MARKET_COLUMNS, selectionName, toMarketRow, type MarketRaw, type MarketRow } from '../markets';
import {
  marketBetsSql,
  openOrder,
  playerPosition,
  positionTally,
  toMarketBets,
  type BetRow,
  type MatchedPart,
  type MarketBetRow,
  type MarketBets,
  type MarketPartRow,
} from '../positions';
import type { BatchLeaseParts } from './lease';

/* ---------------- commands and answers ---------------- */

export type WriterCommand =
  | { kind: 'place'; playerId: number; input: PlaceBetInput; key: string; hash: string }
  | { kind: 'activate'; betId: number }
  | { kind: 'cancel'; playerId: number; publicId: string }
  /** Issue 33: a new price and/or unmatched stake for an unmatched Match Odds bet (one Idempotency-Key per edit). */
  | { kind: 'edit'; playerId: number; publicId: string; price?: number; stake?: string; key: string; hash: string }
  /** Issue 33: every unmatched part of the player's bets in this market. */
  | { kind: 'cancelAll'; playerId: number }
  /**
   * Cash-out's hedges (the whole market or one runner, a share of the position), priced from the batch's book and
   * placed fill-or-kill; refused when the value fell below `minValue` (minor units). One Idempotency-Key per cash-out.
   */
  | {
      kind: 'cashOut';
      playerId: number;
      selectionId: string | null;
      percent: number;
      minValue: number | null;
      key: string;
      hash: string;
    };

/** A cash-out taken by the writer: its quote, the hedge bets placed and those waiting their delay. */
export interface CashOutTaken {
  value: number;
  hedges: { selectionId: string; side: 'BACK' | 'LAY'; price: number; stake: number }[];
  /** The position after the hedges: [runner, profit if it wins]. */
  after: [string, number][];
  betIds: number[];
  pending: { betId: number; delayMs: number }[];
}

/** What a placed or cancelled bet answers: the route's body. */
export interface BetAnswer {
  bet: ExchangeBetView;
  balance: string;
  available: string;
  exposure: string;
}

export type CommandResult =
  /** `replaced`: an edit that cancelled this bet's unmatched part and placed `betId` instead. */
  | { ok: true; betId: number; delayMs: number | null; answer: BetAnswer | null; replaced?: number | null }
  /** Cancel all: the bets whose unmatched part was cancelled, and the wallet right after. */
  | { ok: true; cancelled: number[]; figures: Omit<BetAnswer, 'bet'> | null }
  /** Cash-out: what was taken, and the wallet right after. */
  | { ok: true; cashOut: CashOutTaken; figures: Omit<BetAnswer, 'bet'> | null }
  /** The key was used before (or by another command of this batch): the caller answers from the stored row. */
  | { ok: true; replayOf: { playerId: number; key: string; hash: string } }
  | { ok: false; error: unknown }
  /** Left for the next batch: a player under limits gets one bet per batch (the limits count rows already written). */
  | { ok: 'deferred' };

export interface BatchOutcome {
  results: CommandResult[];
  /** Players whose balance or bets changed (pushed after the commit). */
  affected: number[];
  /** A Match Odds market's book as this batch left it: the writer keeps it for the next batch once this one committed. */
  warm?: WarmBook;
  /** The batch read the market's whole book from the database (none was kept, or it could not be used). */
  bookRead?: boolean;
}

/**
 * A Match Odds market's book kept in the writer's memory between batches (issue 28 item 1): the per-currency books
 * (players' resting orders and the feed's offer less what was taken), every resting order's state, and what was taken
 * from the feed at this feed version. Valid only for the lease epoch and the feed version it was built at: the writer
 * throws it away after a failed batch, a lost lease or any change of the market outside the batches (the feed's,
 * settlement's, staff's, self-exclusion's: exclusive commands, or a change beside the writer, which bumps the epoch).
 * A batch given it changes it in place (its maps and the states in them): never give one to a second attempt.
 */
export interface WarmBook {
  feedVersion: number;
  books: Map<string, MatchOddsBook>;
  resting: Map<number, BetState>;
  taken: Map<string, number>;
  /**
   * The positions of the players the batches read or touched: every bet of the player in the market with its matched
   * parts, and the exposure held for it with the hold's version, as the last commit left them. A player found here is
   * not read again (two reads of every bet and fill of the player, the heaviest of a hot market's batch).
   */
  positions: Map<number, WarmPosition>;
  /**
   * The main and exposure accounts of every player the batches read (account ids never change): a counterparty whose
   * position is kept needs only these for its hold, not a read of its funds.
   */
  accounts: Map<number, { currency: Currency; mainId: number; exposureId: number }>;
}

/**
 * Whether a kept book can take the feed's newer state `market` in memory (a batch with `feedMoved`): a Match Odds book
 * of an older version of the same feed history (a newer version has nothing taken yet) with the market's runners.
 */
export function keptBookTakesFeed(book: WarmBook, market: MarketRow): boolean {
  if (market.kind !== 'MATCH_ODDS' || !(market.feedVersion > book.feedVersion)) return false;
  const runners = market.runners.map((r) => String(r.selectionId)).join(',');
  return [...book.books.values()].every((b) => b.runnerIds.join(',') === runners);
}

/**
 * One player's position as a batch keeps it: the bets and matched parts (Fancy's table and a cash-out's quote read
 * them), each bet's row by id, and for Match Odds and BookMaker the running tally the exposure is read from: a
 * player's position is kept up to date bet by bet, not recomputed from their whole history in the market (a hot
 * market's players have hundreds of bets, and the recompute grew with them: exchange/README.md).
 */
export interface WarmPosition {
  data: MarketBets;
  rows: Map<number, BetRow>;
  /** Null for Fancy (its table is recomputed from `data`). */
  tally: RunnerPositionTally | null;
  /** The exposure held for it in the ledger, with the hold's version (a later hold's key counts from it). */
  held: { exposure: number; version: number } | null;
}

/* ---------------- the in-memory state of a batch ---------------- */

/** A bet as the batch keeps it: the row's columns that change, and whether it is new. */
export interface BetState {
  id: number;
  isNew: boolean;
  playerId: number;
  currency: string;
  selectionId: string;
  side: 'BACK' | 'LAY' | 'YES' | 'NO';
  price: number;
  line: number | null;
  stake: number;
  persistence: 'LAPSE' | 'PERSIST';
  status: string;
  remaining: number;
  matched: number;
  matchedValue: number;
  cancelled: number;
  restSeq: number | null;
  delayMs: number | null;
  reason: string | null;
  matchedNow: boolean;
  publicId: string;
  touched: boolean;
  /** A cash-out hedge: what does not match when its delay ends is cancelled, never rests. */
  fillOrKill: boolean;
}

interface Funds {
  currency: Currency;
  mainId: number;
  exposureId: number;
  /** main balance less debt: what a new hold may take */
  available: bigint;
  mainMinor: bigint;
  heldMinor: bigint;
  exposureMinor: bigint;
  owedMinor: bigint;
}

/** The idempotency endpoint of a keyed command (a bet's key and an edit's key are separate spaces). */
export const commandEndpoint = (c: { kind: 'place' | 'edit' | 'cashOut' }) =>
  c.kind === 'place' ? 'exchange.bet' : c.kind === 'edit' ? 'exchange.edit' : 'exchange.cash-out';

const orderIdOf = (betId: number) => `b${betId}`;
const betIdOfOrder = (orderId: string) => (/^b\d+$/.test(orderId) ? Number(orderId.slice(1)) : null);

class Refusal {
  constructor(readonly error: unknown) {}
}

/* ---------------- reads at the start ---------------- */

interface PlayerRow {
  id: string;
  currency: Currency;
  status: string;
  exchange_market: number;
  cs_market: number;
}

/** Each player's main/exposure accounts and figures (accounts created on first use elsewhere: a missing one is read as 0 and created by the hold). */
const fundsSql = (ids: string) => `SELECT p.id, p.currency,
       m.id AS main_id, e.id AS exposure_id, m.balance_minor::text AS main, e.balance_minor::text AS exposure,
       (SELECT balance_minor::text FROM ledger_accounts WHERE code = 'player:' || p.id || ':held' AND currency = p.currency) AS held,
       (SELECT balance_minor::text FROM ledger_accounts WHERE code = 'player:' || p.id || ':owed' AND currency = p.currency AND shard = 0) AS owed
     FROM players p
     LEFT JOIN ledger_accounts m ON m.code = 'player:' || p.id || ':main' AND m.currency = p.currency
     LEFT JOIN ledger_accounts e ON e.code = 'player:' || p.id || ':exposure' AND e.currency = p.currency
     WHERE p.id = ANY(${ids}::bigint[])`;

interface FundsRow {
  id: string | number;
  currency: Currency;
  main_id: string | number | null;
  exposure_id: string | number | null;
  main: string | null;
  held: string | null;
  exposure: string | null;
  owed: string | null;
}

function toFunds(rows: FundsRow[], out: Map<number, Funds>): void {
  for (const row of rows) {
    const main = BigInt(row.main ?? 0);
    const owedRaw = BigInt(row.owed ?? 0);
    const owed = owedRaw < 0n ? -owedRaw : 0n;
    out.set(Number(row.id), {
      currency: row.currency,
      mainId: Number(row.main_id ?? 0),
      exposureId: Number(row.exposure_id ?? 0),
      available: main > owed ? main - owed : 0n,
      mainMinor: main,
      heldMinor: BigInt(row.held ?? 0),
      exposureMinor: BigInt(row.exposure ?? 0),
      owedMinor: owed,
    });
  }
}

/**
 * One statement's parameters as they are added (issue 28 stop 42: a batch's reads and writes are each one statement
 * of several parts, so the placeholders are numbered as the parts are built).
 */
class Statement {
  readonly params: unknown[] = [];
  /** Adds a parameter; answers its placeholder. */
  readonly p = (value: unknown): string => {
    this.params.push(Array.isArray(value) ? arrayLiteral(value) : value);
    return `$${this.params.length}`;
  };
}

/**
 * A flat array of numbers, strings, booleans and nulls as PostgreSQL's array literal text (`{1,2}`, `{"a","b"}`),
 * which the statement casts (`::bigint[]`, `::text[]`). node-postgres would build the same text, but element by
 * element through its generic value preparation: ~5% of the API's CPU in a hot market's batches (stop 49's
 * profile). Anything else is left to node-postgres.
 */
export function arrayLiteral(values: readonly unknown[]): unknown {
  const out: string[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) out[i] = 'NULL';
    else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return values;
      out[i] = String(v);
    } else if (typeof v === 'bigint') out[i] = String(v);
    else if (typeof v === 'boolean') out[i] = v ? 't' : 'f';
    else if (typeof v === 'string') out[i] = `"${NEEDS_ESCAPE.test(v) ? v.replace(ESCAPED, '\\$&') : v}"`;
    else return values;
  }
  return `{${out.join(',')}}`;
}
const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;

/** A JSON array column of a batch's statement (json_agg of nothing is null). */
const rowsOf = <T>(v: unknown): T[] => (v ?? []) as T[];

/** Columns of a batch's statement: some players' bets and matched parts in the market, and their held exposures. */
function positionsColumns(market: string, players: string): string[] {
  const sql = marketBetsSql(market, players);
  return [
    `(SELECT json_agg(x) FROM (${sql.bets}) x) AS bets`,
    `(SELECT json_agg(x) FROM (${sql.parts}) x) AS parts`,
    `(SELECT json_agg(json_build_array(player_id::text, exposure_minor::text, hold_version))
       FROM exchange_positions WHERE market_id = ${market} AND player_id = ANY(${players}::bigint[])) AS held`,
  ];
}

/** positionsColumns' answer into the batch's positions (every player of `ids` gets one, empty when they have none). */
function takePositions(market: MarketRow, row: Record<string, unknown>, ids: number[], kept: Map<number, WarmPosition>): void {
  const all = toMarketBets(rowsOf<MarketBetRow>(row.bets), rowsOf<MarketPartRow>(row.parts));
  const read = new Map<number, MarketBets>(ids.map((id) => [id, { bets: [], parts: [] }]));
  for (const b of all.bets) read.get(b.playerId)!.bets.push(b);
  for (const p of all.parts) read.get(p.playerId)!.parts.push(p);
  const held = new Map<number, { exposure: number; version: number }>();
  for (const [id, exposure, version] of rowsOf<[string, string, number]>(row.held))
    held.set(Number(id), { exposure: Number(exposure), version: Number(version) });
  for (const [id, data] of read)
    kept.set(id, {
      data,
      rows: new Map(data.bets.map((b) => [b.id, b])),
      tally: positionTally(market, id, data),
      held: held.get(id) ?? null,
    });
}

const balanceOf = (f: Funds): PlayerBalance => ({
  balanceMinor: f.mainMinor,
  heldMinor: f.heldMinor,
  exposureMinor: f.exposureMinor,
  owedMinor: f.owedMinor,
  currency: f.currency,
});

interface RestingRow {
  id: string;
  player_id: string;
  currency: string;
  selection_id: string;
  side: Side;
  price: number;
  stake_minor: string;
  remaining_minor: string;
  matched_minor: string;
  matched_value: string;
  cancelled_minor: string;
  persistence: 'LAPSE' | 'PERSIST';
  rest_seq: string | null;
  status: string;
  public_id: string;
}

const BET_COLUMNS = `id, player_id, currency, selection_id, side, price, line, stake_minor, remaining_minor, matched_minor, matched_value,
  cancelled_minor, persistence, rest_seq, status, public_id, delay_until, reason, fill_or_kill`;

function stateOfRow(r: RestingRow & { line?: number | null; reason?: string | null; fill_or_kill?: boolean }): BetState {
  return {
    id: Number(r.id),
    isNew: false,
    playerId: Number(r.player_id),
    currency: r.currency,
    selectionId: String(r.selection_id),
    side: r.side,
    price: Number(r.price),
    line: r.line === undefined || r.line === null ? null : Number(r.line),
    stake: Number(r.stake_minor),
    persistence: r.persistence,
    status: r.status,
    remaining: Number(r.remaining_minor),
    matched: Number(r.matched_minor),
    matchedValue: Number(r.matched_value),
    cancelled: Number(r.cancelled_minor),
    restSeq: r.rest_seq === null ? null : Number(r.rest_seq),
    delayMs: null,
    reason: r.reason ?? null,
    matchedNow: false,
    publicId: r.public_id,
    touched: false,
    fillOrKill: r.fill_or_kill === true,
  };
}

/* ---------------- the batch ---------------- */

/**
 * Keeps `runBatch` itself out of V8's optimizing compiler, TurboFan (issue 28, stop 53). Its body is one function of
 * ~20 KB of bytecode with every command's closures inside it: TurboFan took 1.4-3 s of a helper thread to compile it
 * (`--trace-opt`), and it was thrown away again within seconds (a `wrong map` deoptimization, then compiled again):
 * three compiles in a 10 s open loop, each most of a core of a 2-core machine taken from PostgreSQL and the API's
 * thread. It runs once per batch, so the baseline code is enough; the functions it calls (the per-command checks,
 * matching, the ledger's parts) are optimized on their own as before. V8's own filter, by the function's name as the
 * build leaves it. `EXCHANGE_WRITER_TURBOFAN=on`: V8's default (for a comparison).
 */
export function keepBatchOutOfTurbofan(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.EXCHANGE_WRITER_TURBOFAN === 'on' || !runBatch.name) return false;
  v8.setFlagsFromString(`--turbo-filter=-${runBatch.name}`);
  return true;
}

/**
 * Runs one batch of a market's commands in the caller's transaction. Answers each command's result in order; a
 * thrown error means the batch could not be written (the caller rolls back and retries its commands one by one).
 */
export async function runBatch(
  q: Queryable,
  marketId: string,
  commands: WriterCommand[],
  cfg: ExchangeConfig,
  /** The book the previous batch of this writer left (null: read it from the database). */
  warmIn: WarmBook | null = null,
  /** The lease's setting, put in the batch's first statement (null: the caller runs begin()). */
  lease: BatchLeaseParts | null = null,
  /**
   * The feed's change through the writer (issue 28 item 1): the market's row already holds a newer feed version than
   * the kept book (checked with keptBookTakesFeed); the book takes the feed's new offer and its sweep is written.
   */
  feedMoved = false,
): Promise<BatchOutcome> {
  const results: (CommandResult | undefined)[] = new Array(commands.length);
  // players placing or editing bets (an edit that replaces a bet is a new bet: the same checks)
  const placers = [...new Set(commands.flatMap((c) => (c.kind === 'place' || c.kind === 'edit' ? [c.playerId] : [])))].sort(
    (a, b) => a - b,
  );
  const cancellers = [...new Set(commands.flatMap((c) => (c.kind === 'cancelAll' ? [c.playerId] : [])))];
  // cash-out takes no protection check (a hedge only closes a position) but needs the player's row and funds
  const cashers = [...new Set(commands.flatMap((c) => (c.kind === 'cashOut' ? [c.playerId] : [])))];

  // 1. and 2. one statement: the rows of the players placing or cashing out, who of them needs the full protection
  // rules, their staff-set liability limits (every kind: the market's is the row's), the lease's setting for this
  // transaction; then the rows of the players who need the full rules locked in id order, and only after them (the
  // lock's condition waits for their count) the market's row, locked: the per-bet path's lock order, players ->
  // market. The book and everything else is read after this statement: one that waited for the market's row would
  // read the rest from the snapshot it took before waiting.
  const readers = [...new Set([...placers, ...cashers])];
  const players = new Map<number, PlayerRow>();
  const limits = new Map<number, Record<string, string | number>>();
  const fully = new Set<number>();
  const first = new Statement();
  const firstColumns = (lease?.settings ?? []).map(([k, v], i) => `set_config(${first.p(k)}, ${first.p(v)}, true) AS setting_${i}`);
  firstColumns.push(
    `(SELECT json_agg(json_build_array(pl.id::text, pl.currency, pl.status, pl.exchange_market, pl.cs_market, pl.needs_full, pl.caps)) FROM pl) AS players`,
    '(SELECT json_agg(lk.id::text) FROM lk) AS locked',
    '(SELECT row_to_json(m) FROM m) AS market',
  );
  const first$ = (
    await q.query<{ players: unknown; locked: unknown; market: MarketRaw | null }>(
      `WITH pl AS (SELECT p.id, p.currency, p.status, p.exchange_market, p.cs_market, ${MAY_BE_CLOSED_OR_LIMITED} AS needs_full,
           (SELECT json_object_agg(l.kind, l.max_liability_minor::text) FROM exchange_liability_limits l WHERE l.player_id = p.id) AS caps
         FROM players p LEFT JOIN player_protection s ON s.player_id = p.id WHERE p.id = ANY(${first.p(readers)}::bigint[])),
       lk AS (SELECT id FROM players WHERE id IN (SELECT pl.id FROM pl WHERE pl.needs_full AND pl.id = ANY(${first.p(placers)}::bigint[]))
         ORDER BY id FOR NO KEY UPDATE),
       m AS (SELECT ${MARKET_COLUMNS} FROM exchange_markets
         WHERE market_id = ${first.p(marketId)}::text AND (SELECT count(*) FROM lk) >= 0 FOR UPDATE)
       SELECT ${firstColumns.join(', ')}`,
      first.params,
    )
  ).rows[0]!;
  for (const [id, currency, status, exchangeMarket, csMarket, , caps] of rowsOf<
    [string, Currency, string, number, number, boolean, Record<string, string> | null]
  >(first$.players)) {
    players.set(Number(id), { id, currency, status, exchange_market: exchangeMarket, cs_market: csMarket });
    if (caps) limits.set(Number(id), caps);
  }
  for (const id of rowsOf<string>(first$.locked)) fully.add(Number(id));
  const market = first$.market ? toMarketRow(first$.market) : null;
  if (!market) {
    return {
      results: commands.map(() => ({ ok: false, error: new BetRefused(404, M.marketNotFound, { code: 'market' }) })),
      affected: [],
    };
  }

  // the book kept from the previous batch, if it is of this feed version (the lease's epoch the writer checked), or
  // of an older one when this batch is the feed's change (its new offer is loaded below)
  const warm =
    market.kind === 'MATCH_ODDS' &&
    warmIn &&
    (warmIn.feedVersion === market.feedVersion || (feedMoved && keptBookTakesFeed(warmIn, market)))
      ? warmIn
      : null;
  const accounts: WarmBook['accounts'] = warm?.accounts ?? new Map();

  // 3. the bets the commands name (bets in the delay, bets to cancel): only when some command names one
  const activateIds = commands.flatMap((c) => (c.kind === 'activate' ? [c.betId] : []));
  const cancelIds = commands.flatMap((c) => (c.kind === 'cancel' || c.kind === 'edit' ? [c.publicId] : []));
  const named = new Map<number, BetState>();
  const byPublicId = new Map<string, BetState>();
  if (activateIds.length || cancelIds.length || cancellers.length) {
    const r = await q.query<RestingRow & { line: number | null; reason: string | null; fill_or_kill: boolean }>(
      `SELECT ${BET_COLUMNS} FROM exchange_bets WHERE market_id = $1 AND (id = ANY($2::bigint[]) OR public_id = ANY($3::text[])
         OR (player_id = ANY($4::bigint[]) AND remaining_minor > 0 AND status IN ('UNMATCHED', 'PARTIALLY_MATCHED')))`,
      [marketId, activateIds, cancelIds, cancellers],
    );
    for (const row of r.rows) {
      // a resting order the kept book holds is that one state (the book and the bet move together)
      const s = warm?.resting.get(Number(row.id)) ?? stateOfRow(row);
      named.set(s.id, s);
      byPublicId.set(s.publicId, s);
    }
  }

  // 4. after the lock, one statement: the keys claimed (each once: a key already used is answered from its stored
  // row after the commit), the players' funds, the positions of players the kept book does not carry, the book
  // itself when none is kept (every resting order in time priority, what was taken from the feed), and ids and time
  // priorities for what the batch may create
  const places = commands.flatMap((c, i) => (c.kind === 'place' || c.kind === 'edit' || c.kind === 'cashOut' ? [{ c, i }] : []));
  const used = new Set<string>();
  /** Commands whose key is new (the first of the batch to name it): their answers are stored with it. */
  const owners = new Set<number>();
  const involved = [...new Set([...placers, ...cancellers, ...cashers, ...[...named.values()].map((b) => b.playerId)])].sort(
    (a, b) => a - b,
  );
  // the positions the kept book carries are the database's (the same commit left both): taken as they are, and the
  // batch keeps them in step as it goes, in place (a failed batch throws the kept book away, these with it; a batch
  // costs what it touches, not the number of players the market has seen)
  const data: Map<number, WarmPosition> = warm?.positions ?? new Map();
  const unread = involved.filter((id) => !data.has(id));
  const readBook =
    !warm && market.kind === 'MATCH_ODDS' && (places.length > 0 || activateIds.length > 0 || cancelIds.length > 0 || cancellers.length > 0);
  const need = commands.reduce((n, c) => n + (c.kind === 'cashOut' ? Math.max(1, market.runners.length) : 1), 0);
  const reads = new Statement();
  let marketP: string | null = null;
  const mP = () => (marketP ??= `${reads.p(marketId)}::text`);
  const readCtes: string[] = [];
  const readColumns: string[] = [
    `(SELECT json_agg(json_build_array(a.id::text, a.seq::text)) FROM (SELECT nextval(pg_get_serial_sequence('exchange_bets', 'id')) AS id,
       nextval('exchange_rest_seq') AS seq FROM generate_series(1, ${reads.p(need)}::int)) a) AS alloc`,
  ];
  if (places.length)
    // the keys already used; a new key's row is written with its answer by the write statement (one insert a bet, not
    // a claim here and an update there), which refuses the batch when another request took the key meanwhile
    readColumns.push(`(SELECT json_agg(json_build_array(w.player_id::text, w.endpoint, w.key)) FROM wallet_idempotency w
       JOIN unnest(${reads.p(places.map((p) => p.c.playerId))}::bigint[], ${reads.p(places.map((p) => commandEndpoint(p.c)))}::text[],
         ${reads.p(places.map((p) => p.c.key))}::text[]) AS k(player_id, endpoint, key)
         ON w.player_id = k.player_id AND w.endpoint = k.endpoint AND w.key = k.key) AS used`);
  if (involved.length) readColumns.push(`(SELECT json_agg(f) FROM (${fundsSql(reads.p(involved))}) f) AS funds`);
  if (unread.length) {
    readColumns.push(...positionsColumns(mP(), reads.p(unread)));
  }
  if (readBook)
    readColumns.push(
      `(SELECT json_agg(x) FROM (SELECT id, player_id, currency, selection_id, side, price, stake_minor, remaining_minor, matched_minor,
         matched_value, cancelled_minor, persistence, rest_seq, status, public_id FROM exchange_bets
         WHERE market_id = ${mP()} AND remaining_minor > 0 ORDER BY rest_seq) x) AS resting`,
      `(SELECT json_agg(json_build_array(currency, selection_id, side, price, taken_minor::text)) FROM exchange_house_taken
         WHERE market_id = ${mP()} AND feed_version = ${reads.p(market.feedVersion)}::int) AS taken`,
    );
  const read = (
    await q.query<Record<string, unknown>>(
      `${readCtes.length ? `WITH ${readCtes.join(', ')} ` : ''}SELECT ${readColumns.join(', ')}`,
      reads.params,
    )
  ).rows[0]!;

  for (const [player, endpoint, key] of rowsOf<[string, string, string]>(read.used)) used.add(`${player}:${endpoint}:${key}`);
  {
    const seen = new Set<string>();
    for (const { c, i } of places) {
      const k = `${c.playerId}:${commandEndpoint(c)}:${c.key}`;
      if (used.has(k) || seen.has(k)) results[i] = { ok: true, replayOf: { playerId: c.playerId, key: c.key, hash: c.hash } };
      else owners.add(i);
      seen.add(k);
    }
  }

  // 5. players, their funds, positions and limits
  const funds = new Map<number, Funds>();
  toFunds(rowsOf<FundsRow>(read.funds), funds);
  if (unread.length) {
    takePositions(market, read, unread, data);
  }
  const caps = new Map<number, number>();
  for (const id of placers) {
    const cap = limits.get(id)?.[market.kind];
    if (cap !== undefined) caps.set(id, Number(cap));
  }

  // 6. the book (Match Odds): kept from the previous batch, or read above
  // the bets this batch looks at (named by a command, placed, matched against); the kept book's other resting orders
  // stay in `resting` untouched, so a batch costs what it touches, not the size of the book
  const bets = new Map<number, BetState>(named);
  const resting: Map<number, BetState> = warm?.resting ?? new Map();
  const betOf = (id: number): BetState | undefined => {
    let b = bets.get(id);
    if (!b && (b = resting.get(id))) bets.set(id, b);
    return b;
  };
  const books = new Map<string, MatchOddsBook>();
  const taken: Map<string, number> = warm?.taken ?? new Map();
  const sweepFills: { currency: string; fills: Fill[] }[] = [];
  let booksLoaded = false;
  if (warm) {
    booksLoaded = true;
    // the feed's new version: its offer replaces the old one in every book, nothing of it taken yet, and where it
    // crosses a resting order that order is matched at its own price (the sweep, as sweepCrossing does through SQL)
    const newOffer = warm.feedVersion !== market.feedVersion;
    if (newOffer) taken.clear();
    for (const [currency, book] of warm.books) {
      books.set(currency, book);
      if (newOffer)
        for (const runnerId of book.runnerIds) {
          const fills = book.setHouseLiquidity(runnerId, houseLevels(market, currency, runnerId, taken, cfg));
          if (fills.length) sweepFills.push({ currency, fills });
        }
    }
    // a currency the book has no orders in yet: its book with the feed's offer
    for (const f of funds.values())
      if (!books.has(f.currency)) {
        const book = new MatchOddsBook(
          market.marketId,
          market.runners.map((r) => String(r.selectionId)),
        );
        books.set(f.currency, book);
        for (const runnerId of book.runnerIds) {
          const fills = book.setHouseLiquidity(runnerId, houseLevels(market, f.currency, runnerId, taken, cfg));
          if (fills.length) sweepFills.push({ currency: f.currency, fills });
        }
      }
  } else if (readBook) {
    booksLoaded = true;
    const restingRows = rowsOf<RestingRow>(read.resting);
    for (const [currency, selection, side, price, takenMinor] of rowsOf<[string, string, Side, number, string]>(read.taken))
      taken.set(`${currency}:${selection}:${side}:${price}`, Number(takenMinor));
    const currencies = new Set<string>([...restingRows.map((r) => r.currency), ...[...funds.values()].map((f) => f.currency)]);
    for (const currency of currencies)
      books.set(
        currency,
        new MatchOddsBook(
          market.marketId,
          market.runners.map((r) => String(r.selectionId)),
        ),
      );
    for (const row of restingRows) {
      const s = bets.get(Number(row.id)) ?? stateOfRow(row);
      resting.set(s.id, s);
      const book = books.get(s.currency)!;
      if (!book.runnerIds.includes(s.selectionId)) continue;
      book.restExisting({
        id: orderIdOf(s.id),
        playerId: String(s.playerId),
        runnerId: s.selectionId,
        side: s.side as Side,
        price: s.price,
        remaining: s.remaining,
        persistence: s.persistence,
      });
    }
    for (const [currency, book] of books)
      for (const runnerId of book.runnerIds) {
        const fills = book.setHouseLiquidity(runnerId, houseLevels(market, currency, runnerId, taken, cfg));
        if (fills.length) sweepFills.push({ currency, fills });
      }
  }

  // 7. ids and time priorities for what the batch may create (read above)
  const alloc = { ids: [] as number[], seqs: [] as number[] };
  for (const [id, seq] of rowsOf<[string, string]>(read.alloc)) {
    alloc.ids.push(Number(id));
    alloc.seqs.push(Number(seq));
  }
  alloc.ids.sort((a, b) => a - b);
  alloc.seqs.sort((a, b) => a - b);
  const nextSeq = () => alloc.seqs.shift()!;

  const fillsOut: { currency: string; fill: Fill }[] = [];
  const activities: { playerId: number; kind: 'bet' | 'cancel' | 'cash_out'; betId: number; detail: string }[] = [];
  const exposureNow = new Map<number, number>();
  const changedPlayers = new Set<number>();
  const untracked = new Set<number>();

  const exposureOf = (playerId: number) => {
    const k = data.get(playerId)!;
    return k.tally ? k.tally.exposure() : playerPosition(market, playerId, k.data).exposure;
  };
  /** A matched part into its player's kept position; false when the batch does not keep that player's. */
  const addPart = (part: MatchedPart): boolean => {
    const k = data.get(part.playerId);
    if (!k) return false;
    k.data.parts.push(part);
    k.tally?.addMatched(part);
    return true;
  };
  const heldNow = (playerId: number) => exposureNow.get(playerId) ?? data.get(playerId)?.held?.exposure ?? 0;

  /** Applies fills to the bets they touched and to the positions the batch keeps. */
  const applyFills = (currency: string, fills: Fill[], taker: BetState | null) => {
    for (const f of fills) {
      fillsOut.push({ currency, fill: f });
      for (const side of ['BACK', 'LAY'] as const) {
        const [orderId, owner] = side === 'BACK' ? [f.backOrderId, f.backPlayerId] : [f.layOrderId, f.layPlayerId];
        if (owner === HOUSE_ACCOUNT) {
          // the house's offer is used up at its own price (a sweep matches at the player's price)
          const k = `${currency}:${f.runnerId}:${side}:${books.get(currency)?.getOrder(orderId)?.price ?? f.price}`;
          taken.set(k, (taken.get(k) ?? 0) + f.stake);
          takenDelta.set(k, (takenDelta.get(k) ?? 0) + f.stake);
          continue;
        }
        const betId = betIdOfOrder(orderId)!;
        const b = betOf(betId)!;
        if (b !== taker) {
          b.remaining -= f.stake;
          b.matched += f.stake;
          b.matchedValue += f.stake * f.price;
          b.status = b.remaining === 0 ? 'MATCHED' : 'PARTIALLY_MATCHED';
          b.matchedNow = true;
          b.touched = true;
          syncRow(b);
        }
        if (!addPart({ betId, playerId: b.playerId, selectionId: f.runnerId, side, price: f.price, stake: f.stake }))
          untracked.add(b.playerId);
        changedPlayers.add(b.playerId);
        touchedNow.add(b.playerId);
      }
    }
  };
  const takenDelta = new Map<string, number>();
  /** Keeps the position data's row of a bet in step with its state. */
  const syncRow = (b: BetState) => {
    const k = data.get(b.playerId);
    if (!k) return;
    const row = k.rows.get(b.id);
    const next: BetRow = {
      id: b.id,
      playerId: b.playerId,
      currency: b.currency,
      selectionId: b.selectionId,
      side: b.side,
      price: b.price,
      line: b.line,
      fancyType: market.fancy?.type ?? null,
      stake: b.stake,
      matched: b.matched,
      remaining: b.remaining,
      status: b.status,
    };
    if (row) Object.assign(row, { ...next, fancyType: row.fancyType });
    else {
      k.data.bets.push(next);
      k.rows.set(next.id, next);
    }
    k.tally?.setOpen(b.id, openOrder(row ?? next));
  };
  const rehold = (playerIds: Iterable<number>) => {
    for (const id of playerIds) {
      if (!data.has(id)) continue;
      const before = heldNow(id);
      const after = exposureOf(id);
      exposureNow.set(id, after);
      const f = funds.get(id);
      if (f) {
        f.available -= BigInt(after - before);
        f.mainMinor -= BigInt(after - before);
        f.exposureMinor += BigInt(after - before);
      }
    }
  };

  const houseFills: { currency: string; bet: BetState }[] = [];
  let touchedNow = new Set<number>();
  // the sweep's fills found while loading (the feed crossed a resting order before its sweep ran) are written too
  for (const { currency, fills } of sweepFills) applyFills(currency, fills, null);
  rehold(touchedNow);

  let cutAt: number | null = null;
  const snapshots = new Map<number, { bet: Partial<BetView>; figures: Omit<BetAnswer, 'bet'> }>();
  for (let i = 0; i < commands.length; i++) {
    // a deferred command ends the batch: what came after it waits with it (arrival order is kept)
    if (cutAt !== null) {
      results[i] = { ok: 'deferred' };
      continue;
    }
    if (results[i]) continue;
    const c = commands[i]!;
    touchedNow = new Set();
    try {
      if (c.kind === 'place') results[i] = await place(c);
      else if (c.kind === 'activate') results[i] = activate(c.betId);
      else if (c.kind === 'edit') results[i] = await edit(c);
      else if (c.kind === 'cancelAll') results[i] = cancelAll(c.playerId);
      else if (c.kind === 'cashOut') results[i] = cashOut(c);
      else results[i] = cancel(c.playerId, c.publicId);
      if (results[i]!.ok === 'deferred') cutAt = i;
      else snapshot(i, results[i]!, c);
    } catch (err) {
      if (err instanceof Refusal) results[i] = { ok: false, error: err.error };
      else if (err instanceof HttpError) results[i] = { ok: false, error: err };
      else throw err;
    }
  }

  function snapshot(i: number, r: CommandResult, c: WriterCommand) {
    if (r.ok !== true || !('betId' in r)) return;
    const b = bets.get(r.betId);
    const f = b ? funds.get(b.playerId) : undefined;
    if (!b || !f || c.kind === 'activate') return;
    const { balance, available, exposure } = walletFigures(balanceOf(f));
    snapshots.set(i, {
      bet: {
        status: b.status as BetView['status'],
        matched_minor: String(b.matched),
        matched_value: String(b.matchedValue),
        remaining_minor: String(b.remaining),
        reason: b.reason,
      },
      figures: { balance, available, exposure },
    });
  }

  /**
   * A new bet's checks in the per-bet path's order: the account block, the protection rules for a player who needs
   * them (answers 'deferred' when such a player's bet must wait for the next batch), the market's checks.
   */
  async function newBetChecks(playerId: number, player: PlayerRow, input: PlaceBetInput): Promise<CheckedBet | 'deferred'> {
    if (marketBlock({ ...player, exchange_market: Number(player.exchange_market), cs_market: Number(player.cs_market) }).exchange)
      throw new Refusal(new BetRefused(403, M.exchangeBlocked, { code: 'blocked' }));
    const full = fully.has(playerId);
    if (full) {
      // the limits count what is written (bets, cancels, held exposure): once this batch changed anything of such a
      // player, their bet waits for the next batch
      if (changedPlayers.has(playerId)) return 'deferred';
      await assertMayPlay(q, playerId, cfg.protection);
    }
    const bet: CheckedBet = checkBet(market!, player.currency, input, cfg);
    if (full) await assertWagerWithinLimits(q, playerId, BigInt(betLiabilityMinor(bet.side, bet.stake, bet.price)));
    return bet;
  }

  /**
   * Refuses new bets the player's funds (or the staff-set liability limit, unless `capped` is false: hedges) cannot
   * hold: the exposure with them at their worst (unmatched, or in the delay: the whole stake; matching can only lower
   * it) and the unmatched part of `without` gone (an edit's old bet).
   */
  function assertFits(playerId: number, player: PlayerRow, adds: CheckedBet[], without: BetRow | null = null, capped = true) {
    const f = funds.get(playerId)!;
    const k = data.get(playerId)!;
    const rows: BetRow[] = adds.map((bet) => ({
      id: -1,
      playerId,
      currency: player.currency,
      selectionId: bet.selectionId,
      side: bet.side,
      price: bet.price,
      line: bet.line,
      fancyType: market!.fancy?.type ?? null,
      stake: bet.stake,
      matched: 0,
      remaining: bet.stake,
      status: 'PENDING',
    }));
    let worst: number;
    if (k.tally)
      worst = k.tally.exposure(
        rows.flatMap((r) => openOrder(r) ?? []),
        without?.id ?? null,
      );
    else {
      // Fancy: its table recomputed with the new bets in it for a moment
      const kept = without?.remaining ?? 0;
      if (without) without.remaining = 0;
      k.data.bets.push(...rows);
      worst = exposureOf(playerId);
      k.data.bets.splice(k.data.bets.length - rows.length, rows.length);
      if (without) without.remaining = kept;
    }
    const before = heldNow(playerId);
    if (worst - before > 0 && BigInt(worst - before) > f.available)
      throw new Refusal(new BetRefused(422, M.insufficientAvailable, { code: 'insufficient', ...walletFigures(balanceOf(f)) }));
    const cap = caps.get(playerId);
    if (capped && cap !== undefined && worst > cap && worst > before)
      throw new Refusal(
        new BetRefused(422, M.liabilityLimit(moneyFromMinor(cap), player.currency), {
          code: 'liability_limit',
          max_liability: moneyFromMinor(cap),
        }),
      );
  }

  async function place(c: Extract<WriterCommand, { kind: 'place' }>): Promise<CommandResult> {
    const player = players.get(c.playerId);
    if (!player) throw new Refusal(new BetRefused(404, 'Unknown player'));
    const bet = await newBetChecks(c.playerId, player, c.input);
    if (bet === 'deferred') return { ok: 'deferred' };
    assertFits(c.playerId, player, [bet]);
    return acceptPlace(c, player, bet);
  }

  function acceptPlace(c: { playerId: number }, player: PlayerRow, bet: CheckedBet, hedge = false): CommandResult {
    const delayMs = market!.inplay ? (cfg.betDelayMs[market!.kind] ?? market!.betDelayMs) : 0;
    const book = books.get(player.currency);
    let pending = false;
    if (delayMs > 0) pending = market!.kind !== 'MATCH_ODDS' || wouldMatch(book!, c.playerId, bet);
    const id = alloc.ids.shift()!;
    const s: BetState = {
      id,
      isNew: true,
      playerId: c.playerId,
      currency: player.currency,
      selectionId: bet.selectionId,
      side: bet.side,
      price: bet.price,
      line: bet.line,
      stake: bet.stake,
      persistence: bet.persistence,
      status: pending ? 'PENDING' : 'UNMATCHED',
      remaining: 0,
      matched: 0,
      matchedValue: 0,
      cancelled: 0,
      restSeq: null,
      delayMs: pending ? delayMs : null,
      reason: null,
      matchedNow: false,
      publicId: newPublicId(),
      touched: true,
      fillOrKill: hedge,
    };
    bets.set(id, s);
    syncRow(s);
    changedPlayers.add(c.playerId);
    touchedNow.add(c.playerId);
    // a hedge is said once by its cash-out's line (as on the per-bet path)
    if (!hedge)
      activities.push({
        playerId: c.playerId,
        kind: 'bet',
        betId: id,
        detail: betLine(market!, s.selectionId, s.side, s.price, s.line, s.stake),
      });
    if (!pending) matchBet(s, book ?? null);
    rehold(touchedNow);
    return { ok: true, betId: id, delayMs: pending ? delayMs : null, answer: null };
  }

  /** Matches a bet now (Match Odds against the book, house prices in full) and rests a Match Odds remainder. */
  function matchBet(s: BetState, book: MatchOddsBook | null) {
    if (market!.kind === 'MATCH_ODDS') {
      const { order, fills } = book!.place({
        id: orderIdOf(s.id),
        playerId: String(s.playerId),
        runnerId: s.selectionId,
        side: s.side as Side,
        price: s.price,
        stake: s.stake,
        persistence: s.persistence,
        // a cash-out hedge at the end of its delay: fill-or-kill, as on the per-bet path (bets.ts matchNow)
        rest: !s.fillOrKill,
      });
      s.matched = order.matched;
      s.matchedValue = order.matchedValue;
      s.remaining = order.remaining;
      s.cancelled = order.cancelled;
      // a fill-or-kill remainder is cancelled: MATCHED for what matched, LAPSED when nothing did
      s.status = order.cancelled > 0 ? (order.matched > 0 ? 'MATCHED' : 'LAPSED') : order.status;
      s.matchedNow = order.matched > 0;
      s.restSeq = order.remaining > 0 ? nextSeq() : s.restSeq;
      s.delayMs = null;
      syncRow(s);
      applyFills(s.currency, fills, s);
      return;
    }
    s.matched = s.stake;
    s.matchedValue = s.stake * s.price;
    s.remaining = 0;
    s.status = 'MATCHED';
    s.matchedNow = true;
    s.delayMs = null;
    syncRow(s);
    if (market!.kind === 'BOOKMAKER') {
      addPart({ betId: s.id, playerId: s.playerId, selectionId: s.selectionId, side: s.side as Side, price: s.price, stake: s.stake });
      houseFills.push({ currency: s.currency, bet: s });
    }
  }

  function activate(betId: number): CommandResult {
    const s = named.get(betId);
    if (!s || s.status !== 'PENDING') return { ok: true, betId, delayMs: null, answer: null };
    s.touched = true;
    changedPlayers.add(s.playerId);
    const lapse = (reason: string) => {
      s.status = 'LAPSED';
      s.cancelled = s.stake;
      s.reason = reason;
      s.delayMs = null;
      syncRow(s);
      rehold([s.playerId]);
      return { ok: true as const, betId, delayMs: null, answer: null };
    };
    try {
      assertOpen(market!, market!.kind === 'FANCY' ? null : s.selectionId);
    } catch {
      return lapse(M.lapsedSuspended);
    }
    // a house price that moved during the delay lapses the bet (the per-bet path's check)
    if (market!.kind !== 'MATCH_ODDS' && houseQuoteMismatch(market!, s) !== null) return lapse(M.lapsedPriceMoved);
    touchedNow.add(s.playerId);
    matchBet(s, books.get(s.currency) ?? null);
    rehold(touchedNow);
    return { ok: true, betId, delayMs: null, answer: null };
  }

  function cancel(playerId: number, publicId: string): CommandResult {
    const s = byPublicId.get(publicId);
    if (!s || s.playerId !== playerId) throw new Refusal(new BetRefused(404, M.betNotFound, { code: 'bet' }));
    if (s.remaining <= 0) throw new Refusal(new BetRefused(409, M.nothingToCancel, { code: 'nothing' }));
    cancelRemainder(s, `Cancelled the unmatched part of ${publicId}`);
    rehold([playerId]);
    return { ok: true, betId: s.id, delayMs: null, answer: null };
  }

  /** Cancels a bet's unmatched remainder in the batch (a cancel, cancel all, and an edit's replacement). */
  function cancelRemainder(s: BetState, detail: string) {
    if (market!.kind === 'MATCH_ODDS') books.get(s.currency)?.cancel(orderIdOf(s.id));
    s.cancelled += s.remaining;
    s.remaining = 0;
    s.status = s.matched > 0 ? 'MATCHED' : 'CANCELLED';
    s.touched = true;
    syncRow(s);
    changedPlayers.add(s.playerId);
    activities.push({ playerId: s.playerId, kind: 'cancel', betId: s.id, detail });
  }

  function cancelAll(playerId: number): CommandResult {
    // the bets read for it and any this batch placed before it (arrival order): every unmatched part, none in the delay
    const open = [...bets.values()]
      .filter((b) => b.playerId === playerId && b.remaining > 0 && (b.status === 'UNMATCHED' || b.status === 'PARTIALLY_MATCHED'))
      .sort((a, b) => a.id - b.id);
    for (const s of open) cancelRemainder(s, `Cancelled the unmatched part of ${s.publicId}`);
    if (open.length) rehold([playerId]);
    const f = funds.get(playerId);
    return { ok: true, cancelled: open.map((b) => b.id), figures: f ? walletFigures(balanceOf(f)) : null };
  }

  /**
   * Edits an unmatched Match Odds bet, Betfair's way: a lower unmatched stake at the same price keeps the bet and its
   * place in the queue; a new price or a higher stake cancels the unmatched part and places a new bet (the checks of
   * a new bet: market, ladder, stake limits, protection, funds and the liability limit with the old part gone), at the
   * back of the queue, which may match at once or wait the bet delay in play.
   */
  async function edit(c: Extract<WriterCommand, { kind: 'edit' }>): Promise<CommandResult> {
    const s = byPublicId.get(c.publicId);
    if (!s || s.playerId !== c.playerId) throw new Refusal(new BetRefused(404, M.betNotFound, { code: 'bet' }));
    if (s.status === 'PENDING') throw new Refusal(new BetRefused(409, M.editPending, { code: 'pending' }));
    if (market!.kind !== 'MATCH_ODDS' || s.remaining <= 0 || (s.status !== 'UNMATCHED' && s.status !== 'PARTIALLY_MATCHED'))
      throw new Refusal(new BetRefused(409, M.nothingToEdit, { code: 'nothing' }));
    const player = players.get(c.playerId);
    if (!player) throw new Refusal(new BetRefused(404, 'Unknown player'));
    const price = c.price ?? s.price / 100;
    const stake = c.stake ?? moneyFromMinor(s.remaining);
    const samePrice = Math.round(price * 100) === s.price;
    const newStake = Number(toMinor(stake));
    if (samePrice && newStake === s.remaining) throw new Refusal(new BetRefused(422, M.editUnchanged, { code: 'unchanged' }));
    if (samePrice && newStake > 0 && newStake < s.remaining) {
      // a stake decrease: the same bet, a smaller unmatched part, its queue position kept (rest_seq unchanged)
      const cut = s.remaining - newStake;
      books.get(s.currency)?.reduce(orderIdOf(s.id), newStake);
      s.remaining = newStake;
      s.cancelled += cut;
      s.touched = true;
      syncRow(s);
      changedPlayers.add(s.playerId);
      activities.push({
        playerId: s.playerId,
        kind: 'cancel',
        betId: s.id,
        detail: `Reduced the unmatched part of ${s.publicId} by ${moneyFromMinor(cut)}`,
      });
      rehold([s.playerId]);
      return { ok: true, betId: s.id, delayMs: null, answer: null, replaced: null };
    }
    // a replacement: a new bet's checks, in the per-bet path's order
    const input: PlaceBetInput = {
      market_id: market!.marketId,
      selection_id: s.selectionId,
      side: s.side as 'BACK' | 'LAY',
      price,
      stake,
      persistence: s.persistence,
    };
    const bet = await newBetChecks(c.playerId, player, input);
    if (bet === 'deferred') return { ok: 'deferred' };
    // funds and the limit: the exposure with the old unmatched part gone and the new bet at its worst
    assertFits(c.playerId, player, [bet], data.get(c.playerId)!.rows.get(s.id) ?? null);
    cancelRemainder(s, `Cancelled the unmatched part of ${s.publicId} (edited)`);
    const r = acceptPlace(c, player, bet);
    return r.ok === true && 'betId' in r ? { ...r, replaced: s.id } : r;
  }

  /**
   * A cash-out (issue 28 item 5 and issue 33): the quote from the player's matched parts and the book this batch
   * holds (Match Odds: its top, the feed's offer included; BookMaker: the rates shown), then each hedge placed as a
   * fill-or-kill bet with a hedge's checks (below the minimum stake allowed, no protection rules: it only closes a
   * position), in the bet delay in play like any bet that would match. A value below `minValue` refuses it all.
   */
  function cashOut(c: Extract<WriterCommand, { kind: 'cashOut' }>): CommandResult {
    const player = players.get(c.playerId);
    if (!player) throw new Refusal(new BetRefused(404, 'Unknown player'));
    const d = data.get(c.playerId)!.data;
    const book = books.get(player.currency) ?? null;
    const priceOf = (r: string, side: 'BACK' | 'LAY') => {
      if (market!.kind === 'BOOKMAKER') return bookmakerHedgePrice(market!, r, side);
      const depth = book?.depth(r, 1);
      const top = side === 'BACK' ? depth?.availableToBack[0] : depth?.availableToLay[0];
      return top ? top[0] : null;
    };
    let quote: CashOutQuote;
    try {
      quote = cashOutQuote(market!, c.playerId, d.parts, { selectionId: c.selectionId, percent: c.percent }, priceOf);
    } catch (err) {
      throw new Refusal(err);
    }
    if (c.minValue !== null && quote.value < c.minValue)
      throw new Refusal(new BetRefused(409, M.cashOutValueChanged, { code: 'price_moved', value: moneyFromMinor(quote.value) }));
    const checked = quote.hedges.map((h) =>
      checkBet(
        market!,
        player.currency,
        {
          market_id: market!.marketId,
          selection_id: h.selectionId,
          side: h.side,
          price: h.price / 100,
          stake: moneyFromMinor(h.stake),
        },
        cfg,
        true,
      ),
    );
    // funds: every hedge at its worst (unmatched) must fit, as any bet's (a hedge is never asked the staff-set limit)
    assertFits(c.playerId, player, checked, null, false);
    const f = funds.get(c.playerId)!;
    const betIds: number[] = [];
    const pendingHedges: { betId: number; delayMs: number }[] = [];
    for (const bet of checked) {
      const r = acceptPlace(c, player, bet, true);
      if (r.ok === true && 'betId' in r) {
        betIds.push(r.betId);
        if (r.delayMs !== null) pendingHedges.push({ betId: r.betId, delayMs: r.delayMs });
      }
    }
    const name = c.selectionId ? (market!.runners.find((r) => String(r.selectionId) === c.selectionId)?.name ?? c.selectionId) : null;
    activities.push({
      playerId: c.playerId,
      kind: 'cash_out',
      betId: betIds[0]!,
      detail: `Cash out ${moneyFromMinor(quote.value)}${c.percent < 100 ? ` (${c.percent}%)` : ''}${name ? ` on ${name}` : ''} — ${
        market!.eventName
      }, ${market!.name}`,
    });
    return {
      ok: true,
      cashOut: { value: quote.value, hedges: quote.hedges, after: [...quote.after], betIds, pending: pendingHedges },
      figures: walletFigures(balanceOf(f)),
    };
  }

  /* ---------------- the write phase ---------------- */

  // counterparties whose position the batch did not have (their resting order was matched): their positions as the
  // database has them, with this batch's changes of their bets and its fills applied here; and the funds (accounts)
  // of counterparties nobody read yet. One statement, only when there is such a player.
  const others = [...untracked].filter((id) => !data.has(id));
  const unfunded = [...exposureNow.keys()].filter((id) => !funds.has(id) && !accounts.has(id) && !others.includes(id));
  if (others.length || unfunded.length) {
    const st = new Statement();
    const columns: string[] = [`(SELECT json_agg(f) FROM (${fundsSql(st.p([...others, ...unfunded]))}) f) AS funds`];
    if (others.length) {
      columns.push(...positionsColumns(`${st.p(marketId)}::text`, st.p(others)));
    }
    const row = (await q.query<Record<string, unknown>>(`SELECT ${columns.join(', ')}`, st.params)).rows[0]!;
    toFunds(rowsOf<FundsRow>(row.funds), funds);
    if (others.length) {
      takePositions(market, row, others, data);
      // what this batch did to them, as a read after its writes would show it: their bets' new state, then its fills
      const mine = new Set(others);
      for (const b of bets.values()) if (mine.has(b.playerId) && b.touched) syncRow(b);
      for (const { fill: f } of fillsOut)
        for (const side of ['BACK', 'LAY'] as const) {
          const [orderId, owner] = side === 'BACK' ? [f.backOrderId, f.backPlayerId] : [f.layOrderId, f.layPlayerId];
          if (owner === HOUSE_ACCOUNT) continue;
          const betId = betIdOfOrder(orderId)!;
          const b = bets.get(betId);
          if (b && mine.has(b.playerId))
            addPart({ betId, playerId: b.playerId, selectionId: f.runnerId, side, price: f.price, stake: f.stake });
        }
      for (const id of others) exposureNow.set(id, exposureOf(id));
    }
  }

  // the holds: one ledger transfer per player whose exposure moved, all in one go
  const accountsOf = (id: number) => {
    const f = funds.get(id);
    return f && f.mainId && f.exposureId ? { currency: f.currency, mainId: f.mainId, exposureId: f.exposureId } : accounts.get(id);
  };
  // accounts created on first use (a player's first hold): rare, one by one
  for (const id of [...exposureNow.keys()].filter((id) => !accountsOf(id))) {
    const a = await playerAccounts(q, id);
    const f = funds.get(id);
    if (f) Object.assign(f, { mainId: a.main, exposureId: a.exposure });
  }
  const holds: TransferInput[] = [];
  const positions: { playerId: number; currency: string; exposure: number; version: number }[] = [];
  for (const [id, exposure] of [...exposureNow].sort((a, b) => a[0] - b[0])) {
    const before = data.get(id)?.held;
    if ((before?.exposure ?? 0) === exposure) continue;
    const a = accountsOf(id)!;
    const version = (before?.version ?? 0) + 1;
    const delta = BigInt(exposure - (before?.exposure ?? 0));
    holds.push({
      idempotencyKey: `exchange:hold:${id}:${marketId}:${version}`,
      kind: 'exchange.hold',
      reference: marketId,
      metadata: { market_id: marketId, exposure },
      legs: [
        { account: a.mainId, amountMinor: -delta },
        { account: a.exposureId, amountMinor: delta },
      ],
    });
    positions.push({ playerId: id, currency: a.currency, exposure, version });
  }

  // idempotency: the keys of the placed bets stored with their answers; a refused or deferred command stores nothing
  // (a refusal may be retried with its key)
  const stored: { playerId: number; endpoint: string; key: string; hash: string; response: string }[] = [];
  for (const { c, i } of places) {
    const r = results[i]!;
    if (!owners.has(i) || r.ok !== true) continue;
    const endpoint = commandEndpoint(c);
    if ('cashOut' in r)
      stored.push({
        playerId: c.playerId,
        endpoint,
        key: c.key,
        hash: c.hash,
        response: JSON.stringify({ value: r.cashOut.value, hedges: r.cashOut.hedges, after: r.cashOut.after, betIds: r.cashOut.betIds }),
      });
    else if ('betId' in r)
      stored.push({
        playerId: c.playerId,
        endpoint,
        key: c.key,
        hash: c.hash,
        response: JSON.stringify({
          betId: r.betId,
          affected: [],
          delayMs: r.delayMs,
          ...(c.kind === 'edit' ? { replaced: r.replaced ?? null } : {}),
        }),
      });
  }

  // everything in ONE statement (issue 28 stop 42: a round trip per table was most of a hot market's batch): new
  // bets, changed bets, fills, the feed's size taken, activity lines, positions, the idempotency rows, the holds'
  // ledger transfers (accounts locked in id order, transferMany's rules checked on the answer);
  // it answers the bets as the player's lists show them. Every table is written by one part, each row once.
  const created = [...bets.values()].filter((b) => b.isNew);
  const updated = [...bets.values()].filter((b) => !b.isNew && b.touched);
  const fillRows = [
    ...fillsOut.map(({ currency, fill: f }) => ({
      currency,
      selectionId: f.runnerId,
      price: f.price,
      stake: f.stake,
      back: f.backPlayerId === HOUSE_ACCOUNT ? null : betIdOfOrder(f.backOrderId),
      lay: f.layPlayerId === HOUSE_ACCOUNT ? null : betIdOfOrder(f.layOrderId),
      taker: betIdOfOrder(f.takerOrderId),
    })),
    ...houseFills.map(({ currency, bet: b }) => ({
      currency,
      selectionId: b.selectionId,
      price: b.price,
      stake: b.stake,
      back: b.side === 'BACK' ? b.id : null,
      lay: b.side === 'LAY' ? b.id : null,
      taker: b.id,
    })),
  ];
  const w = new Statement();
  const p = w.p;
  const ctes: string[] = [];
  const columns: string[] = [];
  const viewed: string[] = [];
  const VIEW_RETURNING = `id, public_id, market_id, kind, selection_id, selection_name, side, price, line, stake_minor, matched_minor,
    matched_value, remaining_minor, status, persistence, reason, profit_minor, placed_at, delay_until, settled_at, voided`;
  if (created.length) {
    ctes.push(`ins_bets AS (INSERT INTO exchange_bets (id, public_id, player_id, currency, market_id, kind, selection_id, selection_name, side,
         price, line, fancy_type, stake_minor, persistence, status, matched_minor, matched_value, remaining_minor, cancelled_minor, rest_seq,
         delay_until, matched_at, fill_or_kill)
       SELECT b.id, b.public_id, b.player_id, b.currency, ${p(market.marketId)}, ${p(market.kind)}, b.selection_id, b.selection_name, b.side,
         b.price, b.line, ${p(market.fancy?.type ?? null)}::smallint, b.stake, b.persistence, b.status, b.matched, b.matched_value, b.remaining,
         b.cancelled, b.rest_seq,
         CASE WHEN b.delay_ms IS NOT NULL THEN now() + make_interval(secs => b.delay_ms::double precision / 1000) END,
         CASE WHEN b.matched > 0 THEN now() END, b.fill_or_kill
       FROM unnest(${p(created.map((b) => b.id))}::bigint[], ${p(created.map((b) => b.publicId))}::text[],
         ${p(created.map((b) => b.playerId))}::bigint[], ${p(created.map((b) => b.currency))}::text[],
         ${p(created.map((b) => b.selectionId))}::text[], ${p(created.map((b) => selectionName(market, b.selectionId) ?? ''))}::text[],
         ${p(created.map((b) => b.side))}::text[], ${p(created.map((b) => b.price))}::int[], ${p(created.map((b) => b.line))}::int[],
         ${p(created.map((b) => b.stake))}::bigint[], ${p(created.map((b) => b.persistence))}::text[], ${p(created.map((b) => b.status))}::text[],
         ${p(created.map((b) => b.matched))}::bigint[], ${p(created.map((b) => b.matchedValue))}::bigint[],
         ${p(created.map((b) => b.remaining))}::bigint[], ${p(created.map((b) => b.cancelled))}::bigint[],
         ${p(created.map((b) => b.restSeq))}::bigint[], ${p(created.map((b) => b.delayMs))}::int[], ${p(created.map((b) => b.fillOrKill))}::boolean[])
         AS b(id, public_id, player_id, currency, selection_id, selection_name, side, price, line, stake, persistence, status, matched,
           matched_value, remaining, cancelled, rest_seq, delay_ms, fill_or_kill)
       RETURNING ${VIEW_RETURNING})`);
    viewed.push('SELECT * FROM ins_bets');
  }
  if (updated.length) {
    ctes.push(`upd_bets AS (UPDATE exchange_bets x SET status = u.status, matched_minor = u.matched, matched_value = u.matched_value,
         remaining_minor = u.remaining, cancelled_minor = u.cancelled, rest_seq = u.rest_seq, reason = u.reason,
         delay_until = CASE WHEN u.status = 'PENDING' THEN x.delay_until END,
         matched_at = CASE WHEN u.matched_now THEN now() ELSE x.matched_at END, updated_at = now()
       FROM unnest(${p(updated.map((b) => b.id))}::bigint[], ${p(updated.map((b) => b.status))}::text[], ${p(updated.map((b) => b.matched))}::bigint[],
         ${p(updated.map((b) => b.matchedValue))}::bigint[], ${p(updated.map((b) => b.remaining))}::bigint[],
         ${p(updated.map((b) => b.cancelled))}::bigint[], ${p(updated.map((b) => b.restSeq))}::bigint[], ${p(updated.map((b) => b.reason))}::text[],
         ${p(updated.map((b) => b.matchedNow))}::boolean[])
         AS u(id, status, matched, matched_value, remaining, cancelled, rest_seq, reason, matched_now)
       WHERE x.id = u.id
       RETURNING ${VIEW_RETURNING.split(',')
         .map((c) => `x.${c.trim()}`)
         .join(', ')})`);
    viewed.push('SELECT * FROM upd_bets');
  }
  if (fillRows.length)
    ctes.push(`ins_fills AS (INSERT INTO exchange_fills (market_id, currency, selection_id, price, stake_minor, back_bet_id, lay_bet_id, taker_bet_id)
       SELECT ${p(market.marketId)}, f.currency, f.selection_id, f.price, f.stake, f.back, f.lay, f.taker
       FROM unnest(${p(fillRows.map((f) => f.currency))}::text[], ${p(fillRows.map((f) => f.selectionId))}::text[],
         ${p(fillRows.map((f) => f.price))}::int[], ${p(fillRows.map((f) => f.stake))}::bigint[], ${p(fillRows.map((f) => f.back))}::bigint[],
         ${p(fillRows.map((f) => f.lay))}::bigint[], ${p(fillRows.map((f) => f.taker))}::bigint[]) WITH ORDINALITY
         AS f(currency, selection_id, price, stake, back, lay, taker, n) ORDER BY f.n)`);
  if (takenDelta.size) {
    const keys = [...takenDelta.keys()].map((k) => k.split(':'));
    ctes.push(`ins_taken AS (INSERT INTO exchange_house_taken (market_id, feed_version, currency, selection_id, side, price, taken_minor)
       SELECT ${p(market.marketId)}, ${p(market.feedVersion)}::int, t.currency, t.selection_id, t.side, t.price, t.taken
       FROM unnest(${p(keys.map((k) => k[0]))}::text[], ${p(keys.map((k) => k[1]))}::text[], ${p(keys.map((k) => k[2]))}::text[],
         ${p(keys.map((k) => Number(k[3])))}::int[], ${p([...takenDelta.values()])}::bigint[]) AS t(currency, selection_id, side, price, taken)
       ON CONFLICT (market_id, feed_version, currency, selection_id, side, price)
       DO UPDATE SET taken_minor = exchange_house_taken.taken_minor + EXCLUDED.taken_minor)`);
  }
  if (activities.length)
    ctes.push(`ins_activity AS (INSERT INTO exchange_activity (player_id, kind, bet_id, market_id, detail)
       SELECT a.player_id, a.kind, a.bet_id, ${p(market.marketId)}, a.detail
       FROM unnest(${p(activities.map((a) => a.playerId))}::bigint[], ${p(activities.map((a) => a.kind))}::text[],
         ${p(activities.map((a) => a.betId))}::bigint[], ${p(activities.map((a) => a.detail))}::text[]) WITH ORDINALITY
         AS a(player_id, kind, bet_id, detail, n) ORDER BY a.n)`);
  if (positions.length)
    ctes.push(`up_positions AS (INSERT INTO exchange_positions (player_id, market_id, currency, exposure_minor, hold_version)
       SELECT x.player_id, ${p(marketId)}, x.currency, x.exposure, x.version
       FROM unnest(${p(positions.map((x) => x.playerId))}::bigint[], ${p(positions.map((x) => x.currency))}::text[],
         ${p(positions.map((x) => x.exposure))}::bigint[], ${p(positions.map((x) => x.version))}::int[]) AS x(player_id, currency, exposure, version)
       ON CONFLICT (player_id, market_id) DO UPDATE SET exposure_minor = EXCLUDED.exposure_minor, hold_version = EXCLUDED.hold_version,
         updated_at = now())`);
  const ledgerParts = transferManyParts(holds, p);
  if (ledgerParts) {
    ctes.push(...ledgerParts.ctes);
    columns.push(...ledgerParts.columns);
  }
  if (stored.length) {
    // a key another request (another market's writer) wrote since the read: not overwritten, and the batch refused
    // below (rolled back, then decided again command by command, when that key reads as used)
    ctes.push(`idem_stored AS (INSERT INTO wallet_idempotency (player_id, endpoint, key, request_hash, response)
       SELECT s.player_id, s.endpoint, s.key, s.hash, s.response::jsonb
       FROM unnest(${p(stored.map((x) => x.playerId))}::bigint[], ${p(stored.map((x) => x.endpoint))}::text[],
         ${p(stored.map((x) => x.key))}::text[], ${p(stored.map((x) => x.hash))}::text[], ${p(stored.map((x) => x.response))}::text[])
         AS s(player_id, endpoint, key, hash, response)
       ON CONFLICT DO NOTHING RETURNING 1)`);
    columns.push('(SELECT count(*)::int FROM idem_stored) AS idem_stored');
  }
  if (viewed.length)
    columns.push(`(SELECT json_agg(json_build_object('id', v.id::text, 'public_id', v.public_id, 'market_id', v.market_id,
         'market_name', mk.name, 'kind', v.kind, 'event_id', mk.event_id, 'event_name', mk.event_name, 'selection_id', v.selection_id,
         'selection_name', v.selection_name, 'side', v.side, 'price', v.price, 'line', v.line, 'stake_minor', v.stake_minor::text,
         'matched_minor', v.matched_minor::text, 'matched_value', v.matched_value::text, 'remaining_minor', v.remaining_minor::text,
         'status', v.status, 'persistence', v.persistence, 'reason', v.reason, 'profit_minor', v.profit_minor::text,
         'placed_at', v.placed_at, 'delay_until', v.delay_until, 'settled_at', v.settled_at, 'voided', v.voided))
       FROM (${viewed.join(' UNION ALL ')}) v JOIN exchange_markets mk ON mk.market_id = v.market_id) AS views`);
  const views = new Map<number, BetView>();
  if (ctes.length || columns.length) {
    const row = (
      await q.query<Record<string, unknown>>(
        `${ctes.length ? `WITH ${ctes.join(',\n')}\n` : ''}SELECT ${columns.length ? columns.join(', ') : 'true AS written'}`,
        w.params,
      )
    ).rows[0]!;
    ledgerParts?.check(row);
    if (stored.length && row.idem_stored !== stored.length) throw new Conflict(KEY_IN_FLIGHT);
    for (const v of rowsOf<BetView & { id: string }>(row.views)) views.set(Number(v.id), v);
  }
  for (let i = 0; i < commands.length; i++) {
    const r = results[i]!;
    if (r.ok !== true || !('betId' in r)) continue;
    const row = views.get(r.betId);
    const shot = snapshots.get(i);
    // the bet and the wallet as they were right after this command (as the per-bet path answers), not after the batch
    if (row && shot) r.answer = { bet: betOut({ ...row, ...shot.bet }), ...shot.figures };
  }
  // the book for the next batch: every order resting now, their flags as a fresh read would give them (the batch's
  // bets brought up to date in it; the others did not change)
  let warmOut: WarmBook | undefined;
  if (booksLoaded) {
    for (const [id, b] of bets)
      if (b.remaining > 0 && (b.status === 'UNMATCHED' || b.status === 'PARTIALLY_MATCHED')) {
        Object.assign(b, { isNew: false, touched: false, matchedNow: false, delayMs: null });
        resting.set(id, b);
      } else resting.delete(id);
    // every position the batch had, with the hold it wrote (the version a later hold's key counts from)
    for (const p of positions) data.get(p.playerId)!.held = { exposure: p.exposure, version: p.version };
    for (const id of funds.keys()) {
      const a = accountsOf(id);
      if (a) accounts.set(id, a);
    }
    warmOut = { feedVersion: market.feedVersion, books, resting, taken, positions: data, accounts };
  }
  return {
    results: results as CommandResult[],
    affected: [...new Set([...changedPlayers, ...exposureNow.keys()])],
    warm: warmOut,
    bookRead: readBook,
  };
}

/** Would this order match anything on arrival? (decides the bet delay; nothing of the book changes) */
function wouldMatch(book: MatchOddsBook, playerId: number, bet: CheckedBet): boolean {
  const depth = book.bestOpposite(bet.selectionId, bet.side as Side, String(playerId));
  if (depth === null) return false;
  return bet.side === 'BACK' ? depth >= bet.price : depth <= bet.price;
}

/** The feed's offer on one runner in one currency less what players took at this feed version. */
function houseLevels(market: MarketRow, currency: string, runnerId: string, taken: Map<string, number>, cfg: ExchangeConfig) {
  return houseLadderOf(market, runnerId, (side, price) => taken.get(`${currency}:${runnerId}:${side}:${price}`) ?? 0, cfg);
}
