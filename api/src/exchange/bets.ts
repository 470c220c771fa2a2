// Placing, matching, cancelling and lapsing exchange bets; SQL only, no HTTP. Every function that changes a market's
// book runs in a transaction that first locks the market's row (markets.ts lockMarket): one writer per market at a
// time across API processes, so an order is never matched twice. Lock order: player row (idempotency) -> market row
// -> ledger accounts (positions.ts, by player id).
//
// Match Odds: each runner's book in one currency is rebuilt for the call from the resting orders (exchange_bets,
// remaining > 0, in rest_seq order) and the feed's liquidity (the market row's runners minus what players already took
// at this feed version, exchange_house_taken), then the pure engine (engine/order-book.ts) matches; the result is
// written back. At one price, players' resting orders come before the feed's.
// BookMaker and Fancy: priced by the house; accepted only at the rate (and line) shown now; matched in full.
import { randomBytes } from 'node:crypto';
import {
  EXCHANGE_MESSAGES as M,
  OPEN_BET_STATUSES,
  betLiabilityMinor,
  betPotential,
  SETTLED_BET_STATUSES,
  fromMinor as moneyFromMinor,
  exchangeShownStatus,
  marketBlock,
  type ExchangeBetView as ExchangeBetOut,
  type ExchangeBetStatus,
} from '@khela/contracts';
import type { Queryable } from '../db';
import { NotFound } from '../errors';
import { InsufficientFunds, getPlayerBalance, walletFigures, type Currency } from '../ledger';
import { lockPlayer } from '../core/players';
import { assertMayPlay, assertWagerWithinLimits } from '../protection/service';
import type { ExchangeConfig } from './config';
import { HOUSE_ACCOUNT, MatchOddsBook, type Fill, type HouseLadder, type Order, type Side } from './engine';
import { lockMarket, selectionName, type MarketRow } from './markets';
import { heldExposureMinor, liabilityLimitMinor } from './liability-limits';
import { rehold } from './positions';
import { BetRefused, assertOpen, checkBet, houseLadderOf, houseQuoteMismatch } from './bet-checks';

export { BetRefused, assertOpen };

/** A bet as the route received it (contracts' placeBetBody, parsed). */
export type PlaceBetInput =
  | { market_id: string; selection_id: string; side: 'BACK' | 'LAY'; price: number; stake: string; persistence?: 'LAPSE' | 'PERSIST' }
  | { market_id: string; selection_id?: string; side: 'YES' | 'NO'; line: number; rate: number; stake: string };

/** What changed: the bet, and players whose balance or bets moved (to push once the transaction commits). */
export interface BetOutcome {
  betId: number;
  affected: number[];
  /** PENDING: ms until the bet delay ends (the caller schedules activation). */
  delayMs: number | null;
}

// random bytes drawn 4 KiB at a time: randomBytes(4) for each bet was 1% of the API's CPU under a hot market
let randomPool = Buffer.alloc(0);
let randomAt = 0;

/** A bet's public id (the player's "transaction id"): X, the time in base 36, 8 random hex digits. */
export function newPublicId(): string {
  if (randomAt + 4 > randomPool.length) {
    randomPool = randomBytes(4096);
    randomAt = 0;
  }
  const hex = randomPool.toString('hex', randomAt, randomAt + 4).toUpperCase();
  randomAt += 4;
  return `X${Date.now().toString(36).toUpperCase()}${hex}`;
}

/* ---------------- the market's checks ---------------- */

/* ---------------- Match Odds books ---------------- */

interface RestingRow {
  id: string;
  player_id: string;
  side: Side;
  price: number;
  remaining_minor: string;
  persistence: 'LAPSE' | 'PERSIST';
}

const betOrderId = (id: number | string) => `b${id}`;
const betIdOfOrder = (orderId: string) => (/^b\d+$/.test(orderId) ? Number(orderId.slice(1)) : null);

/** What players took of the feed's offer at the market's feed version, by `side:price` (the house's side). */
type TakenAt = Map<string, number>;

/** The feed's offer on one runner less what was taken (pure: the taken amounts are read by the caller). */
function houseLevels(market: MarketRow, selectionId: string, takenAt: TakenAt, cfg: ExchangeConfig): HouseLadder {
  return houseLadderOf(market, selectionId, (side, price) => takenAt.get(`${side}:${price}`) ?? 0, cfg);
}

/** The feed's offer on one runner in this currency, minus what players already took at this feed version. */
async function houseLadder(
  q: Queryable,
  market: MarketRow,
  currency: string,
  selectionId: string,
  cfg: ExchangeConfig,
): Promise<HouseLadder> {
  const taken = await q.query<{ side: Side; price: number; taken_minor: string }>(
    `SELECT side, price, taken_minor FROM exchange_house_taken
     WHERE market_id = $1 AND feed_version = $2 AND currency = $3 AND selection_id = $4`,
    [market.marketId, market.feedVersion, currency, selectionId],
  );
  return houseLevels(market, selectionId, new Map(taken.rows.map((t) => [`${t.side}:${t.price}`, Number(t.taken_minor)])), cfg);
}

