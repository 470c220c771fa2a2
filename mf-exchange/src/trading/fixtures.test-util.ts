// Test data of the exchange's bets (imported by tests only).
import type { Bet } from './store';

export function bet(over: Partial<Bet> = {}): Bet {
  return {
    id: '1',
    market_id: '1.1',
    market_name: 'Match Odds',
    market_kind: 'MATCH_ODDS',
    event_id: 'e1',
    event_name: 'Bangladesh v India',
    selection_id: '101',
    selection_name: 'Bangladesh',
    side: 'BACK',
    price: 2.5,
    line: null,
    rate: null,
    stake: '100.00',
    matched_stake: '100.00',
    unmatched_stake: '0.00',
    avg_price: 2.5,
    status: 'MATCHED',
    persistence: 'LAPSE',
    reason: null,
    potential_profit: '150.00',
    potential_liability: '100.00',
    profit_loss: null,
    placed_at: new Date().toISOString(),
    delay_until: null,
    settled_at: null,
    ...over,
  };
}

export const listAnswer = (data: Bet[]) => ({ data, page: 1, last_page: 1, total: data.length });
export const betAnswer = (b: Bet, exposure = '100.00') => ({ bet: b, balance: '5000.00', available: '4900.00', exposure });
