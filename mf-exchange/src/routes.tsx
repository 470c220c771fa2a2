import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { ExchangeHome } from './screens/ExchangeHome';
import { InPlay } from './screens/InPlay';
import { Sports } from './screens/Sports';
import { MultiMarkets } from './screens/MultiMarkets';
import { OddsView } from './screens/OddsView';
import { ExchangeAccount } from './screens/ExchangeAccount';
import { ExchangeLogin } from './trading/ExchangeLogin';
import { ExchangeAccountPage } from './screens/account';

/** Every path of this remote and the screen that renders it; shell/src/routes.ts maps these paths to this remote. */
export const routes: RouteObject[] = [
  { path: '/exchange', element: <ExchangeHome /> },
  { path: '/exchange-inplay', element: <InPlay /> },
  { path: '/exchange-sports', element: <Sports /> },
  { path: '/exchange-multi', element: <MultiMarkets /> },
  { path: '/exchange-account', element: <ExchangeAccount /> },
  { path: '/exchange-account/:page', element: <ExchangeAccountPage /> },
  { path: '/odds-view', element: <OddsView /> },
  // spec 2: logs in to the exchange (the scoped exchange token) and forwards to it
  { path: '/exchange-login', element: <ExchangeLogin /> },
  { path: '*', element: <Navigate to="/exchange" replace /> },
];
