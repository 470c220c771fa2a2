import type { RiskRuleKind, StaffRiskRule } from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { isoTimestamp } from '../core/timestamps';
import { fromMinor } from '../ledger';
import { stakesSince } from '../protection/service';
import { enabledRule } from './risk';
import { isExempt } from './risk-exemptions';

/*
 * The fraud and AML rules that are looked at after the commit of the event that can fire them (issue 32). Triggers
 * (sql/0850_risk_alert_workflow.sql) write one risk_events row in the event's own transaction — a deposit confirmed,
 * a withdrawal requested, a bonus claimed, a device or an address first seen for a player (log-in, registration) —
 * so no path that records such an event skips the rules, and the player's request waits for nothing more than that
 * insert. A job in every API process (RISK_EVAL_INTERVAL_MS, 1 s) takes the events in id order, one transaction each
 * (FOR UPDATE SKIP LOCKED: several processes share the work), runs the event's rules and raises their alerts:
 * one open alert per rule and subject (a unique index; a rule about several accounts refreshes the open alert's
 * evidence as more accounts join). An event whose rules fail is tried again, at most five times.
 */

export interface RiskEvent {
  id: number;
  event: 'deposit_confirmed' | 'withdrawal_requested' | 'bonus_claimed' | 'device_seen' | 'address_seen';
  player_id: number;
  ref: string;
}

export interface RaisedAlert {
  kind: string;
  ref: string;
  message: string;
  evidence: Record<string, unknown>;
  /** true: a rule about several accounts, whose open alert takes the newer evidence. */
  refresh?: boolean;
}

