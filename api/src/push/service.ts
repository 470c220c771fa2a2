import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db';
import { sha256 } from '../auth/sessions';
import { fromMinor, getPlayerBalance } from '../ledger';
import type { PushBroker, PushHandler, PushTopic } from './broker';

export const TICKET_TTL_SECONDS = 30;

/** Reads the player's main balance and pushes `event: balance` to their open streams. */
export async function publishBalance(db: Queryable, broker: PushBroker, playerId: number): Promise<void> {
  const { balanceMinor, currency } = await getPlayerBalance(db, playerId);
  await broker.publish(playerId, 'balance', { balance: fromMinor(balanceMinor), currency });
}

/** What domains use (`app.push`): publish events after their transaction commits. */
export interface PushService {
  publish(playerId: number, topic: PushTopic, payload: unknown): Promise<void>;
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
        [sha256(ticket), playerId, TICKET_TTL_SECONDS],
      );
      // Old tickets are useless; keep the table small.
      await db.query(`DELETE FROM push_tickets WHERE expires_at < now() - interval '1 hour'`);
      return ticket;
    },
    async redeemTicket(ticket) {
      const r = await db.query<{ player_id: string }>(
        `UPDATE push_tickets SET used_at = now()
         WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING player_id`,
        [sha256(ticket)],
      );
      return r.rows[0] ? Number(r.rows[0].player_id) : null;
    },
  };
}
