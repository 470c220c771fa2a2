import { describe, expect, it } from 'vitest';
import { REMOTES } from '@khela/build/apps.mjs';
import { REMOTE_NAMES } from './remotes';

// The browser keeps a typed copy of the remote names; the one list is shared/build/apps.mjs.
describe('REMOTE_NAMES', () => {
  it('is the list of remotes of shared/build/apps.mjs', () => {
    expect([...REMOTE_NAMES]).toEqual(REMOTES.map((r) => r.name));
  });
});
