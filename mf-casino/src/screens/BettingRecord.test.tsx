import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { renderScreen } from '../../test/render';
import { BettingRecord, groupRecords } from './BettingRecord';

const rec = (over: Record<string, string>) => ({
  id: over.id ?? '1',
  round_id: 'r',
  platform: 'SANDBOX',
  game_type: 'SLOT',
  game_code: 'sandbox-slot',
  game_name: 'Sandbox Slots',
  bet_amount: '10.00',
  winAmount: '0.00',
  currency: 'BDT',
  created_at: '2026-11-21T10:00:00.000Z',
  ...over,
});

const RECORDS = [
  rec({ id: '1', bet_amount: '10.00', winAmount: '18.00' }),
  rec({ id: '2', bet_amount: '10.00', winAmount: '0.00' }),
  rec({ id: '3', bet_amount: '20.10', winAmount: '0.00', game_type: 'EGAME', game_name: 'A Very Long Crash Game Name', game_code: 'c' }),
  // 20:00 UTC on the 20th is 02:00 on the 21st in Dhaka
  rec({ id: '4', bet_amount: '5.00', winAmount: '7.50', created_at: '2026-11-20T20:00:00.000Z' }),
  rec({ id: '5', bet_amount: '5.00', winAmount: '0.00', created_at: '2026-11-20T17:00:00.000Z' }),
];

beforeEach(() => {
  resetHost();
  responders.set('GET /api/get-type', () => ({
    types: [
      { code: 'SLOT', name: 'Slot' },
      { code: 'EGAME', name: 'Crash' },
    ],
    platforms: [
      { platform: 'SANDBOX', name: 'Khela Sandbox' },
      { platform: 'JILI', name: 'JILI' },
    ],
  }));
  responders.set('GET /api/betting-record', () => ({ data: RECORDS }));
});

describe('groupRecords', () => {
  it('groups by Dhaka date, then platform and game type, with exact turnover and profit/loss', () => {
    const days = groupRecords(RECORDS);
    expect(days.map((d) => d.date)).toEqual(['2026-11-21', '2026-11-20']);
    const slot = days[0]!.groups.find((g) => g.gameType === 'SLOT')!;
    expect([slot.turnoverMinor, slot.profitMinor, slot.records.length]).toEqual([2500, 50, 3]);
    const crash = days[0]!.groups.find((g) => g.gameType === 'EGAME')!;
    expect([crash.turnoverMinor, crash.profitMinor]).toEqual([2010, -2010]);
    expect(days[1]!.groups[0]!.records.map((r) => r.id)).toEqual(['5']);
  });
});

describe('Betting Records', () => {
  it('lists settled groups, drills into the records with a summary, cuts long names, and goes back', async () => {
    renderScreen(<BettingRecord />, '/betting-record');
    const groups = await screen.findAllByTestId('record-group');
    expect(groups).toHaveLength(3);
    expect(within(groups[0]!).getByTestId('group-turnover').textContent).toBe('৳25.00');
    expect(within(groups[0]!).getByTestId('group-profit').textContent).toBe('৳0.50');
    await userEvent.click(screen.getByRole('button', { name: 'Show records of Khela Sandbox Crash' }));
    expect(screen.getByTestId('summary-turnover').textContent).toBe('৳20.10');
    expect(screen.getByTestId('summary-profit').textContent).toBe('-৳20.10');
    expect(screen.getAllByTestId('record-row')).toHaveLength(1);
    expect(screen.getByText('A Very Long Cra...')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getAllByTestId('record-group')).toHaveLength(3);
  });

  it('filter page: platform toggles back to All, one game type, a date, Confirm refetches', async () => {
    renderScreen(<BettingRecord />, '/betting-record');
    await screen.findAllByTestId('record-group');
    expect(calls.find((c) => c.path === '/api/betting-record')!.opts.query).toEqual({ date: 'today' });
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const filter = within(screen.getByTestId('record-filter'));
    const platform = within(filter.getByRole('group', { name: 'Platform' }));
    await userEvent.click(platform.getByRole('button', { name: 'JILI' }));
    expect(platform.getByRole('button', { name: 'JILI' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(platform.getByRole('button', { name: 'JILI' }));
    expect(platform.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(platform.getByRole('button', { name: 'Khela Sandbox' }));
    await userEvent.click(within(filter.getByRole('group', { name: 'Game Type' })).getByRole('button', { name: 'Crash' }));
    await userEvent.click(filter.getByRole('button', { name: 'Last 7 days' }));
    responders.set('GET /api/betting-record', () => ({ data: [] }));
    await userEvent.click(filter.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No Data')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/betting-record').at(-1)!.opts.query).toEqual({
      date: 'last7',
      platform: 'SANDBOX',
      game_type: 'EGAME',
    });
  });

  it('Exchange tab shows No Data', async () => {
    renderScreen(<BettingRecord />, '/betting-record');
    await userEvent.click(screen.getByRole('tab', { name: 'Exchange' }));
    expect(within(screen.getByTestId('exchange-records')).getByText('No Data')).toBeTruthy();
  });
});
