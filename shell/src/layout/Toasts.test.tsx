import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { HostProvider, createPageRuntime, type HostProps } from '@khela/web';
import { Toasts } from './Toasts';

describe('Toasts', () => {
  it('shows a message published on the bus by any remote', async () => {
    const runtime = createPageRuntime({ apiBase: 'http://api.test' });
    const host: HostProps = {
      basePath: '',
      isMobile: true,
      navigate: vi.fn(),
      location: { pathname: '/', search: '', hash: '', state: null, key: 'k' },
      ...runtime.servicesFor('shell'),
    };
    render(
      <HostProvider host={host}>
        <Toasts />
      </HostProvider>,
    );
    act(() => runtime.servicesFor('mf_casino').bus.publish('toast', { kind: 'error', message: 'User not logged in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('User not logged in');
  });
});