/** Rests players' orders (rows in time priority) in a runner's book. */
function restRows(book: MatchOddsBook, selectionId: string, rows: RestingRow[]): MatchOddsBook {
  for (const r of rows) {
    book.restExisting({
      id: betOrderId(r.id),
      playerId: String(r.player_id),
      runnerId: selectionId,
      side: r.side,
      price: Number(r.price),
      remaining: Number(r.remaining_minor),
      persistence: r.persistence,
    });
  }
  return book;
}

/** A runner's book in one currency with the players' resting orders on `sides`, in time priority (no feed liquidity yet). */
async function bookOfRestingOrders(
  q: Queryable,
  market: MarketRow,
  currency: string,
  selectionId: string,
  sides: Side[],
  lock: boolean,
): Promise<MatchOddsBook> {
  const resting = await q.query<RestingRow>(
    `SELECT id, player_id, side, price, remaining_minor, persistence FROM exchange_bets
     WHERE market_id = $1 AND currency = $2 AND selection_id = $3 AND side = ANY($4::text[]) AND remaining_minor > 0
     ORDER BY rest_seq ${lock ? 'FOR UPDATE' : ''}`,
    [market.marketId, currency, selectionId, sides],
  );
  return restRows(new MatchOddsBook(market.marketId, [selectionId]), selectionId, resting.rows);
}

/**
 * The depth (best `levels` prices a side) of every runner of a Match Odds market in each of `currencies`, unlocked, in
 * two reads whatever the number of runners and currencies: what a market's view and its pushed book show.
 */
export async function marketDepths(
  q: Queryable,
  market: MarketRow,
  currencies: readonly string[],
  cfg: ExchangeConfig,
  levels = 3,
  /** Only this runner (the ladder of one runner); all runners when absent. */
  only?: string,
): Promise<Map<string, Map<string, HouseLadder>>> {
  const resting = await q.query<RestingRow & { currency: string; selection_id: string }>(
    `SELECT id, player_id, side, price, remaining_minor, persistence, currency, selection_id FROM exchange_bets
     WHERE market_id = $1 AND currency = ANY($2::text[]) AND remaining_minor > 0 AND ($3::text IS NULL OR selection_id = $3)
     ORDER BY rest_seq`,
    [market.marketId, [...currencies], only ?? null],
  );
  const taken = await q.query<{ currency: string; selection_id: string; side: Side; price: number; taken_minor: string }>(
    `SELECT currency, selection_id, side, price, taken_minor FROM exchange_house_taken
     WHERE market_id = $1 AND feed_version = $2 AND currency = ANY($3::text[])`,
    [market.marketId, market.feedVersion, [...currencies]],
  );
  const out = new Map<string, Map<string, HouseLadder>>();
  for (const currency of currencies) {
    const runners = new Map<string, HouseLadder>();
    for (const r of market.runners) {
      const id = String(r.selectionId);
      if (only !== undefined && id !== only) continue;
      const rows = resting.rows.filter((b) => b.currency === currency && String(b.selection_id) === id);
      const book = restRows(new MatchOddsBook(market.marketId, [id]), id, rows);
      const takenAt: TakenAt = new Map(
        taken.rows
          .filter((t) => t.currency === currency && String(t.selection_id) === id)
          .map((t) => [`${t.side}:${t.price}`, Number(t.taken_minor)]),
      );
      book.setHouseLiquidity(id, houseLevels(market, id, takenAt, cfg));
      runners.set(id, book.depth(id, levels));
    }
    out.set(currency, runners);
  }
  return out;
}

/** One runner's book in one currency (exported for the market's depth view, unlocked), with the resting orders on `sides` and the feed's liquidity on them. */
export async function loadBook(
  q: Queryable,
  market: MarketRow,
  currency: string,
  selectionId: string,
  sides: Side[],
  cfg: ExchangeConfig,
  lock = true,
): Promise<MatchOddsBook> {
  const book = await bookOfRestingOrders(q, market, currency, selectionId, sides, lock);
  const house = await houseLadder(q, market, currency, selectionId, cfg);
  book.setHouseLiquidity(selectionId, {
    availableToBack: sides.includes('LAY') ? house.availableToBack : [],
    availableToLay: sides.includes('BACK') ? house.availableToLay : [],
  });
  return book;
}

/**
 * Writes the engine's fills: the house's take recorded (whichever side it was on), players' resting orders updated
 * (the taker bet itself is written by the caller), fill rows appended. Answers the players of updated resting orders.
 */
