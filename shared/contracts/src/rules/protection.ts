// Responsible gambling: the rules both sides of the wire share (limit kinds and windows, time-out and
// self-exclusion lengths, the reasons play or deposits are closed, and the player's messages in English; the
// remotes translate by `code`). The server enforces them in api/src/protection.
import { DAY_MS, DHAKA_OFFSET_MS, dhakaDayStart } from './dhaka-time';

/** Money limits: deposits, wagers, losses. */
export const MONEY_LIMIT_KINDS = ['deposit', 'wager', 'loss'] as const;
export type MoneyLimitKind = (typeof MONEY_LIMIT_KINDS)[number];
/** Rolling windows of a money limit. */
export const LIMIT_PERIODS = ['24h', '7d', '30d'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const LIMIT_PERIOD_MS: Record<LimitPeriod, number> = { '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS };
export const LIMIT_PERIOD_LABEL: Record<LimitPeriod, string> = { '24h': '24-hour', '7d': '7-day', '30d': '30-day' };

/** The session-time limit, in minutes since log-in (at least 15 minutes, at most 24 hours). */
export const SESSION_LIMIT_MIN_MINUTES = 15;
export const SESSION_LIMIT_MAX_MINUTES = 24 * 60;

/** How long an increase or removal of a limit waits before it applies (a decrease applies at once). */
export const LIMIT_COOLING_OFF_HOURS = 24;

/** Reality-check intervals the player may choose (0: off). */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

/** Time-out lengths (24 hours to 6 weeks). */
export const TIME_OUT_PERIODS = ['24h', '48h', '72h', '7d', '14d', '30d', '42d'] as const;
export type TimeOutPeriod = (typeof TIME_OUT_PERIODS)[number];
export const TIME_OUT_MS: Record<TimeOutPeriod, number> = {
  '24h': DAY_MS,
  '48h': 2 * DAY_MS,
  '72h': 3 * DAY_MS,
  '7d': 7 * DAY_MS,
  '14d': 14 * DAY_MS,
  '30d': 30 * DAY_MS,
  '42d': 42 * DAY_MS,
};

/** Self-exclusion lengths: 6 months, 1 year, 5 years, or permanently (no end). */
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y', 'permanent'] as const;
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];
/** Calendar months of a self-exclusion (null: permanent). */
export const SELF_EXCLUSION_MONTHS: Record<SelfExclusionPeriod, number | null> = { '6m': 6, '1y': 12, '5y': 60, permanent: null };

/** The end of a self-exclusion that starts at `from` (calendar months in UTC; null: permanent). */
export function selfExclusionEnd(from: Date, period: SelfExclusionPeriod): Date | null {
  const months = SELF_EXCLUSION_MONTHS[period];
  if (months === null) return null;
  const end = new Date(from.getTime());
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

/** The start of the next Dhaka day after `now` (a reached session limit keeps play closed until then). */
export function nextDhakaDay(now: Date): Date {
  return new Date(dhakaDayStart(now).getTime() + DAY_MS);
}

/**
 * How long a recorded customer due-diligence check counts: a year, not "any check ever" — regulators expect due
 * diligence kept up to date (the EU's AML directives ask for ongoing monitoring and periodic review), so a player
 * whose money keeps passing the threshold is checked again after a year.
 */
export const CDD_CHECK_VALID_DAYS = 365;

/** The minimum age to deposit or play. */
export const MINIMUM_AGE = 18;

/** Whether someone born on `dofb` (YYYY-MM-DD) is under MINIMUM_AGE on `now` (in Dhaka). */
export function isUnderAge(dofb: string, now: Date = new Date()): boolean {
  const today = new Date(now.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
  const [y, m, d] = dofb.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return age < MINIMUM_AGE;
}

// An exchange bet's wager (what it puts at risk) for the wager and loss limits: betLiabilityMinor in
// exchange-maths.ts, the exchange's one money maths.

/**
 * Why play (casino, exchange, conversions) or deposits are closed, most serious first:
 * - risk_hold: staff put the account on hold (suspected fraud or bonus abuse); no stake and no deposit anywhere until
 *   staff release it; log-in works; withdrawals only if staff allowed them for this hold
 * - self_exclusion, time_out: the player chose it; nothing but withdrawals and messages until it ends
 * - under_age: the birthday says under 18; closed until staff look at it
 * - birthday_missing: a birthday is needed before the first stake or deposit (entered once in the profile, locked)
 * - session_limit: the session-time limit was reached; play closed until the next Dhaka day (deposits stay open)
 */
export const PROTECTION_BLOCKS = ['risk_hold', 'self_exclusion', 'time_out', 'under_age', 'session_limit', 'birthday_missing'] as const;
export type ProtectionBlock = (typeof PROTECTION_BLOCKS)[number];

/** Refusal codes of the protection service (HTTP 403 for blocks, 422 for limits), sent as `code` beside `message`. */
export const PROTECTION_CODES = [
  'rg_self_excluded',
  'rg_timed_out',
  'rg_under_age',
  'rg_session_limit',
  'rg_birthday_missing',
  'account_on_hold',
  'rg_deposit_limit',
  'rg_wager_limit',
  'rg_loss_limit',
] as const;
export type ProtectionCode = (typeof PROTECTION_CODES)[number];

export const PROTECTION_BLOCK_CODE: Record<ProtectionBlock, ProtectionCode> = {
  self_exclusion: 'rg_self_excluded',
  time_out: 'rg_timed_out',
  under_age: 'rg_under_age',
  session_limit: 'rg_session_limit',
  birthday_missing: 'rg_birthday_missing',
  risk_hold: 'account_on_hold',
};

/** Why staff put an account on hold (a risk hold, beside the upline's `suspended`). */
export const RISK_HOLD_REASONS = ['fraud', 'bonus_abuse'] as const;
export type RiskHoldReason = (typeof RISK_HOLD_REASONS)[number];
export const RISK_HOLD_REASON_LABEL: Record<RiskHoldReason, string> = {
  fraud: 'suspected fraud',
  bonus_abuse: 'suspected bonus abuse',
};

const until = (iso: string | null) => (iso ? `until ${formatDhaka(iso)} (GMT+6)` : 'permanently');

/** "23 Nov 2026, 18:05" in Dhaka time. */
export function formatDhaka(iso: string): string {
  const d = new Date(new Date(iso).getTime() + DHAKA_OFFSET_MS);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${hh}:${mm}`;
}

/** The player's messages (English; the remotes show their Bangla text by `code`, with the same parameters). */
export const PROTECTION_MESSAGES = {
  selfExcluded: (untilIso: string | null) =>
    `You are self-excluded ${until(untilIso)}. Deposits, games and betting are closed; you can still withdraw and read your messages.`,
  timedOut: (untilIso: string) =>
    `You are taking a time-out ${until(untilIso)}. Deposits, games and betting are closed; you can still withdraw and read your messages.`,
  underAge: 'You must be at least 18 years old to deposit or play. Our support team will contact you about your account.',
  sessionLimit: (minutes: number, untilIso: string) =>
    `You reached your session time limit of ${minutes} minutes. Games and betting are closed ${until(untilIso)}.`,
  birthdayMissing: 'Please add your date of birth in your profile before your first deposit or bet.',
  accountOnHold: (reason: RiskHoldReason, withdrawals: boolean) =>
    `Your account is on hold while we review it (${RISK_HOLD_REASON_LABEL[reason]}). Deposits, games and betting are closed${
      withdrawals ? '; you can still withdraw' : ' and so are withdrawals'
    }. Please contact Customer Support.`,
  withdrawalOnHold: 'Your account is on hold while we review it: withdrawals are closed. Please contact Customer Support.',
  noLoosenWhileExcluded: 'While your time-out or self-exclusion lasts you can only lower or add limits.',
  /** `limit` and `remaining` are money strings with the currency, e.g. "BDT 1,000.00". */
  depositLimit: (period: LimitPeriod, limit: string, remaining: string) =>
    `This deposit would exceed your ${LIMIT_PERIOD_LABEL[period]} deposit limit of ${limit}. You can deposit up to ${remaining} now.`,
  wagerLimit: (period: LimitPeriod, limit: string, remaining: string) =>
    `This stake would exceed your ${LIMIT_PERIOD_LABEL[period]} wager limit of ${limit}. You can stake up to ${remaining} now.`,
  lossLimit: (period: LimitPeriod, limit: string, remaining: string) =>
    `This stake would exceed your ${LIMIT_PERIOD_LABEL[period]} loss limit of ${limit}. You can risk up to ${remaining} now.`,
  limitDecreased: 'Your new limit applies now.',
  limitPending: (effectiveIso: string) =>
    `Your change applies after the 24-hour cooling-off period, at ${formatDhaka(effectiveIso)} (GMT+6).`,
  confirmRequired: 'Please confirm twice: this cannot be undone.',
  alreadyExcluded: 'You are already excluded for longer than that.',
  verificationRequired:
    'Your withdrawal waits for a verification check: your deposits or withdrawals in the last 180 days passed the amount at which the law requires us to check your identity and the source of your funds. Our payments team will contact you.',
} as const;
