import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { bus } from '@khela/web';
import '../i18n';

const host = vi.hoisted(() => ({ flags: { exchange_market: 1, status: 'active' } }));
vi.mock('@khela/web', async (orig) => {
  const actual = await orig<typeof import('@khela/web')>();
  const api = {
    call: async (endpoint: { path: string }) => {
      if (endpoint.path === '/api/market/block') return host.flags;
      if (endpoint.path === '/api/balance') return { balance: '77.00', currency: 'BDT' };
      throw new Error(`unexpected ${endpoint.path}`);
    },
  };
  return { ...actual, useHost: () => ({ api, bus: actual.bus, locale: 'en', isMobile: true }) };
});

import { ExchangeFrame, isExchangeBlocked } from './ExchangeFrame';

const frame = () =>
  render(
    <MemoryRouter initialEntries={['/exchange']}>
      <ExchangeFrame>
        <p>exchange content</p>
      </ExchangeFrame>
    </MemoryRouter>,
  );

beforeEach(() => {
  localStorage.setItem('token', 't');
  host.flags = { exchange_market: 1, status: 'active' };
});

describe('exchange frame', () => {
  it('blocks only when exchange_market is 0 and status is not active (spec 6)', () => {
    expect(isExchangeBlocked({ exchange_market: 0, status: 'inactive' })).toBe(true);
    expect(isExchangeBlocked({ exchange_market: 0, status: 'active' })).toBe(false);
    expect(isExchangeBlocked({ exchange_market: 1, status: 'inactive' })).toBe(false);
  });

  it('shows the upline popup instead of the exchange when blocked', async () => {
    host.flags = { exchange_market: 0, status: 'blocked' };
    frame();
    expect((await screen.findByTestId('exchange-blocked')).textContent).toBe(
      'Your selected section "Exchange" is currently blocked by Your Upline. Please Contact Customer Support for further assistance.',
    );
    expect(screen.queryByText('exchange content')).toBeNull();
  });

  it('shows the balance from the bus, follows new figures and drops it on logout', async () => {
    frame();
    expect(screen.getByText('exchange content')).toBeTruthy();
    bus.publish('balance', { balance: '1234.50' });
    expect((await screen.findByTestId('exchange-balance')).textContent).toMatch(/1,234\.50/);
    bus.publish('balance', { balance: '10.00' });
    expect((await screen.findByTestId('exchange-balance')).textContent).toMatch(/10\.00/);
    bus.publish('logout', { reason: 'user' });
    expect((await screen.findByTestId('exchange-balance')).textContent).toBe('—');
    expect(screen.getByTestId('exchange-exposure').textContent).toBe('0.00');
  });
});
