// Settlement of exchange markets on the feed's result: pay winners, take commission, release holds, write records;
// void; re-settle a corrected result. SQL only, in the caller's transaction, under the market's row lock. The feed
// sync calls it whenever a CLOSED market arrives with a result or a void; staff settlement goes through it too.
//
// Each settlement is a round (exchange_markets.settle_round). A round computes every player's figures from the
// matched bets (gross P&L, commission, net) and moves only the difference from what the previous round stored in
// exchange_positions, in ONE ledger transfer per player per round (idempotency key
// exchange:settle:{market}:{round}:{player}): player main +Δnet, house:exchange -Δgross, house:commission +Δcommission.
// So the first round pays the result; a correction (or a void after a result, or a result after a void) reverses the
// old figures and books the new ones in one transfer; the same result again moves nothing.
//
// A correction that takes back winnings the player already spent takes what main holds and books the rest to
// player:N:owed (the player's debt to the house; it may go negative). A later settlement credit repays that debt first.
import { DEBT_MESSAGES, EXCHANGE_MESSAGES as M, commissionMinor, fancyWins, runnerBetPl } from '@khela/contracts';
import type { Queryable } from '../db';
import { sendInboxMessage } from '../core/inbox';
import {
  fromMinor,
  getPlayerOwed,
  houseAccount,
  playerAccounts,
  playerOwedAccount,
  transfer,
  type Leg,
  type PlayerAccounts,
} from '../ledger';
import { closeBook } from './bets';
import type { ExchangeConfig } from './config';
import { fancyBetPl, fancyPl, runnerPl } from './engine';
import { lockMarket, type MarketRow, type SettledResult } from './markets';
import { fancyBet, fancyResultValue, loadMarketBets, runnerIds, setHold, type BetRow, type MatchedPart } from './positions';
import { commissionBps } from './views';

/** The result the feed gives the market now, as settlement stores it; null while there is none. */
export function feedResult(market: Pick<MarketRow, 'result' | 'voided'>): SettledResult | null {
  if (market.voided) return { void: true };
  const r = market.result;
  if (r && r.winner !== undefined && r.winner !== null) return { winner: String(r.winner) };
  if (r && typeof r.runs === 'number') return { runs: r.runs };
  return null;
}

const resultKey = (r: SettledResult | null): string =>
  r === null ? '' : 'void' in r ? 'void' : 'winner' in r ? `winner:${r.winner}` : `runs:${r.runs}`;

/** A settled bet: WON / LOST / VOID and its own profit (negative: loss) before commission. */
export interface SettledBetOutcome {
  betId: number;
  playerId: number;
  status: 'WON' | 'LOST' | 'VOID';
  profit: number;
}

/**
 * Every matched bet's outcome and each player's gross P&L on `result` (pure). Match Odds and BookMaker settle the
 * matched parts (fills) at the winner; Fancy settles matched YES/NO bets on the value of the runs (runs, last digit or
 * parity: fancyResultValue). A void answers VOID and 0 for everything.
 */
