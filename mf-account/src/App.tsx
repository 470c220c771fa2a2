import { useRoutes } from 'react-router';
import './i18n';
import { routes } from './routes';

/** The player's identity and account screens (routes.tsx); the shell guards the protected ones. */
export function App() {
  return useRoutes(routes);
}
