export * from './ledger';
export { toMinor, fromMinor, parseMinor, InvalidAmount } from './money';
