import type { Queryable } from '../db';
import { NotFound } from '../errors';
import type { Currency } from '../ledger';

export interface LockedPlayer {
  id: number;
  currency: Currency;
  phoneVerified: boolean;
  dofb: string | null;
  username: string;
}

/**
 * Serialises every money request of one player (row lock), always taken before ledger rows. FOR NO KEY UPDATE, not
 * FOR UPDATE: it excludes the other money requests of the player but not the foreign-key checks (FOR KEY SHARE) that
 * other transactions make when they write rows pointing at the player — e.g. an exchange match updating the
 * counterparty's position while the counterparty's own bet waits for the market (which would otherwise deadlock).
 */
export async function lockPlayer(q: Queryable, playerId: number): Promise<LockedPlayer> {
  const r = await q.query<{ id: string; currency: Currency; phone_verified: boolean; dofb: string | null; username: string }>(
    'SELECT id, currency, phone_verified, dofb, username FROM players WHERE id = $1 FOR NO KEY UPDATE',
    [playerId],
  );
  const row = r.rows[0];
  if (!row) throw new NotFound('Unknown player');
  return { id: Number(row.id), currency: row.currency, phoneVerified: row.phone_verified, dofb: row.dofb, username: row.username };
}
