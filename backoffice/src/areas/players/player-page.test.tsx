import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StaffPlayerProfile } from '@khela/contracts';
import { ApiError } from '@khela/web';
import { fakeSession } from '../account/fake-session.test-util';
import { PlayerPage } from './PlayerPage';

const PROFILE: StaffPlayerProfile = {
  id: 7,
  username: 'alice123',
  name: 'Alice',
  phone: '01700000000',
  phone_verified: true,
  email: null,
  email_verified_at: null,
  dofb: '1990-03-01',
  currency: 'BDT',
  status: 'active',
  exchange_market: 1,
  cs_market: 0,
  referral_code: 'ABC',
  referred_by: null,
  agent_code: null,
  affiliate_code: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  last_login_at: null,
  live_sessions: 0,
  wallet: { balance: '1500.00', exposure: '0.00', available: '1500.00', pending_withdrawals: '0.00', owed: '0.00' },
  vip_coin: 3,
  cash_bonus: '0.00',
  turnover_remaining: '0.00',
};

describe('player page', () => {
  it('says a failed read of the player with Retry, and shows the page once a retry reads it', async () => {
    let fail = true;
    const fake = fakeSession(
      { role: 'support', username: 'support' },
      {
        'GET /api/operator/players/{id}': () => {
          if (fail) throw new ApiError('Player not found', 404, { message: 'Player not found' });
          return PROFILE;
        },
        'GET /api/operator/players/{id}/protection': () => {
          throw new ApiError('later', 503, {});
        },
        'GET /api/operator/players/{id}/risk-exemptions': () => ({ data: [] }),
        'GET /api/operator/players/{id}/provider-wallets': () => ({ wallets: [], transfers: [] }),
      },
    );
    render(
      fake.wrap(
        <MemoryRouter initialEntries={['/players/7']}>
          <Routes>
            <Route path="/players/:id" element={<PlayerPage />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    const failed = await screen.findByTestId('player-load-error');
    expect(within(failed).getByRole('alert').textContent).toBe('Player #7 could not be loaded. Player not found');
    expect(screen.getByRole('link', { name: '← Players' })).toBeTruthy();
    expect(screen.queryByTestId('player-page')).toBeNull();

    fail = false;
    fireEvent.click(within(failed).getByRole('button'));
    expect(await screen.findByTestId('player-page')).toBeTruthy();
    expect(screen.getByTestId('wallet-balance').textContent).toBe('1500.00 BDT');
    expect(screen.getByTestId('player-flags').textContent).toBe('exchange open · casino blocked');
    expect(screen.queryByTestId('player-load-error')).toBeNull();
  });
});
