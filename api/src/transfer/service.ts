import { randomBytes } from 'node:crypto';
import type { RecallResult } from '@khela/contracts';
import { lockPlayer } from '../core/players';
import { pgErrorCode, type Db, type Queryable } from '../db';
import { Conflict, HttpError, NotFound } from '../errors';
import {
  availableMinor,
  fromMinor,
  getPlayerBalance,
  parseMinor,
  playerAccounts,
  transfer,
  type Currency,
  type LedgerKind,
} from '../ledger';
import type { ProtectionConfig } from '../protection/config';
import { ProtectionRefusal, assertMayPlay, limitRows, limitUsage } from '../protection/service';
import type { ProviderAnswer, TransferProviderClient } from './client';
import type { TransferConfig } from './config';

/*
 * Transfer wallets (issue 30; README.md beside this file). Money moves through the ledger in two steps, each its own
 * committed transaction, with the provider call between them:
 *   hold     main -> player:N:transit            (in)   or  player:N:provider:CODE -> transit  (out)
 *   call     the provider's transfer, with our id (applied at most once there)
 *   resolve  transit -> provider account / main  (confirmed)   or back where it came from (reversed)
 * An unknown answer (timeout, dropped connection, 5xx) leaves the transfer pending; only the provider's answer to a
 * status query by id resolves it (this module's resolvePending, the reconciler). A resolution is a conditional UPDATE
 * (state = 'pending') in the same transaction as its ledger transfer, whose idempotency key is the transfer's: no
 * process, retry or restart can resolve one twice.
 */

export type TransferState = 'pending' | 'confirmed' | 'reversed';
export type Direction = 'in' | 'out';

export interface TransferRow {
  id: string;
  player_id: number;
  provider: string;
  direction: Direction;
  amount_minor: bigint;
  currency: Currency;
  state: TransferState;
  reason: string;
  provider_state: 'applied' | 'refused' | 'unknown' | null;
  created_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
  attempts: number;
  last_error: string | null;
}

const TRANSFER_COLUMNS = `id, player_id, provider, direction, amount_minor::text AS amount_minor, currency, state, reason, provider_state,
  created_at, resolved_at, resolved_by, attempts, last_error`;

function toRow(r: Record<string, unknown>): TransferRow {
  return {
    id: String(r.id),
    player_id: Number(r.player_id),
    provider: String(r.provider),
    direction: r.direction as Direction,
    amount_minor: parseMinor(r.amount_minor as string),
    currency: r.currency as Currency,
    state: r.state as TransferState,
    reason: String(r.reason),
    provider_state: (r.provider_state as TransferRow['provider_state']) ?? null,
    created_at: new Date(r.created_at as string).toISOString(),
    resolved_at: r.resolved_at ? new Date(r.resolved_at as string).toISOString() : null,
    resolved_by: (r.resolved_by as string | null) ?? null,
    attempts: Number(r.attempts),
    last_error: (r.last_error as string | null) ?? null,
  };
}

/** Kinds of this module's ledger transfers (LedgerKind). */
const K = {
  inHold: 'ptransfer.in.hold',
  inConfirm: 'ptransfer.in.confirm',
  inReverse: 'ptransfer.in.reverse',
  outHold: 'ptransfer.out.hold',
  outConfirm: 'ptransfer.out.confirm',
  outReverse: 'ptransfer.out.reverse',
  result: 'provider.result',
} as const satisfies Record<string, LedgerKind>;

/** Statuses that say the provider did not and never will apply the transfer. */
const FINAL_REFUSALS = new Set([
  'NOT_ENOUGH_MONEY',
  'TRANSACTION_CLOSED',
  'WRONG_CURRENCY',
  'WRONG_SYNTAX',
  'INVALID_SIGNATURE',
  'INVALID_VENDOR',
]);

// --- ledger accounts ------------------------------------------------------------------------------

async function ensure(q: Queryable, code: string, currency: Currency, playerId: number | null, allowNegative: boolean): Promise<number> {
  const found = await q.query<{ id: string }>('SELECT id FROM ledger_accounts WHERE code = $1 AND currency = $2 AND shard = 0', [
    code,
    currency,
  ]);
  if (found.rows[0]) return Number(found.rows[0].id);
  await q.query(
    `INSERT INTO ledger_accounts (player_id, code, currency, allow_negative, shard) VALUES ($1, $2, $3, $4, 0)
     ON CONFLICT (code, currency, shard) DO NOTHING`,
    [playerId, code, currency, allowNegative],
  );
  const again = await q.query<{ id: string }>('SELECT id FROM ledger_accounts WHERE code = $1 AND currency = $2 AND shard = 0', [
    code,
    currency,
  ]);
  return Number(again.rows[0]!.id);
}

