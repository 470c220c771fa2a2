import type { FastifyInstance } from 'fastify';
import {
  LEGACY_SUPPORT_USER_ID,
  staffCannedReplies,
  staffChat,
  staffChatAssign,
  staffChatClose,
  staffChatReopen,
  staffChatRead,
  staffChatReply,
  staffChats,
  staffCreateCannedReply,
  staffDeleteCannedReply,
  staffDeskAgents,
  staffUpdateCannedReply,
} from '@khela/contracts';
import { registerEndpoint } from '../../http/endpoint';
import { auditActor, writeAudit } from '../../core/audit';
import { requireStaff } from '../../auth/staff';
import {
  assignChat,
  cannedList,
  chatDetail,
  chatQueue,
  createCanned,
  deleteCanned,
  deskAgents,
  markChatRead,
  replyToChat,
  setChatClosed,
  updateCanned,
  chatPlayerId,
} from './service';

/**
 * Back office, the support desk (contracts: shared/contracts/src/schemas/staff/chat.ts; roles support and
 * admin): the queue, a chat with the player's context, replies (pushed to the player at once, shown as "Support"),
 * the desk's read mark, assignment (take / assign / release, audited) and canned replies (audited). Every change is
 * announced on the staff stream's `chat` topic so every open console updates.
 */
export default async function deskStaffRoutes(app: FastifyInstance) {
  const db = app.db;

  registerEndpoint(app, staffChats, async (req) => chatQueue(db, requireStaff(req).id, req.query));

  registerEndpoint(app, staffChat, async (req) => chatDetail(db, req.params.chatId, req.query.before));

  registerEndpoint(app, staffDeskAgents, async () => ({ data: await deskAgents(db) }));

  registerEndpoint(app, staffChatReply, async (req) => {
    const op = requireStaff(req);
    const me = { id: op.id, username: op.username, name: op.name };
    const r = await db.tx(async (q) => {
      const r = await replyToChat(q, req.params.chatId, me, req.body.content);
      if (r.took) {
        await writeAudit(q, auditActor(req), {
          action: 'chat.assign',
          entityType: 'chat',
          entityId: r.chat.id,
          reason: 'Took the chat by replying',
          before: { operator_id: null },
          after: { operator_id: op.id },
        });
      }
      return r;
    });
    const chatId = String(r.chat.id);
    // the player sees "Support": the legacy support id, never the operator's
    await app.push
      .publish(r.chat.playerId, 'chat', { chatId, content: r.message.content, senderId: String(LEGACY_SUPPORT_USER_ID) })
      .catch((err) => app.log.warn({ err }, 'chat push failed'));
    if (r.took)
      await app.push.publishStaff('chat', { chatId, playerId: String(r.chat.playerId), kind: 'assigned', staffId: String(op.id) });
    await app.push.publishStaff('chat', {
      chatId,
      playerId: String(r.chat.playerId),
      kind: 'message',
      messageId: String(r.message.id),
      from: 'support',
      staffId: String(op.id),
    });
    return { message: r.message };
  });

  registerEndpoint(app, staffChatRead, async (req) => {
    const op = requireStaff(req);
    const r = await markChatRead(db, req.params.chatId, op.id);
    if (r.moved) {
      const playerId = await chatPlayerId(db, req.params.chatId);
      await app.push.publishStaff('chat', {
        chatId: String(req.params.chatId),
        playerId: String(playerId),
        kind: 'read',
        from: 'support',
        staffId: String(op.id),
      });
    }
    return { staff_read_message_id: r.staffReadMessageId };
  });

  registerEndpoint(app, staffChatAssign, async (req) => {
    const r = await db.tx(async (q) => {
      const r = await assignChat(q, req.params.chatId, req.body.operator_id);
      if (r.changed) {
        await writeAudit(q, auditActor(req), {
          action: 'chat.assign',
          entityType: 'chat',
          entityId: r.chat.id,
          reason: r.after.operator_id === null ? 'Released' : r.after.operator_id === requireStaff(req).id ? 'Took' : 'Assigned',
          before: r.before,
          after: r.after,
        });
      }
      return r;
    });
    if (r.changed) {
      await app.push.publishStaff('chat', {
        chatId: String(r.chat.id),
        playerId: String(r.chat.playerId),
        kind: 'assigned',
        staffId: r.after.operator_id === null ? null : String(r.after.operator_id),
      });
    }
    return { assigned: r.assigned };
  });

  // closing and reopening: audited with the optional note, announced so every console's queue moves it
  for (const [endpoint, close] of [
    [staffChatClose, true],
    [staffChatReopen, false],
  ] as const) {
    registerEndpoint(app, endpoint, async (req) => {
      const op = requireStaff(req);
      const r = await db.tx(async (q) => {
        const r = await setChatClosed(q, req.params.chatId, op.id, close);
        await writeAudit(q, auditActor(req), {
          action: close ? 'chat.close' : 'chat.reopen',
          entityType: 'chat',
          entityId: req.params.chatId,
          reason: req.body.note || (close ? 'Closed' : 'Reopened'),
          before: r.before,
          after: r.after,
        });
        return r;
      });
      await app.push.publishStaff('chat', {
        chatId: String(req.params.chatId),
        playerId: String(r.playerId),
        kind: close ? 'closed' : 'reopened',
        staffId: String(op.id),
      });
      return { closed: close };
    });
  }

  registerEndpoint(app, staffCannedReplies, async (req) => cannedList(db, req.query));

  registerEndpoint(app, staffCreateCannedReply, async (req) => {
    const op = requireStaff(req);
    return db.tx(async (q) => {
      const created = await createCanned(q, op.id, req.body);
      await writeAudit(q, auditActor(req), { action: 'canned.create', entityType: 'canned_reply', entityId: created.id, after: created });
      return created;
    });
  });

  registerEndpoint(app, staffUpdateCannedReply, async (req) => {
    const op = requireStaff(req);
    return db.tx(async (q) => {
      const r = await updateCanned(q, op.id, req.params.id, req.body);
      await writeAudit(q, auditActor(req), {
        action: 'canned.update',
        entityType: 'canned_reply',
        entityId: r.after.id,
        before: r.before,
        after: r.after,
      });
      return r.after;
    });
  });

  registerEndpoint(app, staffDeleteCannedReply, async (req) => {
    await db.tx(async (q) => {
      const before = await deleteCanned(q, req.params.id);
      await writeAudit(q, auditActor(req), { action: 'canned.delete', entityType: 'canned_reply', entityId: before.id, before });
    });
    return { message: 'Canned reply deleted.' };
  });
}
