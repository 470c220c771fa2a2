// How the Protection tab says a player's protection in words: gates, limits, exclusions and the audit lines of the
// history (the audit log keeps money limits in minor units and session limits in minutes).
import {
  CDD_CHECK_VALID_DAYS,
  LIMIT_PERIODS,
  MONEY_LIMIT_KINDS,
  fromMinor,
  type ExclusionOut,
  type MoneyLimit,
  type ProtectionBlock,
  type ProtectionGate,
  type StaffAuditRow,
  type StaffDueDiligence,
  type StaffPlayerProtection,
} from '@khela/contracts';
import { diffSummary, show } from '../audit/diff';
import { when } from '../../ui/time';

/** "BDT 1,234,567.50": staff compare currencies, so the code, never a symbol. */
export function staffMoney(amount: string, currency: string): string {
  const [int = '0', frac = '00'] = amount.replace(/^-/, '').split('.');
  const sign = amount.startsWith('-') ? '-' : '';
  return `${currency} ${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0')}`;
}

/** A time as the console shows it: Dhaka time with its GMT+6 label (the console's one format). */
export const dhaka = (iso: string) => when(iso);

export const BLOCK_LABEL: Record<ProtectionBlock, string> = {
  risk_hold: 'On hold (risk)',
  self_exclusion: 'Self-excluded',
  time_out: 'Time-out',
  under_age: 'Under 18',
  session_limit: 'Session-time limit reached',
  birthday_missing: 'No date of birth yet',
};

/** Until when a closed gate stays closed. */
export function gateUntil(gate: ProtectionGate): string {
  if (gate.open) return '';
  if (gate.until) return `until ${dhaka(gate.until)}`;
  switch (gate.reason) {
    case 'self_exclusion':
      return 'permanently';
    case 'under_age':
      return 'no end: the birthday entered says under 18';
    case 'birthday_missing':
      return 'until the player adds a date of birth';
    case 'risk_hold':
      return 'until staff release the hold';
    default:
      return 'no end given';
  }
}

export const KIND_LABEL: Record<(typeof MONEY_LIMIT_KINDS)[number], string> = { deposit: 'Deposit', wager: 'Wager', loss: 'Loss' };
export const WINDOW_LABEL: Record<(typeof LIMIT_PERIODS)[number], string> = { '24h': '24 hours', '7d': '7 days', '30d': '30 days' };

/** Time-out and self-exclusion lengths. */
export const EXCLUSION_PERIOD_LABEL: Record<string, string> = {
  '24h': '24 hours',
  '48h': '48 hours',
  '72h': '72 hours',
  '7d': '7 days',
  '14d': '14 days',
  '30d': '30 days',
  '42d': '6 weeks',
  '6m': '6 months',
  '1y': '1 year',
  '5y': '5 years',
  permanent: 'permanent',
};
export const EXCLUSION_KIND_LABEL: Record<ExclusionOut['kind'], string> = { time_out: 'Time-out', self_exclusion: 'Self-exclusion' };

/** The nine money limits in a fixed order (kind, then window), whatever order the API sent. */
export function orderedLimits(limits: readonly MoneyLimit[]): MoneyLimit[] {
  const rank = (l: MoneyLimit) => MONEY_LIMIT_KINDS.indexOf(l.kind) * 10 + LIMIT_PERIODS.indexOf(l.period);
  return [...limits].sort((a, b) => rank(a) - rank(b));
}

/** What is left of a limit in its window now (never below 0), or null without a limit. */
export function limitLeft(l: MoneyLimit): string | null {
  if (l.amount === null) return null;
  const toCents = (v: string) => {
    const [i = '0', f = ''] = v.replace(/^-/, '').split('.');
    const n = BigInt(i) * 100n + BigInt(f.padEnd(2, '0').slice(0, 2));
    return v.startsWith('-') ? -n : n;
  };
  const left = toCents(l.amount) - toCents(l.used);
  return fromMinor(left > 0n ? left : 0n);
}

/** Whole years from a YYYY-MM-DD birthday to today in Dhaka. */
export function ageOn(dofb: string, now: Date = new Date()): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dofb);
  if (!m) return null;
  const today = new Date(now.getTime() + 6 * 3600_000).toISOString().slice(0, 10);
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return ty - y - (tm < mo || (tm === mo && td < d) ? 1 : 0);
}

/** The exclusion in force that ends last (null: none). */
export function exclusionInForce(p: StaffPlayerProtection): StaffPlayerProtection['exclusions'][number] | null {
  const active = p.exclusions.filter((e) => e.active);
  if (active.length === 0) return null;
  return active.reduce((a, b) => (a.ends_at === null ? a : b.ends_at === null ? b : a.ends_at >= b.ends_at ? a : b));
}

export function exclusionText(e: Pick<ExclusionOut, 'kind' | 'period' | 'ends_at'>): string {
  const kind = EXCLUSION_KIND_LABEL[e.kind] ?? e.kind;
  const period = EXCLUSION_PERIOD_LABEL[e.period] ?? e.period;
  return `${kind} ${period}, ${e.ends_at ? `until ${dhaka(e.ends_at)}` : 'permanent'}`;
}

