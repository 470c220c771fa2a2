// @khela/contracts: what the browser and the server agree on. No React, no DOM, no Node: only zod.
export * from './schemas/index';
export * from './rules/market-block';
export * from './events';
