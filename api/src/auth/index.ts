export * from './sessions';
export * from './passwords';
