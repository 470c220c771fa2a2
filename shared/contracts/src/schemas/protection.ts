// Responsible gambling, the player's side: limits, reality checks, session-time limit, time-out, self-exclusion
// and the protection status the shell hands every app. Rules and messages: ../rules/protection.ts.
import { z } from 'zod';
import { endpoint, money, lazy } from '../endpoint';
import {
  LIMIT_PERIODS,
  MONEY_LIMIT_KINDS,
  PROTECTION_BLOCKS,
  REALITY_CHECK_MINUTES,
  RISK_HOLD_REASONS,
  SELF_EXCLUSION_PERIODS,
  SESSION_LIMIT_MAX_MINUTES,
  SESSION_LIMIT_MIN_MINUTES,
  TIME_OUT_PERIODS,
} from '../rules/protection';

const iso = z.string();

/** Whether a part of the site is open to the player and, if not, why and until when (null: until staff act, or permanently). */
export const protectionGate = z.lazy(() =>
  z.object({
    open: z.boolean(),
    reason: z.enum(PROTECTION_BLOCKS).nullable(),
    until: iso.nullable(),
    /** The refusal text the API sends for it (English; the remotes translate by reason). */
    message: z.string().nullable(),
    /** A risk hold: why, and whether withdrawals stay open (the remotes say it in Bangla from these). */
    params: z.object({ hold_reason: z.enum(RISK_HOLD_REASONS), withdrawals: z.boolean() }).optional(),
  }),
);
export type ProtectionGate = z.infer<typeof protectionGate>;

/**
 * What every app needs to know of the player's protection (the shell's session fact `protection$`):
 * play = casino, exchange, VIP and bonus conversion; deposit = every deposit method. Withdrawals and messages are
 * never closed by protection.
 */
export const protectionStatus = z.lazy(() =>
  z.object({
    play: protectionGate,
    deposit: protectionGate,
    /** The reality-check interval the player chose (0: off), and in milliseconds as this server counts it (tests shorten it). */
    reality_check_minutes: z.number().int(),
    reality_check_ms: z.number().int().nullable(),
    /** When this session's log-in happened (the session-time limit and the reality check count from it). */
    session_started_at: iso.nullable(),
    /** Offer the limits before the first deposit: true until the player set one, skipped the offer, or deposited. */
    limits_offer: z.boolean(),
  }),
);
export type ProtectionStatus = z.infer<typeof protectionStatus>;

/** One money limit as the player sees it: the one in force now, a pending change and what is used in its window. */
export const moneyLimit = z.lazy(() =>
  z.object({
    kind: z.enum(MONEY_LIMIT_KINDS),
    period: z.enum(LIMIT_PERIODS),
    /** In force now (null: no limit). */
    amount: money.nullable(),
    /** Used in the rolling window now (deposits requested, stakes and liabilities, or net loss plus open exposure). */
    used: money,
    /** An increase or removal waiting for its cooling-off period (amount null: removal). */
    pending: z.object({ amount: money.nullable(), effective_at: iso }).nullable(),
  }),
);
export type MoneyLimit = z.infer<typeof moneyLimit>;

export const exclusionOut = z.object({
  kind: z.enum(['time_out', 'self_exclusion']),
  period: z.string(),
  started_at: iso,
  /** null: permanent. */
  ends_at: iso.nullable(),
});
export type ExclusionOut = z.infer<typeof exclusionOut>;

/** The Responsible gaming page: everything the player set, with the status. */
export const protectionOverview = z.lazy(() =>
  z.object({
    currency: z.string(),
    status: protectionStatus,
    limits: z.array(moneyLimit),
    session_limit: z.object({
      minutes: z.number().int().nullable(),
      pending: z.object({ minutes: z.number().int().nullable(), effective_at: iso }).nullable(),
    }),
    /** The exclusion in force (the longest), or null. */
    exclusion: exclusionOut.nullable(),
    message: z.string().optional(),
  }),
);
export type ProtectionOverview = z.infer<typeof protectionOverview>;

export const getProtection = endpoint({
  method: 'GET',
  path: '/api/responsible-gaming',
  auth: 'bearer',
  tags: ['protection'],
  summary: "The player's limits, session-time limit, reality check, time-out or self-exclusion and protection status",
  response: protectionOverview,
});

