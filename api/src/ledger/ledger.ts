import type { Db, Queryable } from '../db';
import { HttpError } from '../errors';
import { ledgerTransfers } from '../ops/metrics';
import { ledgerConfig } from './config';
import { fromMinor, parseMinor } from './money';

export const CURRENCIES = ['BDT', 'INR', 'PKR'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** cash: money in and out; bonus, games, vip: the operator's side of those; exchange: the house's side of exchange
 * settlements (player-to-player results net out here, house-priced BookMaker/Fancy and the feed's liquidity win or
 * lose here); commission: exchange commission earned; adjustment: the other side of staff's reasoned balance adjustments. */
export const HOUSE_ACCOUNTS = ['cash', 'bonus', 'games', 'vip', 'exchange', 'commission', 'adjustment'] as const;
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];

export interface Leg {
  /** ledger_accounts.id */
  account: number;
  /** Signed: positive credits the account, negative debits it. */
  amountMinor: bigint;
}

/** Every kind of money movement the ledger records (ledger_transfers.kind). */
export type LedgerKind =
  | 'seed'
  | 'deposit'
  | 'withdraw.hold'
  | 'withdraw.payout'
  | 'withdraw.release'
  | 'vip.convert'
  | 'bonus.claim'
  | 'casino.bet'
  | 'casino.win'
  | 'casino.rollback'
  | 'exchange.hold'
  | 'exchange.settle'
  | 'exchange.resettle'
  /** A reasoned balance adjustment by back-office staff (credit or debit against house:adjustment). */
  | 'staff.adjustment'
  /** Staff write off what a player owes (player:N:owed back towards 0, against house:adjustment; issue 32). */
  | 'staff.write_off'
  /** Repays the player's debt (player:N:owed) from main: booked by transfer() after a credit that repays first. */
  | 'debt.collect'
  /** Transfer wallets (api/src/transfer): main -> player:N:transit (hold), transit -> player:N:provider:CODE when the
   * provider confirmed, back to main when it refused; a recall the other way round. */
  | 'ptransfer.in.hold'
  | 'ptransfer.in.confirm'
  | 'ptransfer.in.reverse'
  | 'ptransfer.out.hold'
  | 'ptransfer.out.confirm'
  | 'ptransfer.out.reverse'
  /** What the player won (+) or lost (-) at a transfer-wallet provider (reported minus ledger), against house:provider:CODE. */
  | 'provider.result';

/**
 * What a player owes (player:N:owed, see playerOwedAccount) comes off what is available: a debit of main of any kind
 * but these must leave main >= the debt (available = main - owed). The exempt ones are not the player spending: a
 * corrected result taking back winnings, the collection itself, and staff's reasoned adjustment.
 */
const DEBT_EXEMPT_DEBITS: ReadonlySet<LedgerKind> = new Set(['exchange.settle', 'exchange.resettle', 'debt.collect', 'staff.adjustment']);
/**
 * Credits that repay the debt first (deposits, casino wins; exchange settlements repay inside their own transfer):
 * transfer() books a debt.collect right after them. The player's own money coming back (an exchange hold released,
 * a casino stake rolled back, a withdrawal rejected) does not: it stays in main, where the debt keeps it unavailable.
 */
const DEBT_COLLECTING_CREDITS: ReadonlySet<LedgerKind> = new Set(['deposit', 'casino.win']);

export interface TransferInput {
  /** The transfer's identity: the same key twice moves money once. */
  idempotencyKey: string;
  kind: LedgerKind;
  reference?: string;
  metadata?: Record<string, unknown>;
  legs: Leg[];
}

export interface TransferResult {
  transferId: number;
  replayed: boolean;
  /** Balances after the transfer, by account id (current balances on replay); after its debt collection, if any. */
  balances: Map<number, bigint>;
  /** What each player main account of the transfer may spend now: its balance less the player's debt (never < 0). */
  available: Map<number, bigint>;
}

export class InsufficientFunds extends HttpError {
  constructor(
    readonly accountId: number,
    readonly balanceMinor: bigint,
    readonly requiredMinor: bigint,
  ) {
    super(422, 'Insufficient balance.', { balance: fromMinor(balanceMinor) });
  }
}

export class IdempotencyConflict extends HttpError {
  constructor(readonly idempotencyKey: string) {
    super(409, 'This request was already processed with different details.');
  }
}

export class LedgerError extends Error {}

/** A leg by its account's code and currency, not its id: a retry names another shard of the same house account. */
const legKey = (codes: Map<number, string>) => (l: Leg) => `${codes.get(l.account) ?? `?${l.account}`}:${l.amountMinor}`;
const sameLegs = (codes: Map<number, string>, a: Leg[], b: Leg[]) =>
  a.length === b.length && a.map(legKey(codes)).sort().join() === b.map(legKey(codes)).sort().join();

