import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, type ApiClient } from '@khela/web';
import { prefetch } from './ssr';

/*
 * The Node container's first-screen reads (issue 31): the render server clears a request's query cache when the page is
 * done, and a read still under way then is cancelled. Every read must be awaited, or one failing while another is
 * awaited is an unhandled rejection, which stopped the render server's process.
 */
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  unhandled.length = 0;
});

const settle = () => new Promise((r) => setTimeout(r, 50));
// a request's own cache, as the render server's page runtime makes it, without the retries (a test of failures)
const requestCache = () => {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
};

describe("the casino's server prefetch", () => {
  it('reads the category, its providers and its games into the cache', async () => {
    const queryClient = requestCache();
    const call = vi.fn(async (endpoint: { path: string }) =>
      endpoint.path.includes('system') ? { systems: [{ platform: 'JILI' }] } : endpoint.path.includes('provider') ? [] : { games: [] },
    );
    await prefetch(queryClient, '/games?type=slot', { call } as unknown as ApiClient);
    expect(call.mock.calls.map(([e]) => e.path).sort()).toEqual(['/api/get-games', '/api/get-provider', '/api/get-system']);
  });

  it('rejects when a read fails, leaving no other read unhandled, also when the cache is cleared under it', async () => {
    process.on('unhandledRejection', onUnhandled);
    const queryClient = requestCache();
    const call = vi.fn((endpoint: { path: string }) =>
      endpoint.path.includes('system')
        ? Promise.reject(new Error('systems failed'))
        : new Promise((_, reject) => setTimeout(() => reject(new Error('games failed')), 10)),
    );
    await expect(prefetch(queryClient, '/games?type=SLOT', { call } as unknown as ApiClient)).rejects.toThrow();
    await settle();

    const slow = vi.fn(() => new Promise(() => {}));
    const pending = prefetch(queryClient, '/games?type=SLOT', { call: slow } as unknown as ApiClient);
    pending.catch(() => undefined);
    await settle();
    // the render server's end of a request
    queryClient.clear();
    await settle();
    expect(unhandled).toEqual([]);
  });
});
