// The exchange's in-process matching and position core: pure functions and classes, no database, no HTTP.
export * from '@khela/contracts';
export * from './order-book';
export * from './position';
