// Back office, area 'desk': the staff stream's ticket and the support desk (live chat queue, replies, assignment,
// read state, canned replies, the player's context).
import { z } from 'zod';
import { endpoint, messageResponse, money } from '../../endpoint';
import { staffListQuery, staffPage } from './common';

/**
 * POST /api/operator/stream/ticket: a single-use ticket (30 s) for GET /api/operator/stream?ticket=, the staff
 * stream (Server-Sent Events of `staffPushTopics`), so the operator's token never appears in a URL. Every operator
 * may open it; the stream ends when the operator's session ends or the operator is disabled.
 */
export const staffStreamTicket = endpoint({
  method: 'POST',
  path: '/api/operator/stream/ticket',
  auth: 'staff',
  response: z.object({ ticket: z.string(), expires_in: z.number() }),
  tags: ['staff'],
});

// ---- The support desk (roles: support; admin passes every check) ----------------------------------------------

const DESK_ROLES = ['support'] as const;

export const DESK_MESSAGES = {
  notFound: 'Chat not found',
  assignedElsewhere: 'This chat is assigned to another operator. Take it over first.',
  notAgent: 'Chats can be assigned only to an active support operator or admin.',
  cannedNotFound: 'Canned reply not found',
  cannedTitleTaken: 'A canned reply with this title already exists.',
  alreadyClosed: 'This chat is already closed.',
  notClosed: 'This chat is not closed.',
} as const;

/** Who a chat is assigned to (an operator), or who wrote a support message. */
export const deskStaffSchema = z.object({ id: z.number().int(), username: z.string(), name: z.string().nullable() });
export type DeskStaff = z.infer<typeof deskStaffSchema>;

/** One chat of the queue. */
export const deskChatSchema = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  username: z.string(),
  assigned: deskStaffSchema.nullable(),
  /** The player wrote last: waiting for an answer (the queue lists these first). */
  awaiting: z.boolean(),
  last_message: z.string().nullable(),
  last_message_at: z.string(),
  /** Player messages after the desk's read mark. */
  unread: z.number().int(),
  /** Support messages the player has not read yet. */
  player_unread: z.number().int(),
  created_at: z.string(),
  /** The current conversation: the player's first message since the chat was last closed (null: never wrote). */
  opened_at: z.string().nullable(),
  /** The first reply an operator wrote after opened_at (the automatic greeting does not count). */
  first_response_at: z.string().nullable(),
  /** Closed by staff (null: open); a message from either side reopens it. */
  closed_at: z.string().nullable(),
  closed_by: deskStaffSchema.nullable(),
});
export type DeskChat = z.infer<typeof deskChatSchema>;

export const DESK_FILTERS = ['all', 'mine', 'unassigned'] as const;
export const DESK_STATES = ['open', 'closed', 'all'] as const;

/** The desk's times over the last 24 hours, in whole seconds (null: nothing to measure). */
export const deskTimesSchema = z.object({
  first_response_avg_seconds: z.number().int().nullable(),
  first_response_median_seconds: z.number().int().nullable(),
  /** Conversations opened in the window with a first response / still without one (and not closed). */
  answered: z.number().int(),
  unanswered: z.number().int(),
  resolution_avg_seconds: z.number().int().nullable(),
  resolution_median_seconds: z.number().int().nullable(),
  /** Conversations closed in the window. */
  resolved: z.number().int(),
  /**
   * The same per operator (issue 32): the first responses each wrote (of conversations opened in the window) and the
   * conversations each closed in it, with their median and mean; operators with neither are left out.
   */
  by_operator: z
    .array(
      z.object({
        operator_id: z.number().int(),
        username: z.string(),
        answered: z.number().int(),
        first_response_avg_seconds: z.number().int().nullable(),
        first_response_median_seconds: z.number().int().nullable(),
        resolved: z.number().int(),
        resolution_avg_seconds: z.number().int().nullable(),
        resolution_median_seconds: z.number().int().nullable(),
      }),
    )
    .optional(),
});
export type DeskTimes = z.infer<typeof deskTimesSchema>;