export const providerAccountCode = (playerId: number, provider: string) => `player:${playerId}:provider:${provider}`;
export const transitAccountCode = (playerId: number) => `player:${playerId}:transit`;
export const providerHouseCode = (provider: string) => `house:provider:${provider}`;

export interface WalletAccounts {
  main: number;
  transit: number;
  provider: number;
  house: number;
  currency: Currency;
}

export async function walletAccounts(q: Queryable, playerId: number, provider: string): Promise<WalletAccounts> {
  const { main, currency } = await playerAccounts(q, playerId);
  return {
    main,
    currency,
    transit: await ensure(q, transitAccountCode(playerId), currency, playerId, false),
    provider: await ensure(q, providerAccountCode(playerId, provider), currency, playerId, false),
    house: await ensure(q, providerHouseCode(provider), currency, null, true),
  };
}

/** What the ledger holds for the player at each provider (minor units), by provider code. */
export async function ledgerProviderBalances(q: Queryable, playerId: number): Promise<Map<string, bigint>> {
  const prefix = `player:${playerId}:provider:`;
  const r = await q.query<{ code: string; balance_minor: string }>(
    `SELECT a.code, a.balance_minor FROM ledger_accounts a JOIN players p ON p.id = a.player_id AND p.currency = a.currency
     WHERE a.player_id = $1 AND a.code LIKE $2`,
    [playerId, `${prefix}%`],
  );
  return new Map(r.rows.map((x) => [x.code.slice(prefix.length), parseMinor(x.balance_minor)]));
}

/** What each provider last reported of a player's wallet there (minor units as text; null before the first report). */
export async function reportedProviderWallets(
  q: Queryable,
  playerId: number,
): Promise<{ provider: string; reported: string | null; reported_at: unknown }[]> {
  const r = await q.query<{ provider: string; reported: string | null; reported_at: unknown }>(
    'SELECT provider, reported_minor::text AS reported, reported_at FROM provider_wallets WHERE player_id = $1 ORDER BY provider',
    [playerId],
  );
  return r.rows;
}

/** The player of a provider transfer; null when there is no such transfer. */
export async function transferPlayerId(q: Queryable, transferId: string): Promise<number | null> {
  const r = await q.query<{ player_id: string }>('SELECT player_id FROM provider_transfers WHERE id = $1', [transferId]);
  return r.rows[0] ? Number(r.rows[0].player_id) : null;
}

async function accountBalance(q: Queryable, id: number): Promise<bigint> {
  const r = await q.query<{ b: string }>('SELECT balance_minor::text AS b FROM ledger_accounts WHERE id = $1', [id]);
  return parseMinor(r.rows[0]!.b);
}

// --- the service ------------------------------------------------------------------------------------

export interface TransferWalletsDeps {
  db: Db;
  cfg: TransferConfig;
  client: TransferProviderClient;
  protection: ProtectionConfig;
  /** After a commit that moved the player's money (the balance push; the header refetches its wallets on it). */
  publishBalance: (playerId: number) => Promise<void>;
  log?: { warn: (obj: unknown, msg?: string) => void; error: (obj: unknown, msg?: string) => void };
}

export interface WalletView {
  provider: string;
  name: string;
  balanceMinor: bigint | null;
  checkedAt: string | null;
  state: 'ok' | 'pending' | 'unavailable';
  inTransitMinor?: bigint;
}

export class TransferWallets {
  readonly names: Map<string, string>;

  constructor(private readonly d: TransferWalletsDeps) {
    this.names = new Map(d.cfg.providers.map((p) => [p.code, p.name]));
  }

  isProvider(code: string | null | undefined): code is string {
    return !!code && this.names.has(code);
  }

  private name(code: string) {
    return this.names.get(code) ?? code;
  }

  private async publish(playerId: number) {
    await this.d.publishBalance(playerId).catch((err) => this.d.log?.warn({ err, playerId }, 'transfer: balance push failed'));
  }

  /** The player's user id at the providers (the operator's player id). */
  private user(playerId: number) {
    return String(playerId);
  }

  // --- transfers ----------------------------------------------------------------------------------

