import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffRiskAlert } from '@khela/contracts';
import { fakeSession } from '../account/fake-session.test-util';
import Risk from './index';

const alert: StaffRiskAlert = {
  id: 5,
  kind: 'risk.deposit_velocity',
  message: 'Deposit velocity: 35,000.00 BDT in 2 deposit requests within 60 minutes from player 9',
  ref: 'player:9',
  evidence: {
    total: '35000.00',
    count: 2,
    currency: 'BDT',
    window_minutes: 60,
    threshold: '30000',
    transactions: [
      { id: 'D1', amount: '20000.00', status: 1, at: '2026-11-27T06:00:00Z' },
      { id: 'D2', amount: '15000.00', status: 0, at: '2026-11-27T06:10:00Z' },
    ],
  },
  created_at: '2026-11-27T06:10:00Z',
  resolved_at: null,
  resolved_by: null,
  resolution: null,
};

describe('risk', () => {
  it('shows an alert with its evidence, refuses to resolve it without a note, then resolves with one; a rule is saved with its reason', async () => {
    const fake = fakeSession(
      { role: 'risk' },
      {
        'GET /api/operator/risk/rules': () => ({
          data: [
            {
              kind: 'deposit_velocity',
              enabled: true,
              window_minutes: 60,
              amounts: { BDT: 100000, INR: 75000, PKR: 350000 },
              account_days: 30,
              updated_by: null,
              updated_at: '2026-11-27T00:00:00Z',
            },
          ],
        }),
        'POST /api/operator/risk/rules/{kind}': (o) => ({
          ...(o.body as object),
          kind: 'deposit_velocity',
          updated_by: 'risk',
          updated_at: '2026-11-27T07:00:00Z',
        }),
        'GET /api/operator/risk/alerts': () => ({ data: [alert], page: 1, per_page: 50, total: 1 }),
        'POST /api/operator/alerts/{id}/resolve': () => ({ message: 'Alert resolved.' }),
      },
    );
    render(fake.wrap(<Risk />));
    fireEvent.click(await screen.findByText(alert.message));
    const detail = screen.getByTestId('risk-alert');
    expect(within(detail).getByTestId('risk-evidence-transactions').textContent).toContain('D2');
    expect(within(detail).getByTestId('risk-evidence').textContent).toContain('35000.00 BDT in 2 request(s) within 60 min');
    fireEvent.click(within(detail).getByRole('button', { name: 'Resolve' }));
    expect(within(detail).getByRole('alert').textContent).toContain('only with a note');
    expect(fake.calls.some((c) => c.path.endsWith('/resolve'))).toBe(false);
    fireEvent.change(within(detail).getByLabelText(/Resolution note/), { target: { value: 'Salary, payslip seen' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByTestId('risk-alert')).toBeNull());
    expect(fake.calls.find((c) => c.path.endsWith('/resolve'))?.opts).toEqual({
      params: { id: 5 },
      body: { reason: 'Salary, payslip seen' },
    });

    const form = screen.getByTestId('risk-rule-deposit_velocity');
    fireEvent.change(within(form).getByLabelText('BDT at least'), { target: { value: '30000' } });
    fireEvent.change(within(form).getByLabelText('Reason (for the audit log)'), { target: { value: 'launch week' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Saved.');
    expect(fake.calls.find((c) => c.path.endsWith('/{kind}'))?.opts.body).toMatchObject({ amounts: { BDT: 30000 }, reason: 'launch week' });
  });
});