async function writeFills(
  q: Queryable,
  market: MarketRow,
  currency: string,
  fills: Fill[],
  taker: { orderId: string; betId: number | null },
  /** The house order's own price (a sweep: the house takes at the player's price, but used up its offer at its own). */
  housePriceOf: (orderId: string) => number | undefined = () => undefined,
) {
  const affected = new Set<number>();
  const betId = (orderId: string) => (orderId === taker.orderId ? taker.betId : betIdOfOrder(orderId));
  for (const f of fills) {
    for (const side of ['BACK', 'LAY'] as const) {
      const [orderId, owner] = side === 'BACK' ? [f.backOrderId, f.backPlayerId] : [f.layOrderId, f.layPlayerId];
      if (owner === HOUSE_ACCOUNT) {
        await q.query(
          `INSERT INTO exchange_house_taken (market_id, feed_version, currency, selection_id, side, price, taken_minor)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (market_id, feed_version, currency, selection_id, side, price)
           DO UPDATE SET taken_minor = exchange_house_taken.taken_minor + EXCLUDED.taken_minor`,
          [market.marketId, market.feedVersion, currency, f.runnerId, side, housePriceOf(orderId) ?? f.price, f.stake],
        );
        continue;
      }
      const id = betId(orderId);
      if (id === null || orderId === taker.orderId) continue;
      const r = await q.query<{ player_id: string }>(
        `UPDATE exchange_bets SET remaining_minor = remaining_minor - $2::bigint, matched_minor = matched_minor + $2::bigint,
           matched_value = matched_value + $2::bigint * $3::bigint,
           status = CASE WHEN remaining_minor - $2::bigint = 0 THEN 'MATCHED' ELSE 'PARTIALLY_MATCHED' END,
           matched_at = now(), updated_at = now()
         WHERE id = $1 RETURNING player_id`,
        [id, f.stake, f.price],
      );
      affected.add(Number(r.rows[0]!.player_id));
    }
    const backBet = f.backPlayerId === HOUSE_ACCOUNT ? null : betId(f.backOrderId);
    const layBet = f.layPlayerId === HOUSE_ACCOUNT ? null : betId(f.layOrderId);
    await q.query(
      `INSERT INTO exchange_fills (market_id, currency, selection_id, price, stake_minor, back_bet_id, lay_bet_id, taker_bet_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [market.marketId, currency, f.runnerId, f.price, f.stake, backBet, layBet, betId(f.takerOrderId)],
    );
  }
  return affected;
}

interface TakerBet {
  id: number;
  playerId: number;
  currency: string;
  selectionId: string;
  side: Side;
  price: number;
  stake: number;
  persistence: 'LAPSE' | 'PERSIST';
  /** Cash-out hedges: what does not match at once is cancelled instead of resting. */
  fillOrKill?: boolean;
}

/** Matches a Match Odds order now and rests its remainder (or cancels it: fill-or-kill); writes everything. Answers the players it touched. */
async function matchNow(q: Queryable, market: MarketRow, bet: TakerBet, cfg: ExchangeConfig): Promise<Set<number>> {
  const opposite: Side = bet.side === 'BACK' ? 'LAY' : 'BACK';
  const book = await loadBook(q, market, bet.currency, bet.selectionId, [opposite], cfg);
  const orderId = betOrderId(bet.id);
  const { order, fills } = book.place({
    id: orderId,
    playerId: String(bet.playerId),
    runnerId: bet.selectionId,
    side: bet.side,
    price: bet.price,
    stake: bet.stake,
    persistence: bet.persistence,
    rest: !bet.fillOrKill,
  });
  const affected = await writeFills(q, market, bet.currency, fills, { orderId, betId: bet.id });
  // a fill-or-kill remainder is cancelled: the bet is MATCHED for what matched, LAPSED when nothing did
  const status = order.cancelled > 0 ? (order.matched > 0 ? 'MATCHED' : 'LAPSED') : order.status;
  await q.query(
    `UPDATE exchange_bets SET status = $2, matched_minor = $3::bigint, matched_value = $4::bigint, remaining_minor = $5::bigint,
       cancelled_minor = $6::bigint, rest_seq = CASE WHEN $5::bigint > 0 THEN nextval('exchange_rest_seq') ELSE rest_seq END,
       matched_at = CASE WHEN $3::bigint > 0 THEN now() ELSE matched_at END, delay_until = NULL, updated_at = now()
     WHERE id = $1`,
    [bet.id, status, order.matched, order.matchedValue, order.remaining, order.cancelled],
  );
  affected.add(bet.playerId);
  return affected;
}

/** Would this order match anything on arrival (players' orders of others, or the feed)? Decides the bet delay. */
async function wouldMatch(q: Queryable, market: MarketRow, bet: Omit<TakerBet, 'id'>, cfg: ExchangeConfig): Promise<boolean> {
  const opposite: Side = bet.side === 'BACK' ? 'LAY' : 'BACK';
  const book = await loadBook(q, market, bet.currency, bet.selectionId, [opposite], cfg);
  const { fills } = book.place({
    playerId: String(bet.playerId),
    runnerId: bet.selectionId,
    side: bet.side,
    price: bet.price,
    stake: bet.stake,
  });
  return fills.length > 0;
}

/** House-priced bet (BookMaker, Fancy): matched in full against the house at the price shown. */
async function matchWithHouse(
  q: Queryable,
  market: MarketRow,
  bet: { id: number; currency: string; selectionId: string; side: string; price: number; stake: number },
) {
  await q.query(
    `UPDATE exchange_bets SET status = 'MATCHED', matched_minor = stake_minor, matched_value = stake_minor * price, remaining_minor = 0,
       delay_until = NULL, matched_at = now(), updated_at = now() WHERE id = $1`,
    [bet.id],
  );
  if (market.kind === 'BOOKMAKER') {
    await q.query(
      `INSERT INTO exchange_fills (market_id, currency, selection_id, price, stake_minor, back_bet_id, lay_bet_id, taker_bet_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        market.marketId,
        bet.currency,
        bet.selectionId,
        bet.price,
        bet.stake,
        bet.side === 'BACK' ? bet.id : null,
        bet.side === 'LAY' ? bet.id : null,
        bet.id,
      ],
    );
  }
}

