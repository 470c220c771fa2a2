import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, formatMoney, i18n } from '@khela/web';
import type { ProtectionGate, ProtectionStatus } from '@khela/contracts';
import { calls, resetHost, responders, sessionService } from '@khela/web/test/fake-host';
import { current, renderScreen } from '../../test/render';
import { Funds } from './Funds';

// the proof-of-work itself is tested in shared/web/src/challenge/solver.test.ts; here it answers at once
vi.mock('@khela/web/challenge/solver', () => ({
  solveChallenge: vi.fn(async (challenge: unknown) => ({ challenge, solution: { counter: 2, derivedKey: '0a' } })),
}));

const methods = [
  { id: 1, code: 'bkash', name: 'bKash', icon: null, status: 'active', account_type: 'Agent', deposit: true, withdraw: true },
  { id: 2, code: 'nagad', name: 'Nagad', icon: null, status: 'active', account_type: 'Personal', deposit: true, withdraw: true },
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
/** The payer's transaction id (an agent deposit needs one); the field shows once the number to pay is known. */
const typeTrx = async (trx = '8N7A6B5C4D') => {
  await screen.findByTestId('wallet-number');
  const field = document.querySelector('input[name="transaction_id"]') as HTMLInputElement;
  await userEvent.clear(field);
  if (trx) await userEvent.type(field, trx);
};
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
    // the page has its heading (issue 34 item 12)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Deposit');
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
    await typeTrx();
    await submit();
    const button = screen.getByTestId('deposit-submit') as HTMLButtonElement;
    expect(button.textContent).toBe('Submitting...');
    expect(button.disabled).toBe(true);
    const call = calls.find((c) => c.path === '/api/submit-deposit')!;
    expect(call.opts.body).toMatchObject({
      amount: '1000',
      payment_id: 1,
      account_number: '01711000001',
      remote_id: '7',
      transaction_id: '8N7A6B5C4D',
    });
    expect(call.opts.idempotencyKey).toMatch(/.{16,}/);
    release({ success: true, message: 'ok', transaction_id: 'D1', amount: '1000.00' });
    await screen.findByTestId('elsewhere');
    expect(current.path).toBe('/payment-request');
  });

  it("checks the payer's transaction id before sending: required for an agent deposit, in the method's format (issue 27)", async () => {
    base();
    responders.set('POST /api/submit-deposit', () => ({ success: true, message: 'ok', transaction_id: 'D1', amount: '500.00' }));
    renderScreen(<Funds />, '/deposit');
    await userEvent.click(await screen.findByTestId('method-bKash'));
    await userEvent.click(screen.getByRole('button', { name: '৳500' }));
    await typeTrx('');
    await submit();
    expect(await modalText()).toBe("Please enter the transaction ID of your payment: the agent's statement is matched by it.");
    await userEvent.keyboard('{Escape}');
    await typeTrx('\u200B ');
    await submit();
    expect(await modalText()).toBe("Please enter the transaction ID of your payment: the agent's statement is matched by it.");
    await userEvent.keyboard('{Escape}');
    await typeTrx('8N7A6B5C4');
    await submit();
    expect(await modalText()).toBe('A bKash transaction ID (TrxID) has 10 letters and digits, e.g. 8N7A6B5C4D.');
    expect(calls.some((c) => c.path === '/api/submit-deposit')).toBe(false);
    await userEvent.keyboard('{Escape}');
    // an invisible character and lower case are the same id: accepted here, the API compares the normalised one
    await typeTrx('8n7a6b5c4d\u200B');
    await submit();
    await screen.findByTestId('elsewhere');
    expect(calls.find((c) => c.path === '/api/submit-deposit')!.opts.body).toMatchObject({ transaction_id: '8n7a6b5c4d\u200B' });
  });

  it('a non-agent method takes the deposit without the id (sent later on make-payment)', async () => {
    base();
    responders.set('POST /api/submit-deposit', () => ({ success: true, message: 'ok', transaction_id: 'D1', amount: '500.00' }));
    renderScreen(<Funds />, '/deposit');
    await userEvent.click(await screen.findByTestId('method-Nagad'));
    await userEvent.click(screen.getByRole('button', { name: '৳500' }));
    await screen.findByTestId('wallet-number');
    await submit();
    await screen.findByTestId('elsewhere');
    expect((calls.find((c) => c.path === '/api/submit-deposit')!.opts.body as { transaction_id?: string }).transaction_id).toBeUndefined();
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
    await typeTrx();
    await submit();
    expect(await modalText()).toBe(
      'You already have a deposit request pending. Please wait for it to be processed before making another deposit.',
    );
  });
});

