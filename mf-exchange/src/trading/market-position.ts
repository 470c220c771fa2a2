import { useEffect, useRef, useState } from 'react';
import type * as schemas from '@khela/contracts';
import { useTrading, useTradingStore } from './context';
import { amountToMinor } from './maths';

export type MarketPosition = schemas.ResponseOf<typeof schemas.exchangeMarketPosition>;

/**
 * The player's position on one market while they have open bets there (none otherwise), read again whenever those
 * bets change (the market's version in the trading store moves: own bets, the per-player push, cancel, cash out).
 */
export function useMarketPosition(marketId: string): MarketPosition | undefined {
  const { openBets, marketVersions } = useTrading();
  const store = useTradingStore();
  const hasBets = (openBets ?? []).some((b) => b.market_id === marketId);
  const version = marketVersions[marketId] ?? 0;
  const [position, setPosition] = useState<MarketPosition | undefined>(undefined);
  const fetched = useRef<string | null>(null);
  useEffect(() => {
    if (!hasBets) {
      fetched.current = null;
      setPosition(undefined);
      return;
    }
    const key = `${marketId}:${version}`;
    if (fetched.current === key) return;
    fetched.current = key;
    let live = true;
    store.calls.position(marketId).then(
      (p) => live && setPosition(p),
      () => {
        fetched.current = null;
      },
    );
    return () => {
      live = false;
    };
  }, [hasBets, marketId, version, store]);
  return position;
}

/** Each runner's P&L if it wins, in minor units (the tables' `book.now`). */
export const runnerPl = (p: MarketPosition | undefined): Map<string, number> | undefined =>
  p ? new Map(p.runners.map((r) => [r.selection_id, amountToMinor(r.profit_loss)])) : undefined;
