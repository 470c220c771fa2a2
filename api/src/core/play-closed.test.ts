import { describe, expect, it, vi } from 'vitest';
import { PlayClosedHooks } from './play-closed';

describe('PlayClosedHooks', () => {
  it('announce returns at once, runs every listener in the background and logs a failure without throwing', async () => {
    const log = { error: vi.fn() };
    const hooks = new PlayClosedHooks(log);
    const seen: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    hooks.on(async (id, reason) => {
      await gate;
      seen.push(`${id}:${reason}`);
    });
    const stop = hooks.on(() => {
      throw new Error('provider down');
    });
    expect(() => hooks.announce(7, 'time_out')).not.toThrow();
    expect(seen).toEqual([]); // nothing waited for
    release();
    await hooks.idle();
    expect(seen).toEqual(['7:time_out']);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![0]).toMatchObject({ playerId: 7, reason: 'time_out' });
    stop();
    hooks.announce(8, 'disabled');
    await hooks.idle();
    expect(seen).toEqual(['7:time_out', '8:disabled']);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
