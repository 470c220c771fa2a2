export { default as operatorRoutes } from './routes';
