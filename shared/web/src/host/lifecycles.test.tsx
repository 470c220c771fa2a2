import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router';
import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { defineRemote, RemoteRoot } from './lifecycles';
import { createPageRuntime } from './page-runtime';
import type { HostProps } from './host';

function App() {
  const loc = useLocation();
  return (
    <Routes>
      <Route
        path="/deposit"
        element={
          <div>
            deposit screen <Link to="/withdrawal?x=1">go withdraw</Link>
          </div>
        }
      />
      <Route path="/withdrawal" element={<div>withdraw screen {loc.search}</div>} />
      <Route path="/boom" element={<Boom />} />
    </Routes>
  );
}
function Boom(): never {
  throw new Error('kaboom');
}

function hostProps(pathname: string, navigate: HostProps['navigate']): HostProps & { domElement: HTMLElement; name: string } {
  return {
    name: 'test',
    domElement: document.body.appendChild(document.createElement('div')),
    basePath: '',
    ...createPageRuntime({ apiBase: 'http://api.test' }).servicesFor('test'),
    isMobile: true,
    navigate,
    location: { pathname, search: '', hash: '', state: null, key: pathname },
  };
}

// single-spa-react resolves mount/update from inside React's commit, so act() must not wrap the await itself
async function settle(p: Promise<unknown>) {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  await p;
}
async function mountRemote(lc: ReturnType<typeof defineRemote>, props: object) {
  await lc.bootstrap(props as never);
  await settle(lc.mount(props as never));
}

describe('defineRemote lifecycles', () => {
  it('mounts at the shell location and sends its navigations to the shell', async () => {
    const lc = defineRemote(App, { name: 'wallet' });
    const navigate = vi.fn();
    const props = hostProps('/deposit', navigate);
    await mountRemote(lc, props);
    expect(await screen.findByText(/deposit screen/)).toBeTruthy();
    await act(async () => screen.getByText('go withdraw').click());
    expect(navigate).toHaveBeenCalledWith('/withdrawal?x=1', expect.objectContaining({}));
    // the shell answers with a new location in the props: the remote follows without remounting
    await settle(
      lc.update!({ ...props, location: { pathname: '/withdrawal', search: '?x=1', hash: '', state: null, key: 'k2' } } as never),
    );
    expect(await screen.findByText(/withdraw screen \?x=1/)).toBeTruthy();
    await settle(lc.unmount(props as never));
    expect(screen.queryByText(/withdraw screen/)).toBeNull();
  });

  it('contains a render error inside the remote with a Retry fallback', async () => {
    const lc = defineRemote(App, { name: 'casino' });
    const props = hostProps('/boom', vi.fn());
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    await mountRemote(lc, props);
    expect(await screen.findByTestId('remote-render-error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    spy.mockRestore();
    await settle(lc.unmount(props as never));
  });

  it("hydrates the server's markup of its area (data-ssr-root) and renders a fresh root anywhere else", async () => {
    const lc = defineRemote(App, { name: 'wallet' });
    const props = hostProps('/deposit', vi.fn());
    // the render server's markup of the area (RemoteRoot, its own emotion cache), in the element the shell hands in
    props.domElement.setAttribute('data-ssr-root', '');
    props.domElement.innerHTML = renderToString(<RemoteRoot App={App} name="wallet" host={props} cache={createCache({ key: 'wallet' })} />);
    const serverLink = props.domElement.querySelector('a');
    const g = globalThis as { __KHELA_HYDRATION_ERRORS__?: unknown[] };
    g.__KHELA_HYDRATION_ERRORS__ = [];
    await mountRemote(lc, props);
    // the same element answers: hydrated, not replaced
    expect(screen.getByText('go withdraw')).toBe(serverLink);
    await act(async () => serverLink!.click());
    expect(props.navigate).toHaveBeenCalledWith('/withdrawal?x=1', expect.objectContaining({}));
    expect(g.__KHELA_HYDRATION_ERRORS__).toEqual([]);
    await settle(lc.unmount(props as never));

    // an element without the server's mark: its content is replaced by a fresh root
    const plain = hostProps('/deposit', vi.fn());
    plain.domElement.innerHTML = '<a>stale</a>';
    const stale = plain.domElement.querySelector('a');
    await mountRemote(lc, plain);
    expect(screen.getByText('go withdraw')).not.toBe(stale);
    expect(stale!.isConnected).toBe(false);
    await settle(lc.unmount(plain as never));
  });
});
