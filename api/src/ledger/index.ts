export * from './ledger';
export { toMinor, fromMinor, parseMinor, InvalidAmount } from './money';
export { PlayerBalanceCache } from './balance-cache';