/**
 * Moves money atomically inside the caller's transaction `q`. Legs must sum to zero.
 * Locks the accounts in id order (no deadlocks), refuses to take a non-negative account
 * below zero, and records the transfer under its idempotency key.
 * Call `push.publishBalance(playerId)` after the caller's transaction commits.
 */
export async function transfer(q: Queryable, input: TransferInput): Promise<TransferResult> {
  const { legs } = input;
  if (!input.idempotencyKey) throw new LedgerError('idempotencyKey is required');
  if (legs.length < 2) throw new LedgerError('A transfer needs at least two legs');
  if (legs.some((l) => typeof l.amountMinor !== 'bigint' || l.amountMinor === 0n)) {
    throw new LedgerError('Leg amounts must be non-zero bigints');
  }
  if (legs.reduce((s, l) => s + l.amountMinor, 0n) !== 0n) throw new LedgerError('Legs must sum to zero');

  const ids = [...new Set(legs.map((l) => l.account))].sort((a, b) => a - b);
  // One round trip records the transfer and locks its accounts in id order (no deadlocks). ON CONFLICT DO NOTHING
  // waits for a concurrent insert of the same key, then yields no id and locks nothing: a replay.
  const locked = await q.query<{
    transfer_id: string | null;
    id: string | null;
    code: string;
    player_id: string | null;
    currency: string;
    balance_minor: string;
    allow_negative: boolean;
  }>(
    // A player main account's owed account (the player's debt) is locked with it, so the debt read is current.
    `WITH t AS (
       INSERT INTO ledger_transfers (idempotency_key, kind, reference, metadata)
       VALUES ($1, $2, $3, $4) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id
     ), owed AS (
       SELECT o.id FROM ledger_accounts m
       JOIN ledger_accounts o ON o.code = 'player:' || m.player_id || ':owed' AND o.currency = m.currency AND o.shard = 0
       WHERE m.id = ANY($5::bigint[]) AND m.player_id IS NOT NULL AND m.code = 'player:' || m.player_id || ':main'
     ), a AS (
       SELECT id, code, player_id, currency, balance_minor, allow_negative FROM ledger_accounts
       WHERE id = ANY($5::bigint[] || ARRAY(SELECT id FROM owed)) AND EXISTS (SELECT 1 FROM t) ORDER BY id FOR UPDATE
     )
     SELECT (SELECT id FROM t) AS transfer_id, a.* FROM (SELECT 1) one LEFT JOIN a ON true`,
    [input.idempotencyKey, input.kind, input.reference ?? null, JSON.stringify(input.metadata ?? {}), ids],
  );
  const transferIdText = locked.rows[0]?.transfer_id;
  if (transferIdText == null) return replay(q, input);
  const transferId = Number(transferIdText);
  const inLegs = new Set(ids);
  const all = locked.rows.filter((r) => r.id !== null);
  const rows = all.filter((r) => inLegs.has(Number(r.id)));
  if (rows.length !== ids.length) throw new LedgerError('Unknown ledger account in transfer');
  if (new Set(rows.map((r) => r.currency)).size > 1) throw new LedgerError('Legs mix currencies');
  // the debt (minor units, >= 0) and owed account of each player whose main account is in the legs
  const owedOf = new Map<string, { id: number; debt: bigint }>();
  for (const r of all) {
    if (r.player_id !== null && r.code === `player:${r.player_id}:owed`) {
      const b = parseMinor(r.balance_minor);
      owedOf.set(r.player_id, { id: Number(r.id), debt: b < 0n ? -b : 0n });
    }
  }
  const debtOf = (row: (typeof rows)[number]) =>
    row.player_id !== null && row.code === `player:${row.player_id}:main` ? owedOf.get(row.player_id) : undefined;

  const balances = new Map<number, bigint>();
  const deltas: bigint[] = [];
  const collect: { main: number; owed: number; amount: bigint }[] = [];
  for (const row of rows) {
    const id = Number(row.id);
    const before = parseMinor(row.balance_minor);
    const delta = legs.filter((l) => l.account === id).reduce((s, l) => s + l.amountMinor, 0n);
    const after = before + delta;
    if (after < 0n && delta < 0n && !row.allow_negative) throw new InsufficientFunds(id, before, -delta);
    const owed = debtOf(row);
    if (owed && owed.debt > 0n) {
      // available = main - owed: a spend uses only the rest; a repaying credit pays the debt first
      if (delta < 0n && after < owed.debt && !DEBT_EXEMPT_DEBITS.has(input.kind)) {
        throw new InsufficientFunds(id, before > owed.debt ? before - owed.debt : 0n, -delta);
      }
      if (delta > 0n && after > 0n && DEBT_COLLECTING_CREDITS.has(input.kind)) {
        collect.push({ main: id, owed: owed.id, amount: after < owed.debt ? after : owed.debt });
      }
    }
    balances.set(id, after);
    deltas.push(delta);
  }
  // One more round trip writes the balances and the postings (the rows are locked: the deltas land on what was checked).
  await q.query(
    `WITH b AS (
       UPDATE ledger_accounts a SET balance_minor = a.balance_minor + d.delta, version = a.version + 1
       FROM unnest($1::bigint[], $2::bigint[]) AS d(id, delta) WHERE a.id = d.id
     )
     INSERT INTO ledger_postings (transfer_id, account_id, amount_minor)
     SELECT $3, l.account, l.amount FROM unnest($4::bigint[], $5::bigint[]) WITH ORDINALITY AS l(account, amount, n) ORDER BY l.n`,
    [ids, deltas.map(String), transferId, legs.map((l) => l.account), legs.map((l) => l.amountMinor.toString())],
  );
  ledgerTransfers.inc({ kind: input.kind });
  for (const c of collect) {
    const repaid = await transfer(q, {
      idempotencyKey: `debt:collect:${transferId}:${c.main}`,
      kind: 'debt.collect',
      reference: input.reference,
      metadata: { repays: transferId, kind: input.kind },
      legs: [
        { account: c.main, amountMinor: -c.amount },
        { account: c.owed, amountMinor: c.amount },
      ],
    });
    for (const [id, b] of repaid.balances) if (balances.has(id)) balances.set(id, b);
    for (const o of owedOf.values()) if (o.id === c.owed) o.debt -= c.amount;
  }
  const available = new Map<number, bigint>();
  for (const r of rows) {
    const owed = debtOf(r);
    if (r.player_id === null || r.code !== `player:${r.player_id}:main`) continue;
    const b = balances.get(Number(r.id))!;
    const debt = owed?.debt ?? 0n;
    available.set(Number(r.id), b > debt ? b - debt : 0n);
  }
  return { transferId, replayed: false, balances, available };
}

