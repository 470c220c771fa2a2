import {
  ALERT_CLOSED_STATES,
  RISK_ALERT_KINDS,
  RISK_NOTE_REQUIRED,
  RISK_RULE_FIELDS,
  alertNeedsNote,
  type AlertState,
  type RiskRuleKind,
  type StaffRiskAlert,
  type StaffRiskRule,
  type StaffStrReport,
} from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { isoTimestamp } from '../core/timestamps';
import { Conflict, NotFound, ValidationFailed } from '../errors';
import { writeAudit, type AuditActor } from '../core/audit';

/*
 * Fraud and AML rules and their alerts (issue 32). The rules live in risk_rules; deposit velocity is applied by the
 * database where the deposit request is recorded (sql/0823_risk_rules.sql), the others after the commit of the event
 * that can fire them (risk-evaluator.ts). This module reads and changes the rules, lists the alerts the Risk area
 * works (owner, state, note; audited) and gathers a suspicious-transaction report (STR).
 */

type Amounts = { BDT: number; INR: number; PKR: number };
interface RawRule {
  kind: RiskRuleKind;
  enabled: boolean;
  window_minutes: number;
  amounts: Amounts | null;
  account_days: number;
  min_accounts: number | null;
  turnover_percent: number | null;
  updated_by: string | null;
  updated_at: Date | string;
}

const RULE_SQL = `SELECT r.kind, r.enabled, r.window_minutes, r.amounts, r.account_days, r.min_accounts, r.turnover_percent,
    o.username AS updated_by, r.updated_at
  FROM risk_rules r LEFT JOIN operators o ON o.id = r.updated_by`;

const toRule = (r: RawRule): StaffRiskRule => ({
  kind: r.kind,
  enabled: r.enabled,
  window_minutes: Number(r.window_minutes),
  amounts: r.amounts ? { BDT: Number(r.amounts.BDT), INR: Number(r.amounts.INR), PKR: Number(r.amounts.PKR) } : null,
  account_days: Number(r.account_days),
  min_accounts: r.min_accounts === null ? null : Number(r.min_accounts),
  turnover_percent: r.turnover_percent === null ? null : Number(r.turnover_percent),
  updated_by: r.updated_by,
  updated_at: new Date(r.updated_at).toISOString(),
});

export async function riskRules(q: Queryable): Promise<StaffRiskRule[]> {
  return (await q.query<RawRule>(`${RULE_SQL} ORDER BY array_position($1::text[], r.kind)`, [Object.keys(RISK_RULE_FIELDS)])).rows.map(
    toRule,
  );
}

/** One enabled rule, or null (the evaluator's read). */
export async function enabledRule(q: Queryable, kind: RiskRuleKind): Promise<StaffRiskRule | null> {
  const r = (await q.query<RawRule>(`${RULE_SQL} WHERE r.kind = $1 AND r.enabled`, [kind])).rows[0];
  return r ? toRule(r) : null;
}

export interface RuleInput {
  enabled: boolean;
  window_minutes?: number | undefined;
  amounts?: Amounts | undefined;
  account_days?: number | undefined;
  min_accounts?: number | undefined;
  turnover_percent?: number | undefined;
  reason: string;
}

/** A risk operator's change of a rule, audited (before/after, reason) in the same transaction. */
export async function setRiskRule(
  db: Db,
  actor: AuditActor & { staffId: number },
  kind: RiskRuleKind,
  input: RuleInput,
): Promise<StaffRiskRule> {
  const uses = RISK_RULE_FIELDS[kind];
  const missing = uses.filter((f) => input[f] === undefined);
  if (missing.length) throw new ValidationFailed(Object.fromEntries(missing.map((f) => [f, ['This rule needs it.']])));
  return db.tx(async (q) => {
    const raw = (await q.query<RawRule>(`${RULE_SQL} WHERE r.kind = $1 FOR UPDATE OF r`, [kind])).rows[0];
    if (!raw) throw new NotFound('No such rule.');
    const before = toRule(raw);
    const pick = <F extends keyof RuleInput>(f: F & string, keep: unknown) => (uses.includes(f as never) ? input[f] : keep);
    await q.query(
      `UPDATE risk_rules SET enabled = $2, window_minutes = $3, amounts = $4::jsonb, account_days = $5, min_accounts = $6,
         turnover_percent = $7, updated_by = $8, updated_at = now()
       WHERE kind = $1`,
      [
        kind,
        input.enabled,
        pick('window_minutes', before.window_minutes),
        JSON.stringify(pick('amounts', before.amounts) ?? null),
        pick('account_days', before.account_days),
        pick('min_accounts', before.min_accounts) ?? null,
        pick('turnover_percent', before.turnover_percent) ?? null,
        actor.staffId,
      ],
    );
    const after = toRule((await q.query<RawRule>(`${RULE_SQL} WHERE r.kind = $1`, [kind])).rows[0]!);
    const view = (r: StaffRiskRule) => ({
      enabled: r.enabled,
      ...Object.fromEntries(uses.map((f) => [f, r[f]])),
    });
    await writeAudit(q, actor, {
      action: 'risk.rule',
      entityType: 'risk_rule',
      entityId: kind,
      reason: input.reason,
      before: view(before),
      after: view(after),
    });
    return after;
  });
}

