/**
 * Import this first in a screen test: it routes `useHost()` in @khela/web to the fake facade in
 * ./fake-host.ts and leaves every other export real.
 *
 * The mock names the module by its file ('../src/index.ts') because this file lives inside the
 * shared package; the remotes' '@khela/web' resolves to that same file, so the mock applies there.
 */
import { vi } from 'vitest';

vi.mock('../src/index.ts', async (importOriginal) => {
  const host = await import('./fake-host');
  return { ...(await importOriginal<object>()), useHost: () => host.testHost };
});
