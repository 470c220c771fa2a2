import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router';
import { screen } from '@testing-library/react';
import { defineRemote } from './lifecycles';
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
});
