import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient, ApiError, NETWORK_ERROR } from './client';
import { endpoint } from '@khela/contracts';
import { balance } from '@khela/contracts';

const getSystems = endpoint({
  method: 'GET',
  path: '/api/get-system',
  auth: 'none',
  query: z.object({ type: z.string() }),
  response: z.object({ data: z.array(z.object({ platform: z.string() })) }),
  fallbackError: 'Failed to fetch systems',
});
const showInbox = endpoint({
  method: 'GET',
  path: '/api/inbox/{id}',
  auth: 'bearer',
  params: z.object({ id: z.number() }),
  response: z.object({ title: z.string() }),
});

function fakeFetch(status: number, body: unknown) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    void input;
    void init;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
}

describe('api client', () => {
  it('sends the bearer token, fills path params and parses the response', async () => {
    const f = fakeFetch(200, { title: 'Hello' });
    const api = createApiClient({ baseURL: 'http://api.test', getToken: () => 'tok123', fetchImpl: f as unknown as typeof fetch });
    await expect(api.call(showInbox, { params: { id: 7 } })).resolves.toEqual({ title: 'Hello' });
    const [url, init] = f.mock.calls[0]!;
    expect(String(url)).toBe('http://api.test/api/inbox/7');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok123');
  });

  it("sends the session's language as Accept-Language on every call, and none without a locale (staff console)", async () => {
    const f = fakeFetch(200, { data: [] });
    let locale = 'bn';
    const api = createApiClient({ baseURL: 'http://api.test', getLocale: () => locale, fetchImpl: f as unknown as typeof fetch });
    await api.call(getSystems, { query: { type: 'SLOT' } });
    locale = 'en';
    await api.call(getSystems, { query: { type: 'SLOT' } });
    expect(f.mock.calls.map(([, init]) => new Headers(init?.headers).get('accept-language'))).toEqual(['bn', 'en']);
    const staff = createApiClient({ baseURL: 'http://api.test', fetchImpl: f as unknown as typeof fetch });
    await staff.call(getSystems, { query: { type: 'SLOT' } });
    expect(new Headers(f.mock.calls[2]![1]?.headers).get('accept-language')).toBeNull();
  });

  it('never sends the token to a public endpoint', async () => {
    const f = fakeFetch(200, { data: [] });
    const api = createApiClient({ baseURL: 'http://api.test', getToken: () => 'tok123', fetchImpl: f as unknown as typeof fetch });
    await api.call(getSystems, { query: { type: 'SLOT' } });
    const [url, init] = f.mock.calls[0]!;
    expect(String(url)).toBe('http://api.test/api/get-system?type=SLOT');
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
  });

  it("prefers the server's message, else the spec's fallback text", async () => {
    const withMessage = createApiClient({ baseURL: 'http://x', fetchImpl: fakeFetch(404, { message: 'Unknown game type' }) as never });
    await expect(withMessage.call(getSystems, { query: { type: 'X' } })).rejects.toMatchObject({
      message: 'Unknown game type',
      status: 404,
    });
    const without = createApiClient({ baseURL: 'http://x', fetchImpl: fakeFetch(500, {}) as never });
    await expect(without.call(getSystems, { query: { type: 'X' } })).rejects.toMatchObject({ message: 'Failed to fetch systems' });
  });

  it('treats a response of the wrong shape as a failure with the fallback text', async () => {
    const api = createApiClient({ baseURL: 'http://x', fetchImpl: fakeFetch(200, { data: 'nope' }) as never });
    const err = await api.call(getSystems, { query: { type: 'SLOT' } }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('Failed to fetch systems');
  });

  it('reports a network failure with the network text', async () => {
    const f = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const api = createApiClient({ baseURL: 'http://x', fetchImpl: f as never });
    await expect(api.call(getSystems, { query: { type: 'SLOT' } })).rejects.toMatchObject({ message: NETWORK_ERROR, network: true });
  });

  it('a 401 on any bearer call ends the session (with the refused token); a 401 without a token does not', async () => {
    const onUnauthorized = vi.fn();
    const fetch401 = fakeFetch(401, { message: 'Unauthenticated.' }) as never;
    const api = createApiClient({ baseURL: 'http://x', getToken: () => 't', onUnauthorized, fetchImpl: fetch401 });
    await expect(api.call(showInbox, { params: { id: 1 } })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenLastCalledWith('t');
    await expect(api.call(balance)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    // a 401 of an unauthenticated call (a wrong password at log-in) is not an expired session
    await expect(api.call(getSystems, { query: { type: 'SLOT' } })).rejects.toMatchObject({ status: 401 });
    const visitor = createApiClient({ baseURL: 'http://x', getToken: () => null, onUnauthorized, fetchImpl: fetch401 });
    await expect(visitor.call(balance)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it("sends the exchange token on calls asked with token: 'exchange', and the player's own again when it is refused", async () => {
    let exchangeToken: string | null = 'ex1';
    const seen: string[] = [];
    const f = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get('authorization') ?? '';
      seen.push(auth);
      return new Response(JSON.stringify(auth === 'Bearer ex1' ? { message: 'expired' } : { balance: '1.00', currency: 'BDT' }), {
        status: auth === 'Bearer ex1' ? 401 : 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const onUnauthorized = vi.fn((t: string) => {
      if (t === exchangeToken) exchangeToken = null;
    });
    const api = createApiClient({
      baseURL: 'http://x',
      getToken: () => 'main',
      getExchangeToken: () => exchangeToken,
      onUnauthorized,
      fetchImpl: f as never,
    });
    await expect(api.call(balance, { token: 'exchange' })).resolves.toMatchObject({ balance: '1.00' });
    expect(seen).toEqual(['Bearer ex1', 'Bearer main']);
    expect(onUnauthorized).toHaveBeenCalledWith('ex1');
    await api.call(balance);
    expect(seen.at(-1)).toBe('Bearer main');
  });

  it('exposes the validation errors object of a 422', async () => {
    const api = createApiClient({
      baseURL: 'http://x',
      fetchImpl: fakeFetch(422, { message: 'Invalid', errors: { username: ['Username must be between 8 and 16 characters'] } }) as never,
    });
    const err: ApiError = await api.call(getSystems, { query: { type: 'SLOT' } }).catch((e) => e);
    expect(err.fieldErrors).toEqual({ username: ['Username must be between 8 and 16 characters'] });
  });
});
