// Imported first by each screen test: routes `useHost()` to the fake facade.
import { vi } from 'vitest';

vi.mock('@khela/shared', async (importOriginal) => {
  const host = await import('./host');
  return { ...(await importOriginal<object>()), useHost: () => host.testHost };
});
