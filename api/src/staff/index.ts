export { default as staffRoutes } from './routes';
