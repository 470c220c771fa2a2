import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalBroadcast, broadcastFlushMs, sseFrame } from './broker';

describe('LocalBroadcast frames', () => {
  afterEach(() => vi.useRealTimers());

  it('serialises each change once and writes the changes of one flush window to every stream as one text', () => {
    vi.useFakeTimers();
    const b = new LocalBroadcast(20);
    const writes: string[][] = [[], [], []];
    const offs = writes.map((w) => b.subscribeFrames((frames) => void w.push(frames)));
    const handler: unknown[] = [];
    b.subscribe((t, d) => void handler.push([t, d]));
    const stringify = vi.spyOn(JSON, 'stringify');
    b.emit('odds', { marketId: '1.1', status: 'SUSPENDED' });
    b.emit('odds', { marketId: '1.2', status: 'OPEN' });
    expect(stringify).toHaveBeenCalledTimes(2); // not once per stream
    stringify.mockRestore();
    expect(handler).toHaveLength(2); // handler subscribers still hear each change at once
    expect(writes.every((w) => w.length === 0)).toBe(true);
    vi.advanceTimersByTime(20);
    const text = 'event: odds\ndata: {"marketId":"1.1","status":"SUSPENDED"}\n\nevent: odds\ndata: {"marketId":"1.2","status":"OPEN"}\n\n';
    expect(writes).toEqual([[text], [text], [text]]);
    // an unsubscribed stream gets nothing more; a broken one does not stop the others
    offs[0]!();
    b.subscribeFrames(() => {
      throw new Error('socket gone');
    });
    b.emit('odds', { marketId: '1.3' });
    vi.advanceTimersByTime(20);
    expect(writes.map((w) => w.length)).toEqual([1, 2, 2]);
    expect(writes[1]![1]).toBe(sseFrame('odds', { marketId: '1.3' }));
  });

  it('reads its window from PUSH_BROADCAST_FLUSH_MS', () => {
    expect(broadcastFlushMs({})).toBe(20);
    expect(broadcastFlushMs({ PUSH_BROADCAST_FLUSH_MS: '0' })).toBe(0);
    expect(() => broadcastFlushMs({ PUSH_BROADCAST_FLUSH_MS: 'soon' })).toThrow(/PUSH_BROADCAST_FLUSH_MS/);
  });
});
