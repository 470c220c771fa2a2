import { useRoutes } from 'react-router';
import { routes } from './routes';
import './i18n';

/** The casino remote: the games list (/games), the game frame (/gamerun) and betting records (routes.tsx). */
export function App() {
  return useRoutes(routes);
}
