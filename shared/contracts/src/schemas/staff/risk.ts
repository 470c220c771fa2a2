// Back office: fraud and AML rules and their alerts (issue 32). Risk staff set each rule; a rule raises one open
// alert per subject (a player, a payer number, a device, an address) with its evidence; an alert has an owner and a
// state (open, investigating, resolved, dismissed); closing one needs a note; a suspicious-transaction report (STR)
// is exported as CSV from an alert or a player.
import { z } from 'zod';
import { endpoint, money } from '../../endpoint';
import { staffListQuery, staffPage, staffReason } from './common';

export const RISK_RULE_KINDS = [
  'deposit_velocity',
  'large_first_deposit',
  'shared_payer',
  'shared_device',
  'shared_address',
  'low_play_withdrawal',
  'linked_bonus',
] as const;
export type RiskRuleKind = (typeof RISK_RULE_KINDS)[number];
export const RISK_RULE_LABELS: Record<RiskRuleKind, string> = {
  deposit_velocity: 'Deposit velocity (a new account deposits a lot within a short time)',
  large_first_deposit: 'Large first deposit',
  shared_payer: 'One payer number used by several accounts',
  shared_device: 'Several accounts from one device',
  shared_address: 'Several accounts from one address',
  low_play_withdrawal: 'Deposits followed by a withdrawal with little play',
  linked_bonus: 'Bonus claims across linked accounts',
};
/** The figures each rule uses (the others are not asked for and stay empty). */
export type RiskRuleField = 'window_minutes' | 'amounts' | 'account_days' | 'min_accounts' | 'turnover_percent';
export const RISK_RULE_FIELDS: Record<RiskRuleKind, readonly RiskRuleField[]> = {
  deposit_velocity: ['window_minutes', 'amounts', 'account_days'],
  large_first_deposit: ['amounts'],
  shared_payer: ['window_minutes', 'min_accounts'],
  shared_device: ['window_minutes', 'min_accounts'],
  shared_address: ['window_minutes', 'min_accounts'],
  low_play_withdrawal: ['window_minutes', 'amounts', 'turnover_percent'],
  linked_bonus: ['window_minutes', 'min_accounts'],
};
/** When each rule is looked at (after the event's commit, never blocking the player). */
export const RISK_RULE_EVENTS: Record<RiskRuleKind, string> = {
  deposit_velocity: 'deposit requested',
  large_first_deposit: 'deposit confirmed',
  shared_payer: 'deposit confirmed',
  shared_device: 'log-in or registration (a device first seen)',
  shared_address: 'log-in or registration (an address first seen)',
  low_play_withdrawal: 'withdrawal requested',
  linked_bonus: 'bonus claimed',
};
const RISK = ['risk'] as const;

