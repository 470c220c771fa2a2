/**
 * The fake shell facade the screen tests hand to `useHost()` (this module imports nothing, so the
 * `vi.mock('@khela/shared', ...)` factory in each test can load it without a cycle).
 */
export interface FakeCall {
  path: string;
  method: string;
  opts: Record<string, any>;
}
export const calls: FakeCall[] = [];
type Responder = (opts: Record<string, any>) => unknown;
export const responders = new Map<string, Responder>();
export const navigations: string[] = [];

export const testHost: any = {
  basePath: '',
  locale: 'en',
  isMobile: true,
  location: { pathname: '/', search: '', hash: '', state: null, key: 'k' },
  navigate: (to: string) => navigations.push(to),
  api: {
    baseURL: 'http://api.test',
    url: (p: string) => `http://api.test${p}`,
    async call(ep: { path: string; method: string }, opts: Record<string, any> = {}) {
      calls.push({ path: ep.path, method: ep.method, opts });
      const r = responders.get(`${ep.method} ${ep.path}`);
      if (!r) throw new Error(`no responder for ${ep.method} ${ep.path}`);
      return r(opts);
    },
  },
};

export function resetHost() {
  calls.length = 0;
  navigations.length = 0;
  responders.clear();
}
