// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptLoads, serverManifestUrl } from './remotes';

describe('serverManifestUrl', () => {
  it("is server/mf-manifest.json beside the remote's browser manifest, wherever that is deployed", () => {
    expect(serverManifestUrl('http://127.0.0.1:4101/mf-manifest.json')).toBe('http://127.0.0.1:4101/server/mf-manifest.json');
    expect(serverManifestUrl('https://cdn.example/casino/v3/mf-manifest.json')).toBe(
      'https://cdn.example/casino/v3/server/mf-manifest.json',
    );
    // the setting a test uses to make the container unreachable
    expect(serverManifestUrl('http://h/mf-manifest.json', 'missing/mf-manifest.json')).toBe('http://h/missing/mf-manifest.json');
  });
});

describe('the libraries shared with the Node containers', () => {
  it("are exactly the build's SERVER_SHARED: a name the process does not provide would fail the container's load", async () => {
    const build = new URL('../../shared/build/federation.mjs', import.meta.url).href; // plain JS, no types
    const { SERVER_SHARED } = (await import(/* @vite-ignore */ build)) as { SERVER_SHARED: string[] };
    const { LIBS } = await import('./remotes');
    expect(Object.keys(LIBS).sort()).toEqual([...SERVER_SHARED].sort());
    for (const lib of Object.values(LIBS)) expect(lib).toBeTruthy();
  });
});

describe('keptLoads (a Node container failed to load)', () => {
  afterEach(() => void vi.useRealTimers());

  it('loads again in the background until it loads; requests meanwhile get the failure at once, never wait', async () => {
    vi.useFakeTimers();
    const outcomes = ['down', 'still down', 'up'];
    let calls = 0;
    const load = vi.fn(async (key: string) => {
      const outcome = outcomes[calls++]!;
      if (outcome !== 'up') throw new Error(outcome);
      return `${key} loaded`;
    });
    const recovered = vi.fn();
    const get = keptLoads(load, 30_000, recovered);

    await expect(get('casino')).rejects.toThrow('down');
    await expect(get('casino')).rejects.toThrow('down'); // kept: no second load by a request
    expect(load).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // the retry, with no request asking
    expect(load).toHaveBeenCalledTimes(2);
    await expect(get('casino')).rejects.toThrow('down'); // a failed retry changes nothing for requests

    await vi.advanceTimersByTimeAsync(30_000);
    expect(load).toHaveBeenCalledTimes(3);
    await expect(get('casino')).resolves.toBe('casino loaded');
    expect(recovered).toHaveBeenCalledWith('casino');

    await vi.advanceTimersByTimeAsync(120_000); // loaded: no more loads
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('a first load that succeeds is kept: one load per key', async () => {
    const load = vi.fn(async (key: string) => key.toUpperCase());
    const get = keptLoads(load, 10);
    expect(await Promise.all([get('a'), get('a'), get('b')])).toEqual(['A', 'A', 'B']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
