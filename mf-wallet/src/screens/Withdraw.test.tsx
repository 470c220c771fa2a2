import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@khela/web';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { current, renderScreen } from '../../test/render';
import { Funds } from './Funds';

const bkash = { id: 1, name: 'bKash', icon: null, status: 'active', account_type: 'Agent', deposit: true, withdraw: true };

function base(check: () => unknown = () => ({ success: true, message: 'OK' })) {
  responders.set('GET /api/showpayment-menthod', () => ({ success: true, data: [bkash] }));
  responders.set('GET /api/userwithdrawcheck', check);
  responders.set('GET /api/user/show', () => ({ user: { session_id: '1' } }));
  responders.set('GET /api/transaction/show', () => ({ transactions: [] }));
}

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
  localStorage.setItem('remote_id', '7');
});

const modalText = async () => within(await screen.findByRole('dialog')).getByTestId('error-modal-message').textContent;

describe('Withdraw', () => {
  it('hides methods while withdrawal_status is 0', async () => {
    responders.set('GET /api/showpayment-menthod', () => ({ success: false, data: [], message: 'x' }));
    base();
    responders.set('GET /api/showpayment-menthod', () => ({ success: false, data: [] }));
    renderScreen(<Funds />, '/withdrawal');
    expect(await screen.findByText('No widthdraw methods available. Try again later.')).toBeTruthy();
    expect(screen.queryByTestId('method-bKash')).toBeNull();
  });

  it('asks for the turnover on a failed check, and links the profile for the Date of Birth', async () => {
    base(() => {
      throw new ApiError('Something about turnover', 400, { success: false });
    });
    const { unmount } = renderScreen(<Funds />, '/withdrawal');
    expect((await screen.findByTestId('withdraw-check')).textContent).toContain('Please complete your turnover and try again.');
    unmount();
    base(() => {
      throw new ApiError('Please set your Date of Birth in your profile before making a withdrawal.', 400, { success: false });
    });
    renderScreen(<Funds />, '/withdrawal');
    const box = await screen.findByTestId('withdraw-check');
    expect(box.textContent).toContain('Date of Birth');
    expect(within(box).getByRole('link').getAttribute('href')).toBe('/profile');
  });

  it('validates amount, account number, method in order, then submits', async () => {
    base();
    responders.set('POST /api/submit-withdraw', () => ({
      success: true,
      message: 'Withdrawal successful!',
      transaction_id: 'W1',
      amount: '500.00',
      balance: '4500.00',
    }));
    renderScreen(<Funds />, '/withdrawal');
    await screen.findByTestId('method-bKash');
    const submit = () => userEvent.click(screen.getByTestId('withdraw-submit'));
    await submit();
    expect(await modalText()).toBe('Amount is required.');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: '৳500' }));
    await submit();
    expect(await modalText()).toBe('Account number is required.');
    await userEvent.keyboard('{Escape}');
    await userEvent.type(screen.getByLabelText('Account number'), '01712345678');
    await submit();
    expect(await modalText()).toBe('Please select your payment method.');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('method-bKash'));
    await submit();
    await screen.findByTestId('elsewhere');
    expect(current.path).toBe('/payment-request');
    expect(calls.find((c) => c.path === '/api/submit-withdraw')!.opts.body).toMatchObject({
      amount: '500',
      account_number: '01712345678',
      payment_id: 1,
    });
  });
});
