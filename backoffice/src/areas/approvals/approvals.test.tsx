import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffApprovalRow } from '@khela/contracts';
import { fakeSession } from '../account/fake-session.test-util';
import Approvals from './index';

const row = (over: Partial<StaffApprovalRow>): StaffApprovalRow => ({
  id: 7,
  kind: 'balance_adjustment',
  status: 'pending',
  entity_type: 'player',
  entity_id: '17',
  summary: 'Credit 15000.00 BDT to demo1234 (player 17)',
  amount: '15000.00',
  currency: 'BDT',
  reason: 'goodwill',
  requested_by: { id: 2, username: 'operator' },
  requested_at: '2026-11-27T06:00:00Z',
  decided_by: null,
  decided_at: null,
  decision_reason: null,
  ...over,
});

function setup(meId: number) {
  let rows = [row({}), row({ id: 8, requested_by: { id: 3, username: 'cashier2' }, summary: 'Pay out withdrawal W1' })];
  const fake = fakeSession(
    { id: meId, username: meId === 2 ? 'operator' : 'cashier2', role: 'payments' },
    {
      'GET /api/operator/approvals': () => ({ data: rows, page: 1, per_page: 50, total: rows.length }),
      'POST /api/operator/approvals/{id}/approve': (o) => {
        const id = (o.params as { id: number }).id;
        rows = rows.map((r) => (r.id === id ? { ...r, status: 'approved', decided_by: { id: meId, username: 'x' } } : r));
        return { approval: rows.find((r) => r.id === id)!, message: 'Approved: credited.' };
      },
      'POST /api/operator/approvals/{id}/cancel': (o) => {
        const id = (o.params as { id: number }).id;
        rows = rows.map((r) => (r.id === id ? { ...r, status: 'cancelled' } : r));
        return { approval: rows.find((r) => r.id === id)!, message: 'Cancelled.' };
      },
    },
  );
  render(fake.wrap(<Approvals />));
  return fake;
}

describe('approvals', () => {
  it('another operator’s request can be approved; the queue shows the new state', async () => {
    const fake = setup(3);
    fireEvent.click(await screen.findByText('Credit 15000.00 BDT to demo1234 (player 17)'));
    const detail = screen.getByTestId('approval-detail');
    expect(within(detail).queryByTestId('approval-own')).toBeNull();
    fireEvent.click(within(detail).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(within(screen.getByTestId('approval-detail')).getByTestId('approval-state').textContent).toBe('approved'));
    expect(fake.calls.find((c) => c.path.endsWith('/approve'))?.opts).toEqual({ params: { id: 7 }, body: {} });
    expect(screen.getByRole('status').textContent).toContain('#7: Approved: credited.');
  });

  it('one’s own request offers no approval, only a cancel with a reason', async () => {
    const fake = setup(2);
    expect(await screen.findByText('operator (you)')).toBeTruthy();
    fireEvent.click(screen.getByText('Credit 15000.00 BDT to demo1234 (player 17)'));
    const detail = screen.getByTestId('approval-detail');
    expect(within(detail).getByTestId('approval-own')).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Approve' })).toBeNull();
    fireEvent.click(within(detail).getByRole('button', { name: 'Cancel request' }));
    expect(within(detail).getByRole('alert').textContent).toContain('Give a reason');
    fireEvent.change(within(detail).getByLabelText('Why cancel'), { target: { value: 'typo in the amount' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(within(screen.getByTestId('approval-detail')).getByTestId('approval-state').textContent).toBe('cancelled'));
    expect(fake.calls.find((c) => c.path.endsWith('/cancel'))?.opts.body).toEqual({ reason: 'typo in the amount' });
  });

  it('a request asked for or decided elsewhere reloads the queue at once (staff stream `approval`)', async () => {
    const fake = setup(3);
    await screen.findByText('Credit 15000.00 BDT to demo1234 (player 17)');
    const loads = () => fake.calls.filter((c) => c.path === '/api/operator/approvals').length;
    const before = loads();
    act(() =>
      fake.session.events$.next({
        topic: 'approval',
        payload: {
          id: 9,
          kind: 'withdrawal',
          status: 'pending',
          summary: 'Pay out withdrawal W2',
          requested_by: 2,
          requested_by_username: 'operator',
          decided_by_username: null,
        },
      }),
    );
    await waitFor(() => expect(loads()).toBe(before + 1));
  });
});
