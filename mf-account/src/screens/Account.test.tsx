import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, resetHost, responders, sessionService } from '@khela/web/test/fake-host';
import type { ProtectionStatus } from '@khela/contracts';
import { renderScreen } from '../../test/render';
import { Account } from './Account';

const status = (limits_offer: boolean): ProtectionStatus => ({
  play: { open: true, reason: null, until: null, message: null },
  deposit: { open: true, reason: null, until: null, message: null },
  reality_check_minutes: 0,
  reality_check_ms: null,
  session_started_at: null,
  limits_offer,
});

beforeEach(() => {
  resetHost();
  localStorage.clear();
  localStorage.setItem('token', 't');
  localStorage.setItem('remote_id', '1');
  localStorage.setItem('username', 'player1');
  responders.set('GET /api/general', () => ({}));
  responders.set('GET /api/user/show', () => {
    throw new Error('not needed');
  });
});

describe('Account: responsible gaming', () => {
  it('links to the Responsible gaming page', async () => {
    responders.set('GET /api/responsible-gaming/status', () => status(false));
    renderScreen(<Account />, '/account');
    const link = screen.getByTestId('account-responsible-gaming');
    expect(link.getAttribute('href')).toBe('/responsible-gaming');
    expect(link.textContent).toBe('Responsible gaming');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/responsible-gaming/status')).toBe(true));
    expect(screen.queryByTestId('rg-offer')).toBeNull();
  });

  it('shows the limits offer at the top while the status offers it; Skip ends it', async () => {
    let offer = true;
    responders.set('GET /api/responsible-gaming/status', () => status(offer));
    responders.set('POST /api/responsible-gaming/offer-seen', () => {
      offer = false;
      return status(false);
    });
    renderScreen(<Account />, '/account');
    const card = await screen.findByTestId('rg-offer');
    expect(card.textContent).toContain('Set limits before your first deposit');
    // the first thing on the screen
    expect(card.compareDocumentPosition(screen.getByTestId('account-username')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('rg-offer-set').getAttribute('href')).toBe('/responsible-gaming');
    await userEvent.click(screen.getByTestId('rg-offer-skip'));
    await waitFor(() => expect(screen.queryByTestId('rg-offer')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/responsible-gaming/offer-seen')).toHaveLength(1);
  });
});

describe('Account: what the player owes', () => {
  it('says the debt under the main wallet while the balance carries one, and not otherwise', async () => {
    responders.set('GET /api/responsible-gaming/status', () => status(false));
    sessionService().receiveBalance({ balance: '1950.00', currency: 'BDT', exposure: '0.00', available: '0.00', owed: '1950.00' });
    renderScreen(<Account />, '/account');
    expect((await screen.findByTestId('account-owed')).textContent).toMatch(/Owed from a corrected result: .*1,950\.00/);
    sessionService().receiveBalance({ balance: '1000.00', currency: 'BDT', exposure: '0.00', available: '1000.00' });
    await waitFor(() => expect(screen.queryByTestId('account-owed')).toBeNull());
  });
});
