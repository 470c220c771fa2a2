import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ApiError, i18n } from '@khela/web';
import { DEBT_MESSAGES, KYC_MESSAGES, PROTECTION_MESSAGES, type ProtectionGate } from '@khela/contracts';
import { calls, published, resetHost, responders, sessionService, testBus } from '@khela/web/test/fake-host';
import { current, renderScreen } from '../../test/render';
import { Funds } from './Funds';
import { PaymentRequest } from './PaymentRequest';

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

  it('says the debt when what the player owes takes everything (code debt), not the turnover', async () => {
    const text = DEBT_MESSAGES.withdrawRefused('1950.00', 'BDT');
    base(() => {
      throw new ApiError(text, 400, { success: false, error: text, code: 'debt' });
    });
    renderScreen(<Funds />, '/withdrawal');
    const box = await screen.findByTestId('withdraw-check');
    expect(box.textContent).toContain('You owe BDT 1950.00');
    expect(box.textContent).not.toContain('turnover');
  });

  it('says the risk hold when staff closed withdrawals (code account_on_hold), not the turnover, in English and Bangla', async () => {
    const text = PROTECTION_MESSAGES.withdrawalOnHold;
    base(() => {
      throw new ApiError(text, 400, { success: false, error: text, code: 'account_on_hold' });
    });
    const { unmount } = renderScreen(<Funds />, '/withdrawal');
    const box = await screen.findByTestId('withdraw-check');
    expect(box.textContent).toContain(text);
    expect(box.textContent).not.toContain('turnover');
    unmount();
    renderScreen(<Funds />, '/withdrawal');
    act(() => sessionService().session.setLocale('bn'));
    expect((await screen.findByTestId('withdraw-check')).textContent).toContain('হোল্ডে');
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

/** The withdrawal screen and the request page it goes to, in one router (the request page reads the state). */
function renderWithdrawFlow() {
  void i18n.changeLanguage('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/withdrawal']}>
        <Routes>
          <Route path="/withdrawal" element={<Funds />} />
          <Route path="/payment-request" element={<PaymentRequest />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

async function fillAndSubmit() {
  await userEvent.click(await screen.findByTestId('method-bKash'));
  await userEvent.click(screen.getByRole('button', { name: '৳500' }));
  await userEvent.type(screen.getByLabelText('Account number'), '01712345678');
  await userEvent.click(screen.getByTestId('withdraw-submit'));
}

describe('Withdraw: responsible gambling', () => {
  it('stays usable while play and deposits are closed (self-excluded)', async () => {
    base();
    const closed: ProtectionGate = { open: false, reason: 'self_exclusion', until: null, message: 'You are self-excluded permanently.' };
    sessionService().receiveProtection({
      play: closed,
      deposit: closed,
      reality_check_minutes: 0,
      reality_check_ms: null,
      session_started_at: null,
      limits_offer: false,
    });
    responders.set('POST /api/submit-withdraw', () => ({
      success: true,
      message: 'Withdrawal successful!',
      transaction_id: 'W2',
      amount: '500.00',
      balance: '4500.00',
    }));
    renderScreen(<Funds />, '/withdrawal');
    await fillAndSubmit();
    await screen.findByTestId('elsewhere');
    expect(current.path).toBe('/payment-request');
    expect(calls.some((c) => c.path === '/api/submit-withdraw')).toBe(true);
  });

  it('tells the player a withdrawal waits for verification, and why (English, then Bangla)', async () => {
    base();
    responders.set('POST /api/submit-withdraw', () => ({
      success: true,
      message: PROTECTION_MESSAGES.verificationRequired,
      verification_required: true,
      transaction_id: 'W3',
      amount: '300000.00',
      balance: '1000.00',
    }));
    renderWithdrawFlow();
    await fillAndSubmit();
    const note = await screen.findByTestId('rg-verification-required');
    expect(note.textContent).toBe(PROTECTION_MESSAGES.verificationRequired);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verification required');
    // no "on its way" countdown for a held withdrawal
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(published.filter((p) => p.type === 'toast').map((p) => p.payload)).toEqual([{ kind: 'info', message: 'Verification required' }]);
    act(() => sessionService().session.setLocale('bn'));
    expect((await screen.findByText('যাচাই প্রয়োজন')).tagName).toBe('H1');
    expect(screen.getByTestId('rg-verification-required').textContent).toContain('১৮০ দিনে');
  });

  it('the KYC gate (code kyc_required) says to verify the identity, with the way to the profile, in English and Bangla', async () => {
    base();
    responders.set('POST /api/submit-withdraw', () => {
      throw new ApiError(KYC_MESSAGES.kycRequired, 403, { success: false, error: KYC_MESSAGES.kycRequired, code: 'kyc_required' });
    });
    renderScreen(<Funds />, '/withdrawal');
    await fillAndSubmit();
    expect(await modalText()).toBe(`${KYC_MESSAGES.kycRequired}Go to Profile`);
    expect(screen.getByTestId('profile-link').getAttribute('href')).toBe('/profile');
    await userEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' })[0]!);
    act(() => sessionService().session.setLocale('bn'));
    await i18n.changeLanguage('bn');
    await userEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await modalText()).toContain('পরিচয় যাচাই করুন');
    await i18n.changeLanguage('en');
    act(() => sessionService().session.setLocale('en'));
  });

  it('a payout to another number says staff confirm it first', async () => {
    base();
    responders.set('POST /api/submit-withdraw', () => ({
      success: true,
      message: 'Withdrawal successful!',
      transaction_id: 'W9',
      amount: '500.00',
      balance: '4500.00',
      payout_confirmation_required: true,
    }));
    renderScreen(<Funds />, '/withdrawal');
    await fillAndSubmit();
    await screen.findByTestId('elsewhere');
    expect(published.filter((p) => p.type === 'toast').map((p) => (p.payload as { message: string }).message)).toContain(
      'This number is not one of your verified numbers: our payments team confirms it with you before paying out.',
    );
  });

  it('the countdown stops when staff decide the request (the player push, relayed on the bus)', async () => {
    base();
    responders.set('POST /api/submit-withdraw', () => ({
      success: true,
      message: 'Withdrawal successful!',
      verification_required: false,
      transaction_id: 'W5',
      amount: '500.00',
      balance: '4500.00',
    }));
    renderWithdrawFlow();
    await fillAndSubmit();
    expect(await screen.findByTestId('countdown')).toBeTruthy();
    // the page subscribes in an effect, which may still be pending when the countdown shows (a loaded machine): let
    // it run before the pushes (a push published before it would be lost, and the test would fail for that reason)
    await act(async () => undefined);
    // another request's decision changes nothing here
    act(() => testBus().session.publish('payment', { transaction: 'W4', action: 'withdraw', status: 1 }));
    expect(screen.getByTestId('countdown')).toBeTruthy();
    act(() => testBus().session.publish('payment', { transaction: 'W5', action: 'withdraw', status: 2 }));
    const decided = await screen.findByTestId('request-decided');
    expect(decided.dataset.decision).toBe('rejected');
    expect(decided.textContent).toContain('money is back in your balance');
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(screen.queryByText('Your Money is on its way')).toBeNull();
    // the heading says so too (no "Get Ready!" above a rejection)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Not approved');
  });

  it('an ordinary withdrawal still says it is on its way', async () => {
    base();
    responders.set('POST /api/submit-withdraw', () => ({
      success: true,
      message: 'Withdrawal successful!',
      verification_required: false,
      transaction_id: 'W4',
      amount: '500.00',
      balance: '4500.00',
    }));
    renderWithdrawFlow();
    await fillAndSubmit();
    expect(await screen.findByTestId('countdown')).toBeTruthy();
    expect(screen.queryByTestId('rg-verification-required')).toBeNull();
    expect(published.find((p) => p.type === 'toast')!.payload).toEqual({ kind: 'success', message: 'Withdrawal successful!' });
  });

  it('says a pending withdrawal waits for verification', async () => {
    base();
    responders.set('GET /api/transaction/show', () => ({
      transactions: [{ action: 'withdraw', key: '0', verification_required: true }],
    }));
    renderScreen(<Funds />, '/withdrawal');
    const note = await screen.findByTestId('rg-withdraw-verification');
    expect(note.textContent).toContain('Your pending withdrawal waits for a verification check.');
    expect(within(note).getByRole('link').getAttribute('href')).toBe('/transaction-record');
  });
});
