import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { HostProvider } from '../host/context';
import { createPageRuntime } from '../host/page-runtime';
import type { HostProps } from '../host/host';
import { useBalance, usePlayer } from './hooks';

/*
 * Issue 31: the render server renders every page as a visitor (the token stays in the browser). A logged-in player's
 * browser hydrates that markup with the visitor's values (useSyncExternalStore's server snapshot), without a
 * mismatch, then shows the player's own.
 */
function Header() {
  const player = usePlayer();
  const balance = useBalance();
  return <header>{player ? `${player.username} ${balance?.balance ?? '…'}` : 'Log in'}</header>;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => localStorage.clear());

describe('session hooks over server markup', () => {
  it("hydrates a logged-in player's page from the visitor's markup without a mismatch, then shows the player", async () => {
    const runtime = createPageRuntime({ apiBase: 'http://api.test' });
    const host = { basePath: '', isMobile: true, navigate: () => undefined, ...runtime.servicesFor('test') } as unknown as HostProps;
    const tree = (
      <HostProvider host={host}>
        <Header />
      </HostProvider>
    );
    // the server's render: no token there
    const html = renderToString(tree);
    expect(html).toBe('<header>Log in</header>');

    // the browser: the player's session is in local storage
    localStorage.setItem('token', 't1');
    localStorage.setItem('username', 'demo1234');
    localStorage.setItem('balance', '100.00');
    const browser = createPageRuntime({ apiBase: 'http://api.test' });
    const el = document.createElement('div');
    el.innerHTML = html;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        el,
        <HostProvider host={{ ...host, ...browser.servicesFor('test') }}>
          <Header />
        </HostProvider>,
        { onRecoverableError: (e) => errors.push(e) },
      );
    });
    expect(errors).toEqual([]);
    expect(el.textContent).toBe('demo1234 100.00');
  });
});
