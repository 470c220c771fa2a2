import React, { Component, useEffect, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { Router, useLocation, useNavigate, type Navigator, type To } from 'react-router';
import { CacheProvider, Global, css } from '@emotion/react';
import createCache from '@emotion/cache';
import { I18nextProvider } from 'react-i18next';
import type { HostProps } from './host';
import { i18n, initialLocale } from './i18n';
import { bus } from './bus';
import { createApiClient, type ApiClient } from './api/client';
import { startPushRelay } from './push';
import { completeLogin, logout, type LoginResult } from './session';
import { useLoggedIn } from './hooks';
import { ofetch } from 'ofetch';
import { AreaFallback } from './ui/kit';
import { theme } from './ui/theme';

const HostContext = React.createContext<HostProps | null>(null);

/** The shell's facade inside a remote: navigate, bus, API client, locale, isMobile. */
export function useHost(): HostProps {
  const ctx = React.useContext(HostContext);
  if (!ctx) throw new Error('useHost() outside a remote root');
  return ctx;
}

function toPath(to: To): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
}

/** Mirrors the shell's location into the remote's own router; navigation goes back through the shell. */
function HostRouter({ host, children }: { host: HostProps; children: ReactNode }) {
  const navigator = useMemo<Navigator>(
    () => ({
      createHref: (to) => toPath(to),
      go: (delta) => window.history.go(delta),
      push: (to, state) => host.navigate(toPath(to), { state }),
      replace: (to, state) => host.navigate(toPath(to), { state, replace: true }),
    }),
    [host.navigate],
  );
  return (
    <Router location={host.location} navigator={navigator} basename={host.basePath || '/'}>
      {children}
    </Router>
  );
}

class RenderBoundary extends Component<{ name: string; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.name}] render error`, error, info.componentStack);
  }
  override render() {
    if (this.state.error) {
      return (
        <AreaFallback
          testId="remote-render-error"
          message={i18n.t('common:remoteCrashed')}
          onRetry={() => this.setState({ error: null })}
        />
      );
    }
    return this.props.children;
  }
}

/** Records every React copy that renders, so a test can prove the singleton holds (one copy per page). */
export function recordReactCopy(): void {
  const g = globalThis as { __KHELA_REACT_COPIES__?: Set<unknown>; __KHELA_REACT_DOM_COPIES__?: Set<unknown> };
  (g.__KHELA_REACT_COPIES__ ??= new Set()).add(React);
  (g.__KHELA_REACT_DOM_COPIES__ ??= new Set()).add(ReactDOMClient);
}

function RemoteRoot({ App, name, host }: { App: ComponentType; name: string; host: HostProps }) {
  recordReactCopy();
  const cache = useMemo(() => createCache({ key: name.replace(/[^a-z]/g, '') || 'remote' }), [name]);
  // the shell passes the locale, but the bus is the source of truth when it changes mid-mount
  useEffect(() => {
    if (i18n.language !== host.locale) void i18n.changeLanguage(host.locale);
  }, [host.locale]);
  return (
    <CacheProvider value={cache}>
      <I18nextProvider i18n={i18n}>
        <HostContext.Provider value={host}>
          <HostRouter host={host}>
            <RenderBoundary name={name}>
              <App />
            </RenderBoundary>
          </HostRouter>
        </HostContext.Provider>
      </I18nextProvider>
    </CacheProvider>
  );
}

/**
 * single-spa lifecycles (bootstrap/mount/unmount/update) for a remote's app. The shell mounts
 * them as a Parcel and passes HostProps; props updates (new location, locale) re-render in place.
 */
export function defineRemote(App: ComponentType, options: { name: string }) {
  return singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: (props: HostProps & Record<string, unknown>) => <RemoteRoot App={App} name={options.name} host={props} />,
    errorBoundary: (err: Error) => (
      <AreaFallback testId="remote-render-error" message={`${i18n.t('common:remoteCrashed')} (${err.message})`} />
    ),
  });
}

export function defaultApiBase(): string {
  const env = (globalThis as { __KHELA_API__?: string }).__KHELA_API__;
  if (env) return env;
  if (typeof location === 'undefined') return 'http://127.0.0.1:4000';
  return `${location.protocol}//${location.hostname}:4000`;
}

let pageApi: ApiClient | null = null;
/** The page's API client (one per tab, shared by the shell and all remotes). */
export function pageApiClient(): ApiClient {
  return (pageApi ??= createApiClient({ baseURL: defaultApiBase() }));
}

export const globalStyles = css`
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; background: ${theme.color.bg}; color: ${theme.color.text}; font-family: ${theme.font.family}; }
  a { color: ${theme.color.brand}; }
  button { font-family: inherit; }
`;