/** What transferMany and transferManyParts refuse of a transfer before touching the database. */
function checkManyInput(input: TransferInput): void {
  if (!input.idempotencyKey) throw new LedgerError('idempotencyKey is required');
  if (input.legs.length < 2) throw new LedgerError('A transfer needs at least two legs');
  if (input.legs.some((l) => typeof l.amountMinor !== 'bigint' || l.amountMinor === 0n))
    throw new LedgerError('Leg amounts must be non-zero bigints');
  if (input.legs.reduce((s, l) => s + l.amountMinor, 0n) !== 0n) throw new LedgerError('Legs must sum to zero');
  if (DEBT_COLLECTING_CREDITS.has(input.kind)) throw new LedgerError(`transferMany does not take ${input.kind}`);
}

/**
 * Many transfers in one go, for a batch that already decided each of them (the exchange's market writer): the same
 * rules as transfer() (legs sum to zero, accounts locked in id order, no non-negative account below zero, a spend
 * kept above the player's debt), applied in order on running balances, in three round trips whatever their number.
 * All or nothing: a refusal throws (InsufficientFunds, LedgerError) and the caller's transaction rolls back. Every
 * key must be new (a batch's keys name new position versions); a kind that collects debt is not taken here.
 * Answers each main account's available figure after all of them (balance less debt).
 */
