// Back office, area 'players': search, the player's page (profile, ledger, bets, turnover, sessions, notes), status
// and upline flags, reasoned balance adjustments (see index.ts for the conventions).
//
// Roles: support, payments and risk read everything here and write notes; risk changes status and flags;
// payments adjusts balances; support and risk revoke sessions. Admin passes every check.
import { z } from 'zod';
import { endpoint, money } from '../../endpoint';
import { staffListQuery, staffPage, staffReason } from './common';
import { LINK_REASONS } from '../../rules/linked-accounts';
import { KYC_STATUSES } from '../kyc';

/**
 * A player's status. active: everything open. suspended: logs in, plays and withdraws, but every section whose
 * market flag is 0 is blocked ("status not active", docs/README.md#spec-6). disabled: cannot log in; every token ends at once.
 */
export const PLAYER_STATUSES = ['active', 'suspended', 'disabled'] as const;
export const playerStatus = z.enum(PLAYER_STATUSES);
export type PlayerStatus = z.infer<typeof playerStatus>;
export const PLAYER_CURRENCIES = ['BDT', 'INR', 'PKR'] as const;
/**
 * The players table's protection filter: self_excluded / timed_out (in force now), on_hold (an open risk hold),
 * under_age (the birthday said under 18), limits_set (any deposit, wager, loss or session limit), unrestricted (none of
 * the first four).
 */
export const PLAYER_PROTECTION_FILTERS = ['self_excluded', 'timed_out', 'on_hold', 'under_age', 'limits_set', 'unrestricted'] as const;
export type PlayerProtectionFilter = (typeof PLAYER_PROTECTION_FILTERS)[number];
/** The players table's sortable columns. */
export const PLAYER_SORTS = ['id', 'username', 'created_at', 'balance', 'last_login_at', 'deposits'] as const;

/** Who reads a player's page. */
export const PLAYER_READ_ROLES = ['support', 'payments', 'risk'] as const;
/** Who sets status, exchange_market and cs_market. */
export const PLAYER_STATUS_ROLES = ['risk'] as const;
/** Who adjusts a balance. */
export const PLAYER_ADJUST_ROLES = ['payments'] as const;
/** Who revokes a player's sessions. */
export const PLAYER_SESSION_ROLES = ['support', 'risk'] as const;

const marketFlag = z.union([z.literal(0), z.literal(1)]);
const idParams = z.object({ id: z.coerce.number().int().positive() });

// --- The players table ---------------------------------------------------------------

export const staffPlayerRow = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  currency: z.string(),
  status: z.string(),
  exchange_market: z.number().int(),
  cs_market: z.number().int(),
  /** Main account (available); exposure is on the player's page. */
  balance: money,
  /** Confirmed deposits, all time, in the player's currency. */
  deposits: money,
  /** The newest log-in to the site (not the exchange's tokens); null when never. */
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  /** The identity check's state (KYC_STATUSES). */
  kyc: z.enum(KYC_STATUSES).optional(),
});
export type StaffPlayerRow = z.infer<typeof staffPlayerRow>;

/**
 * GET /api/operator/players. `q` finds by id (digits), username prefix, phone prefix (digits, +880/880 accepted) or
 * e-mail prefix (with '@'), case-insensitive. Sortable by every column with figures: id, username, created_at, balance
 * (main account), last_login_at (never logged in last) and deposits (confirmed, all time); filtered by status, currency
 * and protection state (PLAYER_PROTECTION_FILTERS).
 */
export const staffPlayers = endpoint({
  method: 'GET',
  path: '/api/operator/players',
  auth: 'staff',
  roles: PLAYER_READ_ROLES,
  query: staffListQuery(PLAYER_SORTS).extend({
    status: playerStatus.optional(),
    currency: z.enum(PLAYER_CURRENCIES).optional(),
    protection: z.enum(PLAYER_PROTECTION_FILTERS).optional(),
    /** The identity check's state (issue 32): none (nothing sent or not complete), pending, verified, rejected. */
    kyc: z.enum(KYC_STATUSES).optional(),
  }),
  response: staffPage(staffPlayerRow),
  tags: ['staff'],
});

// --- A player's profile ---------------------------------------------------------------