export function settleBook(
  market: MarketRow,
  bets: BetRow[],
  parts: MatchedPart[],
  result: SettledResult,
): { bets: SettledBetOutcome[]; gross: Map<number, number> } {
  const matched = bets.filter((b) => b.matched > 0);
  const gross = new Map<number, number>();
  for (const b of bets) gross.set(b.playerId, 0);
  if ('void' in result) return { bets: matched.map((b) => ({ betId: b.id, playerId: b.playerId, status: 'VOID', profit: 0 })), gross };

  if (market.kind === 'FANCY') {
    if (!('runs' in result)) throw new Error(`Fancy market ${market.marketId} settles on runs, not ${JSON.stringify(result)}`);
    const value = fancyResultValue(market, result.runs);
    const byPlayer = new Map<number, BetRow[]>();
    for (const b of matched) byPlayer.set(b.playerId, [...(byPlayer.get(b.playerId) ?? []), b]);
    for (const [playerId, own] of byPlayer)
      gross.set(
        playerId,
        fancyPl(
          own.map((b) => fancyBet(b)),
          value,
        ),
      );
    return {
      bets: matched.map((b) => {
        const won = fancyWins(b.side as 'YES' | 'NO', b.line ?? 0, value);
        return { betId: b.id, playerId: b.playerId, status: won ? 'WON' : 'LOST', profit: fancyBetPl(fancyBet(b), value) };
      }),
      gross,
    };
  }

  if (!('winner' in result)) throw new Error(`Market ${market.marketId} settles on a winner, not ${JSON.stringify(result)}`);
  const runners = runnerIds(market);
  const winner = result.winner;
  if (!runners.includes(winner)) throw new Error(`Winner ${winner} is not a runner of market ${market.marketId}`);
  const partsOf = new Map<number, MatchedPart[]>();
  for (const p of parts) partsOf.set(p.playerId, [...(partsOf.get(p.playerId) ?? []), p]);
  for (const [playerId, own] of partsOf)
    gross.set(
      playerId,
      runnerPl(
        runners,
        own.map((p) => ({ playerId: String(playerId), selectionId: p.selectionId, side: p.side, price: p.price, stake: p.stake })),
      ).get(winner)!,
    );
  const profitOf = new Map<number, number>();
  for (const p of parts) profitOf.set(p.betId, (profitOf.get(p.betId) ?? 0) + runnerBetPl(p, winner));
  return {
    bets: matched.map((b) => {
      const won = (b.side === 'BACK') === (b.selectionId === winner);
      return { betId: b.id, playerId: b.playerId, status: won ? 'WON' : 'LOST', profit: profitOf.get(b.id) ?? 0 };
    }),
    gross,
  };
}

/** Commission on a player's net winnings in a market: floor(gross * bps / 10000), none on a loss. */
export const commissionOn = (gross: number, bps: number): number => commissionMinor(gross, bps);

interface Figures {
  gross: number;
  commission: number;
  net: number;
}

/**
 * The player is told, in the inbox, that a corrected result left them owing (a system message, not marketing): how
 * much, on which market, and that it comes off what they can use and is repaid from their next deposits and wins.
 */
async function tellDebt(q: Queryable, playerId: number, market: MarketRow, amountMinor: bigint, currency: string): Promise<void> {
  const owed = await getPlayerOwed(q, playerId);
  const where = `${market.eventName ? `${market.eventName} — ` : ''}${market.name}`;
  await sendInboxMessage(
    q,
    playerId,
    DEBT_MESSAGES.inboxTitle,
    DEBT_MESSAGES.inboxBody(fromMinor(amountMinor), fromMinor(owed), currency, where),
  );
}

/** A staff alert raised in a settlement's transaction, to publish (app.push.publishStaff('alert', ...)) after the commit. */
export interface SettlementAlert {
  kind: 'market.feed_disagrees';
  message: string;
  ref: string;
}

export const sameResult = (a: SettledResult | null, b: SettledResult | null): boolean => resultKey(a) === resultKey(b);

/** How staff and logs name a result: "winner 100101", "runs 57", "void". */
export function describeResult(market: Pick<MarketRow, 'runners' | 'kind'>, r: SettledResult | null): string {
  if (r === null) return 'none';
  if ('void' in r) return 'void';
  if ('runs' in r) return `runs ${r.runs}`;
  const name = market.runners.find((x) => String(x.selectionId) === r.winner)?.name;
  return name ? `winner ${r.winner} (${name})` : `winner ${r.winner}`;
}

/**
 * The feed's result of a CLOSED market (the feed sync calls it for every version of a resulted market), under the
 * market's lock. Precedence: a staff settlement is final until staff change it, so a feed result equal to it does
 * nothing and one that differs does not re-settle but raises ONE staff alert per differing result (a row in
 * staff_alerts and the market's history, and `alerts` gets it for the caller to publish after the commit). Without a
 * staff decision the feed's result settles (settleResult: a changed result re-settles by the difference). Answers the
 * players to push.
 */
