import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffAccountRow } from '@khela/contracts';
import { ApiError } from '@khela/web';
import { fakeSession } from '../account/fake-session.test-util';
import StaffAccounts from './index';

const row = (over: Partial<StaffAccountRow>): StaffAccountRow => ({
  id: 2,
  username: 'support',
  name: 'Support Agent',
  role: 'support',
  disabled: false,
  totp_enabled: true,
  totp_link_expires_at: null,
  password_change_required: false,
  failed_logins: 0,
  throttled_addresses: 0,
  last_login_at: null,
  created_at: '2026-11-01T00:00:00Z',
  ...over,
});

function setup() {
  let rows = [
    row({ id: 1, username: 'admin', name: 'Admin', role: 'admin', totp_enabled: false }),
    row({ throttled_addresses: 1, failed_logins: 5 }),
    row({ id: 4, username: 'newbie', name: 'New Starter', role: 'payments', totp_enabled: false, password_change_required: true }),
  ];
  const fake = fakeSession(
    { id: 1 },
    {
      'GET /api/operator/operators': () => ({ data: rows, page: 1, per_page: 50, total: rows.length }),
      'POST /api/operator/operators': (o) => {
        const b = o.body as { username: string; password: string };
        if (b.password.includes(b.username)) {
          throw new ApiError('The password must not contain the username.', 422, {
            errors: { password: ['The password must not contain the username.'] },
          });
        }
        const r = row({ id: 3, username: b.username });
        rows = [...rows, r];
        return r;
      },
      'POST /api/operator/operators/{id}/unlock': (o) => {
        rows = rows.map((r) => (r.id === (o.params as { id: number }).id ? { ...r, throttled_addresses: 0, failed_logins: 0 } : r));
        return rows.find((r) => r.id === 2)!;
      },
      'POST /api/operator/operators/{id}/totp-link': () => {
        rows = rows.map((r) => (r.id === 4 ? { ...r, totp_link_expires_at: '2026-11-28T06:00:00Z' } : r));
        return { token: 'tok-ABC_123', expires_at: '2026-11-28T06:00:00Z', operator: rows.find((r) => r.id === 4)! };
      },
      'POST /api/operator/operators/{id}/password': (o) => {
        const b = o.body as { password: string };
        if (b.password.length < 12) {
          throw new ApiError('The password must be at least 12 characters.', 422, {
            errors: { password: ['The password must be at least 12 characters.'] },
          });
        }
        rows = rows.map((r) => (r.id === 4 ? { ...r, password_change_required: true } : r));
        return rows.find((r) => r.id === 4)!;
      },
    },
  );
  render(fake.wrap(<StaffAccounts />));
  return fake;
}

describe('operators', () => {
  it('lists operators with their state; the create form shows the API’s field error, then adds the operator', async () => {
    const fake = setup();
    const table = await screen.findByTestId('operators-table');
    expect((await within(table).findByText(/1 address throttled/)).textContent).toContain('Active');
    expect(within(table).getByText('must change password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New operator' }));
    const form = screen.getByTestId('create-staff-account');
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'agent9' } });
    fireEvent.change(within(form).getByLabelText(/Initial password/), { target: { value: 'agent9-password' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create operator' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('must not contain the username');
    fireEvent.change(within(form).getByLabelText(/Initial password/), { target: { value: 'a-long-password-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create operator' }));
    await waitFor(() => expect(screen.queryByTestId('create-staff-account')).toBeNull());
    expect(await within(table).findByText('agent9')).toBeTruthy();
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path === '/api/operator/operators')).toHaveLength(2);
  });

  it('a change needs a reason; unlock sends it and shows the new state', async () => {
    const fake = setup();
    fireEvent.click(await screen.findByText('Support Agent'));
    const manage = screen.getByTestId('manage-operator');
    fireEvent.click(within(manage).getByRole('button', { name: 'Unlock' }));
    expect(within(manage).getByRole('alert').textContent).toContain('Give a reason');
    expect(fake.calls.some((c) => c.path.endsWith('/unlock'))).toBe(false);
    fireEvent.change(within(manage).getByLabelText('Reason (for the audit log)'), { target: { value: 'verified by phone' } });
    fireEvent.click(within(manage).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(within(screen.getByTestId('manage-operator')).queryByRole('button', { name: 'Unlock' })).toBeNull());
    expect(fake.calls.find((c) => c.path.endsWith('/unlock'))?.opts).toEqual({ params: { id: 2 }, body: { reason: 'verified by phone' } });
    // an operator cannot disable themselves from the console (the API refuses it too)
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(await screen.findByText('Admin', { selector: 'td' }));
    expect((within(screen.getByTestId('manage-operator')).getByRole('button', { name: 'Disable' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('issues a one-time enrolment link shown once on this console’s origin; sets a password with its rule error', async () => {
    const fake = setup();
    fireEvent.click(await screen.findByText('New Starter'));
    const manage = screen.getByTestId('manage-operator');
    fireEvent.change(within(manage).getByLabelText('Reason (for the audit log)'), { target: { value: 'new starter' } });
    fireEvent.click(within(manage).getByRole('button', { name: 'Enrolment link' }));
    expect((await within(screen.getByTestId('manage-operator')).findByTestId('totp-link-url')).textContent).toBe(
      `${location.origin}/enrol#tok-ABC_123`,
    );
    expect(within(screen.getByTestId('manage-operator')).getByTestId('manage-totp').textContent).toContain('enrolment link valid until');
    expect(fake.calls.find((c) => c.path.endsWith('/totp-link'))?.opts).toEqual({ params: { id: 4 }, body: { reason: 'new starter' } });

    const m = screen.getByTestId('manage-operator');
    fireEvent.change(within(m).getByLabelText('Reason (for the audit log)'), { target: { value: 'forgot it' } });
    fireEvent.change(within(m).getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(within(m).getByRole('button', { name: 'Set password' }));
    expect((await within(m).findByRole('alert')).textContent).toContain('at least 12');
    fireEvent.change(within(m).getByLabelText('New password'), { target: { value: 'a-fresh-password-9' } });
    fireEvent.click(within(m).getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect((within(m).getByLabelText('New password') as HTMLInputElement).value).toBe(''));
    expect(within(m).getByText(/to be changed at the next log-in/)).toBeTruthy();
  });

  it('offers no enrolment link or password reset for one’s own account', async () => {
    setup();
    fireEvent.click(await screen.findByText('Admin', { selector: 'td' }));
    const manage = screen.getByTestId('manage-operator');
    expect(within(manage).queryByRole('button', { name: 'Set password' })).toBeNull();
    expect(within(manage).queryByRole('button', { name: 'Enrolment link' })).toBeNull();
  });
});