export async function transferMany(q: Queryable, inputs: TransferInput[]): Promise<{ available: Map<number, bigint> }> {
  const available = new Map<number, bigint>();
  if (!inputs.length) return { available };
  for (const input of inputs) checkManyInput(input);
  const ids = [...new Set(inputs.flatMap((t) => t.legs.map((l) => l.account)))].sort((a, b) => a - b);
  // every account (and the owed account of every player main among them) locked in id order, in one statement
  const locked = await q.query<{
    id: string;
    code: string;
    player_id: string | null;
    currency: string;
    balance_minor: string;
    allow_negative: boolean;
  }>(
    `WITH owed AS (
       SELECT o.id FROM ledger_accounts m
       JOIN ledger_accounts o ON o.code = 'player:' || m.player_id || ':owed' AND o.currency = m.currency AND o.shard = 0
       WHERE m.id = ANY($1::bigint[]) AND m.player_id IS NOT NULL AND m.code = 'player:' || m.player_id || ':main'
     )
     SELECT id, code, player_id, currency, balance_minor, allow_negative FROM ledger_accounts
     WHERE id = ANY($1::bigint[] || ARRAY(SELECT id FROM owed)) ORDER BY id FOR UPDATE`,
    [ids],
  );
  const byId = new Map(locked.rows.map((r) => [Number(r.id), r]));
  if (ids.some((id) => !byId.has(id))) throw new LedgerError('Unknown ledger account in transfer');
  const debtOfPlayer = new Map<string, bigint>();
  for (const r of locked.rows)
    if (r.player_id !== null && r.code === `player:${r.player_id}:owed`) {
      const b = parseMinor(r.balance_minor);
      debtOfPlayer.set(r.player_id, b < 0n ? -b : 0n);
    }
  const isMain = (r: (typeof locked.rows)[number]) => r.player_id !== null && r.code === `player:${r.player_id}:main`;
  const balances = new Map(ids.map((id) => [id, parseMinor(byId.get(id)!.balance_minor)]));
  for (const input of inputs) {
    if (new Set(input.legs.map((l) => byId.get(l.account)!.currency)).size > 1) throw new LedgerError('Legs mix currencies');
    const deltas = new Map<number, bigint>();
    for (const l of input.legs) deltas.set(l.account, (deltas.get(l.account) ?? 0n) + l.amountMinor);
    for (const [id, delta] of deltas) {
      const row = byId.get(id)!;
      const before = balances.get(id)!;
      const after = before + delta;
      if (after < 0n && delta < 0n && !row.allow_negative) throw new InsufficientFunds(id, before, -delta);
      const debt = isMain(row) ? (debtOfPlayer.get(row.player_id!) ?? 0n) : 0n;
      if (debt > 0n && delta < 0n && after < debt && !DEBT_EXEMPT_DEBITS.has(input.kind))
        throw new InsufficientFunds(id, before > debt ? before - debt : 0n, -delta);
      balances.set(id, after);
    }
  }
  const t = await q.query<{ id: string; idempotency_key: string }>(
    `INSERT INTO ledger_transfers (idempotency_key, kind, reference, metadata)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::jsonb[]) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, idempotency_key`,
    [
      inputs.map((i) => i.idempotencyKey),
      inputs.map((i) => i.kind),
      inputs.map((i) => i.reference ?? null),
      inputs.map((i) => JSON.stringify(i.metadata ?? {})),
    ],
  );
  if (t.rows.length !== inputs.length) throw new LedgerError('transferMany: a key was already used');
  const transferOf = new Map(t.rows.map((r) => [r.idempotency_key, r.id]));
  const postings = inputs.flatMap((i) =>
    i.legs.map((l) => [transferOf.get(i.idempotencyKey)!, l.account, l.amountMinor.toString()] as const),
  );
  const start = new Map(ids.map((id) => [id, parseMinor(byId.get(id)!.balance_minor)]));
  await q.query(
    `WITH b AS (
       UPDATE ledger_accounts a SET balance_minor = a.balance_minor + d.delta, version = a.version + 1
       FROM unnest($1::bigint[], $2::bigint[]) AS d(id, delta) WHERE a.id = d.id
     )
     INSERT INTO ledger_postings (transfer_id, account_id, amount_minor)
     SELECT l.t, l.account, l.amount FROM unnest($3::bigint[], $4::bigint[], $5::bigint[]) WITH ORDINALITY AS l(t, account, amount, n) ORDER BY l.n`,
    [
      ids,
      ids.map((id) => (balances.get(id)! - start.get(id)!).toString()),
      postings.map((p) => p[0]),
      postings.map((p) => p[1]),
      postings.map((p) => p[2]),
    ],
  );
  for (const input of inputs) ledgerTransfers.inc({ kind: input.kind });
  for (const id of ids) {
    const row = byId.get(id)!;
    if (!isMain(row)) continue;
    const b = balances.get(id)!;
    const debt = debtOfPlayer.get(row.player_id!) ?? 0n;
    available.set(id, b > debt ? b - debt : 0n);
  }
  return { available };
}

/** What transferManyParts gives a caller's statement: its CTEs, the columns its SELECT must answer, and the check. */
export interface TransferStatementParts {
  ctes: string[];
  columns: string[];
  /** Throws transferMany's errors, read from the statement's answer (the caller's transaction must then roll back). */
  check(row: Record<string, unknown>): void;
}

/**
 * transferMany as parts of the caller's own statement (the exchange writer writes a whole batch in one statement,
 * issue 28 stop 42): CTEs that lock every account of the transfers and each player main's owed account in id order,
 * insert the transfers, move the balances and write the postings; then `check` applies transferMany's rules to the
 * balances the lock read (unknown account, mixed currencies, a key already used, a balance below zero, a debt) and
 * throws its errors. The rules are decided after the writes, so the caller must roll back on a throw (a batch's
 * transaction does). Only for transfers whose accounts are all their own (no account in two transfers), so the rules
 * on the whole are the rules transfer by transfer; `param` adds a parameter and answers its placeholder.
 */
