// The wallet domain: deposits, withdrawals, e-wallet gateway, deposit confirmations, records, turnover.
export { default as walletRoutes } from './routes';
export { recordTurnover, hasActiveTurnover, bonusFor, requiredTurnover } from './turnover';
export type { TurnoverProgress } from './turnover';