/* ---------------- the activity log ---------------- */

/** One line of the exchange account's Activity Log (bets, cancels, cash-outs; append-only). */
export async function logActivity(
  q: Queryable,
  playerId: number,
  kind: 'bet' | 'cancel' | 'cash_out',
  betId: number | null,
  marketId: string,
  detail: string,
) {
  await q.query('INSERT INTO exchange_activity (player_id, kind, bet_id, market_id, detail) VALUES ($1, $2, $3, $4, $5)', [
    playerId,
    kind,
    betId,
    marketId,
    detail,
  ]);
}

/** The activity line of a bet: "BACK Bangladesh @ 2.50 for 100.00 — Bangladesh v India, Match Odds" (both placing paths). */
export function betLine(market: MarketRow, selectionId: string, side: string, price: number, line: number | null, stake: number): string {
  const what =
    market.kind === 'FANCY'
      ? `${side} ${market.name} ${line} @ ${price}`
      : `${side} ${selectionName(market, selectionId) ?? selectionId} @ ${(price / 100).toFixed(2)}`;
  return `${what} for ${moneyFromMinor(stake)} — ${market.eventName}, ${market.name}`;
}

/* ---------------- placing ---------------- */

interface PlayerFlags {
  currency: Currency;
  status: string;
  exchange_market: number;
  cs_market: number;
}

/**
 * Places a bet in the caller's transaction (the idempotency wrapper already locked the player's row). Refusals throw
 * BetRefused and change nothing. Answers the bet id, the players touched and, for a bet in the delay, its length.
 */