  /** Holds the money (commits), then asks the provider. Answers the transfer as it stands afterwards. */
  async transferIn(
    playerId: number,
    provider: string,
    amountMinor: bigint,
    opts: { reason: string; clientKey?: string },
  ): Promise<TransferRow> {
    if (amountMinor <= 0n) throw new HttpError(422, 'The amount must be more than zero.');
    const held = await this.d.db.tx(async (q) => {
      await lockPlayer(q, playerId);
      if (opts.clientKey) {
        const seen = await q.query(`SELECT ${TRANSFER_COLUMNS} FROM provider_transfers WHERE player_id = $1 AND client_key = $2`, [
          playerId,
          opts.clientKey,
        ]);
        if (seen.rows[0]) return { row: toRow(seen.rows[0]), fresh: false };
      }
      await assertMayPlay(q, playerId, this.d.protection);
      await this.assertWithinLimits(q, playerId, amountMinor);
      const acc = await walletAccounts(q, playerId, provider);
      const row = await this.insertPending(q, { playerId, provider, direction: 'in', amountMinor, currency: acc.currency, ...opts });
      await transfer(q, {
        idempotencyKey: `ptransfer:${row.id}:hold`,
        kind: K.inHold,
        reference: row.id,
        metadata: { provider, direction: 'in' },
        legs: [
          { account: acc.main, amountMinor: -amountMinor },
          { account: acc.transit, amountMinor },
        ],
      });
      return { row, fresh: true };
    });
    await this.publish(playerId);
    if (!held.fresh) return held.row.state === 'pending' ? this.resolvePending(held.row.id, 'api') : held.row;
    return this.send(held.row);
  }

  /** Recalls the provider wallet's whole balance: reads it (booking the result), holds it in transit, asks the provider. */
  async recall(playerId: number, provider: string, reason = 'recall'): Promise<RecallResult> {
    const name = this.name(provider);
    const out = (status: RecallResult['status'], amountMinor: bigint, message?: string): RecallResult => ({
      provider,
      name,
      status,
      amount: fromMinor(amountMinor),
      ...(message ? { message } : {}),
    });
    // a transfer still being checked is asked about first
    const pending = await this.pendingOf(playerId, provider);
    if (pending) {
      const now = await this.resolvePending(pending.id, 'api');
      if (now.state === 'pending') return out('pending', now.amount_minor, M.pending(name));
    }
    const synced = await this.syncBalance(playerId, provider);
    if (synced.state === 'unavailable') return out('failed', 0n, M.unavailable(name));
    if (synced.state === 'pending') return out('pending', synced.inTransitMinor ?? 0n, M.pending(name));
    let held: TransferRow | null;
    try {
      held = await this.d.db.tx(async (q) => {
        await lockPlayer(q, playerId);
        const acc = await walletAccounts(q, playerId, provider);
        const amount = await accountBalance(q, acc.provider);
        if (amount <= 0n) return null;
        const row = await this.insertPending(q, {
          playerId,
          provider,
          direction: 'out',
          amountMinor: amount,
          currency: acc.currency,
          reason,
        });
        await transfer(q, {
          idempotencyKey: `ptransfer:${row.id}:hold`,
          kind: K.outHold,
          reference: row.id,
          metadata: { provider, direction: 'out' },
          legs: [
            { account: acc.provider, amountMinor: -amount },
            { account: acc.transit, amountMinor: amount },
          ],
        });
        return row;
      });
    } catch (err) {
      if (err instanceof Conflict) return out('pending', 0n, M.pending(name));
      throw err;
    }
    if (!held) return out('nothing', 0n);
    const done = await this.send(held);
    if (done.state === 'confirmed') return out('recalled', done.amount_minor);
    if (done.state === 'pending') return out('pending', done.amount_minor, M.pending(name));
    return out('failed', 0n, M.refused(name));
  }

  /** Every provider wallet of the player at once; one that fails keeps its money, the others are recalled anyway. */
  async recallAll(playerId: number, reason = 'recall_all', except?: string): Promise<RecallResult[]> {
    const providers = (await this.walletProviders(playerId)).filter((p) => p !== except);
    const results = await Promise.all(
      providers.map((p) =>
        this.recall(playerId, p, reason).catch((err): RecallResult => {
          this.d.log?.error({ err, playerId, provider: p }, 'transfer: recall failed');
          return { provider: p, name: this.name(p), status: 'failed', amount: '0.00', message: M.unavailable(this.name(p)) };
        }),
      ),
    );
    return results;
  }

