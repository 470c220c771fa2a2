import { useRoutes } from 'react-router';
import './i18n';
import './state';
import { ExchangeFrame } from './components/ExchangeFrame';
import { routes } from './routes';

function Screens() {
  return useRoutes(routes);
}

/** The exchange remote: every screen inside the exchange frame (routes.tsx names them). */
export function App() {
  return (
    <ExchangeFrame>
      <Screens />
    </ExchangeFrame>
  );
}
