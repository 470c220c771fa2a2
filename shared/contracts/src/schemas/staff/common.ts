// What every back-office list and screen shares: server-side paging, the staff push topics.
import { z } from 'zod';

/** Rows a back-office page may ask for at once (CSV export pages through at this size). */
export const STAFF_PAGE_MAX = 200;

/**
 * The query of every back-office list: page (1-based), per_page (at most 200), sort (a column the endpoint
 * names), dir, and q (free-text search). Endpoints add their own filters beside these.
 */
export const staffListQuery = <S extends readonly [string, ...string[]]>(sortable: S) =>
  z.object({
    page: z.coerce.number().int().min(1).optional().default(1),
    per_page: z.coerce.number().int().min(1).max(STAFF_PAGE_MAX).optional().default(50),
    sort: z.enum(sortable).optional(),
    dir: z.enum(['asc', 'desc']).optional().default('desc'),
    q: z.string().trim().max(100).optional(),
  });

/** One page of a back-office list; `total` is the count for the same filter (for the pager). */
export const staffPage = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), page: z.number().int(), per_page: z.number().int(), total: z.number().int() });

/** An action that changes something: staff give a reason, which goes into the audit log with the change. */
export const staffReason = z.string().trim().min(3, 'Give a reason (at least 3 characters).').max(500);

/**
 * Topics of the staff stream (GET /api/operator/stream, Server-Sent Events), to every operator's open console.
 * - chat: a player or an operator wrote in a support chat, or a chat was assigned, read, closed or reopened
 * - payment: a deposit or withdrawal was requested or decided
 * - alert: something staff must look at (a feed result disagreeing with a staff settlement, ...)
 * - approval: a maker–checker request was asked for, or approved, rejected or cancelled (the Approvals page reloads;
 *   the maker's console says the decision at once)
 */
export const staffPushTopics = {
  chat: z.object({
    chatId: z.string(),
    playerId: z.string(),
    kind: z.enum(['message', 'assigned', 'read', 'closed', 'reopened']),
    messageId: z.string().optional(),
    from: z.enum(['player', 'support']).optional(),
    staffId: z.string().nullable().optional(),
  }),
  payment: z.object({ id: z.number().int(), action: z.enum(['deposit', 'withdraw']), status: z.number().int() }),
  alert: z.object({ kind: z.string(), message: z.string(), ref: z.string().optional() }),
  approval: z.object({
    id: z.number().int(),
    kind: z.string(),
    status: z.enum(['pending', 'approved', 'rejected', 'cancelled']),
    summary: z.string(),
    /** The maker's operator id and username; the checker's once decided. */
    requested_by: z.number().int(),
    requested_by_username: z.string(),
    decided_by_username: z.string().nullable(),
  }),
} as const;
export type StaffPushTopic = keyof typeof staffPushTopics;
export type StaffPushPayload<T extends StaffPushTopic> = z.input<(typeof staffPushTopics)[T]>;