export async function placeBet(
  q: Queryable,
  playerId: number,
  input: PlaceBetInput,
  cfg: ExchangeConfig,
  opts: { hedge?: boolean } = {},
): Promise<BetOutcome> {
  // the player's row first (the idempotency wrapper may already hold it): lock order player -> market -> ledger
  const p = await q.query<PlayerFlags>('SELECT currency, status, exchange_market, cs_market FROM players WHERE id = $1 FOR NO KEY UPDATE', [
    playerId,
  ]);
  const player = p.rows[0];
  if (!player) throw new NotFound('Unknown player');
  if (marketBlock({ ...player, exchange_market: Number(player.exchange_market), cs_market: Number(player.cs_market) }).exchange)
    throw new BetRefused(403, M.exchangeBlocked, { code: 'blocked' });
  // Responsible gambling, first: a closed account (exclusion, time-out, under age, session limit) is told so before
  // anything about the market. A cash-out hedge is never asked, not even during a time-out or self-exclusion: it only
  // closes an existing matched position (it reduces what the player can lose, is fill-or-kill, never rests, and is
  // not a wager), and refusing it would keep the player's money at risk longer.
  if (!opts.hedge) await assertMayPlay(q, playerId, cfg.protection);

  const market = await lockMarket(q, input.market_id);
  if (!market) throw new BetRefused(404, M.marketNotFound, { code: 'market' });
  // the market's checks, shared with the market writer's batches (bet-checks.ts)
  const { selectionId, price, line, stake } = checkBet(market, player.currency, input, cfg, opts.hedge === true);
  // Responsible gambling, then: the wager and loss limits with this bet's liability (a back's or YES's stake, a lay's
  // S*(P-1), a NO's S*rate/100). The player's row is already locked, so parallel bets of one player are checked one
  // after another. A refusal (ProtectionRefusal, 403/422) keeps its body (code, message, until, params).
  if (!opts.hedge) await assertWagerWithinLimits(q, playerId, BigInt(betLiabilityMinor(input.side, stake, price)));
  // the player's own maximum liability on a market of this kind (staff-set): compared after the bet is held below
  const liabilityCap = opts.hedge ? null : await liabilityCapOf(q, playerId, market, player.currency);

  const side = input.side;
  const persistence = 'persistence' in input && input.persistence ? input.persistence : 'LAPSE';
  const delayMs = market.inplay ? (cfg.betDelayMs[market.kind] ?? market.betDelayMs) : 0;
  let pending = false;
  if (delayMs > 0) {
    pending =
      market.kind !== 'MATCH_ODDS' ||
      (await wouldMatch(
        q,
        market,
        { playerId, currency: player.currency, selectionId, side: side as Side, price, stake, persistence },
        cfg,
      ));
  }

  const ins = await q.query<{ id: string }>(
    `INSERT INTO exchange_bets (public_id, player_id, currency, market_id, kind, selection_id, selection_name, side, price, line,
       fancy_type, stake_minor, persistence, status, delay_until, fill_or_kill)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
       CASE WHEN $14::text = 'PENDING' THEN now() + make_interval(secs => $15::double precision / 1000) END, $16)
     RETURNING id`,
    [
      newPublicId(),
      playerId,
      player.currency,
      market.marketId,
      market.kind,
      selectionId,
      selectionName(market, selectionId) ?? '',
      side,
      price,
      line,
      market.fancy?.type ?? null,
      stake,
      persistence,
      pending ? 'PENDING' : 'UNMATCHED',
      delayMs,
      opts.hedge === true,
    ],
  );
  const betId = Number(ins.rows[0]!.id);
  if (!opts.hedge) await logActivity(q, playerId, 'bet', betId, market.marketId, betLine(market, selectionId, side, price, line, stake));
  let affected = new Set<number>([playerId]);
  if (!pending) {
    if (market.kind === 'MATCH_ODDS')
      affected = await matchNow(
        q,
        market,
        {
          id: betId,
          playerId,
          currency: player.currency,
          selectionId,
          side: side as Side,
          price,
          stake,
          persistence,
          fillOrKill: opts.hedge,
        },
        cfg,
      );
    else await matchWithHouse(q, market, { id: betId, currency: player.currency, selectionId, side, price, stake });
  }
  await holdOrRefuse(q, market, affected, playerId, liabilityCap);
  return { betId, affected: [...affected], delayMs: pending ? delayMs : null };
}

/** The player's liability limit for this market's kind with the exposure held before the bet, or null (no limit). */
async function liabilityCapOf(q: Queryable, playerId: number, market: MarketRow, currency: string): Promise<LiabilityCap | null> {
  const max = await liabilityLimitMinor(q, playerId, market.kind);
  return max === null ? null : { max, before: await heldExposureMinor(q, playerId, market.marketId), currency };
}

interface LiabilityCap {
  max: number;
  /** The market's exposure before this bet: a bet that does not raise it is never refused for the limit. */
  before: number;
  currency: string;
}

/**
 * Re-holds exposures; the placing player's shortfall refuses the bet (the transaction rolls back), and so does an
 * exposure over the player's own liability limit for the market's kind when the bet raised it.
 */
async function holdOrRefuse(q: Queryable, market: MarketRow, players: Iterable<number>, playerId: number, cap: LiabilityCap | null = null) {
  let held: Map<number, number>;
  try {
    held = await rehold(q, market, players);
  } catch (err) {
    if (err instanceof InsufficientFunds) {
      const b = await getPlayerBalance(q, playerId);
      throw new BetRefused(422, M.insufficientAvailable, { code: 'insufficient', ...walletFigures(b) });
    }
    throw err;
  }
  const exposure = held.get(playerId) ?? 0;
  if (cap && exposure > cap.max && exposure > cap.before) {
    throw new BetRefused(422, M.liabilityLimit(moneyFromMinor(cap.max), cap.currency), {
      code: 'liability_limit',
      max_liability: moneyFromMinor(cap.max),
    });
  }
}

/* ---------------- the bet delay ---------------- */

/**
 * Ends a bet's delay: re-checks the market (suspended, ball running or closed: LAPSED) and, for house prices, the rate
 * and line (moved: LAPSED); then matches it as if it arrived now. Answers the market and the players touched, or null
 * when the bet was no longer PENDING (another process got there first).
 */