/** Until when the last check counts (null: never checked). */
export function cddValidUntil(d: StaffDueDiligence): Date | null {
  return d.checked_at ? new Date(new Date(d.checked_at).getTime() + CDD_CHECK_VALID_DAYS * 24 * 3600_000) : null;
}

/** The check staff should record now: withdrawals wait for it, or the totals passed the threshold with no check that counts. */
export function cddDue(d: StaffDueDiligence, now: Date = new Date()): boolean {
  const until = cddValidUntil(d);
  return d.withdrawals_waiting > 0 || (d.required && (until === null || until <= now));
}

/** Who did it: the operator's username, "player:<name>" for the player's own changes, or "system". */
export const historyWho = (r: StaffAuditRow) => r.username ?? (r.operator_id === null ? 'system' : `operator #${r.operator_id}`);

export const HISTORY_ACTION_LABEL: Record<string, string> = {
  'protection.limit': 'Limit',
  'protection.time_out': 'Time-out started',
  'protection.self_exclusion': 'Self-exclusion started',
  'protection.reality_check': 'Reality-check interval',
  'protection.offer_skipped': 'Limits offer skipped',
  'protection.cdd_check': 'Due-diligence check recorded',
  'protection.under_age': 'Under-age birthday entered',
  'player.hold': 'Put on hold',
  'player.hold_release': 'Hold released',
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function limitValue(kind: string, v: unknown, currency: string): string {
  if (v === null || v === undefined) return 'no limit';
  if ((typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint') && /^\d+$/.test(String(v))) {
    return kind === 'session' ? `${String(v)} minutes` : staffMoney(fromMinor(BigInt(String(v))), currency);
  }
  return show(v);
}

function limitSide(kind: string, side: Record<string, unknown>, currency: string): string {
  const value = limitValue(kind, side.value, currency);
  const pending = side.pending;
  if (!isRecord(pending)) return value;
  const to = pending.value === null || pending.value === undefined ? 'removal' : limitValue(kind, pending.value, currency);
  const at = typeof pending.effective_at === 'string' ? ` from ${dhaka(pending.effective_at)}` : '';
  return `${value} (pending: ${to}${at})`;
}

function exclusionSide(v: unknown): string {
  if (!isRecord(v)) return 'none';
  const kind = v.kind === 'time_out' || v.kind === 'self_exclusion' ? v.kind : null;
  if (!kind || typeof v.period !== 'string') return show(v);
  return exclusionText({ kind, period: v.period, ends_at: typeof v.ends_at === 'string' ? v.ends_at : null });
}

/**
 * An audit line's change in words: "Deposit limit, 24 hours: no limit → BDT 1,000.00", "none → Time-out 24 hours,
 * until …"; other lines as their changed fields.
 */
export function historyChange(r: StaffAuditRow, currency: string): string {
  const before = r.before;
  const after = r.after;
  switch (r.action) {
    case 'protection.limit': {
      const a = isRecord(after) ? after : {};
      const b = isRecord(before) ? before : {};
      const kind = String(a.kind ?? b.kind ?? '');
      const period = String(a.period ?? b.period ?? '');
      const subject =
        kind === 'session'
          ? 'Session-time limit'
          : `${KIND_LABEL[kind as keyof typeof KIND_LABEL] ?? kind} limit, ${WINDOW_LABEL[period as keyof typeof WINDOW_LABEL] ?? period}`;
      return `${subject}: ${limitSide(kind, b, currency)} → ${limitSide(kind, a, currency)}`;
    }
    case 'protection.time_out':
    case 'protection.self_exclusion':
      return `${exclusionSide(before)} → ${exclusionSide(after)}`;
    case 'protection.reality_check': {
      const m = (v: unknown) => (isRecord(v) && typeof v.minutes === 'number' ? (v.minutes ? `every ${v.minutes} minutes` : 'off') : '—');
      return `${m(before)} → ${m(after)}`;
    }
    case 'protection.cdd_check': {
      const check = (v: unknown) =>
        isRecord(v) && typeof v.checked_at === 'string' ? `checked ${dhaka(v.checked_at)} by ${show(v.checked_by)}` : 'no check';
      const released = isRecord(after) && Array.isArray(after.released_withdrawals) ? after.released_withdrawals : [];
      const tail = released.length
        ? `; released withdrawal${released.length === 1 ? '' : 's'} ${released.map((id) => `#${show(id)}`).join(', ')}`
        : '';
      return `${check(before)} → ${check(after)}${tail}`;
    }
    case 'protection.under_age': {
      const a = isRecord(after) ? after : {};
      const flagged = typeof a.under_age_at === 'string' ? `; flagged under 18 ${dhaka(a.under_age_at)}` : '';
      return `date of birth ${show(isRecord(before) ? before.dofb : null)} → ${show(a.dofb)}${flagged}`;
    }
    default:
      return diffSummary(before, after);
  }
}