  private async insertPending(
    q: Queryable,
    t: {
      playerId: number;
      provider: string;
      direction: Direction;
      amountMinor: bigint;
      currency: Currency;
      reason: string;
      clientKey?: string;
    },
  ): Promise<TransferRow> {
    const id = `KT${Date.now().toString(36).toUpperCase()}${randomBytes(8).toString('hex').toUpperCase()}`;
    await q.query(
      `INSERT INTO provider_wallets (player_id, provider, version) VALUES ($1, $2, 1)
       ON CONFLICT (player_id, provider) DO UPDATE SET version = provider_wallets.version + 1`,
      [t.playerId, t.provider],
    );
    try {
      // inside a savepoint-free transaction a unique violation ends it: the caller's tx rolls back with the Conflict
      const r = await q.query(
        `INSERT INTO provider_transfers (id, player_id, provider, direction, amount_minor, currency, reason, client_key, next_check_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9)) RETURNING ${TRANSFER_COLUMNS}`,
        [
          id,
          t.playerId,
          t.provider,
          t.direction,
          t.amountMinor.toString(),
          t.currency,
          t.reason,
          t.clientKey ?? null,
          (this.d.cfg.timeoutMs * 2) / 1000,
        ],
      );
      return toRow(r.rows[0]!);
    } catch (err) {
      if (pgErrorCode(err) === '23505') throw new Conflict(M.inProgress(this.name(t.provider)));
      throw err;
    }
  }

  /** Sends a held transfer to the provider and resolves it by the answer; an unknown answer leaves it pending. */
  private async send(row: TransferRow): Promise<TransferRow> {
    const answer = await this.d.client.call(row.provider, 'transfer', {
      transfer_id: row.id,
      user: this.user(row.player_id),
      currency: row.currency,
      direction: row.direction,
      amount: fromMinor(row.amount_minor),
    });
    if (answer.kind === 'answer' && answer.status === 'OK') {
      const reported = typeof answer.body.balance === 'string' ? moneyMinor(answer.body.balance) : undefined;
      return this.resolve(row.id, 'confirmed', 'api', reported);
    }
    if (answer.kind === 'answer' && FINAL_REFUSALS.has(answer.status)) return this.resolve(row.id, 'reversed', 'api');
    await this.noteUnknown(row.id, answer);
    return { ...row, state: 'pending' };
  }

  private async noteUnknown(id: string, answer: ProviderAnswer) {
    const error = answer.kind === 'unknown' ? answer.error : `status ${answer.status}`;
    await this.d.db.query(
      `UPDATE provider_transfers SET attempts = attempts + 1, last_error = $2,
         next_check_at = now() + make_interval(secs => LEAST(300, 2 * power(2, LEAST(attempts, 8))))
       WHERE id = $1 AND state = 'pending'`,
      [id, error.slice(0, 300)],
    );
  }

  /**
   * Resolves a pending transfer once: the conditional UPDATE and the ledger transfer commit together. A provider's
   * balance reported with the confirmation is booked as the player's result there (the ledger then equals it).
   */
  async resolve(
    id: string,
    outcome: 'confirmed' | 'reversed',
    by: string,
    reportedMinor?: bigint,
    /** Runs in the resolution's transaction (staff: the audit line). */
    inTx?: (q: Queryable, t: TransferRow) => Promise<void>,
  ): Promise<TransferRow> {
    const row = await this.d.db.tx(async (q) => {
      const pre = await q.query<{ player_id: string }>('SELECT player_id FROM provider_transfers WHERE id = $1', [id]);
      if (!pre.rows[0]) throw new NotFound('Unknown transfer');
      const playerId = Number(pre.rows[0].player_id);
      await lockPlayer(q, playerId);
      const upd = await q.query(
        `UPDATE provider_transfers SET state = $2, resolved_at = now(), resolved_by = $3 WHERE id = $1 AND state = 'pending'
         RETURNING ${TRANSFER_COLUMNS}`,
        [id, outcome, by],
      );
      if (!upd.rows[0]) {
        const now = await q.query(`SELECT ${TRANSFER_COLUMNS} FROM provider_transfers WHERE id = $1`, [id]);
        return toRow(now.rows[0]!);
      }
      const t = toRow(upd.rows[0]);
      const acc = await walletAccounts(q, playerId, t.provider);
      const to = (t.direction === 'in') === (outcome === 'confirmed') ? acc.provider : acc.main;
      const kind =
        t.direction === 'in'
          ? outcome === 'confirmed'
            ? K.inConfirm
            : K.inReverse
          : outcome === 'confirmed'
            ? K.outConfirm
            : K.outReverse;
      await transfer(q, {
        idempotencyKey: `ptransfer:${t.id}:${outcome}`,
        kind,
        reference: t.id,
        metadata: { provider: t.provider, direction: t.direction, by },
        legs: [
          { account: acc.transit, amountMinor: -t.amount_minor },
          { account: to, amountMinor: t.amount_minor },
        ],
      });
      await q.query('UPDATE provider_wallets SET version = version + 1 WHERE player_id = $1 AND provider = $2', [playerId, t.provider]);
      if (outcome === 'confirmed' && reportedMinor !== undefined) {
        await this.bookResult(q, acc, playerId, t.provider, reportedMinor, `ptransfer:${t.id}:result`);
      }
      const resolved = { ...t, state: outcome, resolved_by: by };
      await inTx?.(q, resolved);
      return resolved;
    });
    await this.publish(row.player_id);
    return row;
  }

