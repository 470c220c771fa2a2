import type { FastifyInstance } from 'fastify';
import type { FastifyRequest } from 'fastify';
import {
  INBOX_PAGE_SIZE,
  inboxDeleteEndpoint,
  inboxListEndpoint,
  inboxReadEndpoint,
  inboxShowEndpoint,
  localizeMessage,
} from '@khela/contracts';
import { assertOwnRemoteId, registerEndpoint, requirePlayer } from '../../http/endpoint';
import { requestLocale } from '../../http/locale';
import { deleteMessage, inboxPage, markRead, ownMessage, publishUnread, unreadCount, type InboxRow } from '../../core/inbox';

/**
 * A message in the player's language: the API's messages are written in English when sent (the texts of the
 * contracts' API_MESSAGES, inbox templates with their values), shown in Bangla from the catalogue when asked in bn.
 */
const inLocale = (req: FastifyRequest, m: InboxRow): InboxRow => {
  const locale = requestLocale(req);
  return locale === 'en' ? m : { ...m, title: localizeMessage(m.title, locale), message: localizeMessage(m.message, locale) };
};

/** The player's inbox: list, read, mark read, delete. */
export function inboxRoutes(app: FastifyInstance): void {
  const db = app.db;

  registerEndpoint(app, inboxListEndpoint, async (req) => {
    assertOwnRemoteId(req, req.query.remote_id);
    const page = req.query.page;
    const { total, rows } = await inboxPage(db, req.player.id, page, INBOX_PAGE_SIZE);
    return {
      success: true,
      data: {
        data: rows.map((m) => inLocale(req, m)),
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
        total,
      },
      unread: await unreadCount(db, req.player.id),
    };
  });

  registerEndpoint(app, inboxShowEndpoint, async (req) => ({
    message: inLocale(req, await ownMessage(db, requirePlayer(req).id, req.params.id)),
  }));

  registerEndpoint(app, inboxReadEndpoint, async (req) => {
    const player = requirePlayer(req);
    await ownMessage(db, player.id, req.params.id);
    await markRead(db, player.id, req.params.id);
    await publishUnread(app, player.id);
    return { message: 'Message marked as read.' };
  });

  registerEndpoint(app, inboxDeleteEndpoint, async (req) => {
    const player = requirePlayer(req);
    await ownMessage(db, player.id, req.params.id);
    await deleteMessage(db, player.id, req.params.id);
    await publishUnread(app, player.id);
    return { message: 'Message deleted.' };
  });
}
