import { createElement, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Global } from '@emotion/react';
import { I18nContext, I18nextProvider } from 'react-i18next';
import { HostProvider, globalStyles, i18n, useFact, useHost, useHydrated, useIsMobile, Spinner, type HostProps } from '@khela/web';
import { ALIASES, isGuarded, remoteFor } from './routes';
import { Layout } from './layout/Layout';
import { BlockedPopupProvider } from './layout/blocked';
import { page } from './page';
import type { RemoteName } from './federation/remotes';
import { ServerAreas } from './federation/server-areas';
import { useAfterFirstPaint } from './layout/after-first-paint';
import { HomeScreen } from './screens/home-loader';
import { NotFound } from './screens/NotFound';
import { RealityCheck } from './protection/RealityCheck';
import './i18n';

// bootstrap takes the early requests of index.html over through this, without another chunk
export { primeContent } from './layout/content';
export { loadHome } from './screens/home-loader';
export { preloadFooter } from './layout/Layout';

// The shell's screens load on demand; Home, the first paint of most visits, is preloaded on / and in hand before the
// first render there (screens/home-loader.ts), so its code (and its carousel library) stays off every other page.
/**
 * A screen loaded on demand that can be in hand before hydration: on its own path the bootstrap awaits `loadScreen`,
 * so the first render has the screen itself. A lazy one would leave the server's markup in a dehydrated boundary,
 * which React renders afresh (the screen's DOM replaced, under a tap) when the App re-renders before its chunk came.
 */
function onDemand(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | undefined;
  const preload = () => load().then((c) => (loaded = c));
  const Lazy = lazy(() => preload().then((c) => ({ default: c })));
  function Screen() {
    // chosen once: turning from the lazy one to the loaded one later would mount the screen afresh
    const [Loaded] = useState(() => loaded ?? Lazy);
    return <Loaded />;
  }
  return Object.assign(Screen, { preload });
}
const Promotions = onDemand(() => import('./screens/Promotions').then((m) => m.Promotions));
const AppDownload = onDemand(() => import('./screens/AppDownload').then((m) => m.AppDownload));
const Affiliate = onDemand(() => import('./screens/InfoPages').then((m) => m.Affiliate));
const Ambassador = onDemand(() => import('./screens/InfoPages').then((m) => m.Ambassador));
/** The on-demand screen of a path (the routes below), loaded; nothing to load on the others. */
const SCREENS: Record<string, { preload(): Promise<unknown> }> = {
  '/promotions': Promotions,
  '/page/site/component/appDownload.jsp': AppDownload,
  '/affiliate': Affiliate,
  '/ambassador': Ambassador,
};
export const loadScreen = (pathname: string): Promise<unknown> => SCREENS[pathname]?.preload() ?? Promise.resolve();
// remote areas (single-spa parcels) are not part of the shell's own pages: their code is fetched right
// after the first paint, off the home page's critical path, and is ready by the first click
const loadRemoteArea = () => import('./federation/RemoteArea');
const RemoteArea = lazy(() => loadRemoteArea().then((m) => ({ default: m.RemoteArea })));
// a remote's area the render server rendered (issue 31): its markup kept, then hydrated by the remote's parcel. In hand
// before hydration (bootstrap awaits loadServerArea on such a page): a lazy one would leave a dehydrated boundary,
// which React renders afresh (the server's DOM replaced) when the App re-renders before its chunk came (a player's
// chrome after hydration)
let serverAreaLoaded: typeof import('./federation/ServerArea').ServerArea | undefined;
export const loadServerArea = () =>
  import('./federation/ServerArea').then((m) => {
    serverAreaLoaded = m.ServerArea;
    return m;
  });
const LazyServerArea = lazy(() => loadServerArea().then((m) => ({ default: m.ServerArea })));

/** HostProps of one app on this page: the shell's router and the page runtime's services, with the app's own bus handle. */
function useHostFor(): (app: 'shell' | RemoteName) => HostProps {
  const runtime = page();
  const loc = useLocation();
  const nav = useNavigate();
  const isMobile = useIsMobile();
  const navigate = useCallback<HostProps['navigate']>((to, o) => nav(to, { replace: o?.replace, state: o?.state }), [nav]);
  const location = useMemo(
    () => ({ pathname: loc.pathname, search: loc.search, hash: loc.hash, state: loc.state, key: loc.key }),
    [loc.pathname, loc.search, loc.hash, loc.state, loc.key],
  );
  // one props object per app while nothing in it changes: a shell render that changes none of them (a login, a
  // language switch) hands each remote area the same object, so its parcel is not updated for nothing
  return useMemo(() => {
    const made = new Map<'shell' | RemoteName, HostProps>();
    return (app) => {
      let host = made.get(app);
      if (!host) made.set(app, (host = { basePath: '', location, navigate, isMobile, ...runtime.servicesFor(app) }));
      return host;
    };
  }, [runtime, location, navigate, isMobile]);
}

const visitor = () => null;

