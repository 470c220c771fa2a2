import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@khela/web';
import Account from './index';
import { fakeSession } from './fake-session.test-util';
import { captureEnrolLink, pendingEnrolLink } from '../../staff/enrol-link';

afterEach(() => sessionStorage.clear());

describe('my account', () => {
  it('enrols TOTP through the admin’s link: set-up shows the key, a code turns it on, the link is spent and dropped', async () => {
    sessionStorage.setItem('khela.totpLink', 'link-token-1');
    const fake = fakeSession(
      { totp_enrolment_required: true },
      {
        'POST /api/operator/totp/setup': () => ({ secret: 'ABCDEFGHIJKLMNOP', otpauth_uri: 'otpauth://totp/x?secret=ABCDEFGHIJKLMNOP' }),
        'POST /api/operator/totp/confirm': () => ({}),
      },
    );
    render(fake.wrap(<Account />));
    expect(screen.getAllByRole('alert')[0]!.textContent).toContain('Two-factor sign-in is required');
    expect(screen.getByTestId('totp-status').textContent).toContain('Off');
    fireEvent.click(screen.getByRole('button', { name: 'Set up authenticator' }));
    expect((await screen.findByTestId('totp-secret')).textContent).toContain('ABCDEFGHIJKLMNOP');
    expect(fake.calls.find((c) => c.path.endsWith('/setup'))?.opts.body).toEqual({ link: 'link-token-1' });
    const turnOn = screen.getByRole('button', { name: 'Turn on' });
    expect((turnOn as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '12a3456' } });
    expect((screen.getByLabelText('Code from the app') as HTMLInputElement).value).toBe('123456');
    fireEvent.click(turnOn);
    await waitFor(() => expect(fake.session.refresh).toHaveBeenCalled());
    expect(fake.calls.find((c) => c.path.endsWith('/confirm'))?.opts.body).toEqual({ link: 'link-token-1', totp: '123456' });
    expect(pendingEnrolLink()).toBeNull();
  });

  it('without a link it says to ask an admin and offers no set-up; a refused link is dropped', async () => {
    const none = fakeSession({}, {});
    const { unmount } = render(none.wrap(<Account />));
    expect(screen.getByTestId('totp-link-needed').textContent).toContain('one-time link an admin issues');
    expect(screen.queryByRole('button', { name: 'Set up authenticator' })).toBeNull();
    unmount();

    sessionStorage.setItem('khela.totpLink', 'old-link');
    const fake = fakeSession(
      {},
      {
        'POST /api/operator/totp/setup': () => {
          throw new ApiError('This enrolment link is not valid any more.', 409, { code: 'totp_link_invalid' });
        },
      },
    );
    render(fake.wrap(<Account />));
    fireEvent.click(screen.getByRole('button', { name: 'Set up authenticator' }));
    expect(await screen.findByText(/not valid any more/)).toBeTruthy();
    expect(screen.getByTestId('totp-link-needed')).toBeTruthy();
    expect(pendingEnrolLink()).toBeNull();
  });

  it('shows the API refusal of a wrong code', async () => {
    sessionStorage.setItem('khela.totpLink', 'link-token-2');
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

  it('an admin’s password first: no TOTP set-up until it is changed; the two new ones must match; the API’s field error shows', async () => {
    const fake = fakeSession(
      { password_change_required: true, totp_enrolment_required: true },
      {
        'POST /api/operator/password': (o) => {
          const b = o.body as { current_password: string };
          if (b.current_password !== 'from-the-admin-1') {
            throw new ApiError('The given data was invalid.', 422, { errors: { current_password: ['The current password is wrong.'] } });
          }
          return {};
        },
      },
    );
    render(fake.wrap(<Account />));
    expect(screen.getByTestId('password-change-required').textContent).toContain('set by an admin');
    expect(screen.queryByTestId('totp-enrolment')).toBeNull();
    const form = screen.getByTestId('change-password');
    fireEvent.change(within(form).getByLabelText('Password from the admin'), { target: { value: 'wrong-one' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'my-own-words-22' } });
    fireEvent.change(within(form).getByLabelText('New password again'), { target: { value: 'my-own-words-23' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('differ');
    expect(fake.calls).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('New password again'), { target: { value: 'my-own-words-22' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('current password is wrong');
    fireEvent.change(within(form).getByLabelText('Password from the admin'), { target: { value: 'from-the-admin-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(fake.session.refresh).toHaveBeenCalled());
    expect(fake.calls.at(-1)?.opts.body).toEqual({ current_password: 'from-the-admin-1', new_password: 'my-own-words-22' });
    expect(within(form).getByRole('status').textContent).toContain('Password changed');
  });

  it('logs out', () => {
    const fake = fakeSession({ totp_enabled: true }, {});
    render(fake.wrap(<Account />));
    expect(screen.queryByTestId('totp-enrolment')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(fake.session.logout).toHaveBeenCalled();
  });
});

describe('the enrolment link address', () => {
  it('/enrol#<token> is kept in this tab and the address becomes /account; other paths are left alone', () => {
    expect(captureEnrolLink({ pathname: '/dashboard', hash: '#x' })).toBe(false);
    expect(pendingEnrolLink()).toBeNull();
    expect(captureEnrolLink({ pathname: '/enrol', hash: '#abc-DEF_12' })).toBe(true);
    expect(pendingEnrolLink()).toBe('abc-DEF_12');
    expect(location.pathname).toBe('/account');
  });
});
