import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTES } from '@khela/build/apps.mjs';
import { OWNERS } from '../routes';

/*
 * A path is found in one hop from either side: shell/src/routes.ts names the remote that owns it, and the remote's
 * src/routes.tsx names the screen. The remote's table is read as text (the shell never imports a remote).
 */
const root = path.resolve(__dirname, '../../..');

function remotePaths(dir: string): string[] {
  const table = fs.readFileSync(path.join(root, dir, 'src/routes.tsx'), 'utf8');
  return [...table.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]!).filter((p) => p !== '*');
}

describe.each(REMOTES.map((r) => [r.name, r.dir] as const))('%s route table', (name, dir) => {
  it('holds exactly the paths the shell sends to this remote', () => {
    const firstSegments = [...new Set(remotePaths(dir).map((p) => `/${p.split('/')[1]}`))].sort();
    const owned = [...(OWNERS.find((o) => o.remote === name)?.paths ?? [])].sort();
    expect(firstSegments.length).toBeGreaterThan(0);
    expect(firstSegments).toEqual(owned);
  });
});
