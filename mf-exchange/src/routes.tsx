import { lazy, useState, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { OddsView } from './screens/OddsView';

/**
 * A screen whose code is a chunk of its own (issue 31: /odds-view, the one page the render server renders, evaluated
 * every screen of the exchange while it showed one). Loaded when its route is first shown, through React.lazy (the
 * frame's Suspense boundary shows nothing meanwhile), or before that by `preload`: the parcel's mount awaits it for the
 * page it opens on (lifecycles.tsx), so that first render has the screen itself.
 */
function onDemand(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | undefined;
  const preload = () => load().then((c) => (loaded = c));
  const Lazy = lazy(() => preload().then((c) => ({ default: c })));
  function Screen() {
    // chosen once: turning from the lazy one to the loaded one later would mount the screen afresh
    const [Shown] = useState(() => loaded ?? Lazy);
    return <Shown />;
  }
  return Object.assign(Screen, { preload });
}

const ExchangeHome = onDemand(() => import('./screens/ExchangeHome').then((m) => m.ExchangeHome));
const InPlay = onDemand(() => import('./screens/InPlay').then((m) => m.InPlay));
const Sports = onDemand(() => import('./screens/Sports').then((m) => m.Sports));
const MultiMarkets = onDemand(() => import('./screens/MultiMarkets').then((m) => m.MultiMarkets));
const ExchangeAccount = onDemand(() => import('./screens/ExchangeAccount').then((m) => m.ExchangeAccount));
const ExchangeAccountPage = onDemand(() => import('./screens/account').then((m) => m.ExchangeAccountPage));
const ExchangeLogin = onDemand(() => import('./trading/ExchangeLogin').then((m) => m.ExchangeLogin));

/**
 * Every path of this remote and the screen that renders it; shell/src/routes.ts maps these paths to this remote. The
 * odds view is in the remote's own chunk (the render server's page: hydrated with it in hand); the others load on demand.
 */
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

const ON_DEMAND: Record<string, { preload(): Promise<unknown> }> = {
  '/exchange': ExchangeHome,
  '/exchange-inplay': InPlay,
  '/exchange-sports': Sports,
  '/exchange-multi': MultiMarkets,
  '/exchange-account': ExchangeAccount,
  '/exchange-login': ExchangeLogin,
};

/** The on-demand screen of `pathname`, loaded (nothing to load for the odds view or an unknown path). */
export function loadScreen(pathname: string): Promise<unknown> {
  const screen = pathname.startsWith('/exchange-account/') ? ExchangeAccountPage : ON_DEMAND[pathname];
  return screen?.preload() ?? Promise.resolve();
}
