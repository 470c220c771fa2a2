import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@khela/web';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { current, renderScreen } from '../../test/render';
import { CHALLENGE_MESSAGES, CHALLENGE_REQUIRED } from '@khela/contracts';
import { Login } from './Login';

let release: () => void = () => undefined;
vi.mock('@khela/web/challenge/solver', () => ({
  solveChallenge: vi.fn(
    (challenge: unknown) =>
      new Promise((resolve) => {
        release = () => resolve({ challenge, solution: { counter: 3, derivedKey: 'ef' } });
      }),
  ),
}));

beforeEach(resetHost);

describe('Login (docs/README.md#spec-5)', () => {
  it("shows spec 8's password-changed text when the shell sent the player here after a password change", async () => {
    renderScreen(<Login />, '/login', { notice: 'password_changed' });
    expect(screen.getByTestId('password-success').textContent).toBe('Password changed successfully. Please login with your new password.');
  });

  it('shows no such text on an ordinary visit', async () => {
    renderScreen(<Login />, '/login');
    expect(screen.queryByTestId('password-success')).toBeNull();
  });

  it('requires username and password', async () => {
    renderScreen(<Login />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('allows only letters and digits in the username and at least 8 password characters', async () => {
    renderScreen(<Login />, '/login');
    await userEvent.type(screen.getByLabelText('Username'), 'bad_user!');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid username (only letters and numbers)')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
  });

  it('stores the section-4 keys and goes home', async () => {
    localStorage.setItem('exchangeToken', 'stale');
    responders.set('POST /api/login', () => ({ token: 'tok', remote_id: 7, username: 'player123', exchange: [] }));
    renderScreen(<Login />, '/login');
    await userEvent.type(screen.getByLabelText('Username'), 'player123');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(current.path).toBe('/'));
    expect(calls[0]!.opts.body).toEqual({ username: 'player123', password: 'secret123' });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('remote_id')).toBe('7');
    expect(localStorage.getItem('username')).toBe('player123');
    expect(localStorage.getItem('popup')).toBe('1');
    expect(localStorage.getItem('regPopup')).toBe('0');
    expect(localStorage.getItem('exchangeToken')).toBeNull();
  });

  it("shows the server's message", async () => {
    responders.set('POST /api/login', () => {
      throw new ApiError('Invalid credentials', 401, {});
    });
    renderScreen(<Login />, '/login');
    await userEvent.type(screen.getByLabelText('Username'), 'player123');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Invalid credentials');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('issue 27 item 11: a log-in answered "challenge required" is solved ("Verifying…") and sent again with the solution', async () => {
    let posts = 0;
    responders.set('POST /api/login', () => {
      if (++posts === 1)
        throw new ApiError(CHALLENGE_MESSAGES.required, 428, { message: CHALLENGE_MESSAGES.required, code: CHALLENGE_REQUIRED });
      return { token: 'tok2', remote_id: 8, username: 'player123', exchange: [] };
    });
    responders.set('GET /api/challenge', () => ({ parameters: { nonce: 'x' }, signature: 's' }));
    renderScreen(<Login />, '/login');
    await userEvent.type(screen.getByLabelText('Username'), 'player123');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByTestId('challenge-verifying')).textContent).toBe('Verifying…');
    release();
    await waitFor(() => expect(current.path).toBe('/'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/login', 'GET /api/challenge', 'POST /api/login']);
    expect(calls[0]!.opts.headers).toEqual({});
    expect(JSON.parse(atob(calls[2]!.opts.headers['X-Challenge'])).solution).toEqual({ counter: 3, derivedKey: 'ef' });
    expect(localStorage.getItem('token')).toBe('tok2');
  });

  it('any other refusal is shown as it is, with no challenge', async () => {
    responders.set('POST /api/login', () => {
      throw new ApiError('Too many attempts. Please try again in 15 minutes.', 429, {
        message: 'Too many attempts. Please try again in 15 minutes.',
      });
    });
    renderScreen(<Login />, '/login');
    await userEvent.type(screen.getByLabelText('Username'), 'player123');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(calls).toHaveLength(1);
  });
});