const amountsSchema = z.object({ BDT: z.number().int(), INR: z.number().int(), PKR: z.number().int() });
const wholeAmount = z.number().int().min(1).max(1_000_000_000);
export const riskRuleSchema = z.object({
  kind: z.enum(RISK_RULE_KINDS),
  enabled: z.boolean(),
  window_minutes: z.number().int(),
  /** Whole units per currency (velocity: the sum within the window; first deposit: its amount; little play: the
   * deposits within the window that are looked at). */
  amounts: amountsSchema.nullable(),
  /** Only accounts younger than this many days (0: every account). */
  account_days: z.number().int(),
  /** Accounts sharing one payer number, device or address, or linked accounts claiming bonuses, that raise the alert. */
  min_accounts: z.number().int().nullable(),
  /** Little play: the turnover below this percentage of the deposits. */
  turnover_percent: z.number().int().nullable(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type StaffRiskRule = z.infer<typeof riskRuleSchema>;

export const staffRiskRules = endpoint({
  method: 'GET',
  path: '/api/operator/risk/rules',
  auth: 'staff',
  roles: RISK,
  response: z.object({ data: z.array(riskRuleSchema) }),
  tags: ['staff'],
});

/**
 * POST /api/operator/risk/rules/{kind}: a risk operator changes a rule (audited before/after with the reason). The
 * figures the rule uses (RISK_RULE_FIELDS) are required (422 otherwise); the others are ignored.
 */
export const staffSetRiskRule = endpoint({
  method: 'POST',
  path: '/api/operator/risk/rules/{kind}',
  auth: 'staff',
  roles: RISK,
  params: z.object({ kind: z.enum(RISK_RULE_KINDS) }),
  body: z.object({
    enabled: z.boolean(),
    window_minutes: z.number().int().min(1, 'At least 1 minute.').max(525_600, 'At most a year (525,600 minutes).').optional(),
    amounts: z.object({ BDT: wholeAmount, INR: wholeAmount, PKR: wholeAmount }).optional(),
    account_days: z.number().int().min(0).max(3650).optional(),
    min_accounts: z.number().int().min(2, 'At least 2 accounts.').max(1000).optional(),
    turnover_percent: z.number().int().min(1, 'At least 1%.').max(1000).optional(),
    reason: staffReason,
  }),
  response: riskRuleSchema,
  tags: ['staff'],
});

/** An alert's workflow: open (new), investigating (someone works on it), resolved or dismissed (closed, with a note). */
export const ALERT_STATES = ['open', 'investigating', 'resolved', 'dismissed'] as const;
export type AlertState = (typeof ALERT_STATES)[number];
export const ALERT_CLOSED_STATES: readonly AlertState[] = ['resolved', 'dismissed'];
/** The alerts the Risk area works: the rules' (risk.*) and the player-protection ones that need what was done. */
export const RISK_ALERT_KINDS = [
  ...RISK_RULE_KINDS.map((k) => `risk.${k}` as const),
  'player.under_age',
  'protection.linked_exclusion',
] as const;
export const RISK_ALERT_LABELS: Record<string, string> = {
  ...Object.fromEntries(RISK_RULE_KINDS.map((k) => [`risk.${k}`, RISK_RULE_LABELS[k].replace(/ \(.*\)$/, '')])),
  'player.under_age': 'Under-age birthday',
  'protection.linked_exclusion': 'Linked to a self-excluded account',
};
/** The alert kinds whose closing needs a note of what was found and done (the rest of the dashboard's may close bare). */
export const alertNeedsNote = (kind: string) => kind.startsWith('risk.') || kind.startsWith('player.') || kind.startsWith('protection.');

export const riskAlertSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  message: z.string(),
  ref: z.string().nullable(),
  /** What made the rule fire (the rule's figures and the rows: transactions, accounts, claims). */
  evidence: z.unknown().nullable(),
  state: z.enum(ALERT_STATES),
  owner_id: z.number().int().nullable(),
  owner: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  /** The resolution note (required to resolve or dismiss). */
  resolution: z.string().nullable(),
});
export type StaffRiskAlert = z.infer<typeof riskAlertSchema>;

/** GET /api/operator/risk/alerts: the Risk area's alerts, newest first; filters by state (active = open or investigating), rule, owner. */
export const staffRiskAlerts = endpoint({
  method: 'GET',
  path: '/api/operator/risk/alerts',
  auth: 'staff',
  roles: RISK,
  query: staffListQuery(['id'] as const).extend({
    state: z.enum([...ALERT_STATES, 'active', 'closed']).optional(),
    kind: z.string().max(60).optional(),
    /** 'me', 'none' (nobody), or an operator's id */
    owner: z.union([z.literal('me'), z.literal('none'), z.coerce.number().int().positive()]).optional(),
  }),
  response: staffPage(riskAlertSchema),
  tags: ['staff'],
});

export const alertHistorySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  operator: z.string(),
  reason: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});

/** GET /api/operator/risk/alerts/{id}: one alert with its evidence and its history (the audit lines). */
export const staffRiskAlert = endpoint({
  method: 'GET',
  path: '/api/operator/risk/alerts/{id}',
  auth: 'staff',
  roles: RISK,
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: riskAlertSchema.extend({ history: z.array(alertHistorySchema) }),
  tags: ['staff'],
});

/** POST /api/operator/risk/alerts/{id}/assign: the owner (an active risk operator or admin; null: nobody). Audited. */
export const staffAssignRiskAlert = endpoint({
  method: 'POST',
  path: '/api/operator/risk/alerts/{id}/assign',
  auth: 'staff',
  roles: RISK,
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ operator_id: z.number().int().positive().nullable() }),
  response: riskAlertSchema,
  tags: ['staff'],
});

export const RISK_NOTE_REQUIRED = 'Write what you found and did: this alert is closed only with a note.';

/**
 * POST /api/operator/risk/alerts/{id}/state: open, investigating, resolved or dismissed; closing needs a note (422
 * otherwise); a closed alert reopens to open or investigating (its note stays in the history). Audited.
 */
export const staffSetRiskAlertState = endpoint({
  method: 'POST',
  path: '/api/operator/risk/alerts/{id}/state',
  auth: 'staff',
  roles: RISK,
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ state: z.enum(ALERT_STATES), note: z.string().trim().max(2000).optional() }),
  response: riskAlertSchema,
  tags: ['staff'],
});

/** Operators an alert may be given to (active, role risk or admin). */
export const staffRiskAssignees = endpoint({
  method: 'GET',
  path: '/api/operator/risk/assignees',
  auth: 'staff',
  roles: RISK,
  response: z.object({ data: z.array(z.object({ id: z.number().int(), username: z.string(), role: z.string() })) }),
  tags: ['staff'],
});

