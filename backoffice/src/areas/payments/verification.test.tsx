import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ResponseOf, StaffPaymentRow, staffPayment } from '@khela/contracts';
import { ApiError } from '@khela/web';
import { fakeSession } from '../account/fake-session.test-util';
import { PaymentDrawer } from './Desk';

const REFUSAL =
  "This withdrawal waits for a customer due-diligence check: record the player's check (Players, Protection) before approving it, or reject it.";

const row = (over: Partial<StaffPaymentRow>): StaffPaymentRow => ({
  id: 41,
  public_id: 'W41',
  action: 'withdraw',
  mode: 'manual',
  amount: '300000.00',
  bonus: '0.00',
  currency: 'BDT',
  status: 0,
  channel: null,
  account_number: '01700000000',
  payer_trx_id: null,
  payer_number: null,
  player_id: 7,
  username: 'alice123',
  phone: null,
  method_id: 1,
  method_name: 'bKash',
  promotion: null,
  receipts: 0,
  created_at: '2026-11-23T10:00:00Z',
  decided_at: null,
  decided_by: null,
  decision_note: null,
  ...over,
});

function setup(payment: StaffPaymentRow) {
  const detail: ResponseOf<typeof staffPayment> = {
    payment,
    events: [],
    receipts: [],
    player: {
      id: 7,
      username: 'alice123',
      status: 'active',
      currency: 'BDT',
      balance: '0.00',
      held: '300000.00',
      pending: 1,
      turnover_remaining: '0.00',
    },
  };
  const fake = fakeSession(
    { role: 'payments', username: 'operator' },
    {
      'GET /api/operator/payments/{id}': () => detail,
      'POST /api/operator/payments/{id}/approve': () => {
        if (payment.verification_required)
          throw new ApiError(REFUSAL, 409, { success: false, error: REFUSAL, code: 'verification_required' });
        return { id: payment.id, status: 1, changed: true, message: 'Approved' };
      },
    },
  );
  render(
    fake.wrap(
      <MemoryRouter>
        <PaymentDrawer id={payment.id} onClose={() => undefined} onDecided={() => undefined} />
      </MemoryRouter>,
    ),
  );
  return fake;
}

describe('payments desk, a withdrawal waiting for a CDD check', () => {
  it("says verification is required with a link to the player's Protection tab; approve explains the refusal", async () => {
    const fake = setup(row({ verification_required: true }));
    const note = await screen.findByTestId('bo-payment-verification');
    expect(note.textContent).toContain("Verification required — record the CDD check on the player's Protection tab");
    expect(within(note).getByRole('link', { name: 'Protection tab' }).getAttribute('href')).toBe('/players/7?tab=protection');
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const refusal = await screen.findByTestId('bo-payment-refusal');
    expect(refusal.textContent).toContain(REFUSAL);
    expect(within(refusal).getByRole('link').getAttribute('href')).toBe('/players/7?tab=protection');
    expect(fake.calls.filter((c) => c.path.endsWith('/approve'))).toHaveLength(1);
  });

  it('an ordinary withdrawal shows no such note and approves', async () => {
    setup(row({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('status')).textContent).toBe('Approved.');
    expect(screen.queryByTestId('bo-payment-verification')).toBeNull();
    expect(screen.queryByTestId('bo-payment-refusal')).toBeNull();
  });
});
