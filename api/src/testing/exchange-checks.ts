// Invariants of the exchange's stored state, checked from scratch (tests and bench/exchange-placement.ts): every bet's
// matched stake is the sum of its fills, no bet holds more than its stake, fills are zero-sum and priced between the
// two orders, the resting book is never crossed between players, and every held exposure is the position recomputed
// from the bets and fills (positions.ts playerPosition over loadMarketBets), in exchange_positions and in the ledger.
import type { Queryable } from '../db';
import { readMarket } from '../exchange/markets';
import { loadMarketBets, playerPosition } from '../exchange/positions';

/** Problems found in the bets and fills (empty: none). */
export async function checkBetsAndFills(q: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const bets = await q.query<{
    id: string;
    stake_minor: string;
    matched_minor: string;
    matched_value: string;
    remaining_minor: string;
    cancelled_minor: string;
    status: string;
    kind: string;
    filled: string;
    filled_value: string;
  }>(
    `SELECT b.id, b.stake_minor, b.matched_minor, b.matched_value, b.remaining_minor, b.cancelled_minor, b.status, b.kind,
            COALESCE(SUM(f.stake_minor), 0) AS filled, COALESCE(SUM(f.stake_minor * f.price), 0) AS filled_value
     FROM exchange_bets b LEFT JOIN exchange_fills f ON f.back_bet_id = b.id OR f.lay_bet_id = b.id
     GROUP BY b.id ORDER BY b.id`,
  );
  for (const b of bets.rows) {
    const [stake, matched, remaining, cancelled] = [b.stake_minor, b.matched_minor, b.remaining_minor, b.cancelled_minor].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    if (b.kind !== 'FANCY' && matched !== Number(b.filled))
      problems.push(`bet ${b.id}: matched ${matched} but its fills sum to ${b.filled}`);
    if (b.kind === 'MATCH_ODDS' && Number(b.matched_value) !== Number(b.filled_value))
      problems.push(`bet ${b.id}: matched value ${b.matched_value} but its fills sum to ${b.filled_value}`);
    if (matched + remaining + cancelled > stake)
      problems.push(`bet ${b.id}: matched ${matched} + remaining ${remaining} + cancelled ${cancelled} > stake ${stake}`);
    if (b.status !== 'PENDING' && matched + remaining + cancelled !== stake)
      problems.push(`bet ${b.id} (${b.status}): matched ${matched} + remaining ${remaining} + cancelled ${cancelled} != stake ${stake}`);
  }
  // every player-to-player fill: a back and a lay of two players, at a price both accepted
  const fills = await q.query<{
    id: string;
    price: number;
    back_price: number | null;
    lay_price: number | null;
    back_player: string | null;
    lay_player: string | null;
  }>(
    `SELECT f.id, f.price, bb.price AS back_price, lb.price AS lay_price, bb.player_id AS back_player, lb.player_id AS lay_player
     FROM exchange_fills f LEFT JOIN exchange_bets bb ON bb.id = f.back_bet_id LEFT JOIN exchange_bets lb ON lb.id = f.lay_bet_id
     JOIN exchange_markets m ON m.market_id = f.market_id WHERE m.kind = 'MATCH_ODDS'`,
  );
  for (const f of fills.rows) {
    if (f.back_player !== null && f.back_player === f.lay_player) problems.push(`fill ${f.id}: player ${f.back_player} matched itself`);
    if (f.back_price !== null && Number(f.back_price) > Number(f.price))
      problems.push(`fill ${f.id}: at ${f.price}, below the back's ${f.back_price}`);
    if (f.lay_price !== null && Number(f.lay_price) < Number(f.price))
      problems.push(`fill ${f.id}: at ${f.price}, above the lay's ${f.lay_price}`);
  }
  // a back resting at P and another player's lay resting at Q >= P on one runner should have matched
  const crossed = await q.query<{ back_id: string; lay_id: string }>(
    `SELECT b.id AS back_id, l.id AS lay_id FROM exchange_bets b JOIN exchange_bets l
       ON l.market_id = b.market_id AND l.currency = b.currency AND l.selection_id = b.selection_id AND l.side = 'LAY'
      AND l.remaining_minor > 0 AND l.price >= b.price AND l.player_id <> b.player_id
     JOIN exchange_markets m ON m.market_id = b.market_id
     WHERE b.side = 'BACK' AND b.remaining_minor > 0 AND m.status = 'OPEN' AND b.status <> 'PENDING' AND l.status <> 'PENDING'
     LIMIT 10`,
  );
  for (const c of crossed.rows) problems.push(`book crossed: back ${c.back_id} and lay ${c.lay_id} rest against each other`);
  return problems;
}

/**
 * Every player's held exposure per market against the position recomputed from scratch, and their ledger exposure
 * account against the sum of their positions. Answers the problems and how many positions were checked.
 */
export async function checkExposures(q: Queryable): Promise<{ problems: string[]; checked: number }> {
  const problems: string[] = [];
  const held = await q.query<{ player_id: string; market_id: string; exposure_minor: string }>(
    `SELECT player_id, market_id, exposure_minor FROM exchange_positions ORDER BY market_id, player_id`,
  );
  const byMarket = new Map<string, { playerId: number; held: number }[]>();
  for (const h of held.rows) {
    const list = byMarket.get(h.market_id) ?? [];
    list.push({ playerId: Number(h.player_id), held: Number(h.exposure_minor) });
    byMarket.set(h.market_id, list);
  }
  for (const [marketId, list] of byMarket) {
    const market = (await readMarket(q, marketId))!;
    const data = await loadMarketBets(q, marketId);
    const settled = market.settleRound > 0;
    for (const { playerId, held: h } of list) {
      const want = settled ? 0 : playerPosition(market, playerId, data).exposure;
      if (want !== h) problems.push(`player ${playerId} in ${marketId}: holds ${h}, the position says ${want}`);
    }
  }
  const ledger = await q.query<{ player_id: string; balance_minor: string; held: string }>(
    `SELECT p.player_id, a.balance_minor, p.held FROM
       (SELECT player_id, SUM(exposure_minor) AS held FROM exchange_positions GROUP BY player_id) p
     JOIN ledger_accounts a ON a.code = 'player:' || p.player_id || ':exposure'`,
  );
  for (const l of ledger.rows)
    if (Number(l.balance_minor) !== Number(l.held))
      problems.push(`player ${l.player_id}: exposure account ${l.balance_minor}, positions hold ${l.held}`);
  return { problems, checked: held.rows.length };
}
