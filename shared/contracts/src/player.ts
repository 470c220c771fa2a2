// The player site's part of the contracts: everything but the back-office schemas. The federated apps share this
// module (shared/build/federation.mjs) rather than the whole package, so a player's phone never downloads the staff
// endpoints (about half the package); the server and the back office import the whole package (index.ts).
export * from './schemas/player';
export * from './rules/market-block';
export * from './rules/money';
export * from './rules/dhaka-time';
export * from './rules/wallet-status';
export * from './rules/idempotency';
export * from './rules/safe-link';
export * from './rules/payer-trx';
export * from './events';
export * from './rules/price-ladder';
export * from './rules/exchange';
export * from './rules/exchange-maths';
export * from './rules/market-rules';
export * from './rules/protection';
export * from './rules/debt';
export * from './rules/linked-accounts';
export * from './schemas/kyc';