  /** Books (reported - ledger) as the player's result at the provider; records what was reported. */
  private async bookResult(q: Queryable, acc: WalletAccounts, playerId: number, provider: string, reportedMinor: bigint, key: string) {
    const ledger = await accountBalance(q, acc.provider);
    const delta = reportedMinor - ledger;
    if (delta !== 0n) {
      await transfer(q, {
        idempotencyKey: key,
        kind: K.result,
        reference: provider,
        metadata: { provider, reported: fromMinor(reportedMinor), ledger: fromMinor(ledger) },
        legs: [
          { account: acc.house, amountMinor: -delta },
          { account: acc.provider, amountMinor: delta },
        ],
      });
    }
    await q.query('UPDATE provider_wallets SET reported_minor = $3, reported_at = now() WHERE player_id = $1 AND provider = $2', [
      playerId,
      provider,
      reportedMinor.toString(),
    ]);
  }

  /** Asks the provider what happened to a pending transfer and resolves it by that answer (or leaves it pending). */
  async resolvePending(id: string, by: string): Promise<TransferRow> {
    const r = await this.d.db.query(`SELECT ${TRANSFER_COLUMNS} FROM provider_transfers WHERE id = $1`, [id]);
    if (!r.rows[0]) throw new NotFound('Unknown transfer');
    const row = toRow(r.rows[0]);
    if (row.state !== 'pending') return row;
    const known = await this.queryStatus(row);
    if (known === 'applied') return this.resolve(id, 'confirmed', by);
    if (known === 'refused' || known === 'unknown') return this.resolve(id, 'reversed', by);
    return row;
  }

  /**
   * The provider's answer about a transfer id, recorded on the row: applied, refused, unknown (it never saw the id,
   * and has now closed it), or null when it did not answer.
   */
  async queryStatus(
    row: Pick<TransferRow, 'id' | 'provider' | 'player_id' | 'direction' | 'amount_minor'>,
  ): Promise<'applied' | 'refused' | 'unknown' | null> {
    const answer = await this.d.client.call(row.provider, 'status', { transfer_id: row.id });
    let known: 'applied' | 'refused' | 'unknown' | null = null;
    if (answer.kind === 'answer') {
      if (answer.status === 'TRANSACTION_DOES_NOT_EXIST') known = 'unknown';
      else if (answer.status === 'OK' && (answer.body.state === 'applied' || answer.body.state === 'refused')) {
        // the provider's record must be this transfer (never trust an id that names another amount or user)
        const same =
          answer.body.direction === row.direction &&
          answer.body.amount === fromMinor(row.amount_minor) &&
          answer.body.user === this.user(row.player_id);
        if (same) known = answer.body.state;
        else this.d.log?.error({ id: row.id, answer: answer.body }, 'transfer: the provider reports another transfer under this id');
      }
    }
    if (known) {
      await this.d.db.query(`UPDATE provider_transfers SET provider_state = $2, provider_checked_at = now() WHERE id = $1`, [
        row.id,
        known,
      ]);
    } else {
      await this.noteUnknown(row.id, answer);
    }
    return known;
  }

  private async pendingOf(playerId: number, provider: string): Promise<TransferRow | null> {
    const r = await this.d.db.query(
      `SELECT ${TRANSFER_COLUMNS} FROM provider_transfers WHERE player_id = $1 AND provider = $2 AND state = 'pending'`,
      [playerId, provider],
    );
    return r.rows[0] ? toRow(r.rows[0]) : null;
  }

  // --- balances -----------------------------------------------------------------------------------

