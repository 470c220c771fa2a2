import { afterEach, describe, expect, it, vi } from 'vitest';

// the page's API client, replaced so the test sees every call the shell would make
const call = vi.fn();
const { createQueryClient } = await import('@khela/web');
const queryClient = createQueryClient();
vi.mock('../page', () => ({
  page: () => ({
    api: { baseURL: 'http://api.test', call, url: (p: string) => `http://api.test${p}` },
    queryClient,
    sessionService: { receiveSupportContacts: () => undefined },
  }),
}));

const { cachedLoad, clearContentCache, primeContent } = await import('./content');

const slider = {
  id: 1,
  name: 'Welcome',
  link: null,
  thubmnail: '/storage/sliders/a.svg',
  message_id: null,
  status: '1',
  slider_type: 'Main',
};
const general = {
  site_title: 'Khela',
  site_status: 1,
  system_notice: null,
  support_mail: null,
  withdrawal_status: 1,
  whatsapp: null,
  facebook: null,
  telegram: null,
  live_chat: null,
  intercom: null,
  tawk_id: null,
};
const logo = { id: 1, logo: '/l.svg', mobile_logo: '/m.svg', loader_logo: null, favicon: null };
const early = (w: Record<string, Promise<unknown>>) => ((globalThis as { __KHELA_EARLY__?: unknown }).__KHELA_EARLY__ = w);

afterEach(() => {
  clearContentCache();
  call.mockReset();
  delete (globalThis as { __KHELA_EARLY__?: unknown }).__KHELA_EARLY__;
});

describe('early requests of index.html', () => {
  it('are taken over without asking the API again', async () => {
    early({ general: Promise.resolve(general), logo: Promise.resolve([logo]), sliders: Promise.resolve([slider]) });
    await primeContent('/');
    await expect(cachedLoad('sliders', () => Promise.reject(new Error('not cached')))).resolves.toEqual([slider]);
    await expect(cachedLoad('logo', () => Promise.reject(new Error('not cached')))).resolves.toEqual(logo);
    expect(call).not.toHaveBeenCalled();
  });

  it('fall back to a normal call when the early answer failed or does not match the schema', async () => {
    early({ general: Promise.reject(new Error('HTTP 500')), logo: Promise.resolve([{ id: 'wrong' }]) });
    call.mockImplementation(async (endpoint: { path: string }) => (endpoint.path === '/api/general' ? general : [logo]));
    await primeContent('/promotions');
    await expect(cachedLoad('general', () => Promise.reject(new Error('not cached')))).resolves.toEqual(general);
    await expect(cachedLoad('logo', () => Promise.reject(new Error('not cached')))).resolves.toEqual(logo);
    expect(call.mock.calls.map(([e]) => (e as { path: string }).path).sort()).toEqual(['/api/general', '/api/logo']);
  });

  it('never wait for the network before the first render', async () => {
    early({ general: new Promise(() => {}), logo: new Promise(() => {}), sliders: new Promise(() => {}) });
    const started = Date.now();
    await primeContent('/');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
