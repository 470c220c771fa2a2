import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@khela/web';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { current, renderScreen } from '../../test/render';
import { Login } from './Login';

beforeEach(resetHost);

describe('Login (spec 5)', () => {
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
});