/**
 * GET /api/operator/chats: the queue, server-paged. Default order: awaiting an answer first, then by the last
 * message, newest first (`sort=last_message_at` orders by time alone). `filter`: mine / unassigned / all;
 * `unread=1`: only chats with player messages after the desk's read mark; `state`: open / closed / all (default all);
 * `q`: username or player id. `times`: the desk's first-response and resolution times of the last 24 hours.
 */
export const staffChats = endpoint({
  method: 'GET',
  path: '/api/operator/chats',
  auth: 'staff',
  roles: DESK_ROLES,
  query: staffListQuery(['queue', 'last_message_at', 'created_at'] as const).extend({
    filter: z.enum(DESK_FILTERS).optional().default('all'),
    unread: z
      .enum(['0', '1', 'true', 'false'])
      .optional()
      .transform((v) => v === '1' || v === 'true'),
    state: z.enum(DESK_STATES).optional().default('all'),
  }),
  response: staffPage(deskChatSchema).extend({ unread_total: z.number().int(), times: deskTimesSchema }),
  tags: ['staff', 'chat'],
});

export const deskMessageSchema = z.object({
  id: z.number().int(),
  from: z.enum(['player', 'support']),
  /** The operator who wrote a support message (null: the desk's automatic greeting). */
  operator: deskStaffSchema.nullable(),
  content: z.string(),
  created_at: z.string(),
});
export type DeskMessage = z.infer<typeof deskMessageSchema>;

/** The player beside the chat. */
export const deskPlayerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  status: z.string(),
  currency: z.string(),
  balance: money,
  phone: z.string().nullable(),
  phone_verified: z.boolean(),
  email_verified: z.boolean(),
  created_at: z.string(),
  transactions: z.array(
    z.object({
      id: z.string(),
      action: z.enum(['deposit', 'withdraw']),
      amount: money,
      currency: z.string(),
      /** 0 pending, 1 success, 2 fail */
      status: z.number().int(),
      created_at: z.string(),
    }),
  ),
});
export type DeskPlayer = z.infer<typeof deskPlayerSchema>;

/** GET /api/operator/chats/{chatId}: the chat, its newest messages (oldest first; `before` pages back), the player. */
export const staffChat = endpoint({
  method: 'GET',
  path: '/api/operator/chats/{chatId}',
  auth: 'staff',
  roles: DESK_ROLES,
  params: z.object({ chatId: z.coerce.number().int().positive() }),
  query: z.object({ before: z.coerce.number().int().positive().optional() }),
  response: z.object({
    chat: deskChatSchema.extend({
      /** The desk's read mark: the last player message an operator has seen. */
      staff_read_message_id: z.number().int().nullable(),
      /** The player's read mark: the last support message the player has seen. */
      player_read_message_id: z.number().int().nullable(),
    }),
    messages: z.array(deskMessageSchema),
    has_more: z.boolean(),
    player: deskPlayerSchema,
  }),
  tags: ['staff', 'chat'],
});

/**
 * POST /api/operator/chats/{chatId}/messages: a reply, pushed to the player at once (shown as "Support"). An
 * unassigned chat is taken by the replying operator; a chat assigned to someone else answers 409.
 */
export const staffChatReply = endpoint({
  method: 'POST',
  path: '/api/operator/chats/{chatId}/messages',
  auth: 'staff',
  roles: DESK_ROLES,
  params: z.object({ chatId: z.coerce.number().int().positive() }),
  body: z.object({ content: z.string().trim().min(1, 'Write a reply.').max(2000) }),
  response: z.object({ message: deskMessageSchema }),
  tags: ['staff', 'chat'],
});

