import { EventEmitter } from 'node:events';
import type { PushPayload, PushTopic } from '@khela/contracts';
import type { Db } from '../db';

export type { PushPayload, PushTopic };
/** A stream only forwards what it receives, so the payload is opaque on this side. */
export type PushHandler = (topic: PushTopic, payload: unknown) => void;

/** Delivers events to the streams of one player, wherever (which process) they are open. */
export interface PushBroker {
  publish<T extends PushTopic>(playerId: number, topic: T, payload: PushPayload<T>): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(playerId: number, handler: PushHandler): () => void;
  close(): Promise<void>;
}

interface Envelope {
  p: number;
  t: PushTopic;
  d: unknown;
}

class LocalFanout {
  private readonly events = new EventEmitter().setMaxListeners(0);
  emit(e: Envelope) {
    this.events.emit(String(e.p), e.t, e.d);
  }
  subscribe(playerId: number, handler: PushHandler) {
    const h = (t: PushTopic, d: unknown) => {
      try {
        handler(t, d);
      } catch {
        /* one broken stream must not stop the others */
      }
    };
    this.events.on(String(playerId), h);
    return () => void this.events.off(String(playerId), h);
  }
}

/** One process (PGlite): publish goes straight to local subscribers. */
export class InProcessBroker implements PushBroker {
  private readonly fanout = new LocalFanout();
  async publish<T extends PushTopic>(playerId: number, topic: T, payload: PushPayload<T>) {
    this.fanout.emit({ p: playerId, t: topic, d: payload });
  }
  subscribe(playerId: number, handler: PushHandler) {
    return this.fanout.subscribe(playerId, handler);
  }
  async close() {}
}

/** Several API processes on one PostgreSQL: LISTEN/NOTIFY on one channel, fanned out locally. */
export class PgNotifyBroker implements PushBroker {
  private readonly fanout = new LocalFanout();
  private started: Promise<() => Promise<void>> | null = null;
  constructor(
    private readonly db: Db,
    private readonly channel = 'khela_push',
  ) {}
  start() {
    this.started ??= this.db.listen(this.channel, (raw) => {
      try {
        this.fanout.emit(JSON.parse(raw) as Envelope);
      } catch {
        /* foreign payload on our channel: ignore */
      }
    });
    return this.started;
  }
  async publish<T extends PushTopic>(playerId: number, topic: T, payload: PushPayload<T>) {
    const env: Envelope = { p: playerId, t: topic, d: payload };
    await this.db.notify(this.channel, JSON.stringify(env));
  }
  subscribe(playerId: number, handler: PushHandler) {
    void this.start();
    return this.fanout.subscribe(playerId, handler);
  }
  async close() {
    if (this.started) await (await this.started)();
  }
}

export async function createBroker(db: Db, channel?: string): Promise<PushBroker> {
  if (db.kind === 'pglite') return new InProcessBroker();
  const b = new PgNotifyBroker(db, channel);
  await b.start();
  return b;
}
