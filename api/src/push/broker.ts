import { EventEmitter } from 'node:events';
import type { PushPayload, PushTopic } from '@khela/contracts';
import { envInt } from '../config';
import type { Db } from '../db';

export type { PushPayload, PushTopic };
/** A stream only forwards what it receives, so the payload is opaque on this side. */
export type PushHandler = (topic: PushTopic, payload: unknown) => void;

/** Which of a player's streams must end: those of some sessions, some stream ids, or (neither) all of them. */
export interface StreamEnd {
  sessions?: string[];
  streams?: string[];
}
export type EndHandler = (end: StreamEnd) => void;

/** One player's event, for `publishMany`. */
export interface PlayerEvent {
  playerId: number;
  topic: PushTopic;
  payload: unknown;
}

/** A player's event, its payload checked against its topic's schema at compile time. */
export const playerEvent = <T extends PushTopic>(playerId: number, topic: T, payload: PushPayload<T>): PlayerEvent => ({
  playerId,
  topic,
  payload,
});

/** Delivers events to the streams of one player, wherever (which process) they are open. */
export interface PushBroker {
  publish<T extends PushTopic>(playerId: number, topic: T, payload: PushPayload<T>): Promise<void>;
  /**
   * Several players' events at once, in this order (on PostgreSQL one statement for all of them instead of one
   * NOTIFY each; two identical events in one call may arrive once, as PostgreSQL folds equal notices of a transaction).
   */
  publishMany(events: readonly PlayerEvent[]): Promise<void>;
  /** Tells every process to end the player's matching streams (log-out, password change, disable, stream cap). */
  end(playerId: number, end: StreamEnd): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(playerId: number, handler: PushHandler, onEnd?: EndHandler): () => void;
  /** Every player's events as they reach this process (wherever they were published); returns the unsubscribe function. */
  subscribeAll(handler: AnyPlayerHandler): () => void;
  close(): Promise<void>;
}

export type AnyPlayerHandler = (playerId: number, topic: PushTopic) => void;

type Envelope = { p: number; t: PushTopic; d: unknown } | { p: number; end: StreamEnd };

/** A handler that cannot throw into the emitter: one broken stream must not stop the others. */
function guarded<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      fn(...args);
    } catch {
      /* dropped for this subscriber only */
    }
  };
}

class LocalFanout {
  private readonly events = new EventEmitter().setMaxListeners(0);
  emit(e: Envelope) {
    if ('end' in e) this.events.emit(`${e.p}:end`, e.end);
    else {
      this.events.emit('*', e.p, e.t);
      this.events.emit(String(e.p), e.t, e.d);
    }
  }
  subscribeAll(handler: AnyPlayerHandler) {
    const h = guarded(handler);
    this.events.on('*', h);
    return () => void this.events.off('*', h);
  }
  subscribe(playerId: number, handler: PushHandler, onEnd?: EndHandler) {
    const h = guarded(handler);
    const e = guarded((end: StreamEnd) => onEnd?.(end));
    this.events.on(String(playerId), h);
    this.events.on(`${playerId}:end`, e);
    return () => {
      this.events.off(String(playerId), h);
      this.events.off(`${playerId}:end`, e);
    };
  }
}

/** One server-sent event as it goes on the wire. */
export const sseFrame = (topic: PushTopic, payload: unknown) => `event: ${topic}\ndata: ${JSON.stringify(payload)}\n\n`;
/** Writes wire text (one or more whole SSE frames) to one stream. */
export type FrameWriter = (frames: string) => void;

/** How long public changes gather before one write per stream (PUSH_BROADCAST_FLUSH_MS, default 20; 0 = next tick). */
export function broadcastFlushMs(env: NodeJS.ProcessEnv = process.env): number {
  return envInt(env, 'PUSH_BROADCAST_FLUSH_MS', 20);
}

