import { useRoutes } from 'react-router';
import './i18n';
import { routes } from './routes';

/** Money screens (routes.tsx); the shell guards all but /make-payment. */
export function App() {
  return useRoutes(routes);
}
