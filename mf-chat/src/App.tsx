import { useRoutes } from 'react-router';
import './i18n';
import { routes } from './routes';

/** The support chat remote (routes.tsx). */
export function App() {
  return useRoutes(routes);
}
