/**
 * Import this first in a screen test: it routes `useHost()` (and so every session hook) to the fake
 * facade in ./fake-host.ts and leaves everything else real.
 *
 * The mock names the module by its file because this file lives inside the package; the remotes'
 * '@khela/web' re-exports that same file, so the mock applies there too.
 */
import { vi } from 'vitest';

vi.mock('../src/host/context.tsx', async (importOriginal) => {
  const host = await import('./fake-host');
  return { ...(await importOriginal<object>()), useHost: () => host.testHost };
});
