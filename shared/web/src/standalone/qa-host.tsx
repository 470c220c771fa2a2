import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import { Global, css } from '@emotion/react';
import { loginEndpoint, type Locale } from '@khela/contracts';
import { ApiError } from '../api/client';
import { defaultApiBase } from '../api/base';
import type { HostProps } from '../host/host';
import { RemoteRoot } from '../host/lifecycles';
import { createPageRuntime, type PageRuntime } from '../host/page-runtime';
import { useIsMobile } from '../host/use-is-mobile';
import { useFact } from '../session/hooks';
import { globalStyles } from '../ui/global-styles';
import { ErrorText } from '../ui/forms';

function readLocation(): HostProps['location'] {
  return {
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    state: history.state,
    key: String(history.length) + location.href,
  };
}

/** HostProps for the standalone page: the browser's history without a router of its own (the remote brings one). */
function useStandaloneHostProps(runtime: PageRuntime, name: string): HostProps {
  const [loc, setLoc] = useState(readLocation);
  const isMobile = useIsMobile();
  useEffect(() => {
    const onPop = () => setLoc(readLocation());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback<HostProps['navigate']>((to, o) => {
    if (o?.replace) history.replaceState(o?.state ?? null, '', to);
    else history.pushState(o?.state ?? null, '', to);
    setLoc(readLocation());
  }, []);
  const services = useMemo(() => runtime.servicesFor(name), [runtime, name]);
  return { basePath: '', ...services, isMobile, navigate, location: loc };
}

/** The QA host's own log-in, through the declared login endpoint, so a remote that needs a player can be tested alone. */
function QaLogin({ runtime }: { runtime: PageRuntime }) {
  const player = useFact(runtime.session.player$);
  const [error, setError] = useState('');
  if (player) return <button onClick={() => runtime.session.logout('user')}>Log out</button>;
  return (
    <form
      css={css`
        display: flex;
        gap: 4px;
      `}
      onSubmit={async (e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        try {
          const res = await runtime.api.call(loginEndpoint, {
            body: { username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') },
          });
          setError('');
          runtime.session.login(res);
        } catch (err) {
          setError(err instanceof ApiError ? err.message : 'Login failed');
        }
      }}
    >
      <input name="username" aria-label="Username" placeholder="username" defaultValue="demo1234" size={10} />
      <input name="password" aria-label="Password" placeholder="password" type="password" defaultValue="demo1234" size={10} />
      <button type="submit">QA log in</button>
      <ErrorText>{error}</ErrorText>
    </form>
  );
}

function StandaloneHost({ App, name, runtime }: { App: ComponentType; name: string; runtime: PageRuntime }) {
  const host = useStandaloneHostProps(runtime, name);
  const wallet = useFact(runtime.session.balance$);
  const locale = useFact(runtime.session.locale$);
  return (
    <>
      <Global styles={globalStyles} />
      <div
        data-testid="standalone-bar"
        css={css`
          display: flex;
          flex-wrap: wrap;
          gap: 8px 12px;
          align-items: center;
          padding: 8px 12px;
          background: #000;
          color: #fff;
          font-size: 13px;
        `}
      >
        <strong>{name} · standalone QA host</strong>
        <span>API {runtime.api.baseURL}</span>
        <span data-testid="standalone-balance">{wallet ? `Balance ${wallet.balance}` : 'Not logged in'}</span>
        <QaLogin runtime={runtime} />
        <select aria-label="Language" value={locale} onChange={(e) => runtime.session.setLocale(e.target.value as Locale)}>
          <option value="en">English</option>
          <option value="bn">বাংলা</option>
        </select>
      </div>
      <RemoteRoot App={App} name={name} host={host} />
    </>
  );
}

/**
 * `pnpm --filter <remote> dev`: the remote alone in a browser against the real API, with the same
 * session service the shell provides (push relay, balance, market block, locale).
 */
export function runStandalone(App: ComponentType, options: { name: string; container?: HTMLElement; apiBase?: string }) {
  const el = options.container ?? document.getElementById('root');
  if (!el) throw new Error('No #root element');
  const runtime = createPageRuntime({ apiBase: options.apiBase ?? defaultApiBase() });
  runtime.sessionService.start();
  ReactDOMClient.createRoot(el).render(<StandaloneHost App={App} name={options.name} runtime={runtime} />);
}