export function transferManyParts(inputs: TransferInput[], param: (value: unknown) => string): TransferStatementParts | null {
  if (!inputs.length) return null;
  const owner = new Map<number, number>();
  inputs.forEach((input, i) => {
    checkManyInput(input);
    for (const l of input.legs) {
      if (owner.has(l.account) && owner.get(l.account) !== i) throw new LedgerError('transferManyParts: an account in two transfers');
      owner.set(l.account, i);
    }
  });
  const deltas = new Map<number, bigint>();
  for (const input of inputs) for (const l of input.legs) deltas.set(l.account, (deltas.get(l.account) ?? 0n) + l.amountMinor);
  const ids = [...deltas.keys()].sort((a, b) => a - b);
  const idsP = param(ids);
  const postings = inputs.flatMap((i) => i.legs.map((l) => [i.idempotencyKey, l.account, l.amountMinor.toString()] as const));
  const ctes = [
    // every account, and the owed account of every player main among them, locked in id order
    `l_acc AS (SELECT id, code, player_id, currency, balance_minor, allow_negative FROM ledger_accounts
       WHERE id = ANY(${idsP}::bigint[] || ARRAY(
         SELECT o.id FROM ledger_accounts m
         JOIN ledger_accounts o ON o.code = 'player:' || m.player_id || ':owed' AND o.currency = m.currency AND o.shard = 0
         WHERE m.id = ANY(${idsP}::bigint[]) AND m.player_id IS NOT NULL AND m.code = 'player:' || m.player_id || ':main'))
       ORDER BY id FOR UPDATE)`,
    `l_tr AS (INSERT INTO ledger_transfers (idempotency_key, kind, reference, metadata)
       SELECT * FROM unnest(${param(inputs.map((i) => i.idempotencyKey))}::text[], ${param(inputs.map((i) => i.kind))}::text[],
         ${param(inputs.map((i) => i.reference ?? null))}::text[], ${param(inputs.map((i) => JSON.stringify(i.metadata ?? {})))}::jsonb[])
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, idempotency_key)`,
    // through l_acc: an account is moved only once it is locked, and the locks go in id order. A move below zero is
    // not made (the table's check would answer a bare constraint error): `check` refuses it as transferMany does
    `l_bal AS (UPDATE ledger_accounts a SET version = a.version + 1, balance_minor = CASE
         WHEN a.allow_negative OR d.delta >= 0 OR a.balance_minor + d.delta >= 0 THEN a.balance_minor + d.delta ELSE a.balance_minor END
       FROM unnest(${idsP}::bigint[], ${param(ids.map((id) => deltas.get(id)!.toString()))}::bigint[]) AS d(id, delta)
       JOIN l_acc ON l_acc.id = d.id WHERE a.id = d.id RETURNING a.id)`,
    `l_post AS (INSERT INTO ledger_postings (transfer_id, account_id, amount_minor)
       SELECT t.id, l.account, l.amount
       FROM unnest(${param(postings.map((p) => p[0]))}::text[], ${param(postings.map((p) => p[1]))}::bigint[],
         ${param(postings.map((p) => p[2]))}::bigint[]) WITH ORDINALITY AS l(key, account, amount, n)
       JOIN l_tr t ON t.idempotency_key = l.key ORDER BY l.n)`,
  ];
  const columns = [
    `(SELECT json_agg(json_build_array(x.id::text, x.code, x.player_id::text, x.currency, x.balance_minor::text, x.allow_negative)) FROM l_acc x) AS l_accounts`,
    `(SELECT count(*) FROM l_tr) AS l_transfers`,
    `(SELECT count(*) FROM l_bal) AS l_moved`,
  ];
  const check = (row: Record<string, unknown>) => {
    const locked = ((row.l_accounts ?? []) as [string, string, string | null, string, string, boolean][]).map((r) => ({
      id: Number(r[0]),
      code: r[1],
      player_id: r[2],
      currency: r[3],
      balance: parseMinor(r[4]),
      allow_negative: r[5],
    }));
    const byId = new Map(locked.map((r) => [r.id, r]));
    if (ids.some((id) => !byId.has(id)) || Number(row.l_moved) !== ids.length) throw new LedgerError('Unknown ledger account in transfer');
    if (Number(row.l_transfers) !== inputs.length) throw new LedgerError('transferMany: a key was already used');
    const debtOfPlayer = new Map<string, bigint>();
    for (const r of locked)
      if (r.player_id !== null && r.code === `player:${r.player_id}:owed`) debtOfPlayer.set(r.player_id, r.balance < 0n ? -r.balance : 0n);
    for (const input of inputs) {
      if (new Set(input.legs.map((l) => byId.get(l.account)!.currency)).size > 1) throw new LedgerError('Legs mix currencies');
      for (const l of input.legs) {
        const r = byId.get(l.account)!;
        const delta = deltas.get(l.account)!;
        const before = r.balance;
        const after = before + delta;
        if (after < 0n && delta < 0n && !r.allow_negative) throw new InsufficientFunds(r.id, before, -delta);
        const debt = r.player_id !== null && r.code === `player:${r.player_id}:main` ? (debtOfPlayer.get(r.player_id) ?? 0n) : 0n;
        if (debt > 0n && delta < 0n && after < debt && !DEBT_EXEMPT_DEBITS.has(input.kind))
          throw new InsufficientFunds(r.id, before > debt ? before - debt : 0n, -delta);
      }
    }
    for (const input of inputs) ledgerTransfers.inc({ kind: input.kind });
  };
  return { ctes, columns, check };
}

