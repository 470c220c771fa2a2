import type { QueryClient } from '@tanstack/react-query';
import { createApiClient, type ApiClient } from '../api/client';
import { savedLocale, type Locale } from '../i18n';
import { createPageBus, type EventBus } from '../bus';
import { createPlayerSession, type PlayerSession, type PlayerSessionService } from '../session/player-session';
import { connectQueryClient, createQueryClient } from '../data/query-client';
import type { HostProps } from './host';

/** The page's services, created once by the page's owner (the shell, or a remote's standalone QA host). */
export interface PageRuntime {
  readonly api: ApiClient;
  /** The owner's side of the session: start/stop its feeds. */
  readonly sessionService: PlayerSessionService;
  readonly session: PlayerSession;
  /** The page's server-state cache, handed to every app like the session. */
  readonly queryClient: QueryClient;
  /** What one app receives in HostProps: the API client, its own bus handle, the session and the query cache. */
  servicesFor(app: string): Pick<HostProps, 'api' | 'bus' | 'session' | 'queryClient'>;
}

export interface PageRuntimeOptions {
  apiBase: string;
  fetchImpl?: typeof fetch;
  /** The server render's language (the session starts in it; the process's i18n is left alone). */
  locale?: Locale;
}

export function createPageRuntime({ apiBase, fetchImpl, locale }: PageRuntimeOptions): PageRuntime {
  const bus = createPageBus();
  // the client reports a refused token to the session, which is created just below
  let service: PlayerSessionService | null = null;
  const api = createApiClient({
    baseURL: apiBase,
    fetchImpl,
    onUnauthorized: (token) => service?.tokenRefused(token),
    // the API answers its messages and bilingual content in the session's language (before the session: the saved one)
    getLocale: () => service?.session.locale$.value ?? locale ?? savedLocale(),
  });
  service = createPlayerSession({ api, bus: bus.session, locale });
  const session = service.session;
  const queryClient = createQueryClient();
  connectQueryClient(queryClient, bus.session, session);
  const handles = new Map<string, EventBus>();
  const busFor = (app: string) => {
    let handle = handles.get(app);
    if (!handle) handles.set(app, (handle = bus.forApp(app)));
    return handle;
  };
  return {
    api,
    sessionService: service,
    session,
    queryClient,
    servicesFor: (app) => ({ api, bus: busFor(app), session, queryClient }),
  };
}