/** POST /api/operator/chats/{chatId}/read: moves the desk's read mark to the chat's last message. */
export const staffChatRead = endpoint({
  method: 'POST',
  path: '/api/operator/chats/{chatId}/read',
  auth: 'staff',
  roles: DESK_ROLES,
  params: z.object({ chatId: z.coerce.number().int().positive() }),
  response: z.object({ staff_read_message_id: z.number().int().nullable() }),
  tags: ['staff', 'chat'],
});

/**
 * POST /api/operator/chats/{chatId}/assign: `operator_id` = yourself (take), another active support operator or
 * admin (assign), or null (release). Audited as chat.assign.
 */
export const staffChatAssign = endpoint({
  method: 'POST',
  path: '/api/operator/chats/{chatId}/assign',
  auth: 'staff',
  roles: DESK_ROLES,
  params: z.object({ chatId: z.coerce.number().int().positive() }),
  body: z.object({ operator_id: z.number().int().positive().nullable() }),
  response: z.object({ assigned: deskStaffSchema.nullable() }),
  tags: ['staff', 'chat'],
});

/**
 * POST /api/operator/chats/{chatId}/close: staff close a chat (it leaves the open queue and awaits nothing); 409 when
 * closed already. POST …/reopen opens it again (409 when open). Both audited (`chat.close`, `chat.reopen`, with the
 * optional note as the reason) and announced on the staff stream. A message from the player or a reply reopens it too.
 */
export const staffChatClose = endpoint({
  method: 'POST',
  path: '/api/operator/chats/{chatId}/close',
  auth: 'staff',
  roles: DESK_ROLES,
  params: z.object({ chatId: z.coerce.number().int().positive() }),
  body: z.object({ note: z.string().trim().max(500).optional() }),
  response: z.object({ closed: z.boolean() }),
  tags: ['staff', 'chat'],
});
export const staffChatReopen = endpoint({
  method: 'POST',
  path: '/api/operator/chats/{chatId}/reopen',
  auth: 'staff',
  roles: DESK_ROLES,
  params: z.object({ chatId: z.coerce.number().int().positive() }),
  body: z.object({ note: z.string().trim().max(500).optional() }),
  response: z.object({ closed: z.boolean() }),
  tags: ['staff', 'chat'],
});

/** GET /api/operator/desk/agents: the operators a chat may be assigned to (active support operators and admins). */
export const staffDeskAgents = endpoint({
  method: 'GET',
  path: '/api/operator/desk/agents',
  auth: 'staff',
  roles: DESK_ROLES,
  response: z.object({ data: z.array(deskStaffSchema) }),
  tags: ['staff', 'chat'],
});

export const cannedReplySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

const cannedBody = z.object({
  title: z.string().trim().min(1, 'Give the canned reply a title.').max(80),
  body: z.string().trim().min(1, 'Write the reply text.').max(2000),
});

/** GET /api/operator/canned-replies: server-paged, `q` searches title and text. */
export const staffCannedReplies = endpoint({
  method: 'GET',
  path: '/api/operator/canned-replies',
  auth: 'staff',
  roles: DESK_ROLES,
  query: staffListQuery(['title', 'updated_at'] as const),
  response: staffPage(cannedReplySchema),
  tags: ['staff', 'chat'],
});

export const staffCreateCannedReply = endpoint({
  method: 'POST',
  path: '/api/operator/canned-replies',
  auth: 'staff',
  roles: DESK_ROLES,
  body: cannedBody,
  response: cannedReplySchema,
  tags: ['staff', 'chat'],
});

export const staffUpdateCannedReply = endpoint({
  method: 'PUT',
  path: '/api/operator/canned-replies/{id}',
  auth: 'staff',
  roles: DESK_ROLES,
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: cannedBody,
  response: cannedReplySchema,
  tags: ['staff', 'chat'],
});

export const staffDeleteCannedReply = endpoint({
  method: 'DELETE',
  path: '/api/operator/canned-replies/{id}',
  auth: 'staff',
  roles: DESK_ROLES,
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: messageResponse,
  tags: ['staff', 'chat'],
});
