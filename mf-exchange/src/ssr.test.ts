import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, type ApiClient } from '@khela/web';
import { prefetch } from './ssr';
import { marketKey } from './screens/OddsView';

/*
 * The Node container's first-screen read (issue 31 stage 2): /odds-view's market into the request's query cache under
 * the key the odds view reads, with no token (the render server renders every page as a visitor).
 */
const requestCache = () => {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
};

describe("the exchange's server prefetch", () => {
  it("reads /odds-view's market into the cache under the odds view's key", async () => {
    const queryClient = requestCache();
    const market = { market_id: '1.23', runners: [] };
    const call = vi.fn(async () => market);
    await prefetch(queryClient, '/odds-view?marketId=1.23&eventId=34&sport=cricket', { call } as unknown as ApiClient);
    expect(call).toHaveBeenCalledTimes(1);
    const [endpoint, options] = call.mock.calls[0] as unknown as [{ path: string }, { params: unknown }];
    expect(endpoint.path).toBe('/api/exchange/markets/{marketId}');
    expect(options.params).toEqual({ marketId: '1.23' });
    expect(queryClient.getQueryData(marketKey('1.23'))).toBe(market);
  });

  it('reads nothing for another page or an odds view without its ids', async () => {
    const call = vi.fn();
    for (const url of ['/exchange', '/odds-view', '/odds-view?marketId=1.23'])
      await prefetch(requestCache(), url, { call } as unknown as ApiClient);
    expect(call).not.toHaveBeenCalled();
  });

  it('rejects when the read fails (the render server then leaves the area to the browser)', async () => {
    const call = vi.fn(() => Promise.reject(new Error('404')));
    await expect(prefetch(requestCache(), '/odds-view?marketId=9&eventId=9', { call } as unknown as ApiClient)).rejects.toThrow('404');
  });
});
