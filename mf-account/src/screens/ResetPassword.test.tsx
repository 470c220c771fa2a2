import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, resetHost, responders, testBus } from '@khela/web/test/fake-host';
import { renderScreen } from '../../test/render';
import { ResetPassword } from './ResetPassword';

beforeEach(resetHost);

describe('ResetPassword (docs/README.md#spec-5 password change, checks in order)', () => {
  it('checks new-password rule, current, confirmation, equality; then ends the session at once for the shell to open /login', async () => {
    localStorage.setItem('token', 'tok');
    responders.set('POST /api/user-pwd', () => ({ message: 'Password changed successfully. Please login with your new password.' }));
    const logouts: string[] = [];
    testBus()
      .session.on('logout')
      .subscribe(({ reason }) => logouts.push(reason));
    renderScreen(<ResetPassword />, '/reset-password');
    const submit = () => userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    const err = () => screen.getByTestId('password-error').textContent;
    await submit();
    expect(err()).toBe('New Password must contain at least one number, one letter, and 8 characters long.');
    await userEvent.type(screen.getByLabelText('New Password'), '12345678');
    await submit();
    expect(err()).toBe('New Password must contain at least one number, one letter, and 8 characters long.');
    await userEvent.type(screen.getByLabelText('New Password'), 'a');
    await submit();
    expect(err()).toBe('Please enter your current password.');
    await userEvent.type(screen.getByLabelText('Current Password'), 'oldpass123');
    await submit();
    expect(err()).toBe('Please confirm your new password.');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'different1');
    await submit();
    expect(err()).toBe('Passwords do not match.');
    expect(calls).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    await userEvent.type(screen.getByLabelText('Confirm New Password'), '12345678a');
    await submit();
    // the server revoked every session: the local one ends now, with the reason the shell turns into /login + notice
    await waitFor(() => expect(logouts).toEqual(['password_changed']));
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/api/user-pwd']);
  });
});