function useIsMobile(): boolean {
  const query = `(max-width: ${theme.mobileMax}px)`;
  const [m, setM] = useState(() => (typeof matchMedia === 'undefined' ? true : matchMedia(query).matches));
  useEffect(() => {
    if (typeof matchMedia === 'undefined') return;
    const mql = matchMedia(query);
    const on = () => setM(mql.matches);
    mql.addEventListener('change', on);
    return () => mql.removeEventListener('change', on);
  }, []);
  return m;
}
export { useIsMobile };

/** Turns the browser location + router navigate into HostProps (used by the shell and the QA host). */
export function useHostProps(basePath = ''): HostProps {
  const loc = useLocation();
  const nav = useNavigate();
  const isMobile = useIsMobile();
  const [locale, setLocale] = useState(initialLocale());
  useEffect(() => {
    const s = bus.on('locale').subscribe(({ locale: l }) => setLocale(l));
    return () => s.unsubscribe();
  }, []);
  const navigate = React.useCallback<HostProps['navigate']>((to, o) => nav(to, { replace: o?.replace, state: o?.state }), [nav]);
  return {
    basePath,
    bus,
    api: pageApiClient(),
    locale,
    isMobile,
    navigate,
    location: { pathname: loc.pathname, search: loc.search, hash: loc.hash, state: loc.state, key: loc.key },
  };
}

function readLocation(): HostProps['location'] {
  return { pathname: location.pathname, search: location.search, hash: location.hash, state: history.state, key: String(history.length) + location.href };
}

/** HostProps for the standalone QA page: the browser's history without a router of its own (the remote brings one). */
function useStandaloneHostProps(): HostProps {
  const [loc, setLoc] = useState(readLocation);
  const isMobile = useIsMobile();
  const [locale, setLocaleState] = useState(initialLocale());
  useEffect(() => {
    const onPop = () => setLoc(readLocation());
    window.addEventListener('popstate', onPop);
    const s = bus.on('locale').subscribe(({ locale: l }) => setLocaleState(l));
    return () => {
      window.removeEventListener('popstate', onPop);
      s.unsubscribe();
    };
  }, []);
  const navigate = React.useCallback<HostProps['navigate']>((to, o) => {
    if (o?.replace) history.replaceState(o?.state ?? null, '', to);
    else history.pushState(o?.state ?? null, '', to);
    setLoc(readLocation());
  }, []);
  return { basePath: '', bus, api: pageApiClient(), locale, isMobile, navigate, location: loc };
}

function StandaloneHost({ App, name }: { App: ComponentType; name: string }) {
  const host = useStandaloneHostProps();
  const [balance, setBalance] = useState<string | null>(null);
  useEffect(() => {
    const relay = startPushRelay(host.api, bus);
    const s = bus.on('balance').subscribe((b) => setBalance(b.balance));
    return () => {
      relay.stop();
      s.unsubscribe();
    };
  }, []);
  return (
    <>
      <Global styles={globalStyles} />
      <div
        data-testid="standalone-bar"
        css={css`display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center;padding:8px 12px;background:#000;color:#fff;font-size:13px;`}
      >
        <strong>{name} · standalone QA host</strong>
        <span>API {host.api.baseURL}</span>
        <span data-testid="standalone-balance">{balance ? `Balance ${balance}` : 'Not logged in'}</span>
        <QaLogin />
        <select aria-label="Language" value={host.locale} onChange={(e) => bus.publish('locale', { locale: e.target.value as 'en' | 'bn' })}>
          <option value="en">English</option>
          <option value="bn">বাংলা</option>
        </select>
      </div>
      <RemoteRoot App={App} name={name} host={host} />
    </>
  );
}

/** The QA host's own log-in, so a remote that needs a player can be tested without the account remote. */
function QaLogin() {
  const loggedIn = useLoggedIn();
  const [error, setError] = useState('');
  if (loggedIn) {
    return <button onClick={() => logout('user')}>Log out</button>;
  }
  return (
    <form
      css={css`display:flex;gap:4px;`}
      onSubmit={async (e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        try {
          const res = await ofetch<LoginResult>(pageApiClient().url('/api/login'), {
            method: 'POST',
            body: { username: form.get('username'), password: form.get('password') },
          });
          setError('');
          completeLogin(res);
        } catch (err) {
          setError((err as { data?: { message?: string } }).data?.message ?? 'Login failed');
        }
      }}
    >
      <input name="username" aria-label="Username" placeholder="username" defaultValue="demo1234" size={10} />
      <input name="password" aria-label="Password" placeholder="password" type="password" defaultValue="demo1234" size={10} />
      <button type="submit">QA log in</button>
      {error && <span role="alert">{error}</span>}
    </form>
  );
}

/** `pnpm --filter <remote> dev`: the remote alone in a browser against the real API. */
export function runStandalone(App: ComponentType, options: { name: string; container?: HTMLElement }) {
  const el = options.container ?? document.getElementById('root');
  if (!el) throw new Error('No #root element');
  ReactDOMClient.createRoot(el).render(<StandaloneHost App={App} name={options.name} />);
}