export async function settleMarket(q: Queryable, market: MarketRow, cfg: ExchangeConfig, alerts?: SettlementAlert[]): Promise<number[]> {
  const target = feedResult(market);
  if (target === null) return [];
  const current = await lockMarket(q, market.marketId);
  if (!current) throw new Error(`Unknown market ${market.marketId}`);
  if (current.staffResult) {
    if (sameResult(current.staffResult, target) || sameResult(current.feedAlertedResult, target)) return [];
    const alert: SettlementAlert = {
      kind: 'market.feed_disagrees',
      ref: `market:${market.marketId}`,
      message: `Feed result for ${market.eventName ? `${market.eventName} — ` : ''}${market.name} (${market.marketId}) is ${describeResult(
        market,
        target,
      )}; staff settled it as ${describeResult(market, current.staffResult)}. Not re-settled.`,
    };
    await q.query('INSERT INTO staff_alerts (kind, message, ref) VALUES ($1, $2, $3)', [alert.kind, alert.message, alert.ref]);
    await q.query('UPDATE exchange_markets SET feed_alerted_result = $2::jsonb WHERE market_id = $1', [
      market.marketId,
      JSON.stringify(target),
    ]);
    await q.query(
      `INSERT INTO exchange_market_history (market_id, source, action, status, result, reason) VALUES ($1, 'feed', 'feed_disagrees', $2, $3::jsonb, $4)`,
      [market.marketId, current.status, JSON.stringify(target), alert.message],
    );
    alerts?.push(alert);
    return [];
  }
  return settleResult(q, market, cfg, target, { source: 'feed' });
}

/**
 * Settles (or voids, or re-settles) a CLOSED market on `target` when it differs from what was last settled, under
 * the market's lock (the caller locked it): the feed's result (settleMarket) or a staff decision (staff/service.ts).
 * Answers the ids of players whose money moved (to push their balance), and of those whose bets were settled or
 * closed (to push "your bets changed"). The same result again answers [].
 */
