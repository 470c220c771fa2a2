import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StaffPlayerRow } from '@khela/contracts';
import { fakeSession } from '../account/fake-session.test-util';
import { PlayersTable } from './PlayersTable';
import { browserOf } from './tabs/device';

const ROW: StaffPlayerRow = {
  id: 7,
  username: 'rahim',
  name: 'Rahim',
  phone: '01712345678',
  email: null,
  currency: 'BDT',
  status: 'active',
  exchange_market: 1,
  cs_market: 1,
  balance: '1500.00',
  deposits: '25000.00',
  last_login_at: '2026-11-23T18:30:00Z',
  created_at: '2026-01-02T03:04:05Z',
};

function setup() {
  const fake = fakeSession({ role: 'risk' }, { 'GET /api/operator/players': () => ({ data: [ROW], page: 1, per_page: 50, total: 1 }) });
  render(fake.wrap(<MemoryRouter>{<PlayersTable />}</MemoryRouter>));
  const last = () => fake.calls.filter((c) => c.path === '/api/operator/players').at(-1)!.opts.query as Record<string, unknown>;
  return { fake, last };
}

describe('players table', () => {
  it('shows deposits and last log-in in Dhaka time; every figure column sorts on the server', async () => {
    const { last } = setup();
    const table = await screen.findByTestId('players-table');
    await within(table).findByText('rahim');
    // 18:30 UTC is 00:30 the next day in Dhaka
    expect(table.textContent).toContain('2026-11-24 00:30:00');
    expect(table.textContent).toContain('Last log-in (GMT+6)');
    for (const [header, sort] of [
      ['Balance', 'balance'],
      ['Deposits', 'deposits'],
      ['Last log-in (GMT+6)', 'last_login_at'],
      ['Signed up (GMT+6)', 'created_at'],
      ['Username', 'username'],
    ] as const) {
      fireEvent.click(within(table).getByRole('button', { name: new RegExp(`^${header.replace(/[()+]/g, '\\$&')}`) }));
      await waitFor(() => expect(last().sort).toBe(sort));
    }
  });

  it('filters by status, currency and protection state and changes the page size, all as query parameters', async () => {
    const { last } = setup();
    await screen.findByText('rahim');
    fireEvent.change(screen.getByLabelText('Protection'), { target: { value: 'timed_out' } });
    await waitFor(() => expect(last().protection).toBe('timed_out'));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'suspended' } });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'INR' } });
    await waitFor(() => expect(last()).toMatchObject({ status: 'suspended', currency: 'INR', protection: 'timed_out', page: 1 }));
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '200' } });
    await waitFor(() => expect(last().per_page).toBe(200));
  });

  it("names a session's browser and system in brief", () => {
    expect(browserOf('Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36')).toBe(
      'Chrome on Android',
    );
    expect(browserOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1')).toBe(
      'Safari on iOS',
    );
    expect(browserOf('curl/8.0')).toBe('Other browser');
  });
});