  /**
   * Reads the provider's balance and books the difference from the ledger as the player's result there — only when no
   * transfer of this wallet moved or is moving between the read and the booking (the wallet's version), so a transfer
   * in flight is never mistaken for a win or a loss.
   */
  async syncBalance(playerId: number, provider: string): Promise<WalletView> {
    const name = this.name(provider);
    const before = await this.d.db.query<{ version: string; pending: string | null }>(
      `SELECT w.version::text AS version,
         (SELECT amount_minor::text FROM provider_transfers t WHERE t.player_id = w.player_id AND t.provider = w.provider AND t.state = 'pending') AS pending
       FROM provider_wallets w WHERE w.player_id = $1 AND w.provider = $2`,
      [playerId, provider],
    );
    const v0 = before.rows[0]?.version ?? null;
    if (before.rows[0]?.pending) {
      return { provider, name, balanceMinor: null, checkedAt: null, state: 'pending', inTransitMinor: parseMinor(before.rows[0].pending) };
    }
    const currency = (await getPlayerBalance(this.d.db, playerId)).currency;
    const answer = await this.d.client.call(provider, 'balance', { user: this.user(playerId), currency });
    if (answer.kind !== 'answer' || answer.status !== 'OK' || typeof answer.body.balance !== 'string') {
      return { provider, name, balanceMinor: null, checkedAt: null, state: 'unavailable' };
    }
    const reported = moneyMinor(answer.body.balance);
    const checkedAt = new Date().toISOString();
    await this.d.db.tx(async (q) => {
      await lockPlayer(q, playerId);
      const acc = await walletAccounts(q, playerId, provider);
      await q.query('INSERT INTO provider_wallets (player_id, provider) VALUES ($1, $2) ON CONFLICT DO NOTHING', [playerId, provider]);
      const now = await q.query<{ version: string; pending: boolean }>(
        `SELECT w.version::text AS version, EXISTS (SELECT 1 FROM provider_transfers t WHERE t.player_id = w.player_id AND t.provider = w.provider
           AND t.state = 'pending') AS pending FROM provider_wallets w WHERE w.player_id = $1 AND w.provider = $2 FOR UPDATE`,
        [playerId, provider],
      );
      const w = now.rows[0]!;
      if (w.pending || (v0 !== null && w.version !== v0)) return; // a transfer moved in between: the next read books it
      const version = Number(w.version) + 1;
      await q.query('UPDATE provider_wallets SET version = $3 WHERE player_id = $1 AND provider = $2', [playerId, provider, version]);
      await this.bookResult(q, acc, playerId, provider, reported, `presult:${playerId}:${provider}:v${version}`);
    });
    return { provider, name, balanceMinor: reported, checkedAt, state: 'ok' };
  }

  /** Providers the player has a wallet at (ever used). */
  async walletProviders(playerId: number): Promise<string[]> {
    const r = await this.d.db.query<{ provider: string }>('SELECT provider FROM provider_wallets WHERE player_id = $1 ORDER BY provider', [
      playerId,
    ]);
    return r.rows.map((x) => x.provider).filter((p) => this.names.has(p));
  }

  /** Every wallet of the player, each balance at most `balanceMaxAgeMs` old (older ones asked again, in parallel). */
  async wallets(playerId: number, opts: { fresh?: boolean } = {}): Promise<WalletView[]> {
    const r = await this.d.db.query<{ provider: string; reported: string | null; reported_at: unknown; pending: string | null }>(
      `SELECT w.provider, w.reported_minor::text AS reported, w.reported_at,
         (SELECT amount_minor::text FROM provider_transfers t WHERE t.player_id = w.player_id AND t.provider = w.provider AND t.state = 'pending') AS pending
       FROM provider_wallets w WHERE w.player_id = $1 ORDER BY w.provider`,
      [playerId],
    );
    const maxAge = opts.fresh ? 0 : this.d.cfg.balanceMaxAgeMs;
    return Promise.all(
      r.rows
        .filter((w) => this.names.has(w.provider))
        .map(async (w): Promise<WalletView> => {
          const name = this.name(w.provider);
          if (w.pending)
            return {
              provider: w.provider,
              name,
              balanceMinor: null,
              checkedAt: null,
              state: 'pending',
              inTransitMinor: parseMinor(w.pending),
            };
          const at = w.reported_at ? new Date(w.reported_at as string) : null;
          if (w.reported !== null && at && Date.now() - at.getTime() < maxAge) {
            return { provider: w.provider, name, balanceMinor: parseMinor(w.reported), checkedAt: at.toISOString(), state: 'ok' };
          }
          return this.syncBalance(playerId, w.provider);
        }),
    );
  }

  // --- launch -------------------------------------------------------------------------------------