export async function settleResult(
  q: Queryable,
  market: MarketRow,
  cfg: ExchangeConfig,
  target: SettledResult,
  by: { source: 'feed' | 'staff'; staffId?: number; reason?: string },
): Promise<number[]> {
  // what was settled last, read under the lock (the caller's row may predate a settlement in this transaction)
  const current = await lockMarket(q, market.marketId);
  if (!current) throw new Error(`Unknown market ${market.marketId}`);
  if (resultKey(current.settledResult) === resultKey(target)) return [];
  if (market.status !== 'CLOSED') throw new Error(`Market ${market.marketId} is ${market.status}: only a closed market is settled`);

  const round = current.settleRound + 1;
  const kind = round === 1 ? 'exchange.settle' : 'exchange.resettle';
  const bps = commissionBps(market, cfg);
  const moved = new Set<number>(await closeBook(q, market));

  const data = await loadMarketBets(q, market.marketId);
  const { bets, gross } = settleBook(market, data.bets, data.parts, target);

  const prev = await q.query<{ player_id: string; gross_minor: string | null; commission_minor: string | null; net_minor: string | null }>(
    'SELECT player_id, gross_minor, commission_minor, net_minor FROM exchange_positions WHERE market_id = $1',
    [market.marketId],
  );
  const before = new Map<number, Figures>(
    prev.rows.map((r) => [
      Number(r.player_id),
      { gross: Number(r.gross_minor ?? 0), commission: Number(r.commission_minor ?? 0), net: Number(r.net_minor ?? 0) },
    ]),
  );
  const players = [...new Set([...gross.keys(), ...before.keys()])].sort((a, b) => a - b);

  // Lock every player's ledger accounts first (player id order, as rehold does), then the house accounts through the
  // transfers: a settlement never holds a house account while it waits for a player's.
  const accounts = new Map<number, PlayerAccounts>();
  const houses = new Map<string, { exchange: number; commission: number }>();
  const house = async (currency: PlayerAccounts['currency']) => {
    let h = houses.get(currency);
    if (!h)
      houses.set(
        currency,
        (h = { exchange: await houseAccount(q, 'exchange', currency), commission: await houseAccount(q, 'commission', currency) }),
      );
    return h;
  };
  const balances = new Map<number, Map<string, bigint>>();
  for (const id of players) {
    accounts.set(id, await playerAccounts(q, id));
    const r = await q.query<{ code: string; balance_minor: string }>(
      'SELECT code, balance_minor FROM ledger_accounts WHERE player_id = $1 ORDER BY id FOR UPDATE',
      [id],
    );
    balances.set(id, new Map(r.rows.map((a) => [a.code, BigInt(a.balance_minor)])));
  }

  for (const id of players) {
    const acc = accounts.get(id)!;
    const bal = balances.get(id)!;
    // release the hold: after it, main holds what it held plus the hold
    const held = await setHold(q, id, market, 0);
    if (held !== 0) moved.add(id);
    const g = gross.get(id) ?? 0;
    const c = commissionOn(g, bps);
    const now: Figures = { gross: g, commission: c, net: g - c };
    const was = before.get(id) ?? { gross: 0, commission: 0, net: 0 };
    const dNet = BigInt(now.net - was.net);
    const dGross = BigInt(now.gross - was.gross);
    const dCommission = BigInt(now.commission - was.commission);

    const legs: Leg[] = [];
    let newDebt = 0n;
    if (dNet < 0n) {
      // take what main holds; what it cannot cover becomes the player's debt
      const main = (bal.get(`player:${id}:main`) ?? 0n) + BigInt(held);
      const take = main > 0n ? (main < -dNet ? main : -dNet) : 0n;
      legs.push({ account: acc.main, amountMinor: -take });
      newDebt = -dNet - take;
      if (newDebt > 0n) legs.push({ account: await playerOwedAccount(q, id, acc.currency), amountMinor: -newDebt });
    } else if (dNet > 0n) {
      // a credit repays a debt first
      const owed = bal.get(`player:${id}:owed`) ?? 0n;
      const repay = owed < 0n ? (-owed < dNet ? -owed : dNet) : 0n;
      if (repay > 0n) legs.push({ account: await playerOwedAccount(q, id, acc.currency), amountMinor: repay });
      legs.push({ account: acc.main, amountMinor: dNet - repay });
    }
    const h = await house(acc.currency);
    legs.push({ account: h.exchange, amountMinor: -dGross });
    legs.push({ account: h.commission, amountMinor: dCommission });
    const nonZero = legs.filter((l) => l.amountMinor !== 0n);
    if (nonZero.length) {
      await transfer(q, {
        idempotencyKey: `exchange:settle:${market.marketId}:${round}:${id}`,
        kind,
        reference: market.marketId,
        metadata: { market_id: market.marketId, round, result: target, ...now },
        legs: nonZero,
      });
      moved.add(id);
    }
    if (newDebt > 0n) await tellDebt(q, id, market, newDebt, acc.currency);
    await q.query(
      `UPDATE exchange_positions SET gross_minor = $3, commission_minor = $4, net_minor = $5, settle_round = $6, updated_at = now()
       WHERE player_id = $1 AND market_id = $2`,
      [id, market.marketId, now.gross, now.commission, now.net, round],
    );
  }

  // players whose bets changed status are pushed too (a perfectly hedged position moves no money)
  for (const b of bets) moved.add(b.playerId);
  if (bets.length) {
    await q.query(
      `UPDATE exchange_bets b SET status = u.status, profit_minor = u.profit, settled_at = now(), updated_at = now()
       FROM unnest($1::bigint[], $2::text[], $3::bigint[]) AS u(id, status, profit) WHERE b.id = u.id`,
      [bets.map((b) => b.betId), bets.map((b) => b.status), bets.map((b) => b.profit)],
    );
  }
  // the void marker: the bets the void returned (matched parts VOID, unmatched ones the close cancelled), not those that
  // lapsed or were cancelled before it; a later result takes it off again
  const isVoid = 'void' in target;
  await q.query(
    `UPDATE exchange_bets SET voided = $2 WHERE market_id = $1 AND voided <> $2
       AND (NOT $2 OR status = 'VOID' OR (status = 'CANCELLED' AND reason = $3))`,
    [market.marketId, isVoid, M.marketClosed],
  );
  await q.query(
    `UPDATE exchange_markets SET settled_result = $2::jsonb, settle_round = $3, settled_at = now(), updated_at = now(),
       void_reason = CASE WHEN $4 THEN COALESCE($5, void_reason, 'Voided by the feed') ELSE NULL END
     WHERE market_id = $1`,
    [market.marketId, JSON.stringify(target), round, isVoid, by.reason ?? null],
  );
  await q.query(
    `INSERT INTO exchange_market_history (market_id, source, action, status, result, operator_id, reason) VALUES ($1, $2, $3, 'CLOSED', $4::jsonb, $5, $6)`,
    [
      market.marketId,
      by.source,
      isVoid ? 'void' : round === 1 ? 'settle' : 'resettle',
      JSON.stringify(target),
      by.staffId ?? null,
      by.reason ?? null,
    ],
  );
  return [...moved].sort((a, b) => a - b);
}
