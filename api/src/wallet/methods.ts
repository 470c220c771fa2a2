// Payment methods as players meet them: each method's amount range and buttons, the active method of a request, the
// lists of the deposit and withdrawal screens and the numbers a manual deposit is sent to.
import {
  amountRangeMessage,
  DEPOSIT_MAX,
  DEPOSIT_MIN,
  DEPOSIT_PRESETS,
  WALLET_MESSAGES as M,
  WITHDRAW_MAX,
  WITHDRAW_MIN,
  WITHDRAW_PRESETS,
} from '@khela/contracts';
import type { Queryable } from '../db';
import { PAYMENT_METHOD_COLUMNS, paymentMethodOut } from '../content/service';
import { toMinor } from '../ledger';
import { WalletError, type Action } from './transactions';

/** The amounts a request may have, in whole money units. */
export interface AmountRange {
  min: number;
  max: number;
}

/** A payment method's own range and amount buttons (whole units; null: the site-wide constants). */
export interface MethodLimits {
  deposit_min: number | null;
  deposit_max: number | null;
  withdraw_min: number | null;
  withdraw_max: number | null;
  deposit_presets: number[] | null;
  withdraw_presets: number[] | null;
}
export const METHOD_LIMIT_COLUMNS = 'deposit_min, deposit_max, withdraw_min, withdraw_max, deposit_presets, withdraw_presets';

/** The range that applies to `action` with `method` (the method's own, else DEPOSIT_MIN/MAX or WITHDRAW_MIN/MAX). */
export function methodRange(method: Partial<MethodLimits> | null, action: Action): AmountRange {
  const [min, max] = action === 'deposit' ? [method?.deposit_min, method?.deposit_max] : [method?.withdraw_min, method?.withdraw_max];
  if (min != null && max != null) return { min: Number(min), max: Number(max) };
  return action === 'deposit' ? { min: DEPOSIT_MIN, max: DEPOSIT_MAX } : { min: WITHDRAW_MIN, max: WITHDRAW_MAX };
}

/** The amount buttons of `action` with `method` (its own, else the site-wide presets), inside its range. */
export function methodPresets(method: Partial<MethodLimits> | null, action: Action): number[] {
  const own = action === 'deposit' ? method?.deposit_presets : method?.withdraw_presets;
  const range = methodRange(method, action);
  const all = own ?? (action === 'deposit' ? [...DEPOSIT_PRESETS] : [...WITHDRAW_PRESETS]);
  return all.map(Number).filter((v) => v >= range.min && v <= range.max);
}

/** A request's amount in paisa, inside `range` (the spec's message for the site-wide range; the method's otherwise). */
export function parseAmount(value: string, action: Action, range: AmountRange = methodRange(null, action)): bigint {
  let minor: bigint;
  try {
    minor = toMinor(value);
  } catch {
    throw new WalletError(422, action === 'deposit' ? M.depositAmountRequired : M.withdrawAmountRequired, 'amount');
  }
  if (minor < BigInt(range.min) * 100n || minor > BigInt(range.max) * 100n) {
    throw new WalletError(422, amountRangeMessage(action, range.min, range.max), 'amount');
  }
  return minor;
}

export interface MethodRow extends MethodLimits {
  id: number;
  /** 'bkash', 'nagad', 'rocket', ...: picks the payer's transaction id format (rules/payer-trx.ts). */
  code: string;
  name: string;
  account_type: string;
  pgs: Array<{ name: string; code: string; icon: string | null }> | null;
  allows_deposit: boolean;
  allows_withdraw: boolean;
}

export async function findMethod(q: Queryable, id: number): Promise<MethodRow | null> {
  const r = await q.query<MethodRow & { id: string }>(
    `SELECT id, code, name, account_type, pgs, allows_deposit, allows_withdraw, ${METHOD_LIMIT_COLUMNS} FROM payment_methods
     WHERE id = $1 AND status = 'active'`,
    [id],
  );
  const row = r.rows[0];
  return row ? { ...row, id: Number(row.id) } : null;
}

/** Active methods for one purpose; withdrawals list none while the general setting switches them off. */
export async function methodsFor(q: Queryable, purpose: 'deposit' | 'withdraw') {
  const r = await q.query<any>(
    `SELECT ${PAYMENT_METHOD_COLUMNS}, ${METHOD_LIMIT_COLUMNS}
     FROM payment_methods WHERE status = 'active' AND ${purpose === 'withdraw' ? 'allows_withdraw' : 'allows_deposit'}
     ORDER BY sort_order, id`,
  );
  return r.rows.map((row: MethodLimits & Record<string, unknown>) => {
    const { deposit_min, deposit_max, withdraw_min, withdraw_max, deposit_presets, withdraw_presets, ...m } = row;
    const limits = { deposit_min, deposit_max, withdraw_min, withdraw_max, deposit_presets, withdraw_presets };
    const dep = methodRange(limits, 'deposit');
    const wd = methodRange(limits, 'withdraw');
    return {
      ...paymentMethodOut(m),
      deposit_min: dep.min,
      deposit_max: dep.max,
      withdraw_min: wd.min,
      withdraw_max: wd.max,
      deposit_presets: methodPresets(limits, 'deposit'),
      withdraw_presets: methodPresets(limits, 'withdraw'),
    };
  });
}

/** The numbers a player sends a manual deposit to ('Marchent' is the legacy client's spelling of Merchant). */
export async function walletNumbers(q: Queryable, methodName: string, accountType: string | null) {
  const r = await q.query<{ id: number; account_number: string }>(
    `SELECT n.id::int AS id, n.account_number FROM payment_method_numbers n
     JOIN payment_methods m ON m.id = n.payment_method_id
     WHERE lower(m.name) = lower($1) AND m.status = 'active' AND n.status = 'active' AND m.allows_deposit
       AND ($2::text IS NULL OR m.account_type = $2 OR (m.account_type = 'Merchant' AND $2 = 'Marchent'))
     ORDER BY n.sort_order, n.id`,
    [methodName, accountType],
  );
  return r.rows;
}