export async function activatePending(
  q: Queryable,
  betId: number,
  cfg: ExchangeConfig,
): Promise<{ marketId: string; affected: number[] } | null> {
  const head = await q.query<{ market_id: string }>(`SELECT market_id FROM exchange_bets WHERE id = $1 AND status = 'PENDING'`, [betId]);
  if (!head.rows[0]) return null;
  const market = await lockMarket(q, head.rows[0].market_id);
  if (!market) return null;
  const r = await q.query<{
    player_id: string;
    currency: string;
    selection_id: string;
    side: string;
    price: number;
    line: number | null;
    stake_minor: string;
    persistence: 'LAPSE' | 'PERSIST';
    fill_or_kill: boolean;
  }>(
    `SELECT player_id, currency, selection_id, side, price, line, stake_minor, persistence, fill_or_kill FROM exchange_bets
     WHERE id = $1 AND status = 'PENDING' FOR UPDATE`,
    [betId],
  );
  const b = r.rows[0];
  if (!b) return null;
  const playerId = Number(b.player_id);
  const lapse = async (reason: string) => {
    await q.query(
      `UPDATE exchange_bets SET status = 'LAPSED', cancelled_minor = stake_minor, reason = $2, delay_until = NULL, updated_at = now() WHERE id = $1`,
      [betId, reason],
    );
    await rehold(q, market, [playerId]);
    return { marketId: market.marketId, affected: [playerId] };
  };
  try {
    assertOpen(market, market.kind === 'FANCY' ? null : b.selection_id);
  } catch {
    return lapse(M.lapsedSuspended);
  }
  const price = Number(b.price);
  const stake = Number(b.stake_minor);
  if (market.kind === 'MATCH_ODDS') {
    const affected = await matchNow(
      q,
      market,
      {
        id: betId,
        playerId,
        currency: b.currency,
        selectionId: b.selection_id,
        side: b.side as Side,
        price,
        stake,
        persistence: b.persistence,
        fillOrKill: b.fill_or_kill,
      },
      cfg,
    );
    await rehold(q, market, affected);
    return { marketId: market.marketId, affected: [...affected] };
  }
  if (houseQuoteMismatch(market, { selectionId: b.selection_id, side: b.side, price, line: b.line === null ? null : Number(b.line) }))
    return lapse(M.lapsedPriceMoved);
  await matchWithHouse(q, market, { id: betId, currency: b.currency, selectionId: b.selection_id, side: b.side, price, stake });
  await rehold(q, market, [playerId]);
  return { marketId: market.marketId, affected: [playerId] };
}

/** PENDING bets whose delay is over (a process died during it, or its timer was lost), oldest first. */
export async function duePendingBets(q: Queryable, limit = 100): Promise<number[]> {
  const r = await q.query<{ id: string }>(
    `SELECT id FROM exchange_bets WHERE status = 'PENDING' AND delay_until <= now() ORDER BY delay_until LIMIT $1`,
    [limit],
  );
  return r.rows.map((x) => Number(x.id));
}

/* ---------------- cancel, lapse, sweep ---------------- */

/** Cancels a bet's unmatched remainder. A bet in the delay cannot be cancelled (it is not in the book yet). */
export async function cancelBet(q: Queryable, playerId: number, publicId: string): Promise<BetOutcome> {
  await q.query('SELECT 1 FROM players WHERE id = $1 FOR NO KEY UPDATE', [playerId]);
  const head = await q.query<{ id: string; market_id: string }>(
    'SELECT id, market_id FROM exchange_bets WHERE public_id = $1 AND player_id = $2',
    [publicId, playerId],
  );
  const row = head.rows[0];
  if (!row) throw new BetRefused(404, M.betNotFound, { code: 'bet' });
  const market = await lockMarket(q, row.market_id);
  if (!market) throw new BetRefused(404, M.betNotFound, { code: 'bet' });
  const r = await q.query<{ id: string }>(
    `UPDATE exchange_bets SET cancelled_minor = cancelled_minor + remaining_minor, remaining_minor = 0,
       status = CASE WHEN matched_minor > 0 THEN 'MATCHED' ELSE 'CANCELLED' END, updated_at = now()
     WHERE id = $1 AND remaining_minor > 0 RETURNING id`,
    [row.id],
  );
  if (!r.rows[0]) throw new BetRefused(409, M.nothingToCancel, { code: 'nothing' });
  await logActivity(q, playerId, 'cancel', Number(row.id), market.marketId, `Cancelled the unmatched part of ${publicId}`);
  await rehold(q, market, [playerId]);
  return { betId: Number(row.id), affected: [playerId], delayMs: null };
}

/** Markets where the player has an unmatched remainder or a bet in the delay (cancelPlayerOpenBets' work list). */
export async function playerOpenBetMarkets(q: Queryable, playerId: number): Promise<string[]> {
  const r = await q.query<{ market_id: string }>(
    `SELECT DISTINCT market_id FROM exchange_bets WHERE player_id = $1 AND (remaining_minor > 0 OR status = 'PENDING') ORDER BY market_id`,
    [playerId],
  );
  return r.rows.map((x) => x.market_id);
}

/**
 * A time-out or self-exclusion started: cancels every unmatched remainder (UNMATCHED, PARTIALLY_MATCHED) and every
 * bet in the delay (PENDING, not matched yet) of the player in one market, as the player's own cancel would (activity
 * line, exposure re-held); matched parts stand. Lock order player -> market -> ledger; one market per transaction (the
 * caller loops playerOpenBetMarkets), so a cancel never holds two markets' locks. Answers the bets cancelled and the
 * players touched (to push after commit).
 */
