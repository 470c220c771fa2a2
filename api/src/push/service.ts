import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db';
import { sha256Hex } from '@khela/contracts/signing';
import { getPlayerBalance, getPlayerBalances, walletFigures } from '../ledger';
import { LIVE_SESSION_SQL } from '../auth/sessions';
import {
  LocalBroadcast,
  playerEvent,
  type EndHandler,
  type PlayerEvent,
  type FrameWriter,
  type PushBroker,
  type PushHandler,
  type PushPayload,
  type PushTopic,
} from './broker';
import type { StaffPushPayload, StaffPushTopic } from '@khela/contracts';
import { closeSessionStreams, closeStream, openStream, pushLimits, touchStream, type PushLimits } from './streams';

export const TICKET_TTL_SECONDS = 30;
/** The broker channel of the back office's staff stream: no player has id 0. */
export const STAFF_CHANNEL = 0;
export type StaffPushHandler = (topic: StaffPushTopic, payload: unknown) => void;
/** The broker channel of content changes: every process relays them to all its streams. No player has id -1. */
export const CONTENT_CHANNEL = -1;

/** The `balance` event of a player as it stands now (sent first on every stream, then after each move). */
export async function balanceEvent(q: Queryable, playerId: number): Promise<PushPayload<'balance'>> {
  return walletFigures(await getPlayerBalance(q, playerId));
}

/** Reads the player's main balance and pushes `event: balance` to their open streams. */
export async function publishBalance(db: Queryable, broker: PushBroker, playerId: number): Promise<void> {
  await broker.publish(playerId, 'balance', await balanceEvent(db, playerId));
}

/** What domains use (`app.push`): publish events after their transaction commits. */
export interface PushService {
  /** The topic is one of the contracts' push topics; the payload is checked against its schema at compile time. */
  publish<T extends PushTopic>(playerId: number, topic: T, payload: PushPayload<T>): Promise<void>;
  /** Call after a ledger transfer commits. Never throws: a lost push only delays the UI's next poll. */
  publishBalance(playerId: number): Promise<void>;
  /**
   * publishBalance for several players, their balances read in one statement and every event published at once
   * (`PushBroker.publishMany`); `then(id)` names events that follow each player's balance event, in that order. Never
   * throws.
   */
  publishBalances(playerIds: readonly number[], then?: (playerId: number) => PlayerEvent[]): Promise<void>;
  subscribe(playerId: number, handler: PushHandler, onEnd?: EndHandler): () => void;
  /**
   * To every stream open in this process, whoever its player (the public `odds` topic). Process-local on purpose:
   * each process consumes the odds feed itself. Never throws.
   */
  broadcast<T extends PushTopic>(topic: T, payload: PushPayload<T>): void;
  /** Whether a stream (or a subscriber) in this process hears `broadcast` now. */
  broadcastHeard(): boolean;
  /**
   * Staff published a content change: `content` to every open stream of every process (through the broker, which each
   * process relays to its own streams as a broadcast). Call after the commit. Never throws.
   */
  publishContent(payload: PushPayload<'content'>): Promise<void>;
  /** What each open stream listens to besides its player's events. Returns the unsubscribe function. */
  subscribeBroadcast(handler: PushHandler): () => void;
  /** The same public topics as SSE wire text, serialised once and gathered per write (LocalBroadcast). */
  subscribeBroadcastFrames(write: FrameWriter): () => void;
  /** A ticket for a stream of this session: the stream ends when the session does. */
  issueTicket(playerId: number, sessionHash: string): Promise<string>;
  /** Single use: the player and session, or null when unknown, used, older than 30 s or the session ended. */
  redeemTicket(ticket: string): Promise<{ playerId: number; sessionHash: string } | null>;
  /** Ends the streams of these sessions (or all of the player's) in every process: log-out, password change, disable. */
  endStreams(playerId: number, sessions: string[] | 'all'): Promise<void>;
  /** Registers a stream; older streams of the session or player over the cap are ended; 429 over the address's. */
  openStream(playerId: number, sessionHash: string, ip?: string | null): Promise<string>;
  /** Heartbeat: false when the stream must end (session gone, or closed elsewhere). */
  touchStream(id: string): Promise<boolean>;
  closeStream(id: string): Promise<void>;
  /** To every open back-office console, in every process (the staff stream). Never throws. */
  publishStaff<T extends StaffPushTopic>(topic: T, payload: StaffPushPayload<T>): Promise<void>;
  /** The staff stream's subscription. Returns the unsubscribe function. */
  subscribeStaff(handler: StaffPushHandler): () => void;
  readonly limits: PushLimits;
  readonly broker: PushBroker;
}