const OPEN: ProtectionGate = { open: true, reason: null, until: null, message: null };
const status = (over: Partial<ProtectionStatus> = {}): ProtectionStatus => ({
  play: OPEN,
  deposit: OPEN,
  reality_check_minutes: 0,
  reality_check_ms: null,
  session_started_at: null,
  limits_offer: false,
  ...over,
});
const LIMIT_MESSAGE = 'This deposit would exceed your 24-hour deposit limit of BDT 1,000.00. You can deposit up to BDT 200.00 now.';
const limitRefusal = () =>
  new ApiError(LIMIT_MESSAGE, 422, {
    success: false,
    error: LIMIT_MESSAGE,
    message: LIMIT_MESSAGE,
    code: 'rg_deposit_limit',
    until: null,
    params: { period: '24h', limit: '1000.00', remaining: '200.00', currency: 'BDT' },
  });

describe('Deposit: a failed read (issue 34 item 4)', () => {
  it('says the methods could not be loaded, with Retry, instead of an empty list; Retry shows them', async () => {
    base();
    let down = true;
    responders.set('GET /api/showpayment-menthod', () => {
      if (down) throw new ApiError('Network error, please try again later.', 0, undefined, true);
      return { success: true, data: methods };
    });
    renderScreen(<Funds />, '/deposit');
    const failed = await screen.findByTestId('deposit-methods-error');
    expect(failed.textContent).toContain('The payment methods could not be loaded. Network error, please try again later.');
    expect(screen.queryByTestId('deposit-submit')).toBeNull();
    down = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('method-bKash')).toBeTruthy();
    expect(screen.queryByTestId('deposit-methods-error')).toBeNull();
  });

  it('says so when the site offers no method, in Bangla', async () => {
    base();
    responders.set('GET /api/showpayment-menthod', () => ({ success: true, data: [] }));
    renderScreen(<Funds />, '/deposit');
    await act(() => i18n.changeLanguage('bn'));
    expect(await screen.findByText('এই মুহূর্তে কোনো পেমেন্ট পদ্ধতি নেই।')).toBeTruthy();
  });
});

