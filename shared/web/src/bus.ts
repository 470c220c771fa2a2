import { Subject, filter, map, type Observable } from 'rxjs';
import { busEvents, type BusEventName, type BusPayload } from '@khela/contracts';

export { busEvents, type BusEventName, type BusPayload } from '@khela/contracts';

export interface BusMessage<K extends BusEventName = BusEventName> {
  type: K;
  payload: BusPayload<K>;
}

/**
 * What an app holds of the page's bus: it hears every event and may publish the ones its handle
 * allows. A malformed payload or an undeclared event throws, so a typo cannot desynchronise the apps.
 * The bus keeps no state (no replay): current facts live in the player session.
 */
export interface EventBus {
  publish<K extends BusEventName>(type: K, payload: BusPayload<K>): void;
  on<K extends BusEventName>(type: K): Observable<BusPayload<K>>;
}

export class BusPermissionError extends Error {
  constructor(
    readonly app: string,
    readonly event: string,
  ) {
    super(`${app} may not publish "${event}": it is published by the player session only`);
    this.name = 'BusPermissionError';
  }
}

/** The player session's handle: may publish every declared event. Never handed to an app. */
export interface SessionBus extends EventBus {
  /**
   * A push topic's payload that the push relay has just parsed with the topic's schema, which is the bus event's own
   * (`busEvents[topic].payload` is `pushTopics[topic]`): announced without parsing it a second time (an odds push
   * carries the market's books, and a live market pushes several a second).
   */
  relay<K extends BusEventName>(type: K, parsed: BusPayload<K>): void;
}

/** The page's one bus. The shell creates it (through createPageRuntime) and hands out handles. */
export interface PageBus {
  readonly session: SessionBus;
  /** The handle of one app (the shell's layout or a remote): publishes only events declared 'any-app'. */
  forApp(app: string): EventBus;
}

/** The declaration of an event, or an error for one never declared (a typo must not pass silently). */
function declaration<K extends BusEventName>(type: K): (typeof busEvents)[K] {
  const declared = busEvents[type];
  if (!declared) throw new Error(`Unknown bus event "${String(type)}"`);
  return declared;
}

export function createPageBus(): PageBus {
  const stream = new Subject<BusMessage>();

  const deliver = <K extends BusEventName>(type: K, payload: BusPayload<K>): void => {
    const declared = declaration(type);
    stream.next({ type, payload: declared.payload.parse(payload) as BusPayload<K> } as BusMessage);
  };
  const on = <K extends BusEventName>(type: K): Observable<BusPayload<K>> =>
    stream.pipe(
      filter((m) => m.type === type),
      map((m) => m.payload as BusPayload<K>),
    );

  return {
    session: {
      publish: deliver,
      on,
      relay: (type, parsed) => {
        declaration(type);
        stream.next({ type, payload: parsed } as BusMessage);
      },
    },
    forApp(app) {
      return {
        publish(type, payload) {
          if (declaration(type).publishedBy !== 'any-app') throw new BusPermissionError(app, type);
          deliver(type, payload);
        },
        on,
      };
    },
  };
}