export async function cancelPlayerOpenBets(
  q: Queryable,
  playerId: number,
  marketId: string,
  why: string,
): Promise<{ cancelled: string[]; affected: number[] }> {
  await lockPlayer(q, playerId);
  const market = await lockMarket(q, marketId);
  if (!market) return { cancelled: [], affected: [] };
  const r = await q.query<{ id: string; public_id: string }>(
    `UPDATE exchange_bets SET cancelled_minor = cancelled_minor + remaining_minor + CASE WHEN status = 'PENDING' THEN stake_minor ELSE 0 END,
       remaining_minor = 0, delay_until = NULL,
       status = CASE WHEN status <> 'PENDING' AND matched_minor > 0 THEN 'MATCHED' ELSE 'CANCELLED' END, updated_at = now()
     WHERE player_id = $1 AND market_id = $2 AND (remaining_minor > 0 OR status = 'PENDING') RETURNING id, public_id`,
    [playerId, marketId],
  );
  if (!r.rows.length) return { cancelled: [], affected: [] };
  for (const b of r.rows)
    await logActivity(q, playerId, 'cancel', Number(b.id), marketId, `Cancelled the unmatched part of ${b.public_id}: ${why}`);
  await rehold(q, market, [playerId]);
  return { cancelled: r.rows.map((b) => b.public_id), affected: [playerId] };
}

/** The turn in-play: unmatched LAPSE orders of the market lapse (caller holds the market lock). Answers affected player ids. */
export async function lapseUnpersisted(q: Queryable, market: MarketRow): Promise<number[]> {
  const r = await q.query<{ player_id: string }>(
    `UPDATE exchange_bets SET cancelled_minor = cancelled_minor + remaining_minor, remaining_minor = 0,
       status = CASE WHEN matched_minor > 0 THEN 'MATCHED' ELSE 'LAPSED' END, reason = $2, updated_at = now()
     WHERE market_id = $1 AND remaining_minor > 0 AND persistence = 'LAPSE' RETURNING player_id`,
    [market.marketId, M.lapsedInPlay],
  );
  const players = [...new Set(r.rows.map((x) => Number(x.player_id)))];
  await rehold(q, market, players);
  return players;
}

/** Cancels every unmatched remainder and lapses PENDING bets of a market that closed (settlement calls it first). */
export async function closeBook(q: Queryable, market: MarketRow): Promise<number[]> {
  const r = await q.query<{ player_id: string }>(
    `UPDATE exchange_bets SET cancelled_minor = cancelled_minor + remaining_minor + CASE WHEN status = 'PENDING' THEN stake_minor ELSE 0 END,
       remaining_minor = 0, delay_until = NULL,
       status = CASE WHEN status = 'PENDING' THEN 'LAPSED' WHEN matched_minor > 0 THEN 'MATCHED' ELSE 'CANCELLED' END,
       -- what the close ended says so (a void's marker finds the unmatched bets it returned by it)
       reason = CASE WHEN status = 'PENDING' OR matched_minor = 0 THEN $2 ELSE reason END, updated_at = now()
     WHERE market_id = $1 AND (remaining_minor > 0 OR status = 'PENDING') RETURNING player_id`,
    [market.marketId, M.marketClosed],
  );
  return [...new Set(r.rows.map((x) => Number(x.player_id)))];
}

/** After the feed changed a Match Odds market's prices: resting orders the new prices cross are matched (market locked). */
export async function sweepCrossing(q: Queryable, market: MarketRow, cfg: ExchangeConfig): Promise<number[]> {
  if (market.kind !== 'MATCH_ODDS' || market.status !== 'OPEN') return [];
  const books = await q.query<{ currency: string; selection_id: string }>(
    'SELECT DISTINCT currency, selection_id FROM exchange_bets WHERE market_id = $1 AND remaining_minor > 0',
    [market.marketId],
  );
  const affected = new Set<number>();
  for (const { currency, selection_id } of books.rows) {
    // the house's new offer arrives as orders after the players' resting ones: where it crosses them it matches at the players' prices
    const book = await bookOfRestingOrders(q, market, currency, selection_id, ['BACK', 'LAY'], true);
    const fills = book.setHouseLiquidity(selection_id, await houseLadder(q, market, currency, selection_id, cfg));
    if (!fills.length) continue;
    for (const p of await writeFills(q, market, currency, fills, { orderId: '', betId: null }, (id) => book.getOrder(id)?.price))
      affected.add(p);
  }
  await rehold(q, market, affected);
  return [...affected];
}

/* ---------------- reading ---------------- */