const money = (minor: bigint | string | number) => fromMinor(BigInt(minor));
const thousands = (minor: bigint | string | number) =>
  Number(money(minor)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const thresholdMinor = (rule: StaffRiskRule, currency: string) => {
  const v = rule.amounts?.[currency as 'BDT' | 'INR' | 'PKR'];
  return v === undefined ? null : BigInt(v) * 100n;
};
const windowSql = `now() - make_interval(mins => $2::int)`;
/** "a (1), b (2), … and 12 more": the alert's one line stays short; the evidence lists every account. */
const names = (rows: { username: string; player_id: string | number }[], max = 10) =>
  rows
    .slice(0, max)
    .map((a) => `${a.username} (${a.player_id})`)
    .join(', ') + (rows.length > max ? ` and ${rows.length - max} more` : '');

async function largeFirstDeposit(q: Queryable, ev: RiskEvent, rule: StaffRiskRule): Promise<RaisedAlert | null> {
  const w = (
    await q.query<{
      public_id: string;
      player_id: string;
      amount_minor: string;
      currency: string;
      payer_number: string | null;
      created_at: unknown;
      username: string;
      opened: unknown;
      earlier: number;
      method: string | null;
    }>(
      `SELECT w.public_id, w.player_id, w.amount_minor, w.currency, w.payer_number, w.created_at, p.username, p.created_at AS opened,
         m.name AS method,
         (SELECT count(*)::int FROM wallet_transactions x WHERE x.player_id = w.player_id AND x.action = 'deposit' AND x.status = 1
            AND x.id <> w.id AND (COALESCE(x.decided_at, x.updated_at), x.id) < (COALESCE(w.decided_at, w.updated_at), w.id)) AS earlier
       FROM wallet_transactions w JOIN players p ON p.id = w.player_id LEFT JOIN payment_methods m ON m.id = w.payment_method_id
       WHERE w.id = $1 AND w.action = 'deposit' AND w.status = 1`,
      [Number(ev.ref)],
    )
  ).rows[0];
  if (!w || w.earlier > 0) return null;
  const threshold = thresholdMinor(rule, w.currency);
  if (threshold === null || BigInt(w.amount_minor) < threshold) return null;
  const pid = Number(w.player_id);
  return {
    kind: 'risk.large_first_deposit',
    ref: `player:${pid}`,
    message: `Large first deposit: ${thousands(w.amount_minor)} ${w.currency} from player ${pid} (${w.username}), rule ${rule.amounts![w.currency as 'BDT']} ${w.currency}`,
    evidence: {
      rule: 'large_first_deposit',
      player_id: pid,
      username: w.username,
      currency: w.currency,
      amount: money(w.amount_minor),
      threshold: String(rule.amounts![w.currency as 'BDT']),
      account_created_at: isoTimestamp(w.opened),
      deposit: {
        id: w.public_id,
        amount: money(w.amount_minor),
        method: w.method,
        payer_number: w.payer_number,
        at: isoTimestamp(w.created_at),
      },
    },
  };
}

interface AccountRow {
  player_id: string;
  username: string;
  first_at: unknown;
  last_at: unknown;
  opened: unknown;
}
const accountsOf = (rows: AccountRow[]) =>
  rows.map((a) => ({
    player_id: Number(a.player_id),
    username: a.username,
    first_at: isoTimestamp(a.first_at),
    last_at: isoTimestamp(a.last_at),
    account_created_at: isoTimestamp(a.opened),
  }));

async function sharedPayer(q: Queryable, ev: RiskEvent, rule: StaffRiskRule): Promise<RaisedAlert | null> {
  const w = (await q.query<{ payer_number: string | null }>('SELECT payer_number FROM wallet_transactions WHERE id = $1', [Number(ev.ref)]))
    .rows[0];
  const payer = w?.payer_number;
  if (!payer) return null;
  const accounts = await q.query<AccountRow & { n: number; total: string; currency: string }>(
    `SELECT w.player_id, p.username, p.currency, p.created_at AS opened, count(*)::int AS n, sum(w.amount_minor)::text AS total,
       min(w.created_at) AS first_at, max(w.created_at) AS last_at
     FROM wallet_transactions w JOIN players p ON p.id = w.player_id
     WHERE w.payer_number = $1 AND w.status <> 2 AND w.created_at > ${windowSql}
     GROUP BY w.player_id, p.username, p.currency, p.created_at ORDER BY min(w.created_at), w.player_id`,
    [payer, rule.window_minutes],
  );
  if (accounts.rows.length < (rule.min_accounts ?? 2)) return null;
  const txs = await q.query<{
    public_id: string;
    player_id: string;
    action: string;
    amount_minor: string;
    currency: string;
    status: number;
    created_at: unknown;
  }>(
    `SELECT public_id, player_id, action, amount_minor, currency, status, created_at FROM wallet_transactions
     WHERE payer_number = $1 AND status <> 2 AND created_at > ${windowSql} ORDER BY id LIMIT 100`,
    [payer, rule.window_minutes],
  );
  return {
    kind: 'risk.shared_payer',
    ref: `payer:${payer}`,
    refresh: true,
    message: `One payer number, ${payer}, paid for ${accounts.rows.length} accounts within ${rule.window_minutes} minutes: ${names(accounts.rows)}`,
    evidence: {
      rule: 'shared_payer',
      payer_number: payer,
      window_minutes: rule.window_minutes,
      min_accounts: rule.min_accounts,
      accounts: accountsOf(accounts.rows).map((a, i) => ({
        ...a,
        count: accounts.rows[i]!.n,
        total: money(accounts.rows[i]!.total),
        currency: accounts.rows[i]!.currency,
      })),
      transactions: txs.rows.map((t) => ({
        id: t.public_id,
        player_id: Number(t.player_id),
        type: t.action,
        amount: money(t.amount_minor),
        currency: t.currency,
        status: t.status,
        at: isoTimestamp(t.created_at),
      })),
    },
  };
}

async function sharedSighting(q: Queryable, ev: RiskEvent, rule: StaffRiskRule, what: 'device' | 'address'): Promise<RaisedAlert | null> {
  const table = what === 'device' ? 'player_devices' : 'player_addresses';
  const column = what === 'device' ? 'device_id' : 'address';
  const accounts = await q.query<AccountRow>(
    `SELECT s.player_id, p.username, s.first_seen AS first_at, s.last_seen AS last_at, p.created_at AS opened
     FROM ${table} s JOIN players p ON p.id = s.player_id
     WHERE s.${column} = $1 AND s.last_seen > ${windowSql} ORDER BY s.first_seen, s.player_id LIMIT 200`,
    [ev.ref, rule.window_minutes],
  );
  if (accounts.rows.length < (rule.min_accounts ?? 2)) return null;
  const shown = what === 'device' ? `${ev.ref.slice(0, 8)}…` : ev.ref;
  return {
    kind: `risk.shared_${what}`,
    ref: `${what}:${ev.ref}`,
    refresh: true,
    message: `${accounts.rows.length} accounts from one ${what} (${shown}) within ${rule.window_minutes} minutes: ${names(accounts.rows)}`,
    evidence: {
      rule: `shared_${what}`,
      [what]: ev.ref,
      window_minutes: rule.window_minutes,
      min_accounts: rule.min_accounts,
      accounts: accountsOf(accounts.rows),
    },
  };
}

async function lowPlayWithdrawal(q: Queryable, ev: RiskEvent, rule: StaffRiskRule): Promise<RaisedAlert | null> {
  const w = (
    await q.query<{
      public_id: string;
      player_id: string;
      amount_minor: string;
      currency: string;
      account_number: string | null;
      created_at: unknown;
      username: string;
    }>(
      `SELECT w.public_id, w.player_id, w.amount_minor, w.currency, w.account_number, w.created_at, p.username
       FROM wallet_transactions w JOIN players p ON p.id = w.player_id WHERE w.id = $1 AND w.action = 'withdraw'`,
      [Number(ev.ref)],
    )
  ).rows[0];
  if (!w) return null;
  const threshold = thresholdMinor(rule, w.currency);
  if (threshold === null) return null;
  const deposits = await q.query<{ public_id: string; amount_minor: string; created_at: unknown }>(
    `SELECT public_id, amount_minor, created_at FROM wallet_transactions
     WHERE player_id = $1 AND action = 'deposit' AND status = 1 AND created_at <= $3
       AND created_at > $3::timestamptz - make_interval(mins => $2::int) ORDER BY id`,
    [Number(w.player_id), rule.window_minutes, isoTimestamp(w.created_at)],
  );
  const total = deposits.rows.reduce((s, d) => s + BigInt(d.amount_minor), 0n);
  if (!deposits.rows.length || total < threshold) return null;
  const since = new Date(isoTimestamp(deposits.rows[0]!.created_at)!);
  const turnover = await stakesSince(q, Number(w.player_id), new Date(since.getTime() - 1));
  const percent = rule.turnover_percent ?? 100;
  if (turnover * 100n >= total * BigInt(percent)) return null;
  const pid = Number(w.player_id);
  const played = Number((turnover * 10000n) / total) / 100;
  return {
    kind: 'risk.low_play_withdrawal',
    ref: `player:${pid}`,
    message: `Little play: player ${pid} (${w.username}) asks to withdraw ${thousands(w.amount_minor)} ${w.currency} after depositing ${thousands(total)} ${w.currency} within ${rule.window_minutes} minutes and staking ${thousands(turnover)} (${played}% of the deposits; rule below ${percent}%)`,
    evidence: {
      rule: 'low_play_withdrawal',
      player_id: pid,
      username: w.username,
      currency: w.currency,
      deposits_total: money(total),
      turnover: money(turnover),
      turnover_percent: played,
      rule_percent: percent,
      threshold: String(rule.amounts![w.currency as 'BDT']),
      window_minutes: rule.window_minutes,
      withdrawal: { id: w.public_id, amount: money(w.amount_minor), payout_number: w.account_number, at: isoTimestamp(w.created_at) },
      deposits: deposits.rows.map((d) => ({ id: d.public_id, amount: money(d.amount_minor), at: isoTimestamp(d.created_at) })),
    },
  };
}

async function linkedBonus(q: Queryable, ev: RiskEvent, rule: StaffRiskRule): Promise<RaisedAlert | null> {
  const links = await q.query<{ player_id: string; linked_id: string; reason: string; detail: string }>(
    `SELECT player_id, linked_id, reason, detail FROM player_links WHERE player_id = $1 ORDER BY linked_id, reason`,
    [ev.player_id],
  );
  if (!links.rows.length) return null;
  const group = [ev.player_id, ...new Set(links.rows.map((l) => Number(l.linked_id)))];
  const claims = await q.query<{ source: string; player_id: string; username: string; id: string; amount_minor: string; at: unknown }>(
    `SELECT c.source, c.player_id, p.username, c.id, c.amount_minor, c.at FROM (
       SELECT 'cash_bonus' AS source, player_id, id::text AS id, amount_minor, created_at AS at FROM cash_claims
        WHERE player_id = ANY($1::bigint[]) AND created_at > ${windowSql}
       UNION ALL
       SELECT 'deposit_bonus', player_id, public_id, bonus_minor, created_at FROM wallet_transactions
        WHERE player_id = ANY($1::bigint[]) AND action = 'deposit' AND status = 1 AND bonus_minor > 0 AND created_at > ${windowSql}
     ) c JOIN players p ON p.id = c.player_id ORDER BY c.at, c.id LIMIT 200`,
    [group, rule.window_minutes],
  );
  const claimants = [...new Set(claims.rows.map((c) => Number(c.player_id)))];
  if (claimants.length < (rule.min_accounts ?? 2) || !claimants.includes(ev.player_id)) return null;
  const first = Math.min(...claimants);
  const usernames = new Map(claims.rows.map((c) => [Number(c.player_id), c.username]));
  return {
    kind: 'risk.linked_bonus',
    ref: `player:${first}`,
    refresh: true,
    message: `Bonus claims across ${claimants.length} linked accounts within ${rule.window_minutes} minutes: ${names(claimants.map((id) => ({ username: usernames.get(id) ?? '?', player_id: id })))}`,
    evidence: {
      rule: 'linked_bonus',
      player_id: first,
      window_minutes: rule.window_minutes,
      min_accounts: rule.min_accounts,
      accounts: claimants.map((id) => ({ player_id: id, username: usernames.get(id) })),
      links: links.rows
        .filter((l) => claimants.includes(Number(l.linked_id)))
        .map((l) => ({ player_id: Number(l.player_id), linked_id: Number(l.linked_id), reason: l.reason, detail: l.detail })),
      claims: claims.rows
        .filter((c) => claimants.includes(Number(c.player_id)))
        .map((c) => ({
          source: c.source,
          player_id: Number(c.player_id),
          id: c.id,
          amount: money(c.amount_minor),
          at: isoTimestamp(c.at),
        })),
    },
  };
}

type Rule = (q: Queryable, ev: RiskEvent, rule: StaffRiskRule) => Promise<RaisedAlert | null>;
const RULES: Record<RiskEvent['event'], [RiskRuleKind, Rule][]> = {
  deposit_confirmed: [
    ['large_first_deposit', largeFirstDeposit],
    ['shared_payer', sharedPayer],
  ],
  withdrawal_requested: [['low_play_withdrawal', lowPlayWithdrawal]],
  bonus_claimed: [['linked_bonus', linkedBonus]],
  device_seen: [['shared_device', (q, ev, r) => sharedSighting(q, ev, r, 'device')]],
  address_seen: [['shared_address', (q, ev, r) => sharedSighting(q, ev, r, 'address')]],
};

/** Raises the alert (one open per rule and subject); answers whether a row was written. */
export async function raiseAlert(q: Queryable, a: RaisedAlert): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO staff_alerts (kind, message, ref, evidence) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (kind, ref) WHERE resolved_at IS NULL AND kind LIKE 'risk.%'
     ${a.refresh ? 'DO UPDATE SET message = EXCLUDED.message, evidence = EXCLUDED.evidence WHERE staff_alerts.evidence IS DISTINCT FROM EXCLUDED.evidence' : 'DO NOTHING'}
     RETURNING id`,
    [a.kind, a.message, a.ref, JSON.stringify(a.evidence)],
  );
  return r.rows.length > 0;
}

const MAX_ATTEMPTS = 5;

/**
 * Evaluates up to `limit` waiting events, each in its own transaction; answers the alerts raised (to publish on the
 * staff stream after the commit). A failing event is counted and tried again on the next run.
 */
export async function evaluateRiskEvents(
  db: Db,
  opts: { limit?: number; log?: { warn: (o: object, m: string) => void } } = {},
): Promise<{ processed: number; raised: RaisedAlert[] }> {
  const raised: RaisedAlert[] = [];
  let processed = 0;
  for (let i = 0; i < (opts.limit ?? 200); i++) {
    let current: number | null = null;
    try {
      const done = await db.tx(async (q) => {
        const ev = (
          await q.query<{ id: string; event: RiskEvent['event']; player_id: string; ref: string }>(
            `SELECT id, event, player_id, ref FROM risk_events WHERE attempts < ${MAX_ATTEMPTS} ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          )
        ).rows[0];
        if (!ev) return false;
        current = Number(ev.id);
        await q.query('DELETE FROM risk_events WHERE id = $1', [current]);
        const event: RiskEvent = { id: current, event: ev.event, player_id: Number(ev.player_id), ref: ev.ref };
        for (const [kind, rule] of RULES[event.event]) {
          const settings = await enabledRule(q, kind);
          if (!settings) continue;
          // a player a risk operator exempted from this rule raises nothing by their own events (risk-exemptions.ts)
          if (await isExempt(q, event.player_id, kind)) continue;
          const alert = await rule(q, event, settings);
          if (alert && (await raiseAlert(q, alert))) raised.push(alert);
        }
        return true;
      });
      if (!done) break;
      processed++;
    } catch (err) {
      opts.log?.warn({ err, event: current }, 'risk rule evaluation failed');
      if (current === null) break;
      await db.query('UPDATE risk_events SET attempts = attempts + 1 WHERE id = $1', [current]).catch(() => undefined);
    }
  }
  return { processed, raised };
}

/** RISK_EVAL_INTERVAL_MS: how often each API process looks for events (1 s; 0 turns the job off, as the tests do). */
export function riskEvalInterval(env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.RISK_EVAL_INTERVAL_MS);
  return env.RISK_EVAL_INTERVAL_MS !== undefined && env.RISK_EVAL_INTERVAL_MS !== '' && Number.isFinite(v) && v >= 0 ? v : 1000;
}

export function startRiskEvaluator(
  db: Db,
  log: { warn: (o: object, m: string) => void },
  publish: (a: RaisedAlert) => Promise<void>,
  intervalMs = riskEvalInterval(),
): { stop: () => Promise<void> } {
  if (!intervalMs) return { stop: async () => undefined };
  let running: Promise<unknown> | null = null;
  const tick = async () => {
    const waiting = await db.query(`SELECT 1 FROM risk_events WHERE attempts < ${MAX_ATTEMPTS} LIMIT 1`);
    if (!waiting.rows.length) return;
    const r = await evaluateRiskEvents(db, { log });
    for (const a of r.raised) await publish(a).catch((err: unknown) => log.warn({ err }, 'publishing a risk alert failed'));
  };
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((err: unknown) => log.warn({ err }, 'risk evaluation failed'))
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
