// One file of endpoint schemas per API domain; the server and the browser import the same objects.
export * from '../endpoint';
export * from './core';
export * from './content';
export * from './identity';
export * from './challenge';
export * from './wallet';
export * from './casino';
export * from './exchange';
export * from './exchange-trader';
export * from './feed';
export * from './chat';
export * from './protection';
export * from './transfer';
