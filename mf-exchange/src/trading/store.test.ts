import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@khela/web';
import { bet, listAnswer } from './fixtures.test-util';
import { DELAY_GRACE_MS, TradingStore, delayBackoff, type Bet, type ExchangeCalls } from './store';

/** A store whose market reads answer from `answers` in turn (an Error is thrown), the last one repeated. */
function storeAnswering(answers: Array<Bet[] | Error>) {
  const asked: number[] = [];
  const list = vi.fn(async () => {
    asked.push(Date.now());
    const a = answers[Math.min(asked.length - 1, answers.length - 1)]!;
    if (a instanceof Error) throw a;
    return listAnswer(a);
  });
  const store = new TradingStore({ list } as unknown as ExchangeCalls);
  return { store, asked, list };
}

const pending = () =>
  bet({ status: 'PENDING', matched_stake: '0.00', avg_price: null, delay_until: new Date(Date.now() + 1000).toISOString() });

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('a bet in its delay', () => {
  it('is asked for after its delay when no push told it, and again with back-off after a refused or failed answer', async () => {
    const tooMany = new ApiError('Too many requests', 429, undefined);
    const { store, asked } = storeAnswering([tooMany, new Error('network'), [pending()], [bet({ status: 'MATCHED' })]]);
    const start = Date.now();
    store.placed(pending());
    await vi.advanceTimersByTimeAsync(1000 + DELAY_GRACE_MS - 1);
    expect(asked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1 + delayBackoff(0) + delayBackoff(1) + delayBackoff(2));
    expect(asked.map((t) => t - start)).toEqual([
      1000 + DELAY_GRACE_MS,
      1000 + DELAY_GRACE_MS + delayBackoff(0),
      1000 + DELAY_GRACE_MS + delayBackoff(0) + delayBackoff(1),
      1000 + DELAY_GRACE_MS + delayBackoff(0) + delayBackoff(1) + delayBackoff(2),
    ]);
    expect(store.bet('1')?.status).toBe('MATCHED');
    expect(store.get().messages.map((m) => m.kind)).toEqual(['matched']);
    // known: nothing more is asked
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(4);
  });

  it('is not asked for when the push told its outcome first', async () => {
    const { store, asked } = storeAnswering([[bet({ status: 'LAPSED', matched_stake: '0.00' })]]);
    store.placed(pending());
    await store.marketChanged('1.1'); // the push's read
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(asked).toHaveLength(1);
    expect(store.get().messages.map((m) => m.kind)).toEqual(['lapsed']);
  });

  it('backs off to one ask every 10 s, and stops at logout', async () => {
    const { store, asked } = storeAnswering([new ApiError('Too many requests', 429, undefined)]);
    store.placed(pending());
    await vi.advanceTimersByTimeAsync(120_000);
    const gaps = asked.slice(1).map((t, i) => t - asked[i]!);
    expect(gaps.slice(0, 3)).toEqual([delayBackoff(0), delayBackoff(1), delayBackoff(2)]);
    expect(new Set(gaps.slice(3))).toEqual(new Set([10_000]));
    const n = asked.length;
    store.reset();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(n);
  });
});

describe('a cash-out whose hedges wait their delay', () => {
  const hedge = (over: Partial<Bet> = {}) =>
    bet({
      id: '9',
      side: 'LAY',
      status: 'PENDING',
      matched_stake: '0.00',
      delay_until: new Date(Date.now() + 1000).toISOString(),
      ...over,
    });

  it('says "cashing out" (not "locked in") until the hedge matched, then that it is cashed out', async () => {
    const { store } = storeAnswering([[hedge()], [hedge({ status: 'MATCHED', matched_stake: '100.00' })]]);
    store.cashedOut('1.1', '-0.97', [hedge()]);
    await vi.advanceTimersByTimeAsync(0);
    const cashing = store.get().messages.find((m) => m.kind.startsWith('cash'))!;
    expect(cashing).toMatchObject({ kind: 'cashingOut', value: '-0.97' });
    expect(store.lasting(cashing)).toBe(true);
    await vi.advanceTimersByTimeAsync(1000 + DELAY_GRACE_MS);
    expect(
      store
        .get()
        .messages.filter((m) => m.kind.startsWith('cash'))
        .map((m) => m.kind),
    ).toEqual(['cashOut']);
  });

  it('says it did not complete, with the reason, when a hedge lapsed', async () => {
    const lapsed = hedge({ status: 'LAPSED', reason: 'The market was suspended during the bet delay.' });
    const { store } = storeAnswering([[hedge()], [lapsed]]);
    store.cashedOut('1.1', '-0.97', [hedge()]);
    await vi.advanceTimersByTimeAsync(1000 + DELAY_GRACE_MS);
    const kinds = store.get().messages.map((m) => m.kind);
    expect(kinds).toContain('cashOutFailed');
    expect(kinds).not.toContain('cashOut');
    expect(kinds).not.toContain('cashingOut');
    expect(store.get().messages.find((m) => m.kind === 'cashOutFailed')!.bet!.reason).toBe(lapsed.reason);
  });

  it('says it is cashed out when the hedge is first seen already settled (it matched in full)', async () => {
    const settled = hedge({ status: 'WON', matched_stake: '100.00', profit_loss: '5.00' });
    const { store } = storeAnswering([[settled]]);
    store.cashedOut('1.1', '-0.97', [hedge()]);
    await vi.advanceTimersByTimeAsync(1000 + DELAY_GRACE_MS);
    expect(store.get().messages.map((m) => m.kind)).toContain('cashOut');
    expect(store.get().messages.map((m) => m.kind)).not.toContain('cashOutFailed');
  });

  it('says it is cashed out at once when no hedge waits a delay', () => {
    const { store } = storeAnswering([[]]);
    store.cashedOut('1.1', '12.00', [hedge({ status: 'MATCHED', matched_stake: '100.00', delay_until: null })]);
    expect(store.get().messages.map((m) => m.kind)).toEqual(['cashOut']);
  });
});

describe('a fresh page', () => {
  it('does not say again what happened to a bet it never saw open (the bell keeps those)', async () => {
    const { store } = storeAnswering([[bet({ id: '5', status: 'LAPSED', matched_stake: '0.00', placed_at: new Date().toISOString() })]]);
    await store.marketChanged('1.1');
    expect(store.get().messages).toEqual([]);
  });
});