export const getProtectionStatus = endpoint({
  method: 'GET',
  path: '/api/responsible-gaming/status',
  auth: 'bearer',
  tags: ['protection'],
  summary: 'What is open to the player now (play, deposits), the reality-check interval and the session start',
  response: protectionStatus,
});

export const setMoneyLimit = endpoint({
  method: 'PUT',
  path: '/api/responsible-gaming/limits',
  auth: 'bearer',
  tags: ['protection'],
  summary:
    'Sets, raises, lowers or removes (amount null) a deposit, wager or loss limit; a decrease applies at once, the rest after 24 hours',
  body: lazy(() => z.object({ kind: z.enum(MONEY_LIMIT_KINDS), period: z.enum(LIMIT_PERIODS), amount: money.max(20).nullable() })),
  response: protectionOverview,
});

export const setSessionLimit = endpoint({
  method: 'PUT',
  path: '/api/responsible-gaming/session-limit',
  auth: 'bearer',
  tags: ['protection'],
  summary: 'Sets or removes (null) the session-time limit in minutes; a decrease applies at once, the rest after 24 hours',
  body: lazy(() =>
    z.object({
      minutes: z
        .number()
        .int()
        .min(SESSION_LIMIT_MIN_MINUTES, `At least ${SESSION_LIMIT_MIN_MINUTES} minutes.`)
        .max(SESSION_LIMIT_MAX_MINUTES, 'At most 24 hours.')
        .nullable(),
    }),
  ),
  response: protectionOverview,
});

export const setRealityCheck = endpoint({
  method: 'PUT',
  path: '/api/responsible-gaming/reality-check',
  auth: 'bearer',
  tags: ['protection'],
  summary: 'Chooses the reality-check interval: 0 (off), 15, 30 or 60 minutes',
  body: lazy(() =>
    z.object({
      minutes: z
        .number()
        .int()
        .refine((m) => (REALITY_CHECK_MINUTES as readonly number[]).includes(m), 'Choose off, 15, 30 or 60 minutes.'),
    }),
  ),
  response: protectionOverview,
});

export const startTimeOut = endpoint({
  method: 'POST',
  path: '/api/responsible-gaming/time-out',
  auth: 'bearer',
  tags: ['protection'],
  summary: 'Starts a time-out at once (24 hours to 6 weeks); not reversible; cancels unmatched exchange orders',
  body: lazy(() => z.object({ period: z.enum(TIME_OUT_PERIODS), confirm: z.literal(true) })),
  response: protectionOverview,
});

export const startSelfExclusion = endpoint({
  method: 'POST',
  path: '/api/responsible-gaming/self-exclusion',
  auth: 'bearer',
  tags: ['protection'],
  summary: 'Self-excludes at once for 6 months, 1 year, 5 years or permanently; not reversible; cancels unmatched exchange orders',
  body: lazy(() => z.object({ period: z.enum(SELF_EXCLUSION_PERIODS), confirm: z.literal(true) })),
  response: protectionOverview,
});

export const dismissLimitsOffer = endpoint({
  method: 'POST',
  path: '/api/responsible-gaming/offer-seen',
  auth: 'bearer',
  tags: ['protection'],
  summary: 'The player skipped the limits offered before the first deposit (the page stays reachable)',
  response: protectionStatus,
});

/** The reality check's figures: time played this session and its net result (settled returns minus stakes). */
export const realityCheckSummary = z.lazy(() =>
  z.object({
    session_started_at: iso.nullable(),
    elapsed_seconds: z.number().int(),
    currency: z.string(),
    /** Net win (positive) or loss (negative) of casino rounds and settled exchange bets since log-in. */
    net: z.string(),
    /** Stakes and liabilities placed since log-in. */
    wagered: money,
  }),
);
export type RealityCheckSummary = z.infer<typeof realityCheckSummary>;

export const getRealityCheck = endpoint({
  method: 'GET',
  path: '/api/responsible-gaming/session',
  auth: 'bearer',
  tags: ['protection'],
  summary: "The reality check's figures for this session",
  response: realityCheckSummary,
});
