import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { ExchangeHome } from './screens/ExchangeHome';
import { InPlay } from './screens/InPlay';
import { Sports } from './screens/Sports';
import { MultiMarkets } from './screens/MultiMarkets';
import { OddsView } from './screens/OddsView';
import { ExchangeAccount } from './screens/ExchangeAccount';
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
  // the legacy exchange log-in link: the player is already signed in to the site, so it opens the exchange
  { path: '/exchange-login', element: <Navigate to="/exchange" replace /> },
  { path: '*', element: <Navigate to="/exchange" replace /> },
];
