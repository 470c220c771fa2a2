import { BehaviorSubject, Observable, Subject, filter, map } from 'rxjs';
import { z } from 'zod';

/**
 * The cross-remote event bus. Every event is declared here with a zod schema;
 * publishing an undeclared event or a malformed payload throws, so a typo in one
 * remote cannot silently desynchronise the others.
 */
export const busEvents = {
  /** Latest main-wallet balance as an exact decimal string ("1234.50"). Replayed to late subscribers. */
  balance: z.object({ balance: z.string().regex(/^-?\d+(\.\d{1,2})?$/), currency: z.string().optional() }),
  /** Player logged in (token is in localStorage; never on the bus). */
  login: z.object({ username: z.string(), remoteId: z.string() }),
  /** Player logged out, or the session was revoked. Every remote drops its player state. */
  logout: z.object({ reason: z.enum(['user', 'unauthorized', 'exchange']) }),
  /** Sections the player's upline has blocked. */
  'market-block': z.object({ exchange: z.boolean(), casino: z.boolean() }),
  /** UI language. */
  locale: z.object({ locale: z.enum(['en', 'bn']) }),
  /** A new inbox message arrived (push topic). */
  inbox: z.object({ unread: z.number().int().nonnegative() }),
  /** A chat message arrived (push topic). */
  chat: z.object({ chatId: z.string(), content: z.string(), senderId: z.string() }),
  /** Odds changed for a market (push topic). */
  odds: z.object({ marketId: z.string() }),
  /** Shell-level toast requested by a remote. */
  toast: z.object({ kind: z.enum(['info', 'success', 'error']), message: z.string() }),
} as const;

export type BusEvents = typeof busEvents;
export type BusEventName = keyof BusEvents;
export type BusPayload<K extends BusEventName> = z.infer<BusEvents[K]>;
export interface BusMessage<K extends BusEventName = BusEventName> {
  type: K;
  payload: BusPayload<K>;
}

/** Events whose latest value is kept and replayed to anyone subscribing later. */
const REPLAYED: readonly BusEventName[] = ['balance', 'market-block', 'locale', 'login'];

export interface EventBus {
  publish<K extends BusEventName>(type: K, payload: BusPayload<K>): void;
  on<K extends BusEventName>(type: K): Observable<BusPayload<K>>;
  /** Last replayed value, if any (balance, market-block, locale, login). */
  latest<K extends BusEventName>(type: K): BusPayload<K> | undefined;
  all(): Observable<BusMessage>;
}

export function createEventBus(): EventBus {
  const stream = new Subject<BusMessage>();
  const replay = new Map<BusEventName, BehaviorSubject<unknown>>();
  for (const name of REPLAYED) replay.set(name, new BehaviorSubject<unknown>(undefined));

  return {
    publish(type, payload) {
      const schema = busEvents[type];
      if (!schema) throw new Error(`Unknown bus event "${String(type)}"`);
      const parsed = schema.parse(payload) as BusPayload<typeof type>;
      // a logout invalidates the replayed player facts so late subscribers don't see stale ones
      if (type === 'logout') {
        replay.get('balance')?.next(undefined);
        replay.get('login')?.next(undefined);
      }
      if (type === 'login') replay.get('login')?.next(parsed);
      replay.get(type)?.next(parsed);
      stream.next({ type, payload: parsed } as BusMessage);
    },
    on(type) {
      const replayed = replay.get(type);
      if (replayed) {
        return replayed.pipe(filter((v): v is BusPayload<typeof type> => v !== undefined));
      }
      return stream.pipe(
        filter((m) => m.type === type),
        map((m) => m.payload as BusPayload<typeof type>),
      );
    },
    latest(type) {
      return replay.get(type)?.getValue() as BusPayload<typeof type> | undefined;
    },
    all: () => stream.asObservable(),
  };
}

/**
 * The one bus of the page. `@khela/web` is a Module Federation singleton, so
 * every remote gets this same instance; it is also handed to remotes in their props.
 */
export const bus: EventBus =
  ((globalThis as Record<string, unknown>).__KHELA_BUS__ as EventBus | undefined) ??
  ((globalThis as Record<string, unknown>).__KHELA_BUS__ = createEventBus());