async function replay(q: Queryable, input: TransferInput): Promise<TransferResult> {
  const t = await q.query<{ id: string; kind: string }>('SELECT id, kind FROM ledger_transfers WHERE idempotency_key = $1', [
    input.idempotencyKey,
  ]);
  const row = t.rows[0];
  if (!row) throw new LedgerError('Transfer vanished during replay');
  const postings = await q.query<{ account_id: string; amount_minor: string; balance_minor: string }>(
    `SELECT p.account_id, p.amount_minor, a.balance_minor FROM ledger_postings p
     JOIN ledger_accounts a ON a.id = p.account_id WHERE p.transfer_id = $1`,
    [row.id],
  );
  const stored = postings.rows.map((p) => ({ account: Number(p.account_id), amountMinor: parseMinor(p.amount_minor) }));
  const accounts = await q.query<{ id: string; code: string; currency: string }>(
    'SELECT id, code, currency FROM ledger_accounts WHERE id = ANY($1::bigint[])',
    [[...new Set([...stored, ...input.legs].map((l) => l.account))]],
  );
  const codes = new Map(accounts.rows.map((a) => [Number(a.id), `${a.code}:${a.currency}`]));
  if (row.kind !== input.kind || !sameLegs(codes, stored, input.legs)) throw new IdempotencyConflict(input.idempotencyKey);
  const balances = new Map(postings.rows.map((p) => [Number(p.account_id), parseMinor(p.balance_minor)]));
  // what each player main account of it may spend now (its balance less the player's debt)
  const mains = await q.query<{ id: string; available: string }>(
    `SELECT m.id, GREATEST(m.balance_minor + LEAST(COALESCE(o.balance_minor, 0), 0), 0)::text AS available
     FROM ledger_accounts m
     LEFT JOIN ledger_accounts o ON o.code = 'player:' || m.player_id || ':owed' AND o.currency = m.currency AND o.shard = 0
     WHERE m.id = ANY($1::bigint[]) AND m.player_id IS NOT NULL AND m.code = 'player:' || m.player_id || ':main'`,
    [[...balances.keys()]],
  );
  const available = new Map(mains.rows.map((m) => [Number(m.id), parseMinor(m.available)]));
  return { transferId: Number(row.id), replayed: true, balances, available };
}

async function ensureAccount(
  q: Queryable,
  code: string,
  currency: Currency,
  playerId: number | null,
  allowNegative: boolean,
  shard = 0,
): Promise<number> {
  const select = 'SELECT id FROM ledger_accounts WHERE code = $1 AND currency = $2 AND shard = $3';
  const found = await q.query<{ id: string }>(select, [code, currency, shard]);
  if (found.rows[0]) return Number(found.rows[0].id);
  await q.query(
    `INSERT INTO ledger_accounts (player_id, code, currency, allow_negative, shard) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (code, currency, shard) DO NOTHING`,
    [playerId, code, currency, allowNegative, shard],
  );
  const again = await q.query<{ id: string }>(select, [code, currency, shard]);
  return Number(again.rows[0]!.id);
}

export interface PlayerAccounts {
  /** Spendable money (available). */
  main: number;
  /** Pending withdrawals: already out of the balance. */
  held: number;
  /** Held for open exchange positions: still the player's (part of the balance), not available. */
  exposure: number;
  currency: Currency;
}

/** The player's main, held and exposure accounts, created on first use in the player's currency (one read when they exist). */
export async function playerAccounts(q: Queryable, playerId: number): Promise<PlayerAccounts> {
  const codes = { main: `player:${playerId}:main`, held: `player:${playerId}:held`, exposure: `player:${playerId}:exposure` };
  const r = await q.query<{ currency: Currency; code: string | null; id: string | null }>(
    `SELECT p.currency, a.code, a.id FROM players p
     LEFT JOIN ledger_accounts a ON a.player_id = p.id AND a.currency = p.currency AND a.code = ANY($2::text[])
     WHERE p.id = $1`,
    [playerId, Object.values(codes)],
  );
  const currency = r.rows[0]?.currency;
  if (!currency) throw new LedgerError(`Unknown player ${playerId}`);
  const found = new Map(r.rows.filter((x) => x.code !== null).map((x) => [x.code!, Number(x.id)]));
  const id = async (code: string) => found.get(code) ?? ensureAccount(q, code, currency, playerId, false);
  return { main: await id(codes.main), held: await id(codes.held), exposure: await id(codes.exposure), currency };
}

/**
 * The player's debt to the house, `player:N:owed` (may go negative; negative = owed), created on first use. It is
 * booked when a corrected exchange result takes back winnings the player already spent (exchange/settlement.ts).
 * It is collected: it comes off what is available (transfer() refuses a spend of main below the debt), and later
 * credits repay it first (a settlement's own credit in its transfer; a deposit or casino win through a debt.collect
 * transfer() books right after). Staff see it on the player page; the player in the balance area and the inbox.
 */
export function playerOwedAccount(q: Queryable, playerId: number, currency: Currency): Promise<number> {
  return ensureAccount(q, `player:${playerId}:owed`, currency, playerId, true);
}

