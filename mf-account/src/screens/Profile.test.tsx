import '@khela/web/test/mock-shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ApiError } from '@khela/web';
import { resetHost, responders, calls } from '@khela/web/test/fake-host';
import { renderScreen } from '../../test/render';
import { Profile } from './Profile';

// the proof-of-work itself is tested in shared/web/src/challenge/solver.test.ts; here it answers at once
vi.mock('@khela/web/challenge/solver', () => ({
  solveChallenge: vi.fn(async (challenge: unknown) => ({ challenge, solution: { counter: 2, derivedKey: '0a' } })),
}));

const base = {
  id: 1,
  username: 'player1234',
  name: null,
  phone: '01712345678',
  email: null,
  vip_coin: 0,
  session_id: '0',
  created_at: '2024-01-01T00:00:00Z',
  dofb: null as string | null,
  email_verified_at: null,
  balance: '0.00',
  currency: 'BDT',
  referral_code: 'R',
  cash_bonus: '0.00',
};

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
});
afterEach(() => vi.restoreAllMocks());

describe('Profile', () => {
  it('lets the birthday be set once, then shows it locked', async () => {
    responders.set('GET /api/user/show', () => ({ user: base }));
    responders.set('GET /api/get/other/phone', () => ({ data: [] }));
    responders.set('POST /api/user/profile/update', (o) => ({ message: 'ok', user: { ...base, dofb: o.body.dofb } }));
    renderScreen(<Profile />, '/profile');
    const input = (await screen.findByLabelText('Date of Birth')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1990-02-03' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('dob-value')).textContent).toBe('1990-02-03');
    expect(screen.queryByLabelText('Date of Birth')).toBeNull();
    expect(screen.getByText('Your date of birth is set and can no longer be changed.')).toBeTruthy();
  });

  it('keeps an under-18 birthday, shows it locked and says why deposits and play are closed', async () => {
    responders.set('GET /api/user/show', () => ({ user: base }));
    responders.set('GET /api/get/other/phone', () => ({ data: [] }));
    responders.set('GET /api/responsible-gaming/status', () => ({}));
    const underAge = 'You must be at least 18 years old to deposit or play. Our support team will contact you about your account.';
    responders.set('POST /api/user/profile/update', (o) => {
      throw new ApiError(underAge, 403, { code: 'rg_under_age', message: underAge, user: { ...base, dofb: o.body.dofb } });
    });
    renderScreen(<Profile />, '/profile');
    fireEvent.change(await screen.findByLabelText('Date of Birth'), { target: { value: '2012-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('dob-value')).textContent).toBe('2012-05-01');
    expect(screen.getByTestId('dob-under-age').textContent).toContain(underAge);
    expect(screen.queryByLabelText('Date of Birth')).toBeNull();
  });

  it('issue 27 item 11: a code send answered "challenge required" is solved and sent again with the solution', async () => {
    responders.set('GET /api/user/show', () => ({ user: base }));
    responders.set('GET /api/get/other/phone', () => ({ data: [] }));
    responders.set('GET /api/challenge', () => ({ parameters: { nonce: 'p' }, signature: 's' }));
    let sends = 0;
    responders.set('POST /api/send-verification-code', () => {
      if (++sends === 1) throw new ApiError('Please wait', 428, { message: 'Please wait', code: 'challenge_required' });
      return { message: 'Verification code sent to your phone.', resend_in: 300 };
    });
    renderScreen(<Profile />, '/profile');
    const phone = await screen.findByTestId('profile-phone');
    fireEvent.click(within(phone).getByRole('button', { name: 'Send code' }));
    expect(await within(phone).findByRole('button', { name: 'Resend in 5:00' })).toBeTruthy();
    const posts = calls.filter((c) => c.path === '/api/send-verification-code');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.opts.headers['X-Challenge']).toBeTruthy();
  });

  it('counts the resend down from 5:00 in m:ss and verifies the phone', async () => {
    responders.set('GET /api/user/show', () => ({ user: base }));
    responders.set('GET /api/get/other/phone', () => ({
      data: [
        { id: 1, contract_value: '01811111111', isverify: 0 },
        { id: 2, contract_value: '01822222222', isverify: 1 },
      ],
    }));
    responders.set('POST /api/send-verification-code', () => ({ message: 'Verification code sent to your phone.', resend_in: 300 }));
    responders.set('POST /api/verify-phone-number', () => ({ message: 'ok' }));
    renderScreen(<Profile />, '/profile');
    const phone = await screen.findByTestId('profile-phone');
    expect(within(phone).getByText('Not Verified')).toBeTruthy();
    fireEvent.click(within(phone).getByRole('button', { name: 'Send code' }));
    expect(await within(phone).findByRole('button', { name: 'Resend in 5:00' })).toBeTruthy();
    // a minute later (the clock is read at each 1 s tick)
    const t0 = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => t0 + 61_000);
    expect(await within(phone).findByRole('button', { name: /Resend in 3:5\d/ }, { timeout: 2500 })).toBeTruthy();
    clock.mockRestore();
    // two extra phones: no add form
    expect(screen.queryByTestId('add-phone')).toBeNull();
    expect(within(screen.getByTestId('extra-phone-01822222222')).getByText('Verified')).toBeTruthy();
    responders.set('GET /api/user/show', () => ({ user: { ...base, session_id: '1' } }));
    fireEvent.change(within(phone).getByLabelText('Verification code'), { target: { value: '12345' } });
    fireEvent.click(within(phone).getByRole('button', { name: 'Verify' }));
    expect(await within(phone).findByText('The OTP must be 6 digits.')).toBeTruthy();
    fireEvent.change(within(phone).getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(within(phone).getByRole('button', { name: 'Verify' }));
    expect(await within(screen.getByTestId('profile-phone')).findByText('Verified')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/verify-phone-number')!.opts.body).toEqual({ verification_code: '123456' });
  });
});
