/**
 * The fake shell facade the remotes' screen tests hand to `useHost()`: it records API calls,
 * navigations and bus publishes, answers API calls from `responders`, and carries a real player
 * session (the same service the shell runs, without its push relay) over that fake API.
 *
 * It must not import '../src/index.ts' (the `vi.mock` factory in ./mock-shared.ts loads this file,
 * and a factory that imports the mocked module would cycle): it imports the modules it needs directly.
 */
import type { HostProps, NavigateOptions } from '../src/host/host';
import type { ApiClient } from '../src/api/client';
import { createPageBus, type EventBus } from '../src/bus';
import { createPlayerSession, type PlayerSessionService } from '../src/session/player-session';
import { QueryClient } from '@tanstack/react-query';
import { connectQueryClient } from '../src/data/query-client';

export interface FakeCall {
  path: string;
  method: string;
  opts: Record<string, any>;
}
export type Responder = (opts: Record<string, any>) => unknown;
export interface FakeNavigation {
  to: string;
  state?: unknown;
}
export interface FakePublish {
  type: string;
  payload: unknown;
}

/** Every `api.call` in order, with the options the screen passed. */
export const calls: FakeCall[] = [];
/** Answers keyed by `'<METHOD> <path>'`, e.g. `'GET /api/balance'`; an unanswered call throws. */
export const responders = new Map<string, Responder>();
/** Every shell navigation, as `{ to, state }`. */
export const navigations: FakeNavigation[] = [];
/** Every event the screen published on its bus handle (the handle delivers them too). */
export const published: FakePublish[] = [];

const fakeApi = {
  baseURL: 'http://api.test',
  url: (p: string) => `http://api.test${p}`,
  async call(ep: { path: string; method: string }, opts: Record<string, any> = {}) {
    calls.push({ path: ep.path, method: ep.method, opts });
    const respond = responders.get(`${ep.method} ${ep.path}`);
    if (!respond) throw new Error(`no responder for ${ep.method} ${ep.path}`);
    return respond(opts);
  },
  async send(path: string, init: { method: string; body: FormData }) {
    calls.push({ path, method: init.method, opts: { body: init.body } });
    const respond = responders.get(`${init.method} ${path}`);
    if (!respond) throw new Error(`no responder for ${init.method} ${path}`);
    return respond({ body: init.body }) as Response;
  },
} as unknown as ApiClient;

let pageBus = createPageBus();
let service: PlayerSessionService | null = null;
let queries: QueryClient | null = null;
let disconnect: (() => void) | null = null;

/**
 * The query cache behind `testHost.queryClient`: one per test (after `resetHost()`), wired to the test's bus and
 * session as the page's is, without retries (a test that wants the retry passes `retry` to the hook).
 */
export function testQueryClient(): QueryClient {
  if (!queries) {
    queries = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 15_000, refetchOnWindowFocus: false } } });
    disconnect = connectQueryClient(queries, pageBus.session, sessionService().session);
  }
  return queries;
}

/**
 * The session behind `testHost.session`. Created on first use after `resetHost()`, so it reads the
 * localStorage a test prepared before rendering (a stored token means a logged-in player).
 */
export function sessionService(): PlayerSessionService {
  return (service ??= createPlayerSession({ api: fakeApi, bus: pageBus.session }));
}

/** The bus a test listens on (and publishes session events on, e.g. a pushed chat message). */
export function testBus(): { app: EventBus; session: EventBus } {
  sessionService();
  return { app: pageBus.forApp('test'), session: pageBus.session };
}

const recordingBus: EventBus = {
  publish(type, payload) {
    published.push({ type, payload });
    pageBus.forApp('remote-under-test').publish(type, payload);
  },
  on: (type) => pageBus.session.on(type),
};

export const testHost: HostProps = {
  basePath: '',
  isMobile: true,
  location: { pathname: '/', search: '', hash: '', state: null, key: 'k' },
  navigate: (to: string, options?: NavigateOptions) => void navigations.push({ to, state: options?.state }),
  bus: recordingBus,
  api: fakeApi,
  get session() {
    return sessionService().session;
  },
  get queryClient() {
    return testQueryClient();
  },
};

/** Forgets everything recorded, every responder and the session; call it in `beforeEach`. */
export function resetHost() {
  calls.length = 0;
  navigations.length = 0;
  published.length = 0;
  responders.clear();
  disconnect?.();
  disconnect = null;
  queries?.clear();
  queries = null;
  service?.stop();
  service = null;
  pageBus = createPageBus();
}
