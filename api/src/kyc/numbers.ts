// Payers and payees (issue 32): the numbers a player has proven are theirs. A withdrawal to any other number waits for
// a payments operator to confirm it; a deposit from a number new to the player is marked for staff.
import type { Queryable } from '../db';

/** One spelling of a mobile wallet number: digits only, Bangladesh's +880/880 prefix as the local 0 (01XXXXXXXXX). */
export function normaliseNumber(raw: string): string {
  const d = raw.replace(/\D/g, '');
  return d.length === 13 && d.startsWith('880') ? `0${d.slice(3)}` : d;
}

/**
 * The player's verified numbers: the phone verified by a code (the main one, and extra numbers verified the same
 * way), and every number an approved deposit of theirs was paid from (a manual deposit's payer number must already
 * be one of their verified phones at make-payment; a gateway payment is authorised by the wallet's own PIN and OTP):
 * money may go back where it came from. Normalised (normaliseNumber).
 */
export async function verifiedNumbers(q: Queryable, playerId: number): Promise<Set<string>> {
  const r = await q.query<{ n: string }>(
    `SELECT phone AS n FROM players WHERE id = $1 AND phone_verified AND phone IS NOT NULL
     UNION SELECT phone FROM player_phones WHERE player_id = $1 AND verified_at IS NOT NULL
     UNION SELECT payer_number FROM wallet_transactions
       WHERE player_id = $1 AND action = 'deposit' AND status = 1 AND payer_number IS NOT NULL`,
    [playerId],
  );
  return new Set(r.rows.map((x) => normaliseNumber(x.n)));
}

export async function isVerifiedNumber(q: Queryable, playerId: number, number: string): Promise<boolean> {
  return (await verifiedNumbers(q, playerId)).has(normaliseNumber(number));
}
