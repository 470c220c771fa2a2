// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { serverManifestUrl } from './remotes';

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
    const { SERVER_SHARED } = (await import('../../shared/build/federation.mjs')) as { SERVER_SHARED: string[] };
    const { LIBS } = await import('./remotes');
    expect(Object.keys(LIBS).sort()).toEqual([...SERVER_SHARED].sort());
    for (const lib of Object.values(LIBS)) expect(lib).toBeTruthy();
  });
});