  /** What may go in now: main's available money, capped by the room the wager and loss limits leave. */
  async launchQuote(playerId: number, provider: string) {
    const b = await getPlayerBalance(this.d.db, playerId);
    const available = availableMinor(b);
    const cap = await this.limitRoom(this.d.db, playerId);
    const max = cap && cap.room < available ? cap.room : available;
    const wallet = (await ledgerProviderBalances(this.d.db, playerId)).get(provider) ?? 0n;
    return {
      currency: b.currency,
      availableMinor: available,
      maxMinor: max,
      cappedBy: cap && cap.room < available ? cap.kind : null,
      walletMinor: wallet,
    };
  }

  async autoTransfer(playerId: number): Promise<boolean> {
    const r = await this.d.db.query<{ auto_transfer: boolean }>('SELECT auto_transfer FROM provider_wallet_settings WHERE player_id = $1', [
      playerId,
    ]);
    return r.rows[0]?.auto_transfer ?? true;
  }

  async setAutoTransfer(playerId: number, on: boolean): Promise<boolean> {
    await this.d.db.query(
      `INSERT INTO provider_wallet_settings (player_id, auto_transfer) VALUES ($1, $2)
       ON CONFLICT (player_id) DO UPDATE SET auto_transfer = EXCLUDED.auto_transfer, updated_at = now()`,
      [playerId, on],
    );
    return on;
  }

  /** The provider's game URL for the player (the provider opens a session on its side). */
  async launchUrl(playerId: number, provider: string, gameCode: string, lang: 'en' | 'bn'): Promise<string | null> {
    const currency = (await getPlayerBalance(this.d.db, playerId)).currency;
    const answer = await this.d.client.call(provider, 'launch', { user: this.user(playerId), currency, game_code: gameCode, lang });
    if (answer.kind === 'answer' && answer.status === 'OK' && typeof answer.body.url === 'string') return answer.body.url;
    return null;
  }

  // --- limits -------------------------------------------------------------------------------------

  /**
   * The room the wager and loss limits leave (README, "Limits"): money sent to a provider counts as wagered when it
   * is sent (less a transfer reversed), the provider's reported results count as won or lost.
   */
  async limitRoom(q: Queryable, playerId: number): Promise<{ kind: 'wager' | 'loss'; room: bigint } | null> {
    let best: { kind: 'wager' | 'loss'; room: bigint } | null = null;
    for (const l of await limitRows(q, playerId)) {
      if ((l.kind !== 'wager' && l.kind !== 'loss') || l.value === null || l.period === 'session') continue;
      // the protection service counts transfer-ins as wagered and provider results as won or lost
      const used = await limitUsage(q, playerId, l.kind, l.period);
      const room = l.value > used ? l.value - used : 0n;
      if (!best || room < best.room) best = { kind: l.kind, room };
    }
    return best;
  }

  private async assertWithinLimits(q: Queryable, playerId: number, amountMinor: bigint) {
    const room = await this.limitRoom(q, playerId);
    if (room && amountMinor > room.room) {
      const b = await getPlayerBalance(q, playerId);
      throw new ProtectionRefusal(
        room.kind === 'wager' ? 'rg_wager_limit' : 'rg_loss_limit',
        M.overLimit(room.kind, fromMinor(room.room)),
        null,
        { remaining: fromMinor(room.room), currency: b.currency },
      );
    }
  }

  // --- reconciler ---------------------------------------------------------------------------------

