import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffOperatorRow } from '@khela/contracts';
import { ApiError } from '@khela/web';
import { fakeSession } from '../account/fake-session.test-util';
import Operators from './index';

const row = (over: Partial<StaffOperatorRow>): StaffOperatorRow => ({
  id: 2,
  username: 'support',
  name: 'Support Agent',
  role: 'support',
  disabled: false,
  totp_enabled: true,
  locked_until: null,
  failed_logins: 0,
  last_login_at: null,
  created_at: '2026-11-01T00:00:00Z',
  ...over,
});

function setup() {
  let rows = [
    row({ id: 1, username: 'admin', name: 'Admin', role: 'admin' }),
    row({ locked_until: '2026-11-23T10:00:00Z', failed_logins: 5 }),
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
        rows = rows.map((r) => (r.id === (o.params as { id: number }).id ? { ...r, locked_until: null, failed_logins: 0 } : r));
        return rows.find((r) => r.id === 2)!;
      },
    },
  );
  render(fake.wrap(<Operators />));
  return fake;
}

describe('operators', () => {
  it('lists operators with their state; the create form shows the API’s field error, then adds the operator', async () => {
    const fake = setup();
    const table = await screen.findByTestId('operators-table');
    expect((await within(table).findByText(/Locked until/)).textContent).toContain('Locked until');
    fireEvent.click(screen.getByRole('button', { name: 'New operator' }));
    const form = screen.getByTestId('create-operator');
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'agent9' } });
    fireEvent.change(within(form).getByLabelText(/Initial password/), { target: { value: 'agent9-password' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create operator' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('must not contain the username');
    fireEvent.change(within(form).getByLabelText(/Initial password/), { target: { value: 'a-long-password-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create operator' }));
    await waitFor(() => expect(screen.queryByTestId('create-operator')).toBeNull());
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
});
