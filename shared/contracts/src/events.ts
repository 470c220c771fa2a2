import { z } from 'zod';
import { pushTopics } from './schemas/core';

/**
 * The browser's cross-app announcements (the RxJS bus of @khela/web), declared once.
 *
 * Each event names its payload schema and who may publish it:
 * - 'session': only the shell's player-session service, the one writer of player facts. It publishes
 *   login, logout, market-block and locale when those facts change, and relays the push topics.
 * - 'any-app': the shell's layout or any remote (through the bus handle it receives in HostProps).
 *
 * Push topics reuse the objects of `pushTopics`, so a pushed payload and a bus payload are checked by the
 * same schema. Every payload schema is built on its first use (issue 31). The bus keeps no state: the current
 * player, balance, market block and locale are read from the session service (`useHost().session`), not replayed
 * here.
 */

export const LOCALES = ['en', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];

// 'password_changed': the server revoked every session of the player; the shell sends them to /login with the spec's
// success text instead of home
export const LOGOUT_REASONS = ['user', 'unauthorized', 'exchange', 'password_changed'] as const;
export type LogoutReason = (typeof LOGOUT_REASONS)[number];

export type BusPublisher = 'session' | 'any-app';

export interface BusEventDeclaration<S extends z.ZodType = z.ZodType> {
  payload: S;
  publishedBy: BusPublisher;
}

const declare = <S extends z.ZodType>(payload: S, publishedBy: BusPublisher): BusEventDeclaration<S> => ({ payload, publishedBy });

export const busEvents = {
  /** The main wallet changed (pushed by the server, or fetched by a refresh). */
  balance: declare(pushTopics.balance, 'session'),
  /** A player logged in (the token stays in localStorage, never on the bus). */
  login: declare(
    z.lazy(() => z.object({ username: z.string(), remoteId: z.string() })),
    'session',
  ),
  /** The player logged out or the session was revoked: every app drops its player state. */
  logout: declare(
    z.lazy(() => z.object({ reason: z.enum(LOGOUT_REASONS) })),
    'session',
  ),
  /** docs/README.md#spec-6: the sections the player's upline blocked (the `marketBlock` rule's decision). */
  'market-block': declare(
    z.lazy(() => z.object({ exchange: z.boolean(), casino: z.boolean() })),
    'session',
  ),
  /** The UI language changed. */
  locale: declare(
    z.lazy(() => z.object({ locale: z.enum(LOCALES) })),
    'session',
  ),
  /** Push topic: a new inbox message. */
  inbox: declare(pushTopics.inbox, 'session'),
  /** Push topic: a chat message. */
  chat: declare(pushTopics.chat, 'session'),
  /** Push topic: odds changed for a market. */
  odds: declare(pushTopics.odds, 'session'),
  /** Push topic: one of the player's deposits or withdrawals changed state. */
  payment: declare(pushTopics.payment, 'session'),
  /** Push topic: staff published a change of the site's content (promotions, banners, notices). */
  content: declare(pushTopics.content, 'session'),
  /** A message for the shell's toast area, from any app. */
  toast: declare(
    z.lazy(() => z.object({ kind: z.enum(['info', 'success', 'error']), message: z.string() })),
    'any-app',
  ),
} as const;

export type BusEvents = typeof busEvents;
export type BusEventName = keyof BusEvents;
export type BusPayload<K extends BusEventName> = z.infer<BusEvents[K]['payload']>;
