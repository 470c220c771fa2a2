export * from './sessions';
export * from './passwords';
export * from './session-cache';
export * from './config';
