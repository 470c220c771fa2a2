import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffDashboard } from '@khela/contracts';
import { fakeSession } from '../account/fake-session.test-util';
import Dashboard, { staffMoney } from './index';

const DATA: StaffDashboard = {
  pending: [
    { action: 'deposit', currency: 'BDT', count: 2, amount: '1200.50' },
    { action: 'deposit', currency: 'INR', count: 1, amount: '10.00' },
    { action: 'withdraw', currency: 'BDT', count: 1, amount: '50.00' },
  ],
  open_chats: 4,
  players_online: 17,
  today: {
    day: '2026-11-23',
    rows: [{ currency: 'BDT', deposits: '1234567.5', withdrawals: '0.00', casino_ggr: '-12.30', exchange_commission: '3.00' }],
  },
  alerts: [{ id: 9, kind: 'market.feed_disagrees', message: 'Feed says B won', ref: 'market:1.5', created_at: '2026-11-23T10:00:00Z' }],
  alerts_total: 1,
};

function setup(role: 'risk' | 'support') {
  let data = DATA;
  const fake = fakeSession(
    { role },
    {
      'GET /api/operator/dashboard': () => data,
      'POST /api/operator/alerts/{id}/resolve': () => {
        data = { ...data, alerts: [], alerts_total: 0 };
        return { message: 'Alert resolved.' };
      },
    },
  );
  render(fake.wrap(<Dashboard />));
  return fake;
}
const loads = (calls: { path: string }[]) => calls.filter((c) => c.path === '/api/operator/dashboard').length;

describe('dashboard', () => {
  it('shows the queues per currency, chats, players online, today and the alerts', async () => {
    setup('support');
    expect((await screen.findByTestId('tile-pending-deposit')).textContent).toContain('3');
    expect(screen.getByTestId('tile-pending-deposit').textContent).toContain('2 · BDT 1,200.50');
    expect(screen.getByTestId('tile-pending-deposit').textContent).toContain('1 · INR 10.00');
    expect(screen.getByTestId('tile-pending-withdraw').textContent).toContain('1 · BDT 50.00');
    expect(screen.getByTestId('tile-open-chats').textContent).toContain('4');
    expect(screen.getByTestId('tile-online').textContent).toContain('17');
    expect(screen.getByTestId('today').textContent).toContain('BDT 1,234,567.50');
    expect(screen.getByTestId('alerts').textContent).toContain('Feed says B won (market:1.5)');
    // support cannot resolve (the API refuses it too)
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('risk resolves an alert; staff push events reload (once per burst)', async () => {
    const fake = setup('risk');
    fireEvent.click(await screen.findByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByTestId('alerts')).toBeNull());
    expect(fake.calls.find((c) => c.path.endsWith('/resolve'))?.opts.params).toEqual({ id: 9 });
    const before = loads(fake.calls);
    // a burst of events is one reload
    act(() => {
      fake.session.events$.next({ topic: 'payment', payload: { id: 1, action: 'deposit', status: 0 } });
      fake.session.events$.next({ topic: 'chat', payload: { chatId: '1', playerId: '2', kind: 'message' } });
      fake.session.events$.next({ topic: 'alert', payload: { kind: 'x', message: 'y' } });
    });
    await waitFor(() => expect(loads(fake.calls)).toBe(before + 1), { timeout: 3000 });
    await new Promise((r) => setTimeout(r, 1200));
    expect(loads(fake.calls)).toBe(before + 1);
  });

  it('formats exact decimal strings with the currency code', () => {
    expect(staffMoney('1234567.5', 'BDT')).toBe('BDT 1,234,567.50');
    expect(staffMoney('-12.30', 'INR')).toBe('INR -12.30');
    expect(staffMoney('0', 'PKR')).toBe('PKR 0.00');
  });
});
