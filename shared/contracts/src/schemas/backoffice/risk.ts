// Back office: fraud and AML rules and their alerts (issue 32). Risk staff set each rule; a rule raises one open
// alert per player with its evidence; a risk alert is resolved only with a note.
import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { staffListQuery, staffPage, staffReason } from './common';

export const RISK_RULE_KINDS = ['deposit_velocity'] as const;
export type RiskRuleKind = (typeof RISK_RULE_KINDS)[number];
export const RISK_RULE_LABELS: Record<RiskRuleKind, string> = {
  deposit_velocity: 'Deposit velocity (a new account deposits a lot within a short time)',
};
const RISK = ['risk'] as const;

const wholeAmount = z.number().int().min(1).max(1_000_000_000);
export const riskRuleSchema = z.object({
  kind: z.enum(RISK_RULE_KINDS),
  enabled: z.boolean(),
  window_minutes: z.number().int(),
  /** Whole units per currency: the deposits (requested or approved) within the window that raise the alert. */
  amounts: z.object({ BDT: z.number().int(), INR: z.number().int(), PKR: z.number().int() }),
  /** Only accounts younger than this many days (0: every account). */
  account_days: z.number().int(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type StaffRiskRule = z.infer<typeof riskRuleSchema>;

export const staffRiskRules = endpoint({
  method: 'GET',
  path: '/api/operator/risk/rules',
  auth: 'operator',
  roles: RISK,
  response: z.object({ data: z.array(riskRuleSchema) }),
  tags: ['operator'],
});

/** POST /api/operator/risk/rules/{kind}: a risk operator changes a rule (audited before/after with the reason). */
export const staffSetRiskRule = endpoint({
  method: 'POST',
  path: '/api/operator/risk/rules/{kind}',
  auth: 'operator',
  roles: RISK,
  params: z.object({ kind: z.enum(RISK_RULE_KINDS) }),
  body: z.object({
    enabled: z.boolean(),
    window_minutes: z.number().int().min(1, 'At least 1 minute.').max(10_080, 'At most a week (10,080 minutes).'),
    amounts: z.object({ BDT: wholeAmount, INR: wholeAmount, PKR: wholeAmount }),
    account_days: z.number().int().min(0).max(3650),
    reason: staffReason,
  }),
  response: riskRuleSchema,
  tags: ['operator'],
});

export const riskAlertSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  message: z.string(),
  ref: z.string().nullable(),
  /** What made the rule fire (the rule's figures and the transactions). */
  evidence: z.unknown().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  /** The resolution note (from the audit line of the resolution). */
  resolution: z.string().nullable(),
});
export type StaffRiskAlert = z.infer<typeof riskAlertSchema>;

/** GET /api/operator/risk/alerts: the alerts raised by the rules (kind risk.*), newest first. */
export const staffRiskAlerts = endpoint({
  method: 'GET',
  path: '/api/operator/risk/alerts',
  auth: 'operator',
  roles: RISK,
  query: staffListQuery(['id'] as const).extend({ state: z.enum(['open', 'resolved']).optional() }),
  response: staffPage(riskAlertSchema),
  tags: ['operator'],
});
