import { MAX_EXTRA_PHONES, type User } from '@khela/contracts';
import type { Db, Queryable } from '../../db';
import { NotFound, ValidationFailed } from '../../errors';
import { fromMinor, getPlayerBalance, parseMinor } from '../../ledger';

export interface PlayerRow {
  id: string;
  username: string;
  password_hash: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  currency: 'BDT' | 'INR' | 'PKR';
  vip_coin: number;
  cash_bonus_minor: string;
  dofb: string | null;
  phone_verified: boolean;
  email_verified_at: string | null;
  referral_code: string;
  referred_by: string | null;
  status: string;
  created_at: string;
}

const PLAYER_COLUMNS = `id, username, password_hash, name, phone, email, currency, vip_coin, cash_bonus_minor,
  to_char(dofb, 'YYYY-MM-DD') AS dofb, phone_verified, to_char(email_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS email_verified_at,
  referral_code, referred_by, status, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;

/** The player's row; `lock` takes the row lock that serialises the player's money and profile changes. */
export async function loadPlayer(q: Queryable, id: number, lock = false): Promise<PlayerRow> {
  const r = await q.query<PlayerRow>(`SELECT ${PLAYER_COLUMNS} FROM players WHERE id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`, [id]);
  if (!r.rows[0]) throw new NotFound('Player not found');
  return r.rows[0];
}

/** The spec's `user` object: the row plus the main balance. */
export async function userOut(q: Queryable, p: PlayerRow): Promise<User> {
  const { balanceMinor, exposureMinor } = await getPlayerBalance(q, Number(p.id));
  return {
    id: Number(p.id),
    username: p.username,
    name: p.name,
    phone: p.phone,
    email: p.email,
    vip_coin: p.vip_coin,
    session_id: p.phone_verified ? '1' : '0',
    created_at: p.created_at,
    dofb: p.dofb,
    email_verified_at: p.email_verified_at,
    balance: fromMinor(balanceMinor + exposureMinor),
    currency: p.currency,
    referral_code: p.referral_code,
    cash_bonus: fromMinor(parseMinor(p.cash_bonus_minor)),
  };
}

/** Sets the date of birth once; false when it was already set. */
export async function setDateOfBirth(q: Queryable, playerId: number, dofb: string): Promise<boolean> {
  const r = await q.query('UPDATE players SET dofb = $2, updated_at = now() WHERE id = $1 AND dofb IS NULL RETURNING id', [playerId, dofb]);
  return r.rows.length > 0;
}

export interface ExtraPhone {
  id: number;
  contract_value: string;
  isverify: 0 | 1;
}

export async function extraPhones(q: Queryable, playerId: number): Promise<ExtraPhone[]> {
  const r = await q.query<{ id: string; phone: string; verified: boolean }>(
    'SELECT id, phone, verified_at IS NOT NULL AS verified FROM player_phones WHERE player_id = $1 ORDER BY id',
    [playerId],
  );
  return r.rows.map((x) => ({ id: Number(x.id), contract_value: x.phone, isverify: (x.verified ? 1 : 0) as 0 | 1 }));
}

/** Adds an unverified extra phone (normalised), refusing the main phone, duplicates and more than the maximum. */
export function addExtraPhone(db: Db, playerId: number, phone: string): Promise<ExtraPhone> {
  return db.tx(async (q) => {
    const p = await loadPlayer(q, playerId, true);
    if (p.phone === phone) throw new ValidationFailed({ phone: ['This is already your main phone number.'] });
    const existing = await extraPhones(q, playerId);
    if (existing.some((e) => e.contract_value === phone)) throw new ValidationFailed({ phone: ['This phone number is already added.'] });
    if (existing.length >= MAX_EXTRA_PHONES)
      throw new ValidationFailed({ phone: [`You can add at most ${MAX_EXTRA_PHONES} extra phone numbers.`] });
    const ins = await q.query<{ id: string }>('INSERT INTO player_phones (player_id, phone) VALUES ($1, $2) RETURNING id', [
      playerId,
      phone,
    ]);
    return { id: Number(ins.rows[0]!.id), contract_value: phone, isverify: 0 as const };
  });
}
