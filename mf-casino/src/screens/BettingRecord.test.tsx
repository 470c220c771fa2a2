import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@khela/web';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { current, renderScreen } from '../../test/render';
import type { ExchangeRecord } from '@khela/contracts';
import { BettingRecord } from './BettingRecord';
import { groupRecords } from './records/model';

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

const exchangeRecord = (over: Partial<ExchangeRecord>): ExchangeRecord => ({
  transaction_id: 'EX1',
  event_id: '100',
  event_name: 'Bangladesh v India',
  sport: 'cricket',
  game_type: 'MATCH_ODDS',
  market_id: '1.100',
  market_name: 'Match Odds',
  selection_id: '10001',
  selection_name: 'Bangladesh',
  bet_type: 'BACK',
  stake: '200.00',
  matched_stake: '200.00',
  odds: 2.5,
  run: null,
  potential_profit: '300.00',
  potential_liability: '200.00',
  net_profit_loss: null,
  commission: '0.00',
  status: 'open',
  currency: 'BDT',
  created_at: '2026-03-01T18:30:00.000Z',
  settled_at: null,
  ...over,
});

const EXCHANGE = [
  exchangeRecord({ transaction_id: 'EXO1', bet_type: 'LAY', selection_name: 'India', odds: 3.2 }),
  exchangeRecord({
    transaction_id: 'EXW1',
    status: 'WON',
    net_profit_loss: '285.00',
    commission: '15.00',
    settled_at: '2026-03-01T19:00:00.000Z',
  }),
  exchangeRecord({
    transaction_id: 'EXL1',
    status: 'LOST',
    game_type: 'FANCY',
    market_name: '6 over runs',
    selection_name: '6 over runs',
    bet_type: 'YES',
    odds: 90,
    run: 49,
    stake: '150.00',
    potential_profit: '135.00',
    potential_liability: '150.00',
    net_profit_loss: '-150.00',
  }),
  exchangeRecord({ transaction_id: 'EXV1', status: 'VOID', net_profit_loss: '0.00' }),
  exchangeRecord({ transaction_id: 'EXC1', status: 'CANCELLED', net_profit_loss: '0.00', matched_stake: '0.00' }),
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

  it('a failed read says so with Retry, nothing left loading, and Retry shows the records (both tabs)', async () => {
    let down = true;
    // one path for both tabs: the Exchange tab asks with tab=exchange
    responders.set('GET /api/betting-record', ({ query }) => {
      if (down && query?.tab === 'exchange') throw new ApiError('Service unavailable', 503, undefined);
      if (down) throw new ApiError('Network error, please try again later.', 0, undefined, true);
      return { data: query?.tab === 'exchange' ? [exchangeRecord({})] : RECORDS };
    });
    renderScreen(<BettingRecord />, '/betting-record');
    const failed = await screen.findByTestId('records-error');
    expect(failed.textContent).toContain('Failed to fetch records');
    expect(failed.textContent).toContain('Network error');
    expect(screen.queryByRole('status')).toBeNull();
    down = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('record-group')).toHaveLength(3);

    down = true;
    await userEvent.click(screen.getByRole('tab', { name: 'Exchange' }));
    const exFailed = await screen.findByTestId('exchange-records-error');
    expect(exFailed.textContent).toContain('Failed to fetch records');
    down = false;
    await userEvent.click(within(exFailed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('exchange-record')).toHaveLength(1);
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

  it('Exchange tab: rows with spec-4 statuses, All/Today, and Exchange Record Details with the short and full views', async () => {
    responders.set('GET /api/betting-record', ({ query }) =>
      query?.tab === 'exchange' ? { data: query.date === 'today' ? [EXCHANGE[0]] : EXCHANGE } : { data: RECORDS },
    );
    renderScreen(<BettingRecord />, '/betting-record');
    await userEvent.click(screen.getByRole('tab', { name: 'Exchange' }));
    const rows = await screen.findAllByTestId('exchange-record');
    expect(calls.filter((c) => c.path === '/api/betting-record').at(-1)!.opts.query).toEqual({ tab: 'exchange', date: 'all' });
    expect(rows).toHaveLength(5);
    const statuses = rows.map((r) => within(r).getByTestId('exchange-status'));
    expect(statuses.map((s) => [s.textContent, s.dataset.tone])).toEqual([
      ['Processing', 'processing'],
      ['WON', 'won'],
      ['LOST', 'lost'],
      ['VOID', 'neutral'],
      ['CANCELLED', 'neutral'],
    ]);
    expect(rows[0]!.textContent).toContain('Lay · India · Match Odds');
    // open: no profit/loss yet; settled: net of commission, coloured
    expect(within(rows[0]!).queryByTestId('exchange-record-pl')).toBeNull();
    expect(within(rows[1]!).getByTestId('exchange-record-pl').textContent).toBe('৳285.00');
    expect(within(rows[2]!).getByTestId('exchange-record-pl').textContent).toBe('-৳150.00');
    // 18:30 UTC is 00:30 the next day in Dhaka
    expect(rows[1]!.textContent).toContain('2026-03-02 00:30:00 GMT+6');

    await userEvent.click(within(rows[1]!).getByRole('button'));
    const dialog = screen.getByRole('dialog', { name: 'Exchange Record Details' });
    const shown = () =>
      within(dialog)
        .getAllByRole('definition')
        .map((d) => [d.previousElementSibling!.textContent, d.textContent]);
    expect(shown()).toEqual([
      ['Event Name', 'Bangladesh v India'],
      ['Transaction ID', 'EXW1'],
      ['Amount', '৳200.00'],
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Full view' }));
    expect(shown()).toEqual([
      ['Event Name', 'Bangladesh v India'],
      ['Game Type', 'Match Odds'],
      ['Market Name', 'Match Odds'],
      ['Selection Name', 'Bangladesh'],
      ['Bet Type', 'Back'],
      ['Stake', '৳200.00'],
      ['Potential Profit', '৳300.00'],
      ['Potential Liability', '৳200.00'],
      ['Odds', '2.5'],
      ['Runs', '—'],
    ]);
    expect(within(dialog).getByTestId('detail-profitLoss').textContent).toBe('৳285.00');
    expect(dialog.textContent).toContain('(commission ৳15.00)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Short view' }));
    expect(shown()).toHaveLength(3);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // a Fancy bet: the odds are the rate, the runs the line
    await userEvent.click(within(rows[2]!).getByRole('button'));
    await userEvent.click(screen.getByRole('button', { name: 'Full view' }));
    expect(screen.getByTestId('detail-gameType').textContent).toBe('Fancy');
    expect(screen.getByTestId('detail-betType').textContent).toBe('Yes');
    expect(screen.getByTestId('detail-odds').textContent).toBe('90');
    expect(screen.getByTestId('detail-runs').textContent).toBe('49');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(screen.getAllByTestId('exchange-record')).toHaveLength(1));
    expect(calls.filter((c) => c.path === '/api/betting-record').at(-1)!.opts.query).toEqual({ tab: 'exchange', date: 'today' });
  });

  it('Exchange tab shows No Data when the player has no exchange bets, and the Settled tab is as it was', async () => {
    responders.set('GET /api/betting-record', ({ query }) => (query?.tab === 'exchange' ? { data: [] } : { data: RECORDS }));
    renderScreen(<BettingRecord />, '/betting-record');
    await userEvent.click(screen.getByRole('tab', { name: 'Exchange' }));
    expect(await within(screen.getByTestId('exchange-records')).findByText('No Data')).toBeTruthy();
    expect(current.search).toBe('?tab=exchange');
    await userEvent.click(screen.getByRole('tab', { name: 'Settled' }));
    expect(await screen.findAllByTestId('record-group')).toHaveLength(3);
    expect(current.search).toBe('');
  });

  it('opens on the tab of the address (a reload keeps the Exchange tab)', async () => {
    responders.set('GET /api/betting-record', ({ query }) => (query?.tab === 'exchange' ? { data: EXCHANGE } : { data: RECORDS }));
    renderScreen(<BettingRecord />, '/betting-record?tab=exchange');
    expect(screen.getByRole('tab', { name: 'Exchange' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findAllByTestId('exchange-record')).toHaveLength(5);
  });
});
