import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@khela/web';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { current, renderScreen } from '../../test/render';
import { Signup } from './Signup';

beforeEach(resetHost);

async function fill(v: { username?: string; phone?: string; password?: string; confirm?: string }) {
  if (v.username) await userEvent.type(screen.getByLabelText('Username'), v.username);
  if (v.phone) await userEvent.type(screen.getByLabelText('Phone Number'), v.phone);
  if (v.password) await userEvent.type(screen.getByLabelText('Password'), v.password);
  if (v.confirm) await userEvent.type(screen.getByLabelText('Confirm Password'), v.confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('Signup (docs/README.md#spec-5, mobile)', () => {
  it('shows every rule message', async () => {
    renderScreen(<Signup />, '/signup');
    await fill({ username: 'short', phone: '12345', password: 'abc$defgh' });
    expect(await screen.findByText('Username must be between 8 and 16 characters')).toBeTruthy();
    expect(screen.getByText('Invalid phone number (10-15 digits)')).toBeTruthy();
    expect(screen.getByText('Password can only contain letters and numbers (no special characters)')).toBeTruthy();
    expect(screen.getByText('Confirm Password is required')).toBeTruthy();
    expect(screen.getByText('+88')).toBeTruthy();
    expect(screen.getByPlaceholderText('8-20 letters and numbers')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('checks that the passwords match', async () => {
    renderScreen(<Signup />, '/signup');
    await fill({ username: 'player1234', phone: '01712345678', password: 'secret123', confirm: 'secret124' });
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
  });

  it('signs up with the captured codes, logs in with popup=1 regPopup=1 and clears the codes', async () => {
    localStorage.setItem('referral_code', 'ABCD1234');
    localStorage.setItem('agent_code', 'AG1');
    localStorage.setItem('affiliate_code', 'AF1');
    responders.set('POST /api/v1/create-players', () => ({
      message: 'Registration Successful!',
      token: 't',
      remote_id: 3,
      username: 'player1234',
    }));
    renderScreen(<Signup />, '/signup');
    await fill({ username: 'player1234', phone: '01712345678', password: 'secret123', confirm: 'secret123' });
    await waitFor(() => expect(current.path).toBe('/'));
    expect(calls[0]!.opts.body).toMatchObject({
      username: 'player1234',
      phone: '01712345678',
      referral_code: 'ABCD1234',
      agent_code: 'AG1',
      affiliate_code: 'AF1',
      currency: 'BDT',
      status: 'active',
    });
    expect(localStorage.getItem('token')).toBe('t');
    expect(localStorage.getItem('popup')).toBe('1');
    expect(localStorage.getItem('regPopup')).toBe('1');
    for (const k of ['referral_code', 'agent_code', 'affiliate_code']) expect(localStorage.getItem(k)).toBeNull();
  });

  it('offers the three wallet currencies, BDT first, and signs up in the one chosen', async () => {
    responders.set('POST /api/v1/create-players', () => ({
      message: 'Registration Successful!',
      token: 't',
      remote_id: 4,
      username: 'player5678',
    }));
    renderScreen(<Signup />, '/signup');
    const currency = screen.getByLabelText('Wallet currency') as HTMLSelectElement;
    expect(currency.value).toBe('BDT');
    expect(Array.from(currency.options).map((o) => o.value)).toEqual(['BDT', 'INR', 'PKR']);
    await userEvent.selectOptions(currency, 'PKR');
    await fill({ username: 'player5678', phone: '01712345679', password: 'secret123', confirm: 'secret123' });
    await waitFor(() => expect(current.path).toBe('/'));
    expect(calls[0]!.opts.body).toMatchObject({ username: 'player5678', currency: 'PKR' });
  });

  it("puts the server's errors object under the fields", async () => {
    responders.set('POST /api/v1/create-players', () => {
      throw new ApiError('The username has already been taken.', 422, { errors: { username: ['The username has already been taken.'] } });
    });
    renderScreen(<Signup />, '/signup');
    await fill({ username: 'player1234', phone: '01712345678', password: 'secret123', confirm: 'secret123' });
    expect(await screen.findByText('The username has already been taken.')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says "Network error, please try again" when the network fails', async () => {
    responders.set('POST /api/v1/create-players', () => {
      throw new ApiError('Network error, please try again later.', 0, undefined, true);
    });
    renderScreen(<Signup />, '/signup');
    await fill({ username: 'player1234', phone: '01712345678', password: 'secret123', confirm: 'secret123' });
    expect((await screen.findByTestId('signup-error')).textContent).toBe('Network error, please try again');
  });
});
