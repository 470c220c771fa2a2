import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffPlayerProfile } from '@khela/contracts';
import { fakeSession } from '../account/fake-session.test-util';
import { DebtWriteOff } from './DebtWriteOff';

const player = {
  id: 7,
  username: 'alice123',
  currency: 'BDT',
  wallet: { balance: '0.00', exposure: '0.00', available: '0.00', pending_withdrawals: '0.00', owed: '1500.00' },
} as StaffPlayerProfile;

describe('debt write-off', () => {
  it('is offered to payments while the player owes, refuses more than owed, and says when it waits for a second operator', async () => {
    const saved: string[] = [];
    const fake = fakeSession(
      { role: 'payments' },
      {
        'POST /api/operator/players/{id}/write-off': () => {
          throw new Error('Sent for approval: a second operator must approve this (request #4, in Approvals).');
        },
      },
    );
    render(fake.wrap(<DebtWriteOff player={player} onSaved={(m) => saved.push(m)} />));
    fireEvent.click(screen.getByRole('button', { name: 'Write off debt…' }));
    fireEvent.change(screen.getByLabelText('Amount (BDT)'), { target: { value: '1500.01' } });
    fireEvent.change(screen.getByLabelText('Reason (for the audit log)'), { target: { value: 'uncollectable' } });
    fireEvent.click(screen.getByRole('button', { name: 'Write off' }));
    expect(screen.getByRole('alert').textContent).toContain('at most what is owed (1500.00)');
    expect(fake.calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Amount (BDT)'), { target: { value: '1500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Write off' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('request #4'));
    expect(fake.calls[0]?.opts).toMatchObject({ params: { id: 7 }, body: { amount: '1500', reason: 'uncollectable' } });
    expect(saved).toEqual([]);
  });

  it('is not offered to support, nor when nothing is owed', () => {
    const support = fakeSession({ role: 'support' }, {});
    const { container } = render(support.wrap(<DebtWriteOff player={player} onSaved={() => undefined} />));
    expect(container.textContent).toBe('');
    const payments = fakeSession({ role: 'payments' }, {});
    const none = render(
      payments.wrap(<DebtWriteOff player={{ ...player, wallet: { ...player.wallet, owed: '0.00' } }} onSaved={() => undefined} />),
    );
    expect(none.container.textContent).toBe('');
  });
});