/** The shell: layout, routing to remotes and the route guard; it owns the page runtime (API client, bus, player session). */
export function App() {
  const hostFor = useHostFor();
  const shellHost = hostFor('shell');
  // the server renders as a visitor (the token stays in the browser): hydration reads that, then the player (useFact)
  const loggedIn = useFact(shellHost.session.player$, visitor) !== null;
  // the server render's language instance when it gives one (server/render.tsx renders both languages at once)
  const words = useContext(I18nContext)?.i18n ?? i18n;
  const { pathname, search } = useLocation();
  // the remote areas of the server's render, for the first screen only: a page without them ends their turn
  const serverAreas = useContext(ServerAreas);
  const [firstScreen, setFirstScreen] = useState(true);
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (painted) void loadRemoteArea();
  }, [painted]);
  // set the moment a logout is published, before React re-renders, so the guard below sends the player where the
  // logout leads (home, spec 4; /login with its notice after a password change) rather than to /login as a visitor
  const loggedOut = useRef<{ from: string; to: string; state?: unknown } | null>(null);
  useEffect(() => {
    if (pathname !== loggedOut.current?.from) loggedOut.current = null;
  }, [pathname]);

  const { bus: shellBus, navigate: shellNavigate } = shellHost;
  useEffect(() => {
    const s = shellBus.on('logout').subscribe(({ reason }) => {
      // after a password change the player logs in again at once (the spec's success text is shown there, docs/README.md#spec-8)
      const target = reason === 'password_changed' ? { to: '/login', state: { notice: 'password_changed' } } : { to: '/' };
      loggedOut.current = { from: window.location.pathname, ...target };
      shellNavigate(target.to, { state: target.state });
    });
    return () => s.unsubscribe();
  }, [shellBus, shellNavigate]);

  let content: React.ReactNode;
  const alias = ALIASES[pathname];
  const remote = remoteFor(pathname);
  // a guarded page the server rendered (issue 31 stage 2: /odds-view's public part, or any remote's page with its area
  // left to the browser): the server and the hydrating render show that page as a visitor (the chrome and the area);
  // the guard decides once hydrated (the token is read in the browser only)
  const hydrated = useHydrated();
  const area = firstScreen && remote && !alias && (loggedIn || !isGuarded(pathname) || !hydrated) ? serverAreas[remote] : undefined;
  useEffect(() => {
    if (!area && firstScreen) setFirstScreen(false);
  }, [area, firstScreen]);
  if (alias) {
    content = <Navigate to={alias} replace />;
  } else if (pathname === '/player/logout') {
    content = <LogoutRoute />;
  } else if (!loggedIn && isGuarded(pathname) && !area && !hydrated) {
    // a guarded page of the shell's own (an unknown path: the 404 is a player's) on the server and while hydrating:
    // the guard decides once hydrated, as above; until then the content is the loading state
    content = <Spinner />;
  } else if (!loggedIn && isGuarded(pathname) && !area) {
    content =
      loggedOut.current?.from === pathname ? (
        <Navigate to={loggedOut.current.to} replace state={loggedOut.current.state} />
      ) : (
        <Navigate to="/login" replace state={{ from: `${pathname}${search}` }} />
      );
  } else if (remote && area?.mode === 'server') {
    content = (
      <Suspense fallback={<Spinner />}>
        {createElement(serverAreaLoaded ?? LazyServerArea, { key: remote, remote, html: area.html, host: hostFor(remote) })}
      </Suspense>
    );
  } else if (remote && area?.mode === 'browser') {
    // the server left this area to the browser: marked, and mounted as without the render server
    content = (
      <div data-ssr-area={remote} data-ssr="browser">
        <Suspense fallback={<Spinner />}>
          <RemoteArea key={remote} remote={remote} host={hostFor(remote)} />
        </Suspense>
      </div>
    );
  } else if (remote) {
    // keyed by remote: moving between two screens of one remote updates it in place
    content = (
      <Suspense fallback={<Spinner />}>
        <RemoteArea key={remote} remote={remote} host={hostFor(remote)} />
      </Suspense>
    );
  } else {
    content = (
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route path="/" element={<HomeScreen />} />
          <Route path="/promotions" element={<Promotions />} />
          <Route path="/page/site/component/appDownload.jsp" element={<AppDownload />} />
          <Route path="/affiliate" element={<Affiliate />} />
          <Route path="/ambassador" element={<Ambassador />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    );
  }

  return (
    <I18nextProvider i18n={words}>
      <HostProvider host={shellHost}>
        <Global styles={globalStyles} />
        <BlockedPopupProvider>
          <Layout>{content}</Layout>
          {/* responsible gambling: over any page, the game frame included (a portal on the body) */}
          {loggedIn && <RealityCheck />}
        </BlockedPopupProvider>
      </HostProvider>
    </I18nextProvider>
  );
}

function LogoutRoute() {
  const { session } = useHost();
  useEffect(() => {
    session.logout('user');
  }, [session]);
  return <Navigate to="/" replace />;
}
