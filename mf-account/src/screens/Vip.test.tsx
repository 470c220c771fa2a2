import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, resetHost, responders, testHost } from '@khela/web/test/fake-host';
import { renderScreen } from '../../test/render';
import { Vip } from './Vip';

const user = (vip_coin: number, balance = '0.00') => ({
  user: {
    id: 1,
    username: 'p',
    name: null,
    phone: null,
    email: null,
    vip_coin,
    session_id: '1',
    created_at: '2024-01-01T00:00:00Z',
    dofb: null,
    email_verified_at: null,
    balance,
    currency: 'BDT',
    referral_code: 'R',
    cash_bonus: '0.00',
  },
});

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
  localStorage.setItem('remote_id', '1');
});

describe('Vip (docs/README.md#spec-5 VIP conversion)', () => {
  it('shows both minimum messages below 10 VP and mirrors VP as money', async () => {
    responders.set('GET /api/user/show', () => user(50));
    renderScreen(<Vip />, '/vip');
    expect(await screen.findByText('Expert III')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('VP to convert'), '9');
    expect(screen.getByText('Not enough points. Points must follow minimum VP required to convert.')).toBeTruthy();
    expect((screen.getByLabelText('Real money') as HTMLInputElement).value).toBe('৳9.00');
    await userEvent.click(screen.getByRole('button', { name: 'Convert VP' }));
    expect(screen.getByTestId('vip-error').textContent).toBe('Minimum VP Required: 10');
    expect(calls.some((c) => c.path === '/api/convert-vipcoin')).toBe(false);
  });

  it('converts 10 VP with an idempotency key and asks the session for the new balance', async () => {
    responders.set('GET /api/user/show', () => user(10));
    responders.set('GET /api/convert-vipcoin', () => ({ success: '10 VP converted to 10.00 BDT.', vip_coin: 0, balance: '10.00' }));
    responders.set('POST /api/balance', () => ({ balance: '10.00', currency: 'BDT' }));
    renderScreen(<Vip />, '/vip');
    await userEvent.type(screen.getByLabelText('VP to convert'), '10');
    expect(screen.queryByText('Not enough points. Points must follow minimum VP required to convert.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Convert VP' }));
    expect((await screen.findByTestId('vip-success')).textContent).toBe('10 VP converted to 10.00 BDT.');
    const call = calls.find((c) => c.path === '/api/convert-vipcoin')!;
    expect(call.opts.query).toEqual({ remote_id: '1', vip_coin: 10 });
    expect(call.opts.idempotencyKey).toBeTruthy();
    await waitFor(() => expect(testHost.session.balance$.value?.balance).toBe('10.00'));
  });
});