export interface BetView {
  public_id: string;
  market_id: string;
  market_name: string;
  kind: 'MATCH_ODDS' | 'BOOKMAKER' | 'FANCY';
  event_id: string;
  event_name: string;
  selection_id: string;
  selection_name: string;
  side: 'BACK' | 'LAY' | 'YES' | 'NO';
  price: number;
  line: number | null;
  stake_minor: string;
  matched_minor: string;
  matched_value: string;
  remaining_minor: string;
  status: ExchangeBetStatus;
  persistence: 'LAPSE' | 'PERSIST';
  reason: string | null;
  profit_minor: string | null;
  placed_at: Date | string;
  delay_until: Date | string | null;
  settled_at: Date | string | null;
  /** Returned by the void of its market (settlement's marker). */
  voided?: boolean;
}

export const BET_VIEW = `SELECT b.public_id, b.market_id, m.name AS market_name, b.kind, m.event_id, m.event_name, b.selection_id, b.selection_name,
  b.side, b.price, b.line, b.stake_minor, b.matched_minor, b.matched_value, b.remaining_minor, b.status, b.persistence, b.reason,
  b.profit_minor, b.placed_at, b.delay_until, b.settled_at, b.voided
  FROM exchange_bets b JOIN exchange_markets m ON m.market_id = b.market_id`;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** What a bet wins and risks: on its matched part, or on its whole stake at the asked price while nothing matched. */
function potential(v: BetView): { profit: number; liability: number } {
  return betPotential({
    side: v.side,
    price: Number(v.price),
    // an unmatched bet whose stake was lowered (issue 33) wins and risks what is left of it, not the stake asked
    stake: v.status === 'UNMATCHED' ? Number(v.remaining_minor) : Number(v.stake_minor),
    matched: Number(v.matched_minor),
    matchedValue: Number(v.matched_value),
  });
}

export function betOut(v: BetView): ExchangeBetOut {
  const matched = Number(v.matched_minor);
  const pot = potential(v);
  const fancy = v.kind === 'FANCY';
  return {
    id: v.public_id,
    market_id: v.market_id,
    market_name: v.market_name,
    market_kind: v.kind,
    event_id: v.event_id,
    event_name: v.event_name,
    selection_id: v.selection_id,
    selection_name: v.selection_name,
    side: v.side,
    price: fancy ? null : Number(v.price) / 100,
    line: fancy ? v.line : null,
    rate: fancy ? Number(v.price) : v.kind === 'BOOKMAKER' ? Number(v.price) - 100 : null,
    stake: moneyFromMinor(BigInt(v.stake_minor)),
    matched_stake: moneyFromMinor(matched),
    unmatched_stake: moneyFromMinor(v.status === 'PENDING' ? BigInt(v.stake_minor) : BigInt(v.remaining_minor)),
    avg_price: matched > 0 && !fancy ? Math.round(Number(v.matched_value) / matched) / 100 : null,
    status: exchangeShownStatus(v.status, Boolean(v.voided)),
    persistence: v.persistence,
    reason: v.reason,
    potential_profit: moneyFromMinor(pot.profit),
    potential_liability: moneyFromMinor(pot.liability),
    profit_loss: v.profit_minor === null ? null : moneyFromMinor(BigInt(v.profit_minor)),
    placed_at: iso(v.placed_at)!,
    delay_until: iso(v.delay_until),
    settled_at: iso(v.settled_at),
  };
}

export async function readBet(q: Queryable, betId: number): Promise<ExchangeBetOut> {
  const r = await q.query<BetView>(`${BET_VIEW} WHERE b.id = $1`, [betId]);
  return betOut(r.rows[0]!);
}

export async function listBets(
  q: Queryable,
  playerId: number,
  filter: { status: 'open' | 'settled' | 'all'; marketId?: string; page: number; perPage: number },
): Promise<{ data: ExchangeBetOut[]; page: number; last_page: number; total: number }> {
  const statuses = filter.status === 'open' ? OPEN_BET_STATUSES : filter.status === 'settled' ? SETTLED_BET_STATUSES : null;
  const where = ['b.player_id = $1'];
  const params: unknown[] = [playerId];
  if (statuses) {
    params.push(statuses);
    where.push(`b.status = ANY($${params.length}::text[])`);
  }
  if (filter.marketId) {
    params.push(filter.marketId);
    where.push(`b.market_id = $${params.length}`);
  }
  const total = Number(
    (await q.query<{ n: string }>(`SELECT count(*) AS n FROM exchange_bets b WHERE ${where.join(' AND ')}`, params)).rows[0]!.n,
  );
  params.push(filter.perPage, (filter.page - 1) * filter.perPage);
  const rows = await q.query<BetView>(
    `${BET_VIEW} WHERE ${where.join(' AND ')} ORDER BY b.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { data: rows.rows.map(betOut), page: filter.page, last_page: Math.max(1, Math.ceil(total / filter.perPage)), total };
}

export type { Order };
