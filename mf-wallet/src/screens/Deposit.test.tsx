import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@khela/web';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { current, renderScreen } from '../../test/render';
import { Funds } from './Funds';

const methods = [
  { id: 1, name: 'bKash', icon: null, status: 'active', account_type: 'Agent', deposit: true, withdraw: true },
  {
    id: 4,
    name: 'E-Wallet',
    icon: null,
    status: 'active',
    account_type: { type: 'ewallet', pgs: [{ name: 'Nagad', code: 'nagad', icon: null }] },
    deposit: true,
    withdraw: false,
  },
];
const user = (verified: boolean) => ({ user: { session_id: verified ? '1' : '0', phone: '01712345678' } });

function base(verified = true, pending = false) {
  responders.set('GET /api/showpayment-menthod', () => ({ success: true, data: methods }));
  responders.set('GET /api/promotion', () => []);
  responders.set('GET /api/user/show', () => user(verified));
  responders.set('GET /api/transaction/show', () => ({ transactions: pending ? [{ action: 'deposit', key: '0' }] : [] }));
  responders.set('GET /api/get-wallet-number', () => [{ id: 1, account_number: '01711000001' }]);
}

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
  localStorage.setItem('remote_id', '7');
});

const submit = () => userEvent.click(screen.getByTestId('deposit-submit'));
const modalText = async () => within(await screen.findByRole('dialog')).getByTestId('error-modal-message').textContent;
const closeModal = () =>
  userEvent.click(
    within(screen.getByRole('dialog')).getByRole('button', { name: 'Close', hidden: false }).closest('div')!.querySelector('button')!,
  );

describe('Deposit', () => {
  it('shows the section 8 messages in order: amount, method, channel', async () => {
    base();
    renderScreen(<Funds />, '/deposit');
    await screen.findByTestId('method-bKash');
    await submit();
    expect(await modalText()).toBe('Please fill in your amount.');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: '৳1,000' }));
    await submit();
    expect(await modalText()).toBe('Please select a valid payment method.');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('method-E-Wallet'));
    await submit();
    expect(await modalText()).toBe('Please select a Deposit channel.');
  });

  it('refuses an unverified phone with the profile link, and a pending deposit', async () => {
    base(false);
    renderScreen(<Funds />, '/deposit');
    await screen.findByTestId('method-bKash');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/show')).toBe(true));
    await submit();
    expect(await modalText()).toContain('Please verify your phone number first.');
    expect(screen.getByTestId('profile-link').getAttribute('href')).toBe('/profile');
  });

  it('submits with "Submitting..." disabled and an Idempotency-Key, then goes to /payment-request', async () => {
    base();
    let release!: (v: unknown) => void;
    responders.set('POST /api/submit-deposit', () => new Promise((r) => (release = r)));
    renderScreen(<Funds />, '/deposit');
    await userEvent.click(await screen.findByTestId('method-bKash'));
    await userEvent.click(screen.getByRole('button', { name: '৳1,000' }));
    expect(await screen.findByText('01711000001')).toBeTruthy();
    await submit();
    const button = screen.getByTestId('deposit-submit') as HTMLButtonElement;
    expect(button.textContent).toBe('Submitting...');
    expect(button.disabled).toBe(true);
    const call = calls.find((c) => c.path === '/api/submit-deposit')!;
    expect(call.opts.body).toMatchObject({ amount: '1000', payment_id: 1, account_number: '01711000001', remote_id: '7' });
    expect(call.opts.idempotencyKey).toMatch(/.{16,}/);
    release({ success: true, message: 'ok', transaction_id: 'D1', amount: '1000.00' });
    await screen.findByTestId('elsewhere');
    expect(current.path).toBe('/payment-request');
  });

  it('shows the server message in the error modal', async () => {
    base();
    responders.set('POST /api/submit-deposit', () => {
      throw new ApiError(
        'You already have a deposit request pending. Please wait for it to be processed before making another deposit.',
        409,
        { code: 'pending' },
      );
    });
    renderScreen(<Funds />, '/deposit');
    await userEvent.click(await screen.findByTestId('method-bKash'));
    await userEvent.click(screen.getByRole('button', { name: '৳500' }));
    await submit();
    expect(await modalText()).toBe(
      'You already have a deposit request pending. Please wait for it to be processed before making another deposit.',
    );
  });
});
void closeModal;