export const staffPlayerProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  phone_verified: z.boolean(),
  email: z.string().nullable(),
  email_verified_at: z.string().nullable(),
  dofb: z.string().nullable(),
  currency: z.string(),
  status: z.string(),
  exchange_market: z.number().int(),
  cs_market: z.number().int(),
  referral_code: z.string(),
  referred_by: z.number().int().nullable(),
  agent_code: z.string().nullable(),
  affiliate_code: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The newest log-in (session made), null when never. */
  last_login_at: z.string().nullable(),
  live_sessions: z.number().int(),
  /** From the ledger: balance = available + exposure; pending withdrawals are out of the balance; owed: corrected results. */
  wallet: z.object({ balance: money, exposure: money, available: money, pending_withdrawals: money, owed: money }),
  vip_coin: z.number().int(),
  cash_bonus: money,
  /** Sum of the active turnover requirements still to wager. */
  turnover_remaining: money,
  /**
   * Accounts of the same person (rules/linked-accounts.ts): each link with its reason and what is shared, and the
   * linked account's self-exclusion when one runs (then this account's deposits and stakes are refused).
   */
  links: z
    .array(
      z.object({
        player_id: z.number().int(),
        username: z.string(),
        reason: z.enum(LINK_REASONS),
        reason_label: z.string(),
        detail: z.string(),
        created_at: z.string(),
        /** Present while the linked account is self-excluded: its end, null when permanent. */
        self_excluded_until: z.string().nullable().optional(),
      }),
    )
    .optional(),
  /** The identity check (issue 32): its state, and whether the birthday came from the NID (locked). */
  kyc: z.object({ status: z.enum(KYC_STATUSES), birthday_locked: z.boolean() }).optional(),
});
export type StaffPlayerProfile = z.infer<typeof staffPlayerProfile>;

export const staffPlayer = endpoint({
  method: 'GET',
  path: '/api/operator/players/{id}',
  auth: 'staff',
  roles: PLAYER_READ_ROLES,
  params: idParams,
  response: staffPlayerProfile,
  tags: ['staff'],
});

// --- Ledger history ---------------------------------------------------------------------

export const staffLedgerRow = z.object({
  id: z.number().int(),
  transfer_id: z.number().int(),
  created_at: z.string(),
  kind: z.string(),
  reference: z.string().nullable(),
  /** Which of the player's accounts: main, held (pending withdrawals), exposure, owed. */
  account: z.string(),
  /** Signed: positive credits the account. */
  amount: money,
  /** Staff adjustments: the reason; other kinds: a short note from the transfer's metadata when it has one. */
  note: z.string().nullable(),
});
export type StaffLedgerRow = z.infer<typeof staffLedgerRow>;

export const staffPlayerLedger = endpoint({
  method: 'GET',
  path: '/api/operator/players/{id}/ledger',
  auth: 'staff',
  roles: PLAYER_READ_ROLES,
  params: idParams,
  query: staffListQuery(['id'] as const).extend({ account: z.enum(['main', 'held', 'exposure', 'owed']).optional() }),
  response: staffPage(staffLedgerRow),
  tags: ['staff'],
});

// --- Bets ------------------------------------------------------------------------------

export const staffBetRow = z.object({
  id: z.number().int(),
  product: z.enum(['casino', 'exchange']),
  /** Casino: provider round id; exchange: the bet's public id. */
  ref: z.string(),
  /** Casino: game name; exchange: event, market and selection. */
  description: z.string(),
  /** Exchange: BACK/LAY/YES/NO and price; casino: the game type. */
  detail: z.string(),
  stake: money,
  /** Casino: the win; exchange: profit (negative: loss) once settled, else null. */
  result: money.nullable(),
  status: z.string(),
  placed_at: z.string(),
  settled_at: z.string().nullable(),
});
export type StaffBetRow = z.infer<typeof staffBetRow>;

export const staffPlayerBets = endpoint({
  method: 'GET',
  path: '/api/operator/players/{id}/bets',
  auth: 'staff',
  roles: PLAYER_READ_ROLES,
  params: idParams,
  query: staffListQuery(['placed_at'] as const).extend({ product: z.enum(['casino', 'exchange']).optional().default('exchange') }),
  response: staffPage(staffBetRow),
  tags: ['staff'],
});

// --- Turnover ----------------------------------------------------------------------------

