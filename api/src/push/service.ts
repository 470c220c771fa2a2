import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db';
import { sha256Hex } from '@khela/contracts/signing';
import { fromMinor, getPlayerBalance } from '../ledger';
import type { PushBroker, PushHandler, PushPayload, PushTopic } from './broker';

export const TICKET_TTL_SECONDS = 30;

/** The `balance` event of a player as it stands now (sent first on every stream, then after each move). */
export async function balanceEvent(q: Queryable, playerId: number): Promise<PushPayload<'balance'>> {
  const { balanceMinor, currency } = await getPlayerBalance(q, playerId);
  return { balance: fromMinor(balanceMinor), currency };
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
  subscribe(playerId: number, handler: PushHandler): () => void;
  issueTicket(playerId: number): Promise<string>;
  /** Single use: the player id, or null when unknown, used or older than 30 s. */
  redeemTicket(ticket: string): Promise<number | null>;
  readonly broker: PushBroker;
}

export function createPushService(db: Db, broker: PushBroker, log?: { warn(obj: object, msg: string): void }): PushService {
  return {
    broker,
    publish: (playerId, topic, payload) => broker.publish(playerId, topic, payload),
    async publishBalance(playerId) {
      try {
        await publishBalance(db, broker, playerId);
      } catch (err) {
        log?.warn({ err, playerId }, 'balance push failed');
      }
    },
    subscribe: (playerId, handler) => broker.subscribe(playerId, handler),
    async issueTicket(playerId) {
      const ticket = randomBytes(24).toString('base64url');
      await db.query(
        `INSERT INTO push_tickets (ticket_hash, player_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
        [sha256Hex(ticket), playerId, TICKET_TTL_SECONDS],
      );
      // Old tickets are useless; keep the table small.
      await db.query(`DELETE FROM push_tickets WHERE expires_at < now() - interval '1 hour'`);
      return ticket;
    },
    async redeemTicket(ticket) {
      const r = await db.query<{ player_id: string }>(
        `UPDATE push_tickets SET used_at = now()
         WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING player_id`,
        [sha256Hex(ticket)],
      );
      return r.rows[0] ? Number(r.rows[0].player_id) : null;
    },
  };
}