/** What the player owes the house (minor units, 0 when nothing), without creating the account. */
export async function getPlayerOwed(q: Queryable, playerId: number): Promise<bigint> {
  const r = await q.query<{ balance_minor: string }>(
    `SELECT a.balance_minor FROM players p JOIN ledger_accounts a ON a.code = 'player:' || p.id || ':owed' AND a.currency = p.currency
     WHERE p.id = $1`,
    [playerId],
  );
  return r.rows[0] ? -parseMinor(r.rows[0].balance_minor) : 0n;
}

const { houseShards } = ledgerConfig();

/**
 * The operator's side of every move: may go negative (house:cash is money that came in or went out). Each call
 * names one shard of the house account, picked at random (see LedgerConfig.houseShards): post to it, but read the
 * house's balance with getHouseBalance, never getBalance of one shard.
 */
export function houseAccount(q: Queryable, name: HouseAccount, currency: Currency): Promise<number> {
  const shard = Math.floor(Math.random() * houseShards);
  const known = q.memo?.get(houseMemoKey(`house:${name}`, currency, shard));
  if (typeof known === 'number') return Promise.resolve(known);
  return ensureAccount(q, `house:${name}`, currency, null, true, shard);
}

const houseMemoKey = (code: string, currency: string, shard: number) => `ledger:${code}:${currency}:${shard}`;

/**
 * Creates every shard of every house account in every currency in its own committed transaction, then remembers
 * their ids on the Db (`Db.memo`), so a transfer's houseAccount() costs no query (one round trip of ~5 per
 * transfer). Run at start, after migrations. Ids are remembered only from here, never from inside a request's
 * transaction, whose own not-yet-committed insert could be rolled back; a shard missing from the memo (the
 * setting raised later) is looked up as before.
 */
export async function primeHouseAccounts(db: Db): Promise<number> {
  const codes = HOUSE_ACCOUNTS.map((n) => `house:${n}`);
  await db.tx((q) =>
    q.query(
      `INSERT INTO ledger_accounts (player_id, code, currency, allow_negative, shard)
       SELECT NULL, c.code, cur.currency, true, s.shard
       FROM unnest($1::text[]) AS c(code), unnest($2::text[]) AS cur(currency), generate_series(0, $3::int - 1) AS s(shard)
       ON CONFLICT (code, currency, shard) DO NOTHING`,
      [codes, [...CURRENCIES], houseShards],
    ),
  );
  const rows = await db.query<{ id: string; code: string; currency: string; shard: number }>(
    'SELECT id, code, currency, shard FROM ledger_accounts WHERE code = ANY($1::text[])',
    [codes],
  );
  for (const r of rows.rows) db.memo?.set(houseMemoKey(r.code, r.currency, Number(r.shard)), Number(r.id));
  return rows.rows.length;
}

/** The house account's balance: every shard summed (0 when it never moved). */
export async function getHouseBalance(q: Queryable, name: HouseAccount, currency: Currency): Promise<bigint> {
  const r = await q.query<{ balance_minor: string }>(
    'SELECT COALESCE(SUM(balance_minor), 0)::text AS balance_minor FROM ledger_accounts WHERE code = $1 AND currency = $2',
    [`house:${name}`, currency],
  );
  return parseMinor(r.rows[0]!.balance_minor);
}

export async function getBalance(q: Queryable, accountId: number): Promise<bigint> {
  const r = await q.query<{ balance_minor: string }>('SELECT balance_minor FROM ledger_accounts WHERE id = $1', [accountId]);
  if (!r.rows[0]) throw new LedgerError(`Unknown ledger account ${accountId}`);
  return parseMinor(r.rows[0].balance_minor);
}

export interface PlayerBalance {
  /** Main: what can be spent now (available). */
  balanceMinor: bigint;
  /** Pending withdrawals. */
  heldMinor: bigint;
  /** Held for open exchange positions. */
  exposureMinor: bigint;
  /** What the player owes the house (player:N:owed, as a positive amount; 0 when nothing): comes off what is available. */
  owedMinor: bigint;
  currency: Currency;
}

/** What can be bet, played or withdrawn: main less the player's debt (never below 0). */
export const availableMinor = (b: Pick<PlayerBalance, 'balanceMinor' | 'owedMinor'>): bigint =>
  b.balanceMinor > b.owedMinor ? b.balanceMinor - b.owedMinor : 0n;