// ---- Alerts ----

interface RawAlert {
  id: string;
  kind: string;
  message: string;
  ref: string | null;
  evidence: unknown;
  state: AlertState;
  owner_id: string | null;
  owner: string | null;
  created_at: unknown;
  updated_at: unknown;
  resolved_at: unknown;
  resolved_by: string | null;
  resolution: string | null;
}

const ALERT_SQL = `SELECT a.id, a.kind, a.message, a.ref, a.evidence, a.state, a.owner_id, ow.username AS owner, a.created_at,
    a.updated_at, a.resolved_at, o.username AS resolved_by,
    COALESCE(a.resolution, (SELECT l.reason FROM operator_audit l WHERE l.action = 'alert.resolve' AND l.entity_type = 'staff_alert'
      AND l.entity_id = a.id::text ORDER BY l.id DESC LIMIT 1)) AS resolution
  FROM staff_alerts a LEFT JOIN operators o ON o.id = a.resolved_by LEFT JOIN operators ow ON ow.id = a.owner_id`;

const toAlert = (r: RawAlert): StaffRiskAlert => ({
  id: Number(r.id),
  kind: r.kind,
  message: r.message,
  ref: r.ref,
  evidence: r.evidence ?? null,
  state: r.state,
  owner_id: r.owner_id === null ? null : Number(r.owner_id),
  owner: r.owner,
  created_at: isoTimestamp(r.created_at)!,
  updated_at: isoTimestamp(r.updated_at)!,
  resolved_at: isoTimestamp(r.resolved_at),
  resolved_by: r.resolved_by,
  resolution: r.resolution,
});

export interface AlertQuery {
  page: number;
  per_page: number;
  dir: 'asc' | 'desc';
  state?: AlertState | 'active' | 'closed' | undefined;
  kind?: string | undefined;
  owner?: 'me' | 'none' | number | undefined;
  q?: string | undefined;
}