// ---- Suspicious-transaction report (BFIU, goAML-style STR) ----

export const strTransactionSchema = z.object({
  id: z.string(),
  /** Dhaka time, 'YYYY-MM-DD HH:MM:SS GMT+6' */
  at: z.string(),
  type: z.enum(['deposit', 'withdrawal']),
  status: z.enum(['pending', 'approved', 'rejected']),
  amount: money,
  currency: z.string(),
  method: z.string().nullable(),
  channel: z.string().nullable(),
  /** Deposit: the player's wallet number that paid; withdrawal: the house's number that paid out (when known). */
  payer_number: z.string().nullable(),
  /** Deposit: the house's number paid to; withdrawal: the player's payout number. */
  payee_number: z.string().nullable(),
  reference: z.string().nullable(),
});

export const strSubjectSchema = z.object({
  player_id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  birthday: z.string().nullable(),
  phone: z.string().nullable(),
  other_phones: z.array(z.string()),
  email: z.string().nullable(),
  /** National ID number: only once identity checks (KYC) exist; null now. */
  nid: z.string().nullable(),
  address: z.string().nullable(),
  currency: z.string(),
  status: z.string(),
  /** Dhaka time with GMT+6 */
  opened_at: z.string(),
  /** Wallet numbers the account paid from or was paid to. */
  wallet_numbers: z.array(z.string()),
  linked: z.array(z.object({ player_id: z.number().int(), username: z.string(), reason: z.string(), detail: z.string() })),
});

export const strReportSchema = z.object({
  /** STR-<date>-<alert or player> */
  reference: z.string(),
  generated_at: z.string(),
  reporting_entity: z.object({ name: z.string(), licence: z.string().nullable(), address: z.string().nullable(), country: z.string() }),
  reporting_officer: z.object({ username: z.string(), role: z.string() }),
  subjects: z.array(strSubjectSchema),
  transactions: z.array(strTransactionSchema),
  suspicion: z.object({
    alert_id: z.number().int().nullable(),
    rule: z.string().nullable(),
    raised_at: z.string().nullable(),
    summary: z.string(),
    evidence: z.unknown().nullable(),
    state: z.string().nullable(),
    resolution: z.string().nullable(),
  }),
});
export type StaffStrReport = z.infer<typeof strReportSchema>;

/**
 * GET /api/operator/risk/str?alert=N or ?player=N: what a suspicious-transaction report needs, as data (the console
 * writes the CSV with its one CSV helper). Each export is audited (`risk.str_export`).
 */
export const staffRiskStr = endpoint({
  method: 'GET',
  path: '/api/operator/risk/str',
  auth: 'staff',
  roles: RISK,
  query: z.object({
    alert: z.coerce.number().int().positive().optional(),
    player: z.coerce.number().int().positive().optional(),
    /** Transactions of the last this many days (default 90) when exported from a player. */
    days: z.coerce.number().int().min(1).max(3650).optional(),
  }),
  response: strReportSchema,
  tags: ['staff'],
});

// ---- Per-rule exemptions (issue 32) ----

export const staffRiskExemption = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  kind: z.enum(RISK_RULE_KINDS),
  reason: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  ended_by: z.string().nullable(),
  end_reason: z.string().nullable(),
});
export type StaffRiskExemption = z.infer<typeof staffRiskExemption>;

/** GET /api/operator/players/{id}/risk-exemptions: the player's exemptions, running first, then ended (newest first). */
export const staffRiskExemptions = endpoint({
  method: 'GET',
  path: '/api/operator/players/{id}/risk-exemptions',
  auth: 'staff',
  roles: RISK,
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({ data: z.array(staffRiskExemption) }),
  tags: ['staff'],
});

/**
 * POST /api/operator/players/{id}/risk-exemptions: exempt the player from one rule (their own events no longer raise
 * its alert) with a reason; audited `risk.exemption`. 409 while one runs for that rule.
 */
export const staffAddRiskExemption = endpoint({
  method: 'POST',
  path: '/api/operator/players/{id}/risk-exemptions',
  auth: 'staff',
  roles: RISK,
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ kind: z.enum(RISK_RULE_KINDS), reason: staffReason }),
  response: staffRiskExemption,
  tags: ['staff'],
});

/** POST /api/operator/risk-exemptions/{id}/end: the rule applies to the player again; audited `risk.exemption_end`. */
export const staffEndRiskExemption = endpoint({
  method: 'POST',
  path: '/api/operator/risk-exemptions/{id}/end',
  auth: 'staff',
  roles: RISK,
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ reason: staffReason }),
  response: staffRiskExemption,
  tags: ['staff'],
});
