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

/** The page's one bus. The shell creates it (through createPageRuntime) and hands out handles. */
export interface PageBus {
  /** The player session's handle: may publish every declared event. Never handed to an app. */
  readonly session: EventBus;
  /** The handle of one app (the shell's layout or a remote): publishes only events declared 'any-app'. */
  forApp(app: string): EventBus;
}

export function createPageBus(): PageBus {
  const stream = new Subject<BusMessage>();

  const deliver = <K extends BusEventName>(type: K, payload: BusPayload<K>): void => {
    const declared = busEvents[type];
    if (!declared) throw new Error(`Unknown bus event "${String(type)}"`);
    stream.next({ type, payload: declared.payload.parse(payload) as BusPayload<K> } as BusMessage);
  };
  const on = <K extends BusEventName>(type: K): Observable<BusPayload<K>> =>
    stream.pipe(
      filter((m) => m.type === type),
      map((m) => m.payload as BusPayload<K>),
    );

  return {
    session: { publish: deliver, on },
    forApp(app) {
      return {
        publish(type, payload) {
          const declared = busEvents[type];
          if (!declared) throw new Error(`Unknown bus event "${String(type)}"`);
          if (declared.publishedBy !== 'any-app') throw new BusPermissionError(app, type);
          deliver(type, payload);
        },
        on,
      };
    },
  };
}