export async function riskAlerts(q: Queryable, me: number, query: AlertQuery): Promise<{ data: StaffRiskAlert[]; total: number }> {
  const params: unknown[] = [[...RISK_ALERT_KINDS]];
  const where = [`a.kind = ANY($1::text[])`];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (query.state === 'active') where.push(`a.state IN ('open', 'investigating')`);
  else if (query.state === 'closed') where.push(`a.state IN ('resolved', 'dismissed')`);
  else if (query.state) where.push(`a.state = ${add(query.state)}`);
  if (query.kind) where.push(`a.kind = ${add(query.kind)}`);
  if (query.owner === 'none') where.push('a.owner_id IS NULL');
  else if (query.owner !== undefined) where.push(`a.owner_id = ${add(query.owner === 'me' ? me : query.owner)}`);
  if (query.q) {
    const like = add(`%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(lower(a.message) LIKE ${like} OR a.ref = ${add(query.q)})`);
  }
  const w = ` WHERE ${where.join(' AND ')}`;
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_alerts a${w}`, params);
  const rows = await q.query<RawAlert>(
    `${ALERT_SQL}${w} ORDER BY a.id ${query.dir === 'asc' ? 'ASC' : 'DESC'} LIMIT ${add(query.per_page)} OFFSET ${add((query.page - 1) * query.per_page)}`,
    params,
  );
  return { data: rows.rows.map(toAlert), total: Number(total.rows[0]?.n ?? 0) };
}

async function alertRow(q: Queryable, id: number, lock = false): Promise<StaffRiskAlert> {
  if (lock) await q.query('SELECT id FROM staff_alerts WHERE id = $1 FOR UPDATE', [id]);
  const r = (await q.query<RawAlert>(`${ALERT_SQL} WHERE a.id = $1`, [id])).rows[0];
  if (!r || !(RISK_ALERT_KINDS as readonly string[]).includes(r.kind)) throw new NotFound('No such alert.');
  return toAlert(r);
}

/** One alert with its history (every audit line about it, oldest first). */
export async function riskAlert(q: Queryable, id: number) {
  const alert = await alertRow(q, id);
  const h = await q.query<{
    id: string;
    at: unknown;
    action: string;
    operator: string | null;
    reason: string | null;
    before: unknown;
    after: unknown;
  }>(
    `SELECT id, created_at AS at, action, COALESCE(username, 'system') AS operator, reason, before, after
     FROM operator_audit WHERE entity_type = 'staff_alert' AND entity_id = $1 ORDER BY id LIMIT 200`,
    [String(id)],
  );
  return {
    ...alert,
    history: h.rows.map((x) => ({
      id: Number(x.id),
      at: isoTimestamp(x.at)!,
      action: x.action,
      operator: x.operator ?? 'system',
      reason: x.reason,
      before: x.before ?? null,
      after: x.after ?? null,
    })),
  };
}

export async function riskAssignees(q: Queryable) {
  const r = await q.query<{ id: string; username: string; role: string }>(
    `SELECT id, username, role FROM operators WHERE disabled_at IS NULL AND role IN ('risk', 'admin') ORDER BY lower(username)`,
  );
  return r.rows.map((x) => ({ id: Number(x.id), username: x.username, role: x.role }));
}

/** Gives the alert to an active risk operator or admin (null: nobody). Audited `alert.assign`. */
export function assignAlert(db: Db, actor: AuditActor & { staffId: number }, id: number, to: number | null): Promise<StaffRiskAlert> {
  return db.tx(async (q) => {
    const before = await alertRow(q, id, true);
    if (to !== null) {
      const ok = await q.query(`SELECT 1 FROM operators WHERE id = $1 AND disabled_at IS NULL AND role IN ('risk', 'admin')`, [to]);
      if (!ok.rows.length) throw new ValidationFailed({ operator_id: ['Give it to an active risk operator or admin.'] });
    }
    if (before.owner_id === to) return before;
    await q.query('UPDATE staff_alerts SET owner_id = $2 WHERE id = $1', [id, to]);
    const after = await alertRow(q, id);
    await writeAudit(q, actor, {
      action: 'alert.assign',
      entityType: 'staff_alert',
      entityId: id,
      before: { owner: before.owner, state: before.state },
      after: { owner: after.owner, state: after.state },
    });
    return after;
  });
}

/**
 * Moves the alert to a state. Closing (resolved, dismissed) an alert of the Risk area needs a note (422), stored on
 * the alert and as the audit line's reason (`alert.resolve`, `alert.dismiss`); any other move is `alert.state`.
 * Taking an unowned alert into investigation makes the operator its owner.
 */
export function setAlertState(
  db: Db,
  actor: AuditActor & { staffId: number },
  id: number,
  state: AlertState,
  note: string | undefined,
): Promise<StaffRiskAlert> {
  return db.tx(async (q) => {
    const before = await alertRow(q, id, true);
    const text = note?.trim() ?? '';
    const closing = ALERT_CLOSED_STATES.includes(state);
    if (closing && alertNeedsNote(before.kind) && text.length < 3) throw new ValidationFailed({ note: [RISK_NOTE_REQUIRED] });
    if (before.state === state) throw new Conflict(`The alert is already ${state}.`);
    if (closing) {
      await q.query(`UPDATE staff_alerts SET state = $2, resolution = $3, resolved_at = now(), resolved_by = $4 WHERE id = $1`, [
        id,
        state,
        text || null,
        actor.staffId,
      ]);
    } else {
      await q.query(
        `UPDATE staff_alerts SET state = $2, resolved_at = NULL, resolved_by = NULL,
           owner_id = CASE WHEN $2 = 'investigating' THEN COALESCE(owner_id, $3) ELSE owner_id END
         WHERE id = $1`,
        [id, state, actor.staffId],
      );
    }
    const after = await alertRow(q, id);
    await writeAudit(q, actor, {
      action: state === 'resolved' ? 'alert.resolve' : state === 'dismissed' ? 'alert.dismiss' : 'alert.state',
      entityType: 'staff_alert',
      entityId: id,
      reason: text || null,
      before: { kind: before.kind, ref: before.ref, state: before.state, owner: before.owner },
      after: { kind: after.kind, ref: after.ref, state: after.state, owner: after.owner },
    });
    return after;
  });
}

// ---- Suspicious-transaction report ----

export interface ReportingEntity {
  name: string;
  licence: string | null;
  address: string | null;
}

/** STR_ENTITY_NAME, STR_ENTITY_LICENCE, STR_ENTITY_ADDRESS: who reports (the operator's registered name). */
export function reportingEntity(env: NodeJS.ProcessEnv = process.env): ReportingEntity {
  return {
    name: env.STR_ENTITY_NAME || 'Khela',
    licence: env.STR_ENTITY_LICENCE || null,
    address: env.STR_ENTITY_ADDRESS || null,
  };
}

/** 'YYYY-MM-DD HH:MM:SS GMT+6' (Dhaka has no daylight saving). */
export function dhakaTime(v: unknown): string {
  const d = new Date(isoTimestamp(v)!);
  return `${new Date(d.getTime() + 6 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')} GMT+6`;
}

/** The players an alert is about: its ref's player and every account its evidence names. */
function subjectsOf(alert: StaffRiskAlert): number[] {
  const ids = new Set<number>();
  if (alert.ref?.startsWith('player:')) ids.add(Number(alert.ref.slice(7)));
  const ev = (alert.evidence ?? {}) as { player_id?: unknown; accounts?: { player_id?: unknown }[] };
  if (typeof ev.player_id === 'number') ids.add(ev.player_id);
  for (const a of Array.isArray(ev.accounts) ? ev.accounts : []) if (typeof a.player_id === 'number') ids.add(a.player_id);
  return [...ids].filter((n) => Number.isInteger(n) && n > 0);
}

/** The transaction ids (public ids) the evidence names, when it names any. */
function evidenceTransactions(alert: StaffRiskAlert): string[] {
  const ev = (alert.evidence ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  for (const key of ['transactions', 'deposits', 'withdrawal', 'deposit']) {
    const v = ev[key];
    for (const t of Array.isArray(v) ? v : v ? [v] : []) {
      const id = (t as { id?: unknown }).id;
      if (typeof id === 'string') out.push(id);
    }
  }
  return out;
}

const STATUS = ['pending', 'approved', 'rejected'] as const;

/**
 * What a suspicious-transaction report to the BFIU needs (goAML-style): the reporting entity and officer, each
 * subject's identity and accounts, the transactions in question and the reason for suspicion. From an alert: its
 * subjects and the transactions its evidence names (or, when it names none, the subjects' last `days`); from a
 * player: their last `days` (90). Audited `risk.str_export`.
 */
export async function strReport(
  db: Db,
  actor: AuditActor & { staffId: number },
  officer: { username: string; role: string },
  input: { alert?: number | undefined; player?: number | undefined; days?: number | undefined },
  entity = reportingEntity(),
): Promise<StaffStrReport> {
  if (!input.alert === !input.player) throw new ValidationFailed({ alert: ['Name an alert or a player (one of them).'] });
  return db.tx(async (q) => {
    const alert = input.alert ? await alertRow(q, input.alert) : null;
    const playerIds = alert ? subjectsOf(alert) : [input.player!];
    const known = await q.query<{ id: string }>('SELECT id FROM players WHERE id = ANY($1::bigint[])', [playerIds]);
    if (!alert && !known.rows.length) throw new NotFound('Unknown player');
    const ids = known.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    const subjects = [];
    for (const id of ids) {
      const p = (
        await q.query<{
          username: string;
          name: string | null;
          dofb: unknown;
          phone: string | null;
          email: string | null;
          currency: string;
          status: string;
          created_at: unknown;
        }>('SELECT username, name, dofb, phone, email, currency, status, created_at FROM players WHERE id = $1', [id])
      ).rows[0]!;
      const phones = await q.query<{ phone: string }>('SELECT phone FROM player_phones WHERE player_id = $1 ORDER BY id', [id]);
      const numbers = await q.query<{ n: string }>(
        `SELECT DISTINCT n FROM (SELECT payer_number AS n FROM wallet_transactions WHERE player_id = $1 AND action = 'deposit'
           UNION SELECT account_number FROM wallet_transactions WHERE player_id = $1 AND action = 'withdraw') x WHERE n IS NOT NULL AND n <> '' ORDER BY n`,
        [id],
      );
      const links = await q.query<{ linked_id: string; username: string; reason: string; detail: string }>(
        `SELECT l.linked_id, p.username, l.reason, l.detail FROM player_links l JOIN players p ON p.id = l.linked_id
         WHERE l.player_id = $1 ORDER BY l.linked_id, l.reason LIMIT 50`,
        [id],
      );
      const dofb = p.dofb instanceof Date ? p.dofb.toISOString().slice(0, 10) : p.dofb ? String(p.dofb).slice(0, 10) : null;
      subjects.push({
        player_id: id,
        username: p.username,
        name: p.name,
        birthday: dofb,
        phone: p.phone,
        other_phones: phones.rows.map((x) => x.phone).filter((x) => x !== p.phone),
        email: p.email,
        nid: null,
        address: null,
        currency: p.currency,
        status: p.status,
        opened_at: dhakaTime(p.created_at),
        wallet_numbers: numbers.rows.map((x) => x.n),
        linked: links.rows.map((l) => ({ player_id: Number(l.linked_id), username: l.username, reason: l.reason, detail: l.detail })),
      });
    }
    const named = alert ? evidenceTransactions(alert) : [];
    const days = input.days ?? 90;
    const tx = await q.query<{
      public_id: string;
      created_at: unknown;
      action: string;
      status: number;
      amount_minor: string;
      currency: string;
      method: string | null;
      channel: string | null;
      payer_number: string | null;
      account_number: string | null;
      payer_trx_id: string | null;
    }>(
      `SELECT w.public_id, w.created_at, w.action, w.status, w.amount_minor, w.currency, m.name AS method, w.channel, w.payer_number,
         w.account_number, w.payer_trx_id
       FROM wallet_transactions w LEFT JOIN payment_methods m ON m.id = w.payment_method_id
       WHERE w.player_id = ANY($1::bigint[]) AND ${named.length ? 'w.public_id = ANY($2::text[])' : 'w.created_at > now() - make_interval(days => $2::int)'}
       ORDER BY w.created_at, w.id LIMIT 2000`,
      [ids, named.length ? named : days],
    );
    const transactions = tx.rows.map((t) => {
      const deposit = t.action === 'deposit';
      return {
        id: t.public_id,
        at: dhakaTime(t.created_at),
        type: deposit ? ('deposit' as const) : ('withdrawal' as const),
        status: STATUS[t.status] ?? 'pending',
        amount: (Number(BigInt(t.amount_minor)) / 100).toFixed(2),
        currency: t.currency,
        method: t.method,
        channel: t.channel,
        payer_number: deposit ? t.payer_number : null,
        payee_number: deposit ? t.account_number : t.account_number,
        reference: t.payer_trx_id,
      };
    });
    const now = new Date();
    const reference = `STR-${dhakaTime(now).slice(0, 10).replace(/-/g, '')}-${alert ? `A${alert.id}` : `P${input.player}`}`;
    const report: StaffStrReport = {
      reference,
      generated_at: dhakaTime(now),
      reporting_entity: { ...entity, country: 'BD' },
      reporting_officer: officer,
      subjects,
      transactions,
      suspicion: alert
        ? {
            alert_id: alert.id,
            rule: alert.kind,
            raised_at: dhakaTime(alert.created_at),
            summary: alert.message,
            evidence: alert.evidence,
            state: alert.state,
            resolution: alert.resolution,
          }
        : {
            alert_id: null,
            rule: null,
            raised_at: null,
            summary: `Transactions of player ${input.player} in the last ${days} days, exported by ${officer.username}.`,
            evidence: null,
            state: null,
            resolution: null,
          },
    };
    await writeAudit(q, actor, {
      action: 'risk.str_export',
      entityType: alert ? 'staff_alert' : 'player',
      entityId: alert ? alert.id : input.player!,
      after: { reference, subjects: ids, transactions: transactions.length },
    });
    return report;
  });
}