/** The player's accounts without creating them (0 when the player never had money). */
export async function getPlayerBalance(q: Queryable, playerId: number): Promise<PlayerBalance> {
  const r = await q.query<{ currency: Currency; main: string | null; held: string | null; exposure: string | null; owed: string | null }>(
    `SELECT p.currency,
       (SELECT balance_minor FROM ledger_accounts WHERE code = 'player:' || p.id || ':main' AND currency = p.currency) AS main,
       (SELECT balance_minor FROM ledger_accounts WHERE code = 'player:' || p.id || ':held' AND currency = p.currency) AS held,
       (SELECT balance_minor FROM ledger_accounts WHERE code = 'player:' || p.id || ':exposure' AND currency = p.currency) AS exposure,
       (SELECT balance_minor FROM ledger_accounts WHERE code = 'player:' || p.id || ':owed' AND currency = p.currency AND shard = 0) AS owed
     FROM players p WHERE p.id = $1`,
    [playerId],
  );
  const row = r.rows[0];
  if (!row) throw new LedgerError(`Unknown player ${playerId}`);
  return {
    balanceMinor: parseMinor(row.main ?? 0),
    heldMinor: parseMinor(row.held ?? 0),
    exposureMinor: parseMinor(row.exposure ?? 0),
    owedMinor: -parseMinor(row.owed ?? 0) > 0n ? -parseMinor(row.owed ?? 0) : 0n,
    currency: row.currency,
  };
}

/** getPlayerBalance for several players in one statement (the pushes after a market writer's batch); unknown ids are left out. */
export async function getPlayerBalances(q: Queryable, playerIds: readonly number[]): Promise<Map<number, PlayerBalance>> {
  const out = new Map<number, PlayerBalance>();
  if (!playerIds.length) return out;
  const r = await q.query<{
    id: string;
    currency: Currency;
    main: string | null;
    held: string | null;
    exposure: string | null;
    owed: string | null;
  }>(
    `SELECT p.id, p.currency,
       (SELECT balance_minor FROM ledger_accounts WHERE code = 'player:' || p.id || ':main' AND currency = p.currency) AS main,
       (SELECT balance_minor FROM ledger_accounts WHERE code = 'player:' || p.id || ':held' AND currency = p.currency) AS held,
       (SELECT balance_minor FROM ledger_accounts WHERE code = 'player:' || p.id || ':exposure' AND currency = p.currency) AS exposure,
       (SELECT balance_minor FROM ledger_accounts WHERE code = 'player:' || p.id || ':owed' AND currency = p.currency AND shard = 0) AS owed
     FROM players p WHERE p.id = ANY($1::bigint[])`,
    [playerIds.map(String)],
  );
  for (const row of r.rows)
    out.set(Number(row.id), {
      balanceMinor: parseMinor(row.main ?? 0),
      heldMinor: parseMinor(row.held ?? 0),
      exposureMinor: parseMinor(row.exposure ?? 0),
      owedMinor: -parseMinor(row.owed ?? 0) > 0n ? -parseMinor(row.owed ?? 0) : 0n,
      currency: row.currency,
    });
  return out;
}

/**
 * The figures a player sees: balance = main + exposure (money held for open exchange bets is still theirs),
 * exposure, available = main less what the player owes (what can be bet, played or withdrawn; main is already net
 * of exposure), and `owed` only while the player owes something (a corrected exchange result took back winnings
 * already spent).
 */
export function walletFigures(b: PlayerBalance): {
  balance: string;
  exposure: string;
  available: string;
  currency: Currency;
  owed?: string;
} {
  return {
    balance: fromMinor(b.balanceMinor + b.exposureMinor),
    exposure: fromMinor(b.exposureMinor),
    available: fromMinor(availableMinor(b)),
    currency: b.currency,
    ...(b.owedMinor > 0n ? { owed: fromMinor(b.owedMinor) } : {}),
  };
}

export interface LedgerCheck {
  ok: boolean;
  problems: string[];
}

/** Every balance equals the sum of its postings; every transfer sums to zero; no forbidden negatives. */
export async function checkLedger(q: Queryable): Promise<LedgerCheck> {
  const problems: string[] = [];
  const accounts = await q.query<{ id: string; code: string; balance_minor: string; posted: string }>(
    `SELECT a.id, a.code, a.balance_minor, COALESCE(SUM(p.amount_minor), 0)::bigint AS posted
     FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
     GROUP BY a.id HAVING a.balance_minor <> COALESCE(SUM(p.amount_minor), 0)`,
  );
  for (const a of accounts.rows) {
    problems.push(`account ${a.id} (${a.code}) balance ${a.balance_minor} != postings ${a.posted}`);
  }
  const transfers = await q.query<{ id: string; idempotency_key: string; total: string }>(
    `SELECT t.id, t.idempotency_key, COALESCE(SUM(p.amount_minor), 0)::bigint AS total
     FROM ledger_transfers t LEFT JOIN ledger_postings p ON p.transfer_id = t.id
     GROUP BY t.id HAVING COALESCE(SUM(p.amount_minor), 0) <> 0 OR COUNT(p.id) < 2`,
  );
  for (const t of transfers.rows) problems.push(`transfer ${t.id} (${t.idempotency_key}) is unbalanced: ${t.total}`);
  const negatives = await q.query<{ id: string; code: string; balance_minor: string }>(
    'SELECT id, code, balance_minor FROM ledger_accounts WHERE NOT allow_negative AND balance_minor < 0',
  );
  for (const a of negatives.rows) problems.push(`account ${a.id} (${a.code}) is negative: ${a.balance_minor}`);
  return { ok: problems.length === 0, problems };
}
