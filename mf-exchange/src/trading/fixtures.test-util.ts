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

/** An in-play Match Odds market as the API answers it (Bangladesh v India, two runners with prices). */
export const matchOddsMarket = (version = 1, over: Record<string, unknown> = {}) => ({
  market_id: '1.1',
  event_id: 'e1',
  event_name: 'Bangladesh v India',
  sport: 'cricket',
  kind: 'MATCH_ODDS',
  name: 'Match Odds',
  status: 'OPEN',
  inplay: true,
  ball_running: false,
  bet_delay: 5,
  version,
  commission_percent: 5,
  runners: [
    {
      selection_id: '101',
      name: 'Bangladesh',
      status: 'ACTIVE',
      suspended: false,
      back: [{ price: 2.5, size: '1200.00' }],
      lay: [{ price: 2.52, size: '800.00' }],
      back_rate: null,
      lay_rate: null,
    },
    {
      selection_id: '102',
      name: 'India',
      status: 'ACTIVE',
      suspended: false,
      back: [{ price: 1.66, size: '300.00' }],
      lay: [{ price: 1.67, size: '300.00' }],
      back_rate: null,
      lay_rate: null,
    },
  ],
  fancy: null,
  result: null,
  voided: false,
  ...over,
});
