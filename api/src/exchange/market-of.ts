import type { Queryable } from '../db';

// Which market a command goes to (issue 29 item 3: the five reads the routes made themselves). Each market has one
// writer (writer/), so a cancel, an edit or a pending bet's end first finds its bet's market, outside any transaction.

/** The market of a bet still in its bet delay (PENDING); null when it is no longer pending. */
export async function pendingBetMarket(q: Queryable, betId: number): Promise<string | null> {
  const r = await q.query<{ market_id: string }>(`SELECT market_id FROM exchange_bets WHERE id = $1 AND status = 'PENDING'`, [betId]);
  return r.rows[0]?.market_id ?? null;
}

/** Every market not closed (the outage notice goes to their pages). */
export async function openMarketIds(q: Queryable): Promise<string[]> {
  const r = await q.query<{ market_id: string }>(`SELECT market_id FROM exchange_markets WHERE status <> 'CLOSED'`);
  return r.rows.map((m) => m.market_id);
}

/** The market of a player's bet by its public id; null when the player has no such bet. */
export async function playerBetMarket(q: Queryable, playerId: number, publicId: string): Promise<string | null> {
  const r = await q.query<{ market_id: string }>('SELECT market_id FROM exchange_bets WHERE public_id = $1 AND player_id = $2', [
    publicId,
    playerId,
  ]);
  return r.rows[0]?.market_id ?? null;
}

/** A player's bet as an edit needs it before going to its market's writer: market, price (hundredths), remainder. */
export async function playerBetHead(
  q: Queryable,
  playerId: number,
  publicId: string,
): Promise<{ market_id: string; price: number; remaining_minor: string } | null> {
  const r = await q.query<{ market_id: string; price: number; remaining_minor: string }>(
    'SELECT market_id, price, remaining_minor FROM exchange_bets WHERE public_id = $1 AND player_id = $2',
    [publicId, playerId],
  );
  return r.rows[0] ?? null;
}

/** The markets where a player has unmatched remainders (all, or only `only`), in id order. */
export async function playerOpenOrderMarkets(q: Queryable, playerId: number, only: string | null): Promise<string[]> {
  const r = await q.query<{ market_id: string }>(
    `SELECT DISTINCT market_id FROM exchange_bets
     WHERE player_id = $1 AND remaining_minor > 0 AND status IN ('UNMATCHED', 'PARTIALLY_MATCHED') AND ($2::text IS NULL OR market_id = $2)
     ORDER BY market_id`,
    [playerId, only],
  );
  return r.rows.map((m) => m.market_id);
}