describe('Deposit: responsible gambling', () => {
  it('offers limits before the first deposit; Skip tells the API, the session takes the answered status, and the offer goes', async () => {
    base();
    sessionService().receiveProtection(status({ limits_offer: true }));
    responders.set('POST /api/responsible-gaming/offer-seen', () => status());
    renderScreen(<Funds />, '/deposit');
    const offer = await screen.findByTestId('rg-deposit-offer');
    expect(offer.textContent).toContain('Set your deposit limits before your first deposit');
    expect(within(offer).getByTestId('rg-deposit-offer-set').getAttribute('href')).toBe('/responsible-gaming');
    // the form is still there: the offer is skippable, not a gate
    expect(await screen.findByTestId('deposit-submit')).toBeTruthy();
    await userEvent.click(screen.getByTestId('rg-deposit-offer-skip'));
    await waitFor(() => expect(screen.queryByTestId('rg-deposit-offer')).toBeNull());
    // the skip is told once; its answer is the new status (a status read another test left in flight may still land)
    const skips = calls.map((c) => `${c.method} ${c.path}`).filter((c) => c === 'POST /api/responsible-gaming/offer-seen');
    expect(skips).toHaveLength(1);
    expect(sessionService().session.protection$.value?.limits_offer).toBe(false);
  });

  it('keeps the offer while the API has not recorded the skip', async () => {
    base();
    sessionService().receiveProtection(status({ limits_offer: true }));
    responders.set('POST /api/responsible-gaming/offer-seen', () => {
      throw new ApiError('Server error', 500, {});
    });
    renderScreen(<Funds />, '/deposit');
    await userEvent.click(await screen.findByTestId('rg-deposit-offer-skip'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/responsible-gaming/offer-seen')).toBe(true));
    expect(screen.getByTestId('rg-deposit-offer')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/responsible-gaming/status')).toBe(false);
  });

  it('replaces the form with the closed gate, in English and Bangla, and keeps withdrawal reachable', async () => {
    base();
    const message =
      'You are self-excluded until 23 Nov 2026, 18:05 (GMT+6). Deposits, games and betting are closed; you can still withdraw and read your messages.';
    const closed: ProtectionGate = { open: false, reason: 'self_exclusion', until: '2026-11-23T12:05:00.000Z', message };
    sessionService().receiveProtection(status({ play: closed, deposit: closed }));
    renderScreen(<Funds />, '/deposit');
    expect((await screen.findByTestId('rg-deposit-closed')).textContent).toBe(message);
    expect(screen.queryByTestId('deposit-submit')).toBeNull();
    expect(screen.queryByTestId('method-bKash')).toBeNull();
    expect(screen.getByTestId('rg-deposit-withdraw').getAttribute('href')).toBe('/withdrawal');
    expect(screen.queryByTestId('rg-deposit-birthday')).toBeNull();
    act(() => sessionService().session.setLocale('bn'));
    await waitFor(() => expect(screen.getByTestId('rg-deposit-closed').textContent).toContain('স্ব-বর্জনে'));
    expect(screen.getByTestId('rg-deposit-closed').textContent).not.toContain('self-excluded');
  });

  it('a risk hold that closes withdrawals too does not offer them; one that keeps them open does', async () => {
    base();
    const message =
      'Your account is on hold while we review it (suspected bonus abuse). Deposits, games and betting are closed and so are withdrawals. Please contact Customer Support.';
    const held = (withdrawals: boolean): ProtectionGate => ({
      open: false,
      reason: 'risk_hold',
      until: null,
      message,
      params: { hold_reason: 'bonus_abuse', withdrawals },
    });
    sessionService().receiveProtection(status({ play: held(false), deposit: held(false) }));
    renderScreen(<Funds />, '/deposit');
    expect((await screen.findByTestId('rg-deposit-closed')).textContent).toBe(message);
    expect(screen.queryByTestId('rg-deposit-withdraw')).toBeNull();
    expect(screen.queryByText('Withdrawals stay open.', { exact: false })).toBeNull();
    act(() => sessionService().receiveProtection(status({ play: held(true), deposit: held(true) })));
    expect((await screen.findByTestId('rg-deposit-withdraw')).getAttribute('href')).toBe('/withdrawal');
  });

  it('asks a new player for the birthday and the phone code in place, then opens the form (issue 34 item 1)', async () => {
    base(false);
    const closed: ProtectionGate = {
      open: false,
      reason: 'birthday_missing',
      until: null,
      message: 'Please add your date of birth in your profile before your first deposit.',
    };
    sessionService().receiveProtection(status({ deposit: closed, limits_offer: true }));
    responders.set('POST /api/user/profile/update', () => ({ message: 'ok', user: {} }));
    responders.set('GET /api/responsible-gaming/status', () => status({ limits_offer: true }));
    responders.set('POST /api/send-verification-code', () => ({ message: 'sent', resend_in: 300 }));
    responders.set('POST /api/verify-phone-number', () => ({ message: 'ok' }));
    renderScreen(<Funds />, '/deposit');
    const setup = await screen.findByTestId('deposit-setup');
    // no dead end: the closed-gate card is not shown, the offer stays beside the steps
    expect(screen.queryByTestId('rg-deposit-closed')).toBeNull();
    expect(screen.getByTestId('rg-deposit-offer')).toBeTruthy();
    expect(within(setup).getByText('Before your first deposit')).toBeTruthy();
    // the spec's words where the phone is what is missing
    expect((await within(setup).findByTestId('setup-phone-required')).textContent).toBe('Please verify your phone number first.');
    expect(within(setup).getByTestId('setup-phone-number').textContent).toBe('+88 01712345678');

    await userEvent.type(within(setup).getByLabelText(/Date of Birth/), '1995-05-17');
    await userEvent.click(within(setup).getByTestId('setup-birthday-save'));
    expect(calls.find((c) => c.path === '/api/user/profile/update')!.opts.body).toEqual({ remote_id: '7', dofb: '1995-05-17' });
    // the gate opened with the refreshed status: the form follows, the phone step stays until verified
    expect(await screen.findByTestId('deposit-submit')).toBeTruthy();
    expect(screen.queryByTestId('setup-birthday')).toBeNull();

    await userEvent.click(screen.getByTestId('setup-send-code'));
    expect(calls.find((c) => c.path === '/api/send-verification-code')!.opts.body).toEqual({ phone: '01712345678' });
    expect((await screen.findByTestId('setup-send-code')).textContent).toMatch(/^Resend in [45]:\d\d$/);
    await userEvent.type(screen.getByLabelText('Verification code'), '12345');
    await userEvent.click(screen.getByTestId('setup-verify'));
    expect(screen.getByTestId('setup-phone-error').textContent).toBe('Please enter the 6-digit code.');
    await userEvent.type(screen.getByLabelText('Verification code'), '6');
    await userEvent.click(screen.getByTestId('setup-verify'));
    expect(calls.find((c) => c.path === '/api/verify-phone-number')!.opts.body).toEqual({ verification_code: '123456' });
    await waitFor(() => expect(screen.queryByTestId('deposit-setup')).toBeNull());
    expect(screen.getByTestId('method-bKash')).toBeTruthy();
  });

  it('solves the proof-of-work in place when the code send is answered "challenge required" (no trip to the profile)', async () => {
    base(false);
    const closed: ProtectionGate = { open: false, reason: 'birthday_missing', until: null, message: 'x' };
    sessionService().receiveProtection(status({ deposit: closed }));
    responders.set('GET /api/responsible-gaming/status', () => status({ deposit: closed }));
    responders.set('GET /api/challenge', () => ({ parameters: { nonce: 'd' }, signature: 's' }));
    let sends = 0;
    responders.set('POST /api/send-verification-code', () => {
      if (++sends === 1) throw new ApiError('Please wait', 428, { message: 'Please wait', code: 'challenge_required' });
      return { message: 'Verification code sent to your phone.', resend_in: 300 };
    });
    renderScreen(<Funds />, '/deposit');
    await userEvent.click(await screen.findByTestId('setup-send-code'));
    expect((await screen.findByTestId('setup-send-code')).textContent).toMatch(/^Resend in [45]:\d\d$/);
    const posts = calls.filter((c) => c.path === '/api/send-verification-code');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.opts.headers?.['X-Challenge']).toBeUndefined();
    expect(posts[1]!.opts.headers['X-Challenge']).toBeTruthy();
    expect(screen.queryByTestId('setup-phone-error')).toBeNull();
    expect(screen.getByLabelText('Verification code')).toBeTruthy();
  });

  it('says why an under-age birthday keeps deposits closed, in Bangla', async () => {
    base();
    const closed: ProtectionGate = { open: false, reason: 'birthday_missing', until: null, message: 'x' };
    sessionService().receiveProtection(status({ deposit: closed }));
    responders.set('POST /api/user/profile/update', () => {
      throw new ApiError('Under 18', 403, { success: false, message: 'Under 18', error: 'Under 18', code: 'rg_under_age', until: null });
    });
    responders.set('GET /api/responsible-gaming/status', () => status({ deposit: closed }));
    renderScreen(<Funds />, '/deposit');
    act(() => sessionService().session.setLocale('bn'));
    expect(within(await screen.findByTestId('deposit-setup')).getByRole('heading').textContent).toBe('প্রথম ডিপোজিটের আগে');
    const setup = screen.getByTestId('setup-birthday');
    await userEvent.type(within(setup).getByLabelText(/জন্ম তারিখ/), '2015-01-01');
    await userEvent.click(within(setup).getByTestId('setup-birthday-save'));
    expect((await within(setup).findByRole('alert')).textContent).toContain('১৮');
    expect(screen.queryByTestId('deposit-submit')).toBeNull();
  });

  it("shows a deposit limit's refusal with the API's message in English (manual deposit)", async () => {
    base();
    responders.set('POST /api/submit-deposit', () => {
      throw limitRefusal();
    });
    renderScreen(<Funds />, '/deposit');
    await userEvent.click(await screen.findByTestId('method-bKash'));
    await userEvent.click(screen.getByRole('button', { name: '৳500' }));
    await typeTrx();
    await submit();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('rg-deposit-refused').textContent).toBe(LIMIT_MESSAGE);
    expect(current.path).toBe('/deposit');
  });

  it("shows a deposit limit's refusal in Bangla (e-wallet deposit)", async () => {
    base();
    responders.set('POST /api/ewa/request', () => {
      throw limitRefusal();
    });
    renderScreen(<Funds />, '/deposit');
    await userEvent.click(await screen.findByTestId('method-E-Wallet'));
    await userEvent.click(await screen.findByTestId('channel-nagad'));
    await userEvent.click(screen.getByRole('button', { name: '৳500' }));
    act(() => sessionService().session.setLocale('bn'));
    await waitFor(() => expect(screen.getByTestId('deposit-submit').textContent).toBe('জমা দিন'));
    await submit();
    const text = within(await screen.findByRole('dialog')).getByTestId('rg-deposit-refused').textContent!;
    expect(text).toContain('২৪ ঘণ্টার ডিপোজিট সীমা');
    expect(text).toContain(formatMoney('1000.00', 'BDT', 'bn'));
    expect(text).toContain(formatMoney('200.00', 'BDT', 'bn'));
    expect(text).not.toContain('exceed');
    expect(screen.queryByTestId('ewallet-payment')).toBeNull();
  });
});
void closeModal;
