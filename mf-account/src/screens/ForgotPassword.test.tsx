import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@khela/web';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { current, renderScreen } from '../../test/render';
import { ForgotPassword } from './ForgotPassword';

beforeEach(resetHost);
const send = () => userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));

describe('ForgotPassword (docs/README.md#spec-5)', () => {
  it('Email tab requires the email, then the username', async () => {
    renderScreen(<ForgotPassword />, '/forgot-password');
    await userEvent.click(screen.getByRole('tab', { name: 'Email' }));
    await send();
    expect(screen.getByTestId('forgot-error').textContent).toBe('Please enter your email address.');
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.co');
    await send();
    expect(screen.getByTestId('forgot-error').textContent).toBe('Please enter your username.');
  });

  it('SMS tab requires the phone; sends +880 without the trunk 0; then resets and goes to /login after 1.5 s', async () => {
    responders.set('POST /api/usr-forgot-password', () => ({ message: 'OTP sent successfully. Please check your sms.' }));
    responders.set('POST /api/usr-reset-password', () => ({
      message: 'Password reset successfully. Please login with your new password.',
    }));
    renderScreen(<ForgotPassword />, '/forgot-password');
    await send();
    expect(screen.getByTestId('forgot-error').textContent).toBe('Please enter your phone number.');
    await userEvent.type(screen.getByLabelText('Phone Number'), '01712345678');
    await userEvent.type(screen.getByLabelText('Username'), 'player1234');
    await send();
    expect((await screen.findByTestId('forgot-success')).textContent).toBe('OTP sent successfully. Please check your sms.');
    expect(calls[0]!.opts.body).toEqual({ type: 'sms', phone: '8801712345678', username: 'player1234' });

    const reset = () => userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await reset();
    expect(screen.getByTestId('forgot-error').textContent).toBe('Please enter the OTP.');
    await userEvent.type(screen.getByLabelText('OTP'), '123');
    await reset();
    expect(screen.getByTestId('forgot-error').textContent).toBe('The OTP must be 6 digits.');
    await userEvent.type(screen.getByLabelText('OTP'), '456');
    await userEvent.type(screen.getByLabelText('New Password'), 'onlyletters');
    await reset();
    expect(screen.getByTestId('forgot-error').textContent).toBe(
      'New Password must contain at least one number, one letter, and 8 characters long.',
    );
    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.type(screen.getByLabelText('New Password'), 'newpass123');
    await reset();
    expect(screen.getByTestId('forgot-error').textContent).toBe('Please confirm your new password.');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'newpass124');
    await reset();
    expect(screen.getByTestId('forgot-error').textContent).toBe('Passwords do not match.');
    await userEvent.clear(screen.getByLabelText('Confirm New Password'));
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'newpass123');
    await reset();
    await screen.findByText('Password reset successfully. Please login with your new password.');
    expect(current.path).toBe('/forgot-password');
    await waitFor(() => expect(current.path).toBe('/login'), { timeout: 2500 });
  });

  it('shows the fallback when sending fails without a server message', async () => {
    responders.set('POST /api/usr-forgot-password', () => {
      throw new ApiError('Failed to send OTP. Please try again.', 500, {});
    });
    renderScreen(<ForgotPassword />, '/forgot-password');
    await userEvent.type(screen.getByLabelText('Phone Number'), '01712345678');
    await userEvent.type(screen.getByLabelText('Username'), 'player1234');
    await send();
    expect((await screen.findByTestId('forgot-error')).textContent).toBe('Failed to send OTP. Please try again.');
  });
});
