export { default as operatorRoutes } from './routes';
export { operatorLogin, operatorForToken, requireOperator } from './auth';
