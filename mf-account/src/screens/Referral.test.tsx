import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { renderScreen } from '../../test/render';
import { Referral } from './Referral';

const user = (cash_bonus: string) => ({
  user: {
    id: 1,
    username: 'p',
    name: null,
    phone: null,
    email: null,
    vip_coin: 0,
    session_id: '1',
    created_at: '2024-01-01T00:00:00Z',
    dofb: null,
    email_verified_at: null,
    balance: '0.00',
    currency: 'BDT',
    referral_code: 'CODE1234',
    cash_bonus,
  },
});

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
});

describe('Referral program', () => {
  it('shows the guide, then my code, the /referral_code link and a QR code', async () => {
    responders.set('GET /api/user/show', () => user('0.00'));
    renderScreen(<Referral />, '/refrrel-program');
    expect(screen.getByText('Send an invitation')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Refer a friend now' }));
    expect(await screen.findByText('CODE1234')).toBeTruthy();
    expect(screen.getByTestId('referral-link').textContent).toBe(`${window.location.origin}/referral_code?referral_code=CODE1234`);
    expect(((await screen.findByAltText('QR code of my referral link')) as HTMLImageElement).src).toMatch(/^data:image\/png;base64,/);
  });

  it('needs a cash bonus of at least 10 to claim all', async () => {
    responders.set('GET /api/user/show', () => user('9.99'));
    renderScreen(<Referral />, '/refrrel-program');
    await userEvent.click(screen.getByRole('tab', { name: 'My Referral' }));
    await screen.findByText('CODE1234');
    await userEvent.click(screen.getByRole('button', { name: 'Claim All' }));
    expect(screen.getByTestId('referral-notice').textContent).toBe('You need at least 10 to claim all.');
    expect(calls.some((c) => c.path === '/api/cash-claim')).toBe(false);
  });

  it('claims the bonus, and copies the link or says sharing is unsupported', async () => {
    responders.set('GET /api/user/show', () => user('50.00'));
    responders.set('POST /api/cash-claim', () => ({ message: 'Bonus Claimed successfully.', balance: '50.00', cash_bonus: '0.00' }));
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    renderScreen(<Referral />, '/refrrel-program');
    await userEvent.click(screen.getByRole('tab', { name: 'My Referral' }));
    await screen.findByText('CODE1234');
    await userEvent.click(screen.getByRole('button', { name: 'Claim All' }));
    expect((await screen.findByTestId('referral-notice')).textContent).toBe('Bonus Claimed successfully.');
    await userEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/referral_code?referral_code=CODE1234`);
    expect(screen.getByTestId('referral-notice').textContent).toBe('Referral link copied to clipboard!');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByTestId('referral-notice').textContent).toBe('Sharing is not supported on this device.');
  });
});
