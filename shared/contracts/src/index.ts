// @khela/contracts: what the browser and the server agree on. No React, no DOM, no Node: only zod.
// (Node-only helpers live under src/node and are imported by subpath, e.g. '@khela/contracts/signing'.)
export * from './schemas/index';
export * from './rules/market-block';
export * from './rules/money';
export * from './rules/dhaka-time';
export * from './rules/wallet-status';
export * from './rules/idempotency';
export * from './rules/safe-link';
export * from './events';
export * from './rules/price-ladder';
export * from './rules/exchange';
export * from './rules/protection';
