import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryPlugin } from './retry-plugin';

// The hooks are called the way @module-federation/runtime-core 2.9 calls them; the browser side (a dead
// remote, a broken chunk) is asserted end to end by e2e/tests/platform.spec.ts.
type Plugin = ReturnType<typeof retryPlugin>;
const call = (p: Plugin, hook: 'fetch' | 'loadEntryError' | 'errorLoadRemote', ...args: unknown[]) =>
  (p[hook] as unknown as (...a: unknown[]) => Promise<unknown>)(...args);

const noSleep = async () => {};

describe('retryPlugin', () => {
  afterEach(() => vi.restoreAllMocks());
  const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => {});

  it('asks for a manifest again after a network error or a 5xx, then returns the answer', async () => {
    quiet();
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('', { status: 502 }))
      .mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }));
    const p = retryPlugin({ retries: 2, sleep: noSleep, fetch });
    const res = (await call(p, 'fetch', 'http://x/mf-manifest.json', {})) as Response;
    expect(await res.json()).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('gives up on a manifest after the last retry, with the last error', async () => {
    quiet();
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const p = retryPlugin({ retries: 2, sleep: noSleep, fetch });
    await expect(call(p, 'fetch', 'http://x/mf-manifest.json', {})).rejects.toThrow('Failed to fetch');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not retry a 404: the remote is not there', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response('', { status: 404 }));
    const p = retryPlugin({ sleep: noSleep, fetch });
    expect(((await call(p, 'fetch', 'http://x/mf-manifest.json', {})) as Response).status).toBe(404);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('loads a failed remote entry again, forgetting the failed load first', async () => {
    quiet();
    const entry = { get: vi.fn(), init: vi.fn() };
    const globalLoading: Record<string, unknown> = { key: Promise.reject(new Error('old')).catch(() => {}) };
    const getRemoteEntry = vi
      .fn()
      .mockRejectedValueOnce(new Error('RUNTIME-008'))
      .mockImplementationOnce(async () => {
        expect(globalLoading.key).toBeUndefined();
        return entry;
      });
    const p = retryPlugin({ retries: 2, sleep: noSleep });
    const args = { getRemoteEntry, origin: {}, remoteInfo: { name: 'mf_wallet' }, globalLoading, uniqueKey: 'key' };
    expect(await call(p, 'loadEntryError', args)).toBe(entry);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  });

  it('returns nothing when the entry keeps failing, so the runtime reports the failure', async () => {
    quiet();
    const getRemoteEntry = vi.fn().mockRejectedValue(new Error('RUNTIME-008'));
    const p = retryPlugin({ retries: 2, sleep: noSleep });
    const args = { getRemoteEntry, origin: {}, remoteInfo: { name: 'mf_wallet' }, globalLoading: {}, uniqueKey: 'k' };
    expect(await call(p, 'loadEntryError', args)).toBeUndefined();
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  });

  it('loads a remote module again after a failed chunk, without retrying inside the retry', async () => {
    quiet();
    const chunkError = Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' });
    const lifecycles = { mount: vi.fn() };
    const p = retryPlugin({ retries: 2, sleep: noSleep });
    const origin = {
      loadRemote: vi
        .fn()
        .mockImplementationOnce(async (id: string) => {
          // what the runtime does when the nested load fails: emit errorLoadRemote again, which must not recurse
          expect(await call(p, 'errorLoadRemote', { id, error: chunkError, lifecycle: 'onLoad', from: 'runtime', origin })).toBeUndefined();
          throw chunkError;
        })
        .mockResolvedValueOnce(lifecycles),
    };
    const res = await call(p, 'errorLoadRemote', { id: 'mf_chat/app', error: chunkError, lifecycle: 'onLoad', from: 'runtime', origin });
    expect(res).toBe(lifecycles);
    expect(origin.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('leaves other load failures to the fallback', async () => {
    const origin = { loadRemote: vi.fn() };
    const p = retryPlugin({ sleep: noSleep });
    for (const args of [
      { id: 'mf_chat/app', error: new Error('RUNTIME-003 manifest'), lifecycle: 'onLoad' },
      { id: 'http://x/mf-manifest.json', error: new Error('x'), lifecycle: 'afterResolve' },
    ]) {
      expect(await call(p, 'errorLoadRemote', { ...args, from: 'runtime', origin })).toBeUndefined();
    }
    expect(origin.loadRemote).not.toHaveBeenCalled();
  });
});

describe('the manifest index.html asked for early', () => {
  const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => {});
  const store = () => ((globalThis as { __KHELA_EARLY__?: { manifests?: Record<string, Promise<string>> } }).__KHELA_EARLY__ ??= {});
  afterEach(() => {
    vi.restoreAllMocks();
    delete (globalThis as { __KHELA_EARLY__?: unknown }).__KHELA_EARLY__;
  });

  it('is answered once from the early request, then from the network', async () => {
    store().manifests = { 'http://x/mf-manifest.json': Promise.resolve('{"id":"mf_casino"}') };
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(new Response('{"id":"network"}'));
    const p = retryPlugin({ retries: 0, sleep: noSleep, fetch });
    const first = (await call(p, 'fetch', 'http://x/mf-manifest.json', {})) as Response;
    expect(await first.json()).toEqual({ id: 'mf_casino' });
    expect(fetch).not.toHaveBeenCalled();
    const again = (await call(p, 'fetch', 'http://x/mf-manifest.json', {})) as Response;
    expect(await again.json()).toEqual({ id: 'network' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks the network (with its retries) when the early request failed, and never for another manifest', async () => {
    store().manifests = { 'http://x/mf-manifest.json': Promise.reject(new TypeError('Failed to fetch')) };
    store().manifests!['http://x/mf-manifest.json']!.catch(() => undefined);
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(async () => new Response('{"id":"network"}'));
    quiet();
    const p = retryPlugin({ retries: 1, sleep: noSleep, fetch });
    const res = (await call(p, 'fetch', 'http://x/mf-manifest.json', {})) as Response;
    expect(await res.json()).toEqual({ id: 'network' });
    expect(fetch).toHaveBeenCalledTimes(2);
    store().manifests = { 'http://y/mf-manifest.json': Promise.resolve('{"id":"other"}') };
    const other = (await call(p, 'fetch', 'http://x/mf-manifest.json', {})) as Response;
    expect(await other.json()).toEqual({ id: 'network' });
  });
});