/**
 * Public topics (odds) to every stream open in this process. Never through NOTIFY: every process consumes the
 * odds feed itself, so each relays it to its own streams only (NOTIFY would deliver each change once per process).
 * Streams subscribed with subscribeFrames get each change serialised once, and the changes of `flushMs` written as
 * one text per stream: the feed sends many changes a second, and a write per change per stream (thousands of
 * streams) kept the process too busy to follow the feed.
 */
export class LocalBroadcast {
  private readonly events = new EventEmitter().setMaxListeners(0);
  private readonly writers = new Set<FrameWriter>();
  private pending = '';
  private timer: NodeJS.Timeout | null = null;
  constructor(private readonly flushMs = broadcastFlushMs()) {}
  emit(topic: PushTopic, payload: unknown) {
    this.events.emit('broadcast', topic, payload);
    if (this.writers.size === 0) return;
    this.pending += sseFrame(topic, payload);
    this.timer ??= setTimeout(() => this.flush(), this.flushMs);
  }
  private flush() {
    this.timer = null;
    const frames = this.pending;
    this.pending = '';
    for (const write of this.writers) {
      try {
        write(frames);
      } catch {
        /* one broken stream must not stop the others */
      }
    }
  }
  /** Returns the unsubscribe function. */
  subscribe(handler: PushHandler) {
    const h = guarded(handler);
    this.events.on('broadcast', h);
    return () => void this.events.off('broadcast', h);
  }
  /** Whether anything in this process listens (an open stream, a subscriber): a change nobody hears need not be read. */
  listening(): boolean {
    return this.writers.size > 0 || this.events.listenerCount('broadcast') > 0;
  }
  /** The wire text of the changes, gathered (see the class); returns the unsubscribe function. */
  subscribeFrames(write: FrameWriter) {
    this.writers.add(write);
    return () => void this.writers.delete(write);
  }
}

/** One process (PGlite): publish goes straight to local subscribers. */
export class InProcessBroker implements PushBroker {
  private readonly fanout = new LocalFanout();
  async publish<T extends PushTopic>(playerId: number, topic: T, payload: PushPayload<T>) {
    this.fanout.emit({ p: playerId, t: topic, d: payload });
  }
  async publishMany(events: readonly PlayerEvent[]) {
    for (const e of events) this.fanout.emit({ p: e.playerId, t: e.topic, d: e.payload });
  }
  async end(playerId: number, end: StreamEnd) {
    this.fanout.emit({ p: playerId, end });
  }
  subscribe(playerId: number, handler: PushHandler, onEnd?: EndHandler) {
    return this.fanout.subscribe(playerId, handler, onEnd);
  }
  subscribeAll(handler: AnyPlayerHandler) {
    return this.fanout.subscribeAll(handler);
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
  /**
   * One statement for every event (a batch of the market writer pushes two events to each of its players: at 1,000
   * bets a second that was ~2,000 NOTIFY round trips a second, each a write to PostgreSQL's socket and a wake-up of
   * its backend). The notices are sent in the array's order, so a player's events keep theirs.
   */
  async publishMany(events: readonly PlayerEvent[]) {
    if (events.length === 0) return;
    if (events.length === 1) return this.publish(events[0]!.playerId, events[0]!.topic, events[0]!.payload as never);
    const payloads = events.map((e) => JSON.stringify({ p: e.playerId, t: e.topic, d: e.payload } satisfies Envelope));
    await this.db.query('SELECT pg_notify($1, n.payload) FROM unnest($2::text[]) WITH ORDINALITY AS n(payload, i) ORDER BY n.i', [
      this.channel,
      payloads,
    ]);
  }
  async end(playerId: number, end: StreamEnd) {
    await this.db.notify(this.channel, JSON.stringify({ p: playerId, end } satisfies Envelope));
  }
  subscribe(playerId: number, handler: PushHandler, onEnd?: EndHandler) {
    void this.start();
    return this.fanout.subscribe(playerId, handler, onEnd);
  }
  subscribeAll(handler: AnyPlayerHandler) {
    void this.start();
    return this.fanout.subscribeAll(handler);
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