export const staffTurnoverRow = z.object({
  id: z.number().int(),
  source: z.string(),
  promotion: z.string().nullable(),
  required: money,
  remaining: money,
  status: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type StaffTurnoverRow = z.infer<typeof staffTurnoverRow>;

export const staffPlayerTurnovers = endpoint({
  method: 'GET',
  path: '/api/operator/players/{id}/turnovers',
  auth: 'staff',
  roles: PLAYER_READ_ROLES,
  params: idParams,
  query: staffListQuery(['id'] as const),
  response: staffPage(staffTurnoverRow),
  tags: ['staff'],
});

// --- Sessions ----------------------------------------------------------------------------

export const staffSessionRow = z.object({
  /** The first 16 hex digits of the token's hash (never the token). */
  id: z.string(),
  /** player: the site's log-in; exchange: the scoped exchange token made from one. */
  scope: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  live: z.boolean(),
  /** The client's address at log-in (as the API saw it) and its device id and browser; null for sessions from before
   * they were recorded. */
  address: z.string().nullable(),
  device_id: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type StaffSessionRow = z.infer<typeof staffSessionRow>;

export const staffPlayerSessions = endpoint({
  method: 'GET',
  path: '/api/operator/players/{id}/sessions',
  auth: 'staff',
  roles: PLAYER_READ_ROLES,
  params: idParams,
  query: staffListQuery(['created_at'] as const).extend({ live: z.enum(['1', '0']).optional() }),
  response: staffPage(staffSessionRow),
  tags: ['staff'],
});

/** Ends one session (and the exchange tokens made from it) and its push streams: the player's page logs out. */
export const staffRevokePlayerSession = endpoint({
  method: 'POST',
  path: '/api/operator/players/{id}/sessions/{session}/revoke',
  auth: 'staff',
  roles: PLAYER_SESSION_ROLES,
  params: z.object({
    id: z.coerce.number().int().positive(),
    session: z
      .string()
      .max(16, 'Unknown session')
      .regex(/^[0-9a-f]{16}$/, 'Unknown session'),
  }),
  body: z.object({ reason: staffReason }),
  response: z.object({ revoked: z.number().int(), message: z.string() }),
  tags: ['staff'],
});

/** Ends every session of the player (log out everywhere). */
export const staffRevokePlayerSessions = endpoint({
  method: 'POST',
  path: '/api/operator/players/{id}/sessions/revoke',
  auth: 'staff',
  roles: PLAYER_SESSION_ROLES,
  params: idParams,
  body: z.object({ reason: staffReason }),
  response: z.object({ revoked: z.number().int(), message: z.string() }),
  tags: ['staff'],
});

// --- Notes -------------------------------------------------------------------------------

export const staffNoteRow = z.object({
  id: z.number().int(),
  text: z.string(),
  operator: z.string().nullable(),
  created_at: z.string(),
});
export type StaffNoteRow = z.infer<typeof staffNoteRow>;

export const staffPlayerNotes = endpoint({
  method: 'GET',
  path: '/api/operator/players/{id}/notes',
  auth: 'staff',
  roles: PLAYER_READ_ROLES,
  params: idParams,
  query: staffListQuery(['id'] as const),
  response: staffPage(staffNoteRow),
  tags: ['staff'],
});

/** Notes are append-only: no edit, no delete (a correction is a new note). */
export const staffAddPlayerNote = endpoint({
  method: 'POST',
  path: '/api/operator/players/{id}/notes',
  auth: 'staff',
  roles: PLAYER_READ_ROLES,
  params: idParams,
  body: z.object({ text: z.string().trim().min(1, 'Write the note.').max(2000) }),
  response: staffNoteRow,
  tags: ['staff'],
});

// --- Status and upline flags ---------------------------------------------------------------

export const staffPlayerStatusBody = z
  .object({
    status: playerStatus.optional(),
    exchange_market: marketFlag.optional(),
    cs_market: marketFlag.optional(),
    reason: staffReason,
  })
  .refine((b) => b.status !== undefined || b.exchange_market !== undefined || b.cs_market !== undefined, {
    message: 'Change the status, exchange_market or cs_market.',
    path: ['status'],
  });

const statusFacts = z.object({ status: z.string(), exchange_market: z.number().int(), cs_market: z.number().int() });

/**
 * POST /api/operator/players/{id}/status: sets status and/or the upline flags with a reason (audited before/after).
 * The player's open pages get the `account` push; disabling also ends every token and stream at once.
 */
export const staffSetPlayerStatus = endpoint({
  method: 'POST',
  path: '/api/operator/players/{id}/status',
  auth: 'staff',
  roles: PLAYER_STATUS_ROLES,
  params: idParams,
  body: staffPlayerStatusBody,
  response: z.object({ before: statusFacts, after: statusFacts, changed: z.boolean(), message: z.string() }),
  tags: ['staff'],
});

// --- Balance adjustment ----------------------------------------------------------------------

/** Largest single adjustment (minor units cap: 10,000,000.00). */
export const STAFF_ADJUST_MAX = '10000000.00';

export const staffAdjustBody = z.object({
  direction: z.enum(['credit', 'debit']),
  /** Positive, at most two decimals. */
  amount: money
    .max(20, 'The amount must be more than 0.')
    .refine((v) => !v.startsWith('-') && /[1-9]/.test(v), 'The amount must be more than 0.'),
  reason: staffReason,
});

const walletFacts = z.object({ balance: money, exposure: money, available: money, currency: z.string() });

/**
 * POST /api/operator/players/{id}/adjust with an Idempotency-Key header (one per form): a reasoned ledger transfer
 * between the player's main account and house:adjustment of the currency. A debit never takes the available balance
 * below zero (422). The same key again answers the first result and moves money once.
 */
export const staffAdjustBalance = endpoint({
  method: 'POST',
  path: '/api/operator/players/{id}/adjust',
  auth: 'staff',
  roles: PLAYER_ADJUST_ROLES,
  params: idParams,
  body: staffAdjustBody,
  response: z.object({
    transfer_id: z.number().int(),
    replayed: z.boolean(),
    before: walletFacts.nullable(),
    after: walletFacts,
    message: z.string(),
  }),
  tags: ['staff'],
});
