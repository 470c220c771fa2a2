import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { resetHost, responders, sessionService, testHost } from '@khela/web/test/fake-host';
import '../i18n';
import { ExchangeFrame } from './ExchangeFrame';

const frame = () =>
  render(
    <MemoryRouter initialEntries={['/exchange']}>
      <ExchangeFrame>
        <p>exchange content</p>
      </ExchangeFrame>
    </MemoryRouter>,
  );

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
  responders.set('POST /api/balance', () => ({ balance: '77.00', currency: 'BDT' }));
});

describe('exchange frame', () => {
  it('shows the upline popup instead of the exchange when the session says it is blocked (spec 6)', async () => {
    sessionService().receiveMarketFlags({ exchange_market: 0, cs_market: 1, status: 'blocked' });
    frame();
    expect((await screen.findByTestId('exchange-blocked')).textContent).toBe(
      'Your selected section "Exchange" is currently blocked by Your Upline. Please Contact Customer Support for further assistance.',
    );
    expect(screen.queryByText('exchange content')).toBeNull();
  });

  it('shows the session balance, follows new figures and drops it on logout', async () => {
    frame();
    expect(screen.getByText('exchange content')).toBeTruthy();
    act(() => sessionService().receiveBalance({ balance: '1234.50', currency: 'BDT' }));
    expect((await screen.findByTestId('exchange-balance')).textContent).toMatch(/1,234\.50/);
    act(() => sessionService().receiveBalance({ balance: '10.00', currency: 'BDT' }));
    expect((await screen.findByTestId('exchange-balance')).textContent).toMatch(/10\.00/);
    act(() => testHost.session.logout('user'));
    expect((await screen.findByTestId('exchange-balance')).textContent).toBe('—');
    expect(screen.getByTestId('exchange-exposure').textContent).toBe('0.00');
  });

  it('the refresh button asks the session, which fetches the balance', async () => {
    frame();
    await act(async () => screen.getByRole('button', { name: /refresh/i }).click());
    expect((await screen.findByTestId('exchange-balance')).textContent).toMatch(/77\.00/);
  });
});
