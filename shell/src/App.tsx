import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Global } from '@emotion/react';
import { I18nextProvider } from 'react-i18next';
import { bus, globalStyles, i18n, startPushRelay, useHostProps, useLoggedIn, logout, pageApiClient, Spinner } from '@khela/web';
import { ALIASES, isGuarded, remoteFor } from './routes';
import { Layout } from './layout/Layout';
import { useAfterFirstPaint } from './layout/after-first-paint';
import { Home } from './screens/Home';
import { NotFound } from './screens/NotFound';
import './i18n';

// bootstrap takes the early requests of index.html over through this, without another chunk
export { primeContent } from './layout/content';

// Home is the first paint of most visits and stays in the main bundle; the other shell screens load on demand.
const Promotions = lazy(() => import('./screens/Promotions').then((m) => ({ default: m.Promotions })));
const AppDownload = lazy(() => import('./screens/AppDownload').then((m) => ({ default: m.AppDownload })));
const Affiliate = lazy(() => import('./screens/InfoPages').then((m) => ({ default: m.Affiliate })));
const Ambassador = lazy(() => import('./screens/InfoPages').then((m) => ({ default: m.Ambassador })));
// remote areas (single-spa parcels) are not part of the shell's own pages: their code is fetched right
// after the first paint, off the home page's critical path, and is ready by the first click
const loadRemoteArea = () => import('./federation/RemoteArea');
const RemoteArea = lazy(() => loadRemoteArea().then((m) => ({ default: m.RemoteArea })));

/** The shell: layout, routing to remotes, the route guard, and the push relay onto the bus. */
export function App() {
  const host = useHostProps();
  const loggedIn = useLoggedIn();
  const { pathname, search } = useLocation();
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (painted) void loadRemoteArea();
  }, [painted]);
  // set the moment a logout is published, before React re-renders, so the guard below sends
  // the player home (spec 4) rather than to /login when they log out on a protected page
  const loggedOutFrom = useRef<string | null>(null);
  useEffect(() => {
    if (pathname !== loggedOutFrom.current) loggedOutFrom.current = null;
  }, [pathname]);

  useEffect(() => {
    const relay = startPushRelay(pageApiClient(), bus);
    const subs = [
      bus.on('logout').subscribe(() => {
        loggedOutFrom.current = window.location.pathname;
        host.navigate('/');
      }),
    ];
    return () => {
      relay.stop();
      subs.forEach((s) => s.unsubscribe());
    };
  }, []);

  let content: React.ReactNode;
  const alias = ALIASES[pathname];
  const remote = remoteFor(pathname);
  if (alias) {
    content = <Navigate to={alias} replace />;
  } else if (pathname === '/player/logout') {
    content = <LogoutRoute />;
  } else if (!loggedIn && isGuarded(pathname)) {
    content = loggedOutFrom.current === pathname ? (
      <Navigate to="/" replace />
    ) : (
      <Navigate to="/login" replace state={{ from: `${pathname}${search}` }} />
    );
  } else if (remote) {
    // keyed by remote: moving between two screens of one remote updates it in place
    content = (
      <Suspense fallback={<Spinner />}>
        <RemoteArea key={remote} remote={remote} host={host} />
      </Suspense>
    );
  } else {
    content = (
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route path="/" element={<Home />} />
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
    <I18nextProvider i18n={i18n}>
      <Global styles={globalStyles} />
      <Layout>{content}</Layout>
    </I18nextProvider>
  );
}

function LogoutRoute() {
  useEffect(() => {
    logout('user');
  }, []);
  return <Navigate to="/" replace />;
}
