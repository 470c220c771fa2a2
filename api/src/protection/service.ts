import {
  LINKED_MESSAGES,
  LIMIT_PERIOD_MS,
  LIMIT_PERIODS,
  MONEY_LIMIT_KINDS,
  PROTECTION_BLOCK_CODE,
  PROTECTION_MESSAGES as M,
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_MS,
  isUnderAge,
  nextDhakaDay,
  selfExclusionEnd,
  type ExclusionOut,
  type LimitPeriod,
  type MoneyLimit,
  type MoneyLimitKind,
  type ProtectionBlock,
  type ProtectionCode,
  type ProtectionGate,
  type ProtectionOverview,
  type ProtectionStatus,
  type RealityCheckSummary,
  type RiskHoldReason,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '@khela/contracts';
import type { Queryable } from '../db';
import { isoTimestamp } from '../core/timestamps';
import { HttpError, NotFound } from '../errors';
import { fromMinor, type Currency } from '../ledger';
import { writeAudit, type AuditActor } from '../core/audit';
import type { ProtectionConfig } from './config';
import { holdInForce } from './hold';
import { linkedExclusion } from '../core/linked';

/**
 * The protection service: every path that moves money in or starts play asks it first, inside the transaction that
 * will move the money, after locking the player's row (assert* lock it: FOR NO KEY UPDATE, the lock every money
 * request of a player takes first, so parallel requests of one player are checked one after another and cannot
 * together pass a limit).
 */

export interface ProtectionRefusalParams {
  period?: LimitPeriod;
  limit?: string;
  remaining?: string;
  currency?: string;
  minutes?: number;
  /** A risk hold's reason and whether withdrawals stay open. */
  hold_reason?: RiskHoldReason;
  withdrawals?: boolean;
}

/** A refusal: 403 for a closed section (exclusion, under age, session limit, birthday), 422 for a limit. */
export class ProtectionRefusal extends HttpError {
  /** Set when this refusal is the moment the session limit was reached: `recordRefusal` keeps it after the rollback. */
  sessionLimitReached?: { playerId: number; until: string };
  constructor(
    readonly code: ProtectionCode,
    message: string,
    readonly until: string | null = null,
    /** What the remotes need to say it in Bangla: a limit's period, amount and room (money strings), a session limit's minutes. */
    params: ProtectionRefusalParams = {},
  ) {
    super(code.endsWith('_limit') && code !== 'rg_session_limit' ? 422 : 403, message, {
      success: false,
      error: message,
      code,
      until,
      params,
    });
  }
  /** A limit (the seamless wallet answers LIMIT_REACHED) rather than a closed account (USER_DISABLED). */
  get isLimit(): boolean {
    return this.status === 422;
  }
}

// --- Reading --------------------------------------------------------------------------------

interface PlayerFacts {
  currency: Currency;
  dofb: string | null;
}

async function playerFacts(q: Queryable, playerId: number, lock: boolean): Promise<PlayerFacts> {
  const r = await q.query<{ currency: Currency; dofb: string | null }>(
    `SELECT currency, to_char(dofb, 'YYYY-MM-DD') AS dofb FROM players WHERE id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [playerId],
  );
  if (!r.rows[0]) throw new NotFound('Unknown player');
  return r.rows[0];
}

interface Settings {
  reality_check_minutes: number;
  session_block_until: Date | null;
  limits_offer_done_at: Date | null;
  under_age_at: Date | null;
}

async function settings(q: Queryable, playerId: number): Promise<Settings> {
  const r = await q.query<Settings>(
    `SELECT reality_check_minutes, session_block_until, limits_offer_done_at, under_age_at FROM player_protection WHERE player_id = $1`,
    [playerId],
  );
  return r.rows[0] ?? { reality_check_minutes: 0, session_block_until: null, limits_offer_done_at: null, under_age_at: null };
}

/** Creates the player's settings row if missing and updates the given columns. */
export async function updateSettings(q: Queryable, playerId: number, set: Record<string, unknown>): Promise<void> {
  const cols = Object.keys(set);
  await q.query(
    `INSERT INTO player_protection (player_id${cols.map((c) => `, ${c}`).join('')}) VALUES ($1${cols.map((_, i) => `, $${i + 2}`).join('')})
     ON CONFLICT (player_id) DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = now()`,
    [playerId, ...cols.map((c) => set[c])],
  );
}

const iso = (v: unknown): string => String(isoTimestamp(v));

/** The exclusion in force that ends last (a permanent one first), or null. */
export async function exclusionInForce(q: Queryable, playerId: number): Promise<ExclusionOut | null> {
  const r = await q.query<{ kind: ExclusionOut['kind']; period: string; starts_at: unknown; ends_at: unknown }>(
    `SELECT kind, period, starts_at, ends_at FROM player_exclusions
     WHERE player_id = $1 AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
     ORDER BY ends_at DESC NULLS FIRST, id DESC LIMIT 1`,
    [playerId],
  );
  const e = r.rows[0];
  return e ? { kind: e.kind, period: e.period, started_at: iso(e.starts_at), ends_at: e.ends_at ? iso(e.ends_at) : null } : null;
}

/** When the player's newest live log-in session started (the session-time limit and reality check count from it). */
export async function sessionStart(q: Queryable, playerId: number): Promise<Date | null> {
  const r = await q.query<{ started: unknown }>(
    `SELECT max(created_at) AS started FROM sessions
     WHERE player_id = $1 AND scope = 'player' AND revoked_at IS NULL AND expires_at > now()`,
    [playerId],
  );
  const v = r.rows[0]?.started;
  return v ? new Date(iso(v)) : null;
}

interface LimitRow {
  kind: MoneyLimitKind | 'session';
  period: LimitPeriod | 'session';
  /** In force now (a due pending change counts as applied). */
  value: bigint | null;
  pending: { value: bigint | null; effectiveAt: string } | null;
}

/** The player's limits as they stand now: a pending change whose time came counts as applied. */
export async function limitRows(q: Queryable, playerId: number): Promise<LimitRow[]> {
  const r = await q.query<{
    kind: LimitRow['kind'];
    period: LimitRow['period'];
    value: string | null;
    pending_value: string | null;
    pending_remove: boolean;
    pending_effective_at: unknown;
    due: boolean;
  }>(
    `SELECT kind, period, value, pending_value, pending_remove, pending_effective_at,
            pending_effective_at IS NOT NULL AND pending_effective_at <= now() AS due
     FROM player_limits WHERE player_id = $1`,
    [playerId],
  );
  return r.rows.map((row) => {
    const pendingValue = row.pending_remove ? null : row.pending_value === null ? null : BigInt(row.pending_value);
    const hasPending = row.pending_effective_at !== null;
    if (hasPending && row.due) return { kind: row.kind, period: row.period, value: pendingValue, pending: null };
    return {
      kind: row.kind,
      period: row.period,
      value: row.value === null ? null : BigInt(row.value),
      pending: hasPending ? { value: pendingValue, effectiveAt: iso(row.pending_effective_at) } : null,
    };
  });
}

const windowStart = (period: LimitPeriod) => `now() - make_interval(secs => ${LIMIT_PERIOD_MS[period] / 1000})`;

/** The player's main, exposure, owed and transfer-wallet provider ledger accounts (those gambling results post to). */
async function resultAccounts(q: Queryable, playerId: number): Promise<number[]> {
  const r = await q.query<{ id: string }>(
    `SELECT id FROM ledger_accounts WHERE player_id = $1 AND (code IN ('player:' || $1 || ':main', 'player:' || $1 || ':exposure', 'player:' || $1 || ':owed')
       OR code LIKE 'player:' || $1 || ':provider:%')`,
    [playerId],
  );
  return r.rows.map((x) => Number(x.id));
}

/** Deposits requested since `since` (pending and approved; a rejected or expired request brought no money). */
async function depositsSince(q: Queryable, playerId: number, since: string): Promise<bigint> {
  const r = await q.query<{ s: string }>(
    `SELECT COALESCE(sum(amount_minor), 0)::text AS s FROM wallet_transactions
     WHERE player_id = $1 AND action = 'deposit' AND status IN (0, 1) AND created_at > ${since}`,
    [playerId],
  );
  return BigInt(r.rows[0]!.s);
}

/**
 * Stakes since `since`: casino bets (less bets rolled back) from the ledger, and exchange bets' liabilities (a back's or
 * YES's stake, a lay's or NO's liability; the cancelled or lapsed part and void bets do not count; a cash-out hedge
 * closes a position and is not a wager).
 */
async function wageredSince(q: Queryable, playerId: number, since: string, accounts: number[]): Promise<bigint> {
  const casino = await q.query<{ s: string }>(
    `SELECT COALESCE(-sum(p.amount_minor), 0)::text AS s FROM ledger_postings p JOIN ledger_transfers t ON t.id = p.transfer_id
     WHERE p.account_id = ANY($1::bigint[]) AND p.created_at > ${since}
       AND (t.kind = 'casino.bet' OR (t.kind = 'casino.rollback' AND p.amount_minor > 0)
            -- money sent to a transfer-wallet provider counts as wagered when sent, less a reversed transfer (transfer/README.md)
            OR t.kind IN ('ptransfer.in.hold', 'ptransfer.in.reverse'))`,
    [accounts],
  );
  const exchange = await q.query<{ s: string }>(
    `SELECT COALESCE(sum(CASE WHEN side IN ('BACK', 'YES') THEN s WHEN side = 'LAY' THEN (s * (price - 100)) / 100
                              ELSE (s * price + 99) / 100 END), 0)::text AS s
     FROM (SELECT side, price, stake_minor - cancelled_minor AS s FROM exchange_bets
           WHERE player_id = $1 AND placed_at > ${since} AND NOT fill_or_kill AND status <> 'VOID') b`,
    [playerId],
  );
  return BigInt(casino.rows[0]!.s) + BigInt(exchange.rows[0]!.s);
}

/** Net result since `since` (positive: the player won): casino rounds and exchange settlements, from the ledger. */
async function resultSince(q: Queryable, since: string, accounts: number[]): Promise<bigint> {
  const r = await q.query<{ s: string }>(
    `SELECT COALESCE(sum(p.amount_minor), 0)::text AS s FROM ledger_postings p JOIN ledger_transfers t ON t.id = p.transfer_id
     WHERE p.account_id = ANY($1::bigint[]) AND p.created_at > ${since}
       AND t.kind IN ('casino.bet', 'casino.win', 'casino.rollback', 'exchange.hold', 'exchange.settle', 'exchange.resettle', 'provider.result')`,
    [accounts],
  );
  return BigInt(r.rows[0]!.s);
}

async function openExposure(q: Queryable, playerId: number): Promise<bigint> {
  const r = await q.query<{ s: string }>(
    `SELECT COALESCE(sum(balance_minor), 0)::text AS s FROM ledger_accounts WHERE player_id = $1 AND code = 'player:' || $1 || ':exposure'`,
    [playerId],
  );
  return BigInt(r.rows[0]!.s);
}

/** What counts against a limit in its window now (deposits; stakes; loss = settled stakes - returns + open exposure). */
export async function limitUsage(
  q: Queryable,
  playerId: number,
  kind: MoneyLimitKind,
  period: LimitPeriod,
  /** The player's result accounts, when the caller already read them (a page of nine figures). */
  knownAccounts?: number[],
): Promise<bigint> {
  const since = windowStart(period);
  if (kind === 'deposit') return depositsSince(q, playerId, since);
  const accounts = knownAccounts ?? (await resultAccounts(q, playerId));
  if (kind === 'wager') return wageredSince(q, playerId, since, accounts);
  return -(await resultSince(q, since, accounts)) + (await openExposure(q, playerId));
}

// --- The gates ------------------------------------------------------------------------------

const OPEN: ProtectionGate = { open: true, reason: null, until: null, message: null };
const closed = (reason: ProtectionBlock, until: string | null, message: string): ProtectionGate => ({
  open: false,
  reason,
  until,
  message,
});

interface Gates {
  /** The session-time limit in minutes (for the refusal's parameters). */
  sessionMinutes?: number;
  play: ProtectionGate;
  deposit: ProtectionGate;
  /** The session limit was reached now but not yet recorded (assertMayPlay records it). */
  sessionReachedUntil: string | null;
}

/** What one check reads of the player once: the row (locked or not), the settings and the limits. */
interface PlayerState {
  facts: PlayerFacts;
  settings: Settings;
  limits: LimitRow[];
}

async function playerState(q: Queryable, playerId: number, lock: boolean): Promise<PlayerState> {
  const facts = await playerFacts(q, playerId, lock);
  return { facts, settings: await settings(q, playerId), limits: await limitRows(q, playerId) };
}

async function gates(q: Queryable, playerId: number, state: PlayerState, cfg: ProtectionConfig, now = new Date()): Promise<Gates> {
  const { facts, settings: s } = state;
  // a risk hold (staff): no stake and no deposit anywhere until staff release it
  const hold = await holdInForce(q, playerId);
  if (hold) {
    const gate: ProtectionGate = {
      ...closed('risk_hold', null, M.accountOnHold(hold.reason, hold.allow_withdrawals)),
      params: { hold_reason: hold.reason, withdrawals: hold.allow_withdrawals },
    };
    return { play: gate, deposit: gate, sessionReachedUntil: null };
  }
  const exclusion = await exclusionInForce(q, playerId);
  if (exclusion) {
    const message = exclusion.kind === 'self_exclusion' ? M.selfExcluded(exclusion.ends_at) : M.timedOut(exclusion.ends_at ?? '');
    const gate = closed(exclusion.kind === 'self_exclusion' ? 'self_exclusion' : 'time_out', exclusion.ends_at, message);
    return { play: gate, deposit: gate, sessionReachedUntil: null };
  }
  // self-exclusion holds across accounts: a linked account's (same phone, name and birthday, payer number, device)
  const linked = await linkedExclusion(q, playerId);
  if (linked) {
    const gate = closed('self_exclusion', linked.endsAt, LINKED_MESSAGES.linkedSelfExcluded(linked.endsAt));
    return { play: gate, deposit: gate, sessionReachedUntil: null };
  }
  if (s.under_age_at || (facts.dofb && isUnderAge(facts.dofb, now))) {
    const gate = closed('under_age', null, M.underAge);
    return { play: gate, deposit: gate, sessionReachedUntil: null };
  }
  // one birthday rule: required before the first stake or deposit (casino launch and debit, exchange bet, deposit)
  if (!facts.dofb) {
    const gate = closed('birthday_missing', null, M.birthdayMissing);
    return { play: gate, deposit: gate, sessionReachedUntil: null };
  }
  const deposit = OPEN;
  const session = state.limits.find((l) => l.kind === 'session');
  const minutes = session?.value ? Number(session.value) : null;
  if (s.session_block_until && s.session_block_until.getTime() > now.getTime()) {
    const until = s.session_block_until.toISOString();
    return {
      play: closed('session_limit', until, M.sessionLimit(minutes ?? 0, until)),
      deposit,
      sessionReachedUntil: null,
      sessionMinutes: minutes ?? 0,
    };
  }
  if (minutes) {
    const started = await sessionStart(q, playerId);
    if (started && now.getTime() - started.getTime() >= minutes * cfg.sessionMinuteMs) {
      const until = nextDhakaDay(now).toISOString();
      return {
        play: closed('session_limit', until, M.sessionLimit(minutes, until)),
        deposit,
        sessionReachedUntil: until,
        sessionMinutes: minutes,
      };
    }
  }
  return { play: OPEN, deposit, sessionReachedUntil: null };
}

/** What the shell hands every app: play and deposit gates, reality check, session start, the limits offer. */
export async function protectionStatus(q: Queryable, playerId: number, cfg: ProtectionConfig): Promise<ProtectionStatus> {
  const state = await playerState(q, playerId, false);
  const g = await gates(q, playerId, state, cfg);
  const s = state.settings;
  const started = await sessionStart(q, playerId);
  let limitsOffer = false;
  if (!s.limits_offer_done_at) {
    const any = await q.query(
      `SELECT 1 FROM player_limits WHERE player_id = $1 AND kind <> 'session'
       UNION ALL SELECT 1 FROM wallet_transactions WHERE player_id = $1 AND action = 'deposit' LIMIT 1`,
      [playerId],
    );
    limitsOffer = any.rows.length === 0;
  }
  return {
    play: g.play,
    deposit: g.deposit,
    reality_check_minutes: s.reality_check_minutes,
    reality_check_ms: s.reality_check_minutes ? s.reality_check_minutes * cfg.realityCheckMinuteMs : null,
    session_started_at: started ? started.toISOString() : null,
    limits_offer: limitsOffer,
  };
}

function refuse(gate: ProtectionGate, reached?: { playerId: number; until: string }, minutes?: number): never {
  const err = new ProtectionRefusal(PROTECTION_BLOCK_CODE[gate.reason!], gate.message ?? 'Closed.', gate.until, {
    ...(minutes ? { minutes } : {}),
    ...(gate.params ?? {}),
  });
  if (reached) err.sessionLimitReached = reached;
  throw err;
}

/**
 * After the transaction of a refused request rolled back: a session limit reached at that moment is recorded, so
 * play stays closed until the next Dhaka day even after a new log-in. The API's error hook calls it for every route;
 * the seamless wallet (which answers refusals itself) calls it too.
 */
export async function recordRefusal(q: Queryable, err: unknown): Promise<void> {
  if (!(err instanceof ProtectionRefusal) || !err.sessionLimitReached) return;
  const { playerId, until } = err.sessionLimitReached;
  await updateSettings(q, playerId, { session_block_until: until });
}

/** "BDT 1,000.00" */
export const moneyText = (minor: bigint, currency: string) =>
  `${currency} ${Number(fromMinor(minor)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function assertWithinLimits(
  q: Queryable,
  playerId: number,
  { facts: { currency }, limits }: PlayerState,
  adds: Partial<Record<MoneyLimitKind, bigint>>,
): Promise<void> {
  for (const l of limits) {
    if (l.kind === 'session' || l.value === null) continue;
    const add = adds[l.kind];
    if (add === undefined || add <= 0n) continue;
    const used = await limitUsage(q, playerId, l.kind, l.period as LimitPeriod);
    if (used + add <= l.value) continue;
    const room = l.value - used > 0n ? l.value - used : 0n;
    const period = l.period as LimitPeriod;
    const args = [period, moneyText(l.value, currency), moneyText(room, currency)] as const;
    const params = { period, limit: fromMinor(l.value), remaining: fromMinor(room), currency };
    if (l.kind === 'deposit') throw new ProtectionRefusal('rg_deposit_limit', M.depositLimit(...args), null, params);
    if (l.kind === 'wager') throw new ProtectionRefusal('rg_wager_limit', M.wagerLimit(...args), null, params);
    throw new ProtectionRefusal('rg_loss_limit', M.lossLimit(...args), null, params);
  }
}

/**
 * Before a deposit request (every method): exclusion, under age, birthday, then the deposit limits with this amount.
 * Locks the player's row (the caller's transaction).
 */
export async function assertMayDeposit(q: Queryable, playerId: number, amountMinor: bigint, cfg: ProtectionConfig): Promise<void> {
  const state = await playerState(q, playerId, true);
  const g = await gates(q, playerId, state, cfg);
  if (!g.deposit.open) refuse(g.deposit);
  await assertWithinLimits(q, playerId, state, { deposit: amountMinor });
}

/**
 * The exchange's market writer takes bets for many players in one transaction: this one read tells which of them
 * might be closed or limited now (a risk hold, an exclusion of theirs or of a linked account, under age or no
 * birthday, a session block, or any limit row). Only those are asked assertMayPlay and the limits one by one; the
 * rest are open. Conservative on purpose: a flag here only means "ask the full rules".
 */
export async function playersToCheckFully(q: Queryable, playerIds: readonly number[]): Promise<Set<number>> {
  if (!playerIds.length) return new Set();
  const r = await q.query<{ id: string }>(
    `SELECT p.id FROM players p LEFT JOIN player_protection s ON s.player_id = p.id
     WHERE p.id = ANY($1::bigint[]) AND ${MAY_BE_CLOSED_OR_LIMITED}`,
    [[...playerIds]],
  );
  return new Set(r.rows.map((x) => Number(x.id)));
}

/**
 * playersToCheckFully's condition, over `players p LEFT JOIN player_protection s ON s.player_id = p.id`: for a caller
 * that reads it in a statement of its own (the exchange writer's first statement of a batch).
 */
export const MAY_BE_CLOSED_OR_LIMITED = `(
       p.dofb IS NULL OR p.dofb > (now() - interval '19 years')::date OR s.under_age_at IS NOT NULL
       OR s.session_block_until > now()
       OR EXISTS (SELECT 1 FROM player_limits l WHERE l.player_id = p.id)
       OR EXISTS (SELECT 1 FROM player_risk_holds h WHERE h.player_id = p.id AND h.released_at IS NULL)
       OR EXISTS (SELECT 1 FROM player_exclusions e WHERE e.player_id = p.id AND (e.ends_at IS NULL OR e.ends_at > now()))
       OR EXISTS (SELECT 1 FROM player_links k JOIN player_exclusions e ON e.player_id = k.linked_id
                  WHERE k.player_id = p.id AND (e.ends_at IS NULL OR e.ends_at > now())))`;

/**
 * Before play without a stake yet (game launch, VIP and bonus conversion): exclusion, under age, session limit. A
 * session limit reached now is recorded (play stays closed until the next Dhaka day, whatever the next log-in).
 */
export async function assertMayPlay(q: Queryable, playerId: number, cfg: ProtectionConfig): Promise<PlayerState> {
  const state = await playerState(q, playerId, true);
  const g = await gates(q, playerId, state, cfg);
  if (!g.play.open) refuse(g.play, g.sessionReachedUntil ? { playerId, until: g.sessionReachedUntil } : undefined, g.sessionMinutes);
  return state;
}

/**
 * Before a stake (seamless-wallet debit, exchange bet): assertMayPlay, then the wager and loss limits with this
 * stake or liability counted (a new stake can at worst be lost whole, so it counts in full against the loss limit).
 * Call it in the transaction that moves the money.
 */
export async function assertMayWager(q: Queryable, playerId: number, wagerMinor: bigint, cfg: ProtectionConfig): Promise<void> {
  const state = await assertMayPlay(q, playerId, cfg);
  await assertWithinLimits(q, playerId, state, { wager: wagerMinor, loss: wagerMinor });
}

/**
 * The wager and loss limits alone, for a caller that already asked assertMayPlay in this transaction (the exchange
 * refuses a closed account before it looks at the market, and knows the bet's liability only after).
 */
export async function assertWagerWithinLimits(q: Queryable, playerId: number, wagerMinor: bigint): Promise<void> {
  await assertWithinLimits(q, playerId, await playerState(q, playerId, true), { wager: wagerMinor, loss: wagerMinor });
}

// --- The player's changes --------------------------------------------------------------------

/** The player as an audit actor: their changes are in the same audit log as staff's. */
export const playerActor = (player: { id: number; username: string }, ip: string | null): AuditActor => ({
  staffId: null,
  username: `player:${player.username}`,
  ip,
});

async function audit(q: Queryable, actor: AuditActor, playerId: number, action: string, before: unknown, after: unknown) {
  await writeAudit(q, actor, { action: `protection.${action}`, entityType: 'player', entityId: playerId, before, after });
}

/**
 * Sets a money or session limit: a new limit or a decrease applies at once (a pending increase is dropped); an
 * increase or removal waits `coolingOffMs` (shown as pending). Answers the message for the player.
 */
export async function setLimit(
  q: Queryable,
  actor: AuditActor,
  playerId: number,
  kind: MoneyLimitKind | 'session',
  period: LimitPeriod | 'session',
  value: bigint | null,
  cfg: ProtectionConfig,
): Promise<string> {
  await playerFacts(q, playerId, true);
  const current = (await limitRows(q, playerId)).find((l) => l.kind === kind && l.period === period) ?? null;
  const before = current
    ? {
        value: current.value?.toString() ?? null,
        pending: current.pending ? { value: current.pending.value?.toString() ?? null, effective_at: current.pending.effectiveAt } : null,
      }
    : null;
  const inForce = current?.value ?? null;
  const tighter = value !== null && (inForce === null || value <= inForce);
  if (tighter) {
    await q.query(
      `INSERT INTO player_limits (player_id, kind, period, value) VALUES ($1, $2, $3, $4)
       ON CONFLICT (player_id, kind, period) DO UPDATE SET value = EXCLUDED.value, pending_value = NULL, pending_remove = false,
         pending_effective_at = NULL, updated_at = now()`,
      [playerId, kind, period, value.toString()],
    );
    if (kind !== 'session') await updateSettings(q, playerId, { limits_offer_done_at: new Date().toISOString() });
    await audit(q, actor, playerId, 'limit', { kind, period, ...before }, { kind, period, value: value.toString() });
    return M.limitDecreased;
  }
  // a loosening (an increase or removal) during a time-out or self-exclusion is refused, as the page says: until it
  // ends the player can only make limits stricter (a removal of a limit not in force only drops a pending change)
  if (!(inForce === null && value === null) && (await exclusionInForce(q, playerId))) {
    throw new HttpError(422, M.noLoosenWhileExcluded, { success: false, error: M.noLoosenWhileExcluded, code: 'rg_excluded_no_loosen' });
  }
  if (inForce === null && value === null) {
    // removing a limit that is not in force: drop any pending change
    await q.query(
      `UPDATE player_limits SET pending_value = NULL, pending_remove = false, pending_effective_at = NULL, updated_at = now()
       WHERE player_id = $1 AND kind = $2 AND period = $3`,
      [playerId, kind, period],
    );
    return M.limitDecreased;
  }
  const effective = new Date(Date.now() + cfg.coolingOffMs).toISOString();
  await q.query(
    `UPDATE player_limits SET value = $4, pending_value = $5, pending_remove = $6, pending_effective_at = $7, updated_at = now()
     WHERE player_id = $1 AND kind = $2 AND period = $3`,
    [playerId, kind, period, inForce!.toString(), value?.toString() ?? null, value === null, effective],
  );
  await audit(
    q,
    actor,
    playerId,
    'limit',
    { kind, period, ...before },
    {
      kind,
      period,
      value: inForce!.toString(),
      pending: { value: value?.toString() ?? null, effective_at: effective },
    },
  );
  return M.limitPending(effective);
}

export async function setRealityCheckMinutes(q: Queryable, actor: AuditActor, playerId: number, minutes: number): Promise<void> {
  await playerFacts(q, playerId, true);
  const before = (await settings(q, playerId)).reality_check_minutes;
  await updateSettings(q, playerId, { reality_check_minutes: minutes });
  await audit(q, actor, playerId, 'reality_check', { minutes: before }, { minutes });
}

export async function skipLimitsOffer(q: Queryable, actor: AuditActor, playerId: number): Promise<void> {
  await playerFacts(q, playerId, true);
  await updateSettings(q, playerId, { limits_offer_done_at: new Date().toISOString() });
  await audit(q, actor, playerId, 'offer_skipped', null, { skipped: true });
}

/**
 * Starts a time-out or self-exclusion at once. Refused (422) when one in force already ends later. Not reversible:
 * the table is append-only. The caller cancels the player's unmatched exchange orders after commit.
 */
export async function startExclusion(
  q: Queryable,
  actor: AuditActor,
  playerId: number,
  exclusion: { kind: 'time_out'; period: TimeOutPeriod } | { kind: 'self_exclusion'; period: SelfExclusionPeriod },
): Promise<ExclusionOut> {
  await playerFacts(q, playerId, true);
  const now = new Date();
  const ends =
    exclusion.kind === 'time_out' ? new Date(now.getTime() + TIME_OUT_MS[exclusion.period]) : selfExclusionEnd(now, exclusion.period);
  const current = await exclusionInForce(q, playerId);
  if (current && (current.ends_at === null || (ends !== null && new Date(current.ends_at) >= ends))) {
    throw new HttpError(422, M.alreadyExcluded, { success: false, error: M.alreadyExcluded, code: 'rg_already_excluded' });
  }
  const r = await q.query<{ starts_at: unknown }>(
    `INSERT INTO player_exclusions (player_id, kind, period, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5) RETURNING starts_at`,
    [playerId, exclusion.kind, exclusion.period, now.toISOString(), ends?.toISOString() ?? null],
  );
  const out: ExclusionOut = {
    kind: exclusion.kind,
    period: exclusion.period,
    started_at: iso(r.rows[0]!.starts_at),
    ends_at: ends?.toISOString() ?? null,
  };
  await audit(q, actor, playerId, exclusion.kind, current, out);
  return out;
}

// --- The page ------------------------------------------------------------------------------

export async function protectionOverview(q: Queryable, playerId: number, cfg: ProtectionConfig): Promise<ProtectionOverview> {
  const facts = await playerFacts(q, playerId, false);
  const rows = await limitRows(q, playerId);
  const accounts = await resultAccounts(q, playerId);
  const limits: MoneyLimit[] = [];
  for (const kind of MONEY_LIMIT_KINDS) {
    for (const period of LIMIT_PERIODS) {
      const row = rows.find((l) => l.kind === kind && l.period === period);
      limits.push({
        kind,
        period,
        amount: row?.value != null ? fromMinor(row.value) : null,
        used: fromMinor(await limitUsage(q, playerId, kind, period, accounts)),
        pending: row?.pending
          ? { amount: row.pending.value !== null ? fromMinor(row.pending.value) : null, effective_at: row.pending.effectiveAt }
          : null,
      });
    }
  }
  const session = rows.find((l) => l.kind === 'session');
  return {
    currency: facts.currency,
    status: await protectionStatus(q, playerId, cfg),
    limits,
    session_limit: {
      minutes: session?.value != null ? Number(session.value) : null,
      pending: session?.pending
        ? { minutes: session.pending.value !== null ? Number(session.pending.value) : null, effective_at: session.pending.effectiveAt }
        : null,
    },
    exclusion: await exclusionInForce(q, playerId),
  };
}

/** The reality check: time since log-in, the session's net result and stakes. */
export async function realityCheck(q: Queryable, playerId: number): Promise<RealityCheckSummary> {
  const facts = await playerFacts(q, playerId, false);
  const started = await sessionStart(q, playerId);
  const accounts = await resultAccounts(q, playerId);
  const since = started ? `'${started.toISOString()}'::timestamptz` : 'now()';
  const net = started ? await resultSince(q, since, accounts) : 0n;
  const wagered = started ? await wageredSince(q, playerId, since, accounts) : 0n;
  return {
    session_started_at: started ? started.toISOString() : null,
    elapsed_seconds: started ? Math.max(0, Math.floor((Date.now() - started.getTime()) / 1000)) : 0,
    currency: facts.currency,
    net: fromMinor(net),
    wagered: fromMinor(wagered),
  };
}

export { SELF_EXCLUSION_PERIODS };

/** Stakes since a moment, counted as the wager limit counts them (the risk rules' "little play", staff/risk-evaluator.ts). */
export async function stakesSince(q: Queryable, playerId: number, since: Date): Promise<bigint> {
  return wageredSince(q, playerId, `'${since.toISOString()}'::timestamptz`, await resultAccounts(q, playerId));
}