export function createPushService(
  db: Db,
  broker: PushBroker,
  log?: { warn(obj: object, msg: string): void },
  limits: PushLimits = pushLimits(),
  /** Read caches of players' balances (ledger/balance-cache.ts): dropped by every balance push, from any process. */
  balances?: { invalidate(playerId: number): void },
): PushService {
  const local = new LocalBroadcast();
  // content changes published in any process reach this process's streams (content/staff/routes.ts)
  broker.subscribe(CONTENT_CHANNEL, (topic, payload) => local.emit(topic, payload as never));
  if (balances) broker.subscribeAll((playerId, topic) => topic === 'balance' && balances.invalidate(playerId));
  return {
    broker,
    limits,
    publish: (playerId, topic, payload) => broker.publish(playerId, topic, payload),
    broadcast: (topic, payload) => local.emit(topic, payload),
    broadcastHeard: () => local.listening(),
    async publishContent(payload) {
      try {
        await broker.publish(CONTENT_CHANNEL, 'content', payload);
      } catch (err) {
        log?.warn({ err, payload }, 'content push failed');
      }
    },
    subscribeBroadcast: (handler) => local.subscribe(handler),
    subscribeBroadcastFrames: (write) => local.subscribeFrames(write),
    async publishBalance(playerId) {
      // this process at once: the caller answers its request after this, and the push reaches the others by NOTIFY
      balances?.invalidate(playerId);
      try {
        await publishBalance(db, broker, playerId);
      } catch (err) {
        log?.warn({ err, playerId }, 'balance push failed');
      }
    },
    async publishBalances(playerIds, then) {
      for (const id of playerIds) balances?.invalidate(id);
      let figures: Map<number, ReturnType<typeof walletFigures>> | null = null;
      try {
        const read = await getPlayerBalances(db, playerIds);
        figures = new Map([...read].map(([id, b]) => [id, walletFigures(b)]));
      } catch (err) {
        log?.warn({ err, players: playerIds.length }, 'balance push failed');
      }
      const events: PlayerEvent[] = [];
      for (const id of playerIds) {
        const f = figures?.get(id);
        if (f) events.push(playerEvent(id, 'balance', f));
        if (then) events.push(...then(id));
      }
      await broker.publishMany(events).catch((err: unknown) => log?.warn({ err, players: playerIds.length }, 'balance push failed'));
    },
    subscribe: (playerId, handler, onEnd) => broker.subscribe(playerId, handler, onEnd),
    async publishStaff(topic, payload) {
      try {
        await broker.publish(STAFF_CHANNEL, topic as unknown as PushTopic, payload as never);
      } catch (err) {
        log?.warn({ err, topic }, 'staff push failed');
      }
    },
    subscribeStaff: (handler) => broker.subscribe(STAFF_CHANNEL, handler as unknown as PushHandler),
    async issueTicket(playerId, sessionHash) {
      const ticket = randomBytes(24).toString('base64url');
      await db.query(
        `INSERT INTO push_tickets (ticket_hash, player_id, session_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
        [sha256Hex(ticket), playerId, sessionHash, TICKET_TTL_SECONDS],
      );
      // Old tickets are useless; keep the table small.
      await db.query(`DELETE FROM push_tickets WHERE expires_at < now() - interval '1 hour'`);
      return ticket;
    },
    async redeemTicket(ticket) {
      const r = await db.query<{ player_id: string; session_hash: string }>(
        `UPDATE push_tickets t SET used_at = now()
         FROM sessions s JOIN players p ON p.id = s.player_id
         WHERE t.ticket_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()
           AND s.token_hash = t.session_hash AND ${LIVE_SESSION_SQL}
         RETURNING t.player_id, t.session_hash`,
        [sha256Hex(ticket)],
      );
      const row = r.rows[0];
      return row ? { playerId: Number(row.player_id), sessionHash: row.session_hash } : null;
    },
    async endStreams(playerId, sessions) {
      await closeSessionStreams(db, playerId, sessions);
      await broker.end(playerId, sessions === 'all' ? {} : { sessions });
    },
    async openStream(playerId, sessionHash, ip) {
      const { id, evicted } = await openStream(db, { playerId, sessionHash, ip }, limits);
      if (evicted.length) await broker.end(playerId, { streams: evicted });
      return id;
    },
    touchStream: (id) => touchStream(db, id),
    closeStream: (id) => closeStream(db, id),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}
