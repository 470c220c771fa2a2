/**
 * The fake shell facade the remotes' screen tests hand to `useHost()`: it records API calls,
 * navigations and bus publishes, and answers API calls from `responders`.
 *
 * It must import nothing at runtime (type imports are erased): the `vi.mock('@khela/web', ...)`
 * factory in ./mock-shared.ts loads it, and a factory that imports @khela/web would cycle.
 */
import type { HostProps, NavigateOptions } from '../src/host';

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
/** Every event published on the host's bus (the bus delivers nothing). */
export const published: FakePublish[] = [];

export const testHost = {
  basePath: '',
  locale: 'en',
  isMobile: true,
  location: { pathname: '/', search: '', hash: '', state: null, key: 'k' },
  navigate: (to: string, options?: NavigateOptions) => void navigations.push({ to, state: options?.state }),
  bus: {
    publish: (type: string, payload: unknown) => void published.push({ type, payload }),
    latest: () => undefined,
    on: () => ({ subscribe: () => ({ unsubscribe() {} }) }),
  },
  api: {
    baseURL: 'http://api.test',
    url: (p: string) => `http://api.test${p}`,
    async call(ep: { path: string; method: string }, opts: Record<string, any> = {}) {
      calls.push({ path: ep.path, method: ep.method, opts });
      const respond = responders.get(`${ep.method} ${ep.path}`);
      if (!respond) throw new Error(`no responder for ${ep.method} ${ep.path}`);
      return respond(opts);
    },
  },
} as unknown as HostProps;

/** Forgets everything recorded and every responder; call it in `beforeEach`. */
export function resetHost() {
  calls.length = 0;
  navigations.length = 0;
  published.length = 0;
  responders.clear();
}