  /**
   * One pass: every pending transfer that is due (all of them at start) is asked about and resolved by the answer;
   * then every player whose play is closed (self-exclusion, time-out, disabled) and who has money at a provider is
   * recalled. Claims rows by moving their next check (two processes never ask about one transfer at once).
   */
  async reconcileOnce(opts: { all?: boolean } = {}): Promise<{ checked: number; resolved: number; recalled: number }> {
    const due = await this.d.db.query<{ id: string }>(
      `UPDATE provider_transfers SET next_check_at = now() + make_interval(secs => $2)
       WHERE id IN (SELECT id FROM provider_transfers WHERE state = 'pending' AND ($1 OR next_check_at <= now())
                    ORDER BY next_check_at LIMIT 200 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [opts.all ?? false, Math.max(5, (this.d.cfg.timeoutMs * 2) / 1000)],
    );
    let resolved = 0;
    for (const { id } of due.rows) {
      try {
        const t = await this.resolvePending(id, 'reconciler');
        if (t.state !== 'pending') resolved++;
      } catch (err) {
        this.d.log?.error({ err, id }, 'transfer: reconcile failed');
      }
    }
    let recalled = 0;
    for (const playerId of await this.closedPlayersWithMoney()) {
      const results = await this.recallAll(playerId, 'protection');
      recalled += results.filter((r) => r.status === 'recalled').length;
    }
    return { checked: due.rows.length, resolved, recalled };
  }

  /** Players whose play is closed (disabled, self-excluded, timed out) with money in a provider wallet or in transit out. */
  private async closedPlayersWithMoney(): Promise<number[]> {
    const r = await this.d.db.query<{ player_id: string }>(
      `SELECT DISTINCT w.player_id FROM provider_wallets w JOIN players p ON p.id = w.player_id
       WHERE (p.status = 'disabled'
              OR EXISTS (SELECT 1 FROM player_exclusions e WHERE e.player_id = p.id AND e.starts_at <= now() AND (e.ends_at IS NULL OR e.ends_at > now())))
         AND (COALESCE(w.reported_minor, 0) > 0
              OR EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.player_id = p.id AND a.code = 'player:' || p.id || ':provider:' || w.provider AND a.balance_minor > 0))
         AND NOT EXISTS (SELECT 1 FROM provider_transfers t WHERE t.player_id = w.player_id AND t.provider = w.provider AND t.state = 'pending')
       LIMIT 100`,
    );
    return r.rows.map((x) => Number(x.player_id));
  }

  // --- records ------------------------------------------------------------------------------------

  async transfersOf(playerId: number, filter: { from?: Date; to?: Date | null; limit?: number } = {}): Promise<TransferRow[]> {
    const r = await this.d.db.query(
      `SELECT ${TRANSFER_COLUMNS} FROM provider_transfers WHERE player_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2)
         AND ($3::timestamptz IS NULL OR created_at < $3) ORDER BY created_at DESC, id DESC LIMIT $4`,
      [playerId, filter.from?.toISOString() ?? null, filter.to?.toISOString() ?? null, filter.limit ?? 500],
    );
    return r.rows.map(toRow);
  }

  async pendingOlderThan(seconds: number): Promise<(TransferRow & { username: string })[]> {
    const r = await this.d.db.query(
      `SELECT ${TRANSFER_COLUMNS.replace(/(^|,\s*)(\w+)/g, '$1t.$2')}, p.username FROM provider_transfers t JOIN players p ON p.id = t.player_id
       WHERE t.state = 'pending' AND t.created_at < now() - make_interval(secs => $1) ORDER BY t.created_at LIMIT 500`,
      [seconds],
    );
    return r.rows.map((x) => ({ ...toRow(x), username: String(x.username) }));
  }

  /** The provider's bets of the player (Betting Records); providers that do not answer are named. */
  async bets(playerId: number, provider?: string) {
    const providers = provider ? [provider] : await this.walletProviders(playerId);
    const unavailable: string[] = [];
    const all = await Promise.all(
      providers.map(async (p) => {
        const a = await this.d.client.call(p, 'bets', { user: this.user(playerId) });
        if (a.kind !== 'answer' || a.status !== 'OK' || !Array.isArray(a.body.bets)) {
          unavailable.push(p);
          return [];
        }
        return (a.body.bets as Array<Record<string, unknown>>).map((b) => ({
          provider: p,
          name: this.name(p),
          bet_id: String(b.bet_id),
          game_name: String(b.game_name ?? ''),
          selection: String(b.selection ?? ''),
          odds: String(b.odds ?? ''),
          stake: String(b.stake),
          win: String(b.win ?? '0.00'),
          state: (['open', 'won', 'lost'].includes(String(b.state)) ? b.state : 'open') as 'open' | 'won' | 'lost',
          created_at: String(b.created_at),
          settled_at: b.settled_at ? String(b.settled_at) : null,
        }));
      }),
    );
    return { data: all.flat().sort((a, b) => b.created_at.localeCompare(a.created_at)), unavailable };
  }
}

/** "12.50" -> 1250n (the provider's money strings). */
export function moneyMinor(s: string): bigint {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw new HttpError(502, 'The provider answered an amount that is not money.');
  const v = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -v : v;
}

/** The player-facing texts (English; the remotes say them in Bangla by status). */
export const M = {
  pending: (name: string) => `${name} has not confirmed yet. Your money is safe and will be settled as soon as ${name} answers.`,
  unavailable: (name: string) => `${name} is not answering. Your money stays in your ${name} wallet; try again later.`,
  refused: (name: string) => `${name} refused the transfer (its balance changed). Your money stays in your ${name} wallet.`,
  inProgress: (name: string) => `A transfer with ${name} is already in progress. Please wait a moment.`,
  overLimit: (kind: 'wager' | 'loss', room: string) =>
    `This is more than your ${kind} limit allows now (at most ${room}). Choose a smaller amount.`,
};
