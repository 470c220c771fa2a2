// What the money, protection and back-office suites set up again and again: money in a player's main wallet, a player
// who may deposit (verified phone, adult birthday) with a token, a payment method's id, and staff log-ins.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db';
import { toMinor } from '../ledger';
import { OPERATORS } from '../seed/data';
import { createPlayer, fund, tokenFor } from './helpers';

// fund lives in helpers.ts, which the benchmark imports outside vitest (exchange-fixture.ts's fundedPlayer uses it)
export { fund };

export interface ReadyPlayer {
  id: number;
  token: string;
  /** `{ authorization: 'Bearer …' }`, for app.inject's headers. */
  auth: { authorization: string };
  /** Set when `phone` was given: the player's verified phone (the prefix and the id, 11 digits). */
  phone: string;
}

/**
 * A player who may deposit and withdraw: phone verified, birthday `dofb` (adult by default; null: none), and with
 * `phone` (a 3-digit prefix such as '016') the phone number itself; `balance` in main; a session token.
 */
export async function readyPlayer(db: Db, opts: { balance?: string; dofb?: string | null; phone?: string } = {}): Promise<ReadyPlayer> {
  const id = await createPlayer(db);
  const phone = opts.phone ? `${opts.phone}${String(id).padStart(8, '0')}` : '';
  await db.query('UPDATE players SET phone_verified = true, dofb = $2, phone = COALESCE($3, phone) WHERE id = $1', [
    id,
    opts.dofb === undefined ? '1990-01-01' : opts.dofb,
    phone || null,
  ]);
  if (opts.balance && toMinor(opts.balance) > 0n) await fund(db, id, opts.balance);
  const token = await tokenFor(db, id);
  return { id, token, auth: { authorization: `Bearer ${token}` }, phone };
}

/** The id of the seeded payment method with this code ('bkash', 'nagad', 'ewallet', ...). */
export async function paymentMethodId(db: Db, code: string): Promise<number> {
  return Number((await db.query<{ id: string }>('SELECT id FROM payment_methods WHERE code = $1', [code])).rows[0]!.id);
}

/**
 * Staff log-in tokens by name: a seeded role ('payments' logs in as the seeded 'operator') or a seeded username, or
 * another account whose password is in `passwords`. Each log-in must answer 200.
 */
export async function staffTokens<K extends string>(
  app: FastifyInstance,
  names: readonly K[],
  passwords: Partial<Record<K, string>> = {},
): Promise<Record<K, string>> {
  const tokens = {} as Record<K, string>;
  for (const name of names) {
    const seeded = OPERATORS.find((o) => o.role === name || o.username === name);
    const username = passwords[name] ? name : (seeded?.username ?? name);
    const password = passwords[name] ?? seeded?.password;
    const r = await app.inject({ method: 'POST', url: '/api/operator/login', payload: { username, password } });
    expect(r.statusCode, r.body).toBe(200);
    tokens[name] = r.json().token;
  }
  return tokens;
}
