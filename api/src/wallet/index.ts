// The wallet domain: deposits, withdrawals, e-wallet gateway, deposit confirmations, records, turnover.
export { default as walletRoutes } from './routes';
export { recordTurnover, hasActiveTurnover, bonusFor, requiredTurnover } from '../core/turnover';
export type { TurnoverProgress } from '../core/turnover';
