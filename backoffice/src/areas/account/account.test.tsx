import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Account from './index';
import { fakeSession } from './fake-session.test-util';

describe('my account', () => {
  it('enrols TOTP: set-up shows the key, a code turns it on and the operator is re-read', async () => {
    const fake = fakeSession(
      { totp_enrolment_required: true },
      {
        'POST /api/operator/totp/setup': () => ({ secret: 'ABCDEFGHIJKLMNOP', otpauth_uri: 'otpauth://totp/x?secret=ABCDEFGHIJKLMNOP' }),
        'POST /api/operator/totp/confirm': () => ({}),
      },
    );
    render(fake.wrap(<Account />));
    expect(screen.getByRole('alert').textContent).toContain('Two-factor sign-in is required');
    expect(screen.getByTestId('totp-status').textContent).toContain('Off');
    fireEvent.click(screen.getByRole('button', { name: 'Set up authenticator' }));
    expect((await screen.findByTestId('totp-secret')).textContent).toContain('ABCDEFGHIJKLMNOP');
    const turnOn = screen.getByRole('button', { name: 'Turn on' });
    expect((turnOn as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '12a3456' } });
    expect((screen.getByLabelText('Code from the app') as HTMLInputElement).value).toBe('123456');
    fireEvent.click(turnOn);
    await waitFor(() => expect(fake.session.refresh).toHaveBeenCalled());
    expect(fake.calls.find((c) => c.path.endsWith('/confirm'))?.opts.body).toEqual({ totp: '123456' });
  });

  it('shows the API refusal of a wrong code', async () => {
    const fake = fakeSession(
      {},
      {
        'POST /api/operator/totp/setup': () => ({ secret: 'K', otpauth_uri: 'otpauth://totp/x?secret=K' }),
        'POST /api/operator/totp/confirm': () => {
          throw new Error('The code is wrong or expired. Enter the current 6-digit code.');
        },
      },
    );
    render(fake.wrap(<Account />));
    fireEvent.click(screen.getByRole('button', { name: 'Set up authenticator' }));
    fireEvent.change(await screen.findByLabelText('Code from the app'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/wrong or expired/)).toBeTruthy();
    expect(fake.session.refresh).not.toHaveBeenCalled();
  });

  it('logs out', () => {
    const fake = fakeSession({ totp_enabled: true }, {});
    render(fake.wrap(<Account />));
    expect(screen.queryByRole('button', { name: 'Set up authenticator' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(fake.session.logout).toHaveBeenCalled();
  });
});
