// The transfer-wallet screens of the console (issue 30): the player page's Provider wallets section and Pending
// transfers; support reads, payments re-query and (only once the provider answered) resolve with a reason.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StaffProviderTransfer } from '@khela/contracts';
import { fakeSession } from '../account/fake-session.test-util';
import { ProviderWalletsSection } from '../players/ProviderWalletsSection';
import { PendingTransfers } from './PendingTransfers';

const pending: StaffProviderTransfer = {
  id: 'KTPENDING1',
  player_id: 9,
  username: 'rahim',
  provider: 'SBO',
  name: 'SBO Sports',
  direction: 'in',
  amount: '250.00',
  currency: 'BDT',
  state: 'pending',
  reason: 'launch',
  provider_state: null,
  attempts: 2,
  last_error: 'timeout',
  created_at: '2026-11-27T06:00:00Z',
  resolved_at: null,
  resolved_by: null,
};
const confirmed: StaffProviderTransfer = {
  ...pending,
  id: 'KTDONE1',
  direction: 'out',
  state: 'confirmed',
  reason: 'recall_all',
  attempts: 0,
  last_error: null,
  resolved_at: '2026-11-27T05:00:00Z',
  resolved_by: 'api',
};

function session(role: 'support' | 'payments') {
  let current = { ...pending };
  return fakeSession(
    { id: 2, username: role, role },
    {
      'GET /api/operator/players/{id}/provider-wallets': () => ({
        wallets: [{ provider: 'SBO', name: 'SBO Sports', ledger_balance: '0.00', reported: '310.50', reported_at: '2026-11-27T06:30:00Z' }],
        transfers: [current, confirmed],
      }),
      'GET /api/operator/provider-transfers/pending': () => ({ data: current.state === 'pending' ? [current] : [] }),
      'POST /api/operator/provider-transfers/{id}/query': () => {
        current = { ...current, provider_state: 'unknown', attempts: current.attempts + 1 };
        return { transfer: current };
      },
      'POST /api/operator/provider-transfers/{id}/resolve': () => {
        current = { ...current, state: 'reversed', resolved_by: 'staff:payments', resolved_at: '2026-11-27T06:40:00Z' };
        return { transfer: current };
      },
    },
  );
}

const show = (fake: ReturnType<typeof session>, node: React.ReactNode) => render(fake.wrap(<MemoryRouter>{node}</MemoryRouter>));

describe('transfer wallets in the console', () => {
  it("the player page's section: each wallet with the ledger and the provider's last report (GMT+6), every transfer; support only reads", async () => {
    const fake = session('support');
    show(fake, <ProviderWalletsSection playerId={9} />);
    const section = await screen.findByTestId('player-provider-wallets');
    const wallet = within(section).getByTestId('player-provider-wallet-SBO');
    expect(wallet.textContent).toContain('310.50');
    expect(wallet.textContent).toContain('2026-11-27 12:30:00 GMT+6');
    const rows = within(section).getAllByTestId('provider-transfer-row');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['pending', 'confirmed']);
    expect(rows[0]!.textContent).toContain('Main → SBO Sports');
    expect(rows[1]!.textContent).toContain('SBO Sports → Main');
    expect(rows[1]!.textContent).toContain('Recall All');
    expect(within(section).queryByTestId('provider-transfer-requery')).toBeNull();
  });

  it('Pending transfers: 5 minutes by default; payments re-query, then resolve with a reason by the answer', async () => {
    const fake = session('payments');
    show(fake, <PendingTransfers />);
    const row = await screen.findByTestId('provider-transfer-row');
    expect(fake.calls.find((c) => c.path.endsWith('/pending'))?.opts.query).toEqual({ older_than: 300 });
    expect(within(row).queryByTestId('provider-transfer-resolve')).toBeNull(); // no answer yet
    fireEvent.click(within(row).getByTestId('provider-transfer-requery'));
    expect(await screen.findByText(/SBO Sports answered: never seen/)).toBeTruthy();
    fireEvent.click(await screen.findByTestId('provider-transfer-resolve'));
    const dialog = await screen.findByTestId('provider-transfer-resolve-dialog');
    expect(dialog.textContent).toContain('reversed: the money goes back to the main wallet');
    fireEvent.click(screen.getByTestId('provider-transfer-resolve-confirm'));
    expect(await within(dialog).findByText(/Write why/)).toBeTruthy();
    expect(fake.calls.some((c) => c.path.endsWith('/resolve'))).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'provider never saw it' } });
    fireEvent.click(screen.getByTestId('provider-transfer-resolve-confirm'));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.path.endsWith('/resolve'))?.opts.body).toEqual({ reason: 'provider never saw it' }),
    );
    expect(await screen.findByText('No transfer pending for that long.')).toBeTruthy();

    fireEvent.change(screen.getByTestId('pending-transfers-age'), { target: { value: '0' } });
    await waitFor(() => expect(fake.calls.filter((c) => c.path.endsWith('/pending')).at(-1)?.opts.query).toEqual({ older_than: 0 }));
  });
});
