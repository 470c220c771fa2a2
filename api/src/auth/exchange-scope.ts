import {
  balance,
  cancelExchangeBet,
  editExchangeBet,
  cancelAllExchangeBets,
  cancelAllExchangeMarketBets,
  exchangeCashOut,
  exchangeHub,
  exchangeMarketPosition,
  exchangeMarketState,
  getMarketBlock,
  listExchangeBets,
  logoutEndpoint,
  placeExchangeBet,
  placeExchangeMarketBet,
  listExchangePins,
  addExchangePin,
  removeExchangePin,
  exchangeProfitLoss,
  exchangeActivity,
  exchangeResults,
  exchangeRunnerLadder,
  getExchangeSettings,
  updateExchangeSettings,
  type Endpoint,
} from '@khela/contracts';

/**
 * The calls the exchange makes (mf-exchange: the odds host address, its header's balance and the
 * upline block, bets, positions, cash-out and market state; and log-out, which ends the exchange token itself). The exchange token of
 * POST /api/player-login is accepted here and nowhere else; a player's own session token works on them too.
 */
export const EXCHANGE_TOKEN_ENDPOINTS: readonly Endpoint[] = [
  exchangeHub,
  balance,
  getMarketBlock,
  logoutEndpoint,
  placeExchangeBet,
  placeExchangeMarketBet,
  cancelExchangeBet,
  editExchangeBet,
  cancelAllExchangeBets,
  cancelAllExchangeMarketBets,
  listExchangeBets,
  exchangeMarketPosition,
  exchangeMarketState,
  exchangeCashOut,
  listExchangePins,
  addExchangePin,
  removeExchangePin,
  exchangeProfitLoss,
  exchangeActivity,
  exchangeResults,
  exchangeRunnerLadder,
  getExchangeSettings,
  updateExchangeSettings,
];

const allowed = new Set(EXCHANGE_TOKEN_ENDPOINTS.map((e) => `${e.method} ${e.path}`));

export const acceptsExchangeToken = (e: Pick<Endpoint, 'method' | 'path'>) => allowed.has(`${e.method} ${e.path}`);

export const EXCHANGE_TOKEN_REFUSED = 'This token is only valid on the exchange. Please log in.';
