// The exchange's in-process matching and position core: pure functions and classes, no database, no HTTP.
export * from './ladder';
export * from './order-book';
export * from './position';
