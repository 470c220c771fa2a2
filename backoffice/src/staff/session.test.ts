import { describe, expect, it } from 'vitest';
import { createStaffSession } from './session';

const op = {
  id: 1,
  username: 'admin',
  name: 'Admin',
  role: 'admin',
  totp_enabled: false,
  totp_enrolment_required: false,
  password_change_required: false,
};

/** A fake API on fetch: log-in gives a token, /me answers for that token only, log-out revokes it. */
function fakeApi() {
  const live = new Set<string>();
  const seen: { url: string; auth: string | null }[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const auth = headers.get('authorization');
    seen.push({ url, auth });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/api/operator/login')) {
      live.add('tok1');
      return json(200, { token: 'tok1', operator: op });
    }
    const token = auth?.replace(/^Bearer /, '') ?? '';
    if (!live.has(token)) return json(401, { message: 'Unauthenticated.' });
    if (url.endsWith('/api/operator/me')) return json(200, op);
    if (url.endsWith('/api/operator/logout')) {
      live.delete(token);
      return json(200, { message: 'Logged out' });
    }
    return json(404, { message: 'no' });
  };
  return { live, seen, fetchImpl };
}

describe('staff session', () => {
  it('keeps the token in session storage, sends it, and drops it when the API refuses it', async () => {
    const api = fakeApi();
    globalThis.fetch = api.fetchImpl as typeof fetch;
    const s = createStaffSession('http://api.test', sessionStorage);
    await s.login({ username: 'admin', password: 'x' });
    expect(sessionStorage.getItem('khela.staffToken')).toBe('tok1');
    expect(s.account$.value?.role).toBe('admin');

    // another tab's session restores from storage
    const again = createStaffSession('http://api.test', sessionStorage);
    await again.restore();
    expect(again.account$.value?.username).toBe('admin');
    expect(api.seen.at(-1)?.auth).toBe('Bearer tok1');

    // revoked elsewhere (disabled, expired): the next call's 401 logs the console out
    api.live.clear();
    await expect(again.refresh()).rejects.toThrow();
    expect(again.account$.value).toBeNull();
    expect(sessionStorage.getItem('khela.staffToken')).toBeNull();
  });

  it('log-out revokes the token on the server and forgets it', async () => {
    const api = fakeApi();
    globalThis.fetch = api.fetchImpl as typeof fetch;
    const s = createStaffSession('http://api.test', sessionStorage);
    await s.login({ username: 'admin', password: 'x' });
    await s.logout();
    expect(api.live.size).toBe(0);
    expect(s.account$.value).toBeNull();
    expect(sessionStorage.getItem('khela.staffToken')).toBeNull();
  });
});
