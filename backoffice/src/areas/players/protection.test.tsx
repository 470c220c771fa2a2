import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  LIMIT_PERIODS,
  MONEY_LIMIT_KINDS,
  type StaffRole,
  type StaffAuditRow,
  type StaffPlayerProfile,
  type StaffPlayerProtection,
} from '@khela/contracts';
import { ApiError } from '@khela/web';
import { fakeSession, type Handler } from '../account/fake-session.test-util';
import { PlayerPage } from './PlayerPage';
import { READ_ONLY_TEXT } from './ProtectionTab';
import { cddDue, gateUntil, historyChange, limitLeft } from './protection-format';

const HOUR = 3600_000;
const now = Date.now();
const at = (ms: number) => new Date(now + ms).toISOString();
// staff read times as the site does (formatDhakaDateTime: "2026-11-28 11:32:15"); Swedish writes that shape
const dhaka = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Dhaka', dateStyle: 'short', timeStyle: 'medium', hourCycle: 'h23' }).format(
    new Date(iso),
  );

const PROFILE: StaffPlayerProfile = {
  id: 7,
  username: 'alice123',
  name: 'Alice',
  phone: '01700000000',
  phone_verified: true,
  email: null,
  email_verified_at: null,
  dofb: '2010-03-01',
  currency: 'BDT',
  status: 'active',
  exchange_market: 1,
  cs_market: 1,
  referral_code: 'ABC',
  referred_by: null,
  agent_code: null,
  affiliate_code: null,
  created_at: at(-100 * HOUR),
  updated_at: at(-100 * HOUR),
  last_login_at: at(-HOUR),
  live_sessions: 1,
  wallet: { balance: '0.00', exposure: '0.00', available: '0.00', pending_withdrawals: '0.00', owed: '0.00' },
  vip_coin: 0,
  cash_bonus: '0.00',
  turnover_remaining: '0.00',
};

const timeOutEnds = at(23 * HOUR);
const pendingAt = at(20 * HOUR);

const audit = (over: Partial<StaffAuditRow>): StaffAuditRow => ({
  id: 1,
  created_at: at(-HOUR),
  operator_id: null,
  username: 'player:alice123',
  ip: '127.0.0.1',
  action: 'protection.limit',
  entity_type: 'player',
  entity_id: '7',
  reason: null,
  before: null,
  after: null,
  ...over,
});

function protection(over: Partial<StaffPlayerProtection> = {}): StaffPlayerProtection {
  const closed = {
    open: false,
    reason: 'time_out' as const,
    until: timeOutEnds,
    message: 'You are taking a time-out until … Deposits, games and betting are closed.',
  };
  return {
    player_id: 7,
    currency: 'BDT',
    status: {
      play: closed,
      deposit: closed,
      reality_check_minutes: 15,
      reality_check_ms: 3000,
      session_started_at: at(-HOUR),
      limits_offer: false,
    },
    limits: MONEY_LIMIT_KINDS.flatMap((kind) =>
      LIMIT_PERIODS.map((period) =>
        kind === 'deposit' && period === '24h'
          ? { kind, period, amount: '1000.00', used: '800.00', pending: { amount: '2000.00', effective_at: pendingAt } }
          : { kind, period, amount: null, used: '0.00', pending: null },
      ),
    ).reverse(),
    session_limit: { minutes: 60, pending: null },
    exclusions: [
      { kind: 'time_out', period: '24h', started_at: at(-HOUR), ends_at: timeOutEnds, active: true },
      { kind: 'time_out', period: '7d', started_at: at(-400 * HOUR), ends_at: at(-232 * HOUR), active: false },
    ],
    dofb: '2010-03-01',
    under_age_at: at(-50 * HOUR),
    due_diligence: {
      threshold: '260000.00',
      deposits_180d: '270500.00',
      withdrawals_180d: '1000.00',
      required: true,
      checked_at: null,
      checked_by: null,
      note: null,
      withdrawals_waiting: 1,
    },
    history: [
      audit({
        id: 3,
        action: 'protection.time_out',
        before: null,
        after: { kind: 'time_out', period: '24h', started_at: at(-HOUR), ends_at: timeOutEnds },
      }),
      audit({
        id: 2,
        created_at: at(-2 * HOUR),
        before: { kind: 'deposit', period: '24h', value: '100000', pending: null },
        after: { kind: 'deposit', period: '24h', value: '100000', pending: { value: '200000', effective_at: pendingAt } },
      }),
      audit({
        id: 1,
        created_at: at(-3 * HOUR),
        before: { kind: 'deposit', period: '24h' },
        after: { kind: 'deposit', period: '24h', value: '100000' },
      }),
    ],
    ...over,
  };
}

function setup(role: StaffRole, extra: Record<string, Handler> = {}, data = protection()) {
  const fake = fakeSession(
    { role, username: role },
    {
      'GET /api/operator/players/{id}': () => PROFILE,
      'GET /api/operator/players/{id}/protection': () => data,
      ...extra,
    },
  );
  render(
    fake.wrap(
      <MemoryRouter initialEntries={['/players/7?tab=protection']}>
        <Routes>
          <Route path="/players/:id" element={<PlayerPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  return fake;
}

describe('player page, Protection tab', () => {
  it('shows gates, limits, exclusions, age, CDD and history read-only, with the header badges', async () => {
    const fake = setup('support');
    const tab = await screen.findByTestId('bo-protection-gates');
    // gates: both closed by the time-out, until its end in Dhaka time
    const play = within(tab).getByTestId('bo-gate-play');
    expect(play.textContent).toContain('closed');
    expect(play.textContent).toContain('Time-out');
    expect(play.textContent).toContain(`until ${dhaka(timeOutEnds)} GMT+6`);
    expect(within(tab).getByTestId('bo-gate-deposit').textContent).toContain('Time-out');

    // limits: the one in force with its use, what is left and the pending raise; the others show no limit
    const limits = screen.getByTestId('bo-protection-limits');
    const dep = within(limits).getByTestId('bo-limit-deposit-24h');
    expect(dep.textContent).toContain('BDT 1,000.00');
    expect(dep.textContent).toContain('BDT 800.00');
    expect(dep.textContent).toContain('BDT 200.00');
    expect(dep.textContent).toContain(`raise to BDT 2,000.00 at ${dhaka(pendingAt)}`);
    expect(within(limits).getByTestId('bo-limit-loss-30d').textContent).toContain('no limit');
    // kind by kind, window by window, whatever the API's order
    expect(
      within(limits)
        .getAllByTestId(/^bo-limit-(deposit|wager|loss)-/)
        .map((r) => r.dataset.testid),
    ).toEqual(MONEY_LIMIT_KINDS.flatMap((k) => LIMIT_PERIODS.map((p) => `bo-limit-${k}-${p}`)));
    expect(within(limits).getByTestId('bo-limit-session').textContent).toBe('60 minutes since log-in');
    expect(within(limits).getByTestId('bo-reality-check').textContent).toContain('every 15 minutes');
    expect(within(limits).getByTestId('bo-reality-check').textContent).toContain('3 s: a test setting');

    // exclusions: in force (and read-only) and ended
    const rows = within(screen.getByTestId('bo-protection-exclusions')).getAllByTestId('bo-exclusion');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('in force');
    expect(rows[0]!.textContent).toContain(READ_ONLY_TEXT);
    expect(rows[0]!.textContent).toContain(dhaka(timeOutEnds));
    expect(rows[1]!.textContent).toContain('ended');
    expect(rows[1]!.textContent).toContain('7 days');
    expect(rows[1]!.textContent).not.toContain(READ_ONLY_TEXT);

    // age: the birthday and the under-age flag, highlighted
    expect(screen.getByTestId('bo-protection-age').textContent).toContain('2010-03-01');
    expect(screen.getByTestId('bo-protection-under-age').textContent).toContain('under 18');

    // CDD figures
    const cdd = screen.getByTestId('bo-protection-cdd');
    expect(cdd.textContent).toContain('BDT 260,000.00');
    expect(within(cdd).getByTestId('bo-cdd-deposits').textContent).toBe('BDT 270,500.00');
    expect(within(cdd).getByTestId('bo-cdd-withdrawals').textContent).toBe('BDT 1,000.00');
    expect(within(cdd).getByTestId('bo-cdd-required').textContent).toContain('yes');
    expect(within(cdd).getByTestId('bo-cdd-last').textContent).toBe('never');
    expect(within(cdd).getByTestId('bo-cdd-waiting').textContent).toContain('1');

    // history: the player's own changes in words (money from minor units)
    const history = within(screen.getByTestId('bo-protection-history')).getAllByTestId('bo-history-row');
    expect(history).toHaveLength(3);
    expect(history[0]!.textContent).toContain('player:alice123');
    expect(history[0]!.textContent).toContain('Time-out started');
    expect(history[0]!.textContent).toContain(`none → Time-out 24 hours, until ${dhaka(timeOutEnds)} GMT+6`);
    expect(history[1]!.textContent).toContain(
      `Deposit limit, 24 hours: BDT 1,000.00 → BDT 1,000.00 (pending: BDT 2,000.00 from ${dhaka(pendingAt)} GMT+6)`,
    );
    expect(history[2]!.textContent).toContain('Deposit limit, 24 hours: no limit → BDT 1,000.00');

    // read-only: said plainly, and nothing to lift, end or change; support cannot record a CDD check
    expect(screen.getByRole('note').textContent).toContain(READ_ONLY_TEXT);
    expect(screen.queryByTestId('bo-cdd-record')).toBeNull();
    const buttons = within(screen.getByTestId('bo-protection-tab'))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual(['Reload']);

    // header badges: excluded, under 18, CDD required; each opens this tab
    const badges = screen.getAllByTestId('bo-protection-badge');
    expect(badges.map((b) => b.dataset.kind)).toEqual(['excluded', 'under-age', 'cdd']);
    expect(badges[0]!.textContent).toBe(`Time-out until ${dhaka(timeOutEnds)} GMT+6`);
    expect(badges[2]!.textContent).toBe('CDD required · 1 withdrawal waiting');
    expect(badges[0]!.getAttribute('href')).toBe('/players/7?tab=protection');
    expect(fake.calls.filter((c) => c.path.endsWith('/protection'))).toHaveLength(1);
  });

  it('an open player: gates open, no badges, a permanent self-exclusion says permanent', async () => {
    const open = { open: true, reason: null, until: null, message: null };
    setup(
      'risk',
      {},
      protection({
        status: { ...protection().status, play: open, deposit: open, reality_check_minutes: 0, reality_check_ms: null },
        exclusions: [],
        under_age_at: null,
        dofb: '1990-01-01',
        due_diligence: { ...protection().due_diligence, required: false, withdrawals_waiting: 0 },
        history: [],
      }),
    );
    const gates = await screen.findByTestId('bo-protection-gates');
    expect(within(gates).getByTestId('bo-gate-play').textContent).toBe('Play (casino, exchange, VIP and bonus conversion)open');
    expect(screen.getByTestId('bo-protection-exclusions').textContent).toContain('None, ever.');
    expect(screen.getByTestId('bo-reality-check').textContent).toBe('off');
    expect(screen.queryByTestId('bo-protection-under-age')).toBeNull();
    expect(screen.getByTestId('bo-protection-history').textContent).toContain('No changes yet.');
    expect(screen.queryByTestId('bo-protection-badge')).toBeNull();
  });

  it('the header shows a permanent self-exclusion badge on every tab', async () => {
    const fake = fakeSession(
      { role: 'support' },
      {
        'GET /api/operator/players/{id}': () => PROFILE,
        'GET /api/operator/players/{id}/protection': () =>
          protection({
            exclusions: [{ kind: 'self_exclusion', period: 'permanent', started_at: at(-HOUR), ends_at: null, active: true }],
            under_age_at: null,
            due_diligence: { ...protection().due_diligence, required: true, checked_at: at(-HOUR), withdrawals_waiting: 0 },
          }),
      },
    );
    render(
      fake.wrap(
        <MemoryRouter initialEntries={['/players/7']}>
          <Routes>
            <Route path="/players/:id" element={<PlayerPage />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    const badge = await screen.findByTestId('bo-protection-badge');
    expect(badge.textContent).toBe('Self-excluded permanently');
    // a recorded check with nothing waiting: no CDD badge
    expect(screen.getAllByTestId('bo-protection-badge')).toHaveLength(1);
    expect(screen.queryByTestId('bo-protection-tab')).toBeNull();
  });

  it.each([
    ['support', false],
    ['risk', false],
    ['payments', true],
    ['admin', true],
  ] as const)('the record-check action for %s: %s', async (role, shown) => {
    setup(role);
    await screen.findByTestId('bo-protection-cdd');
    expect(screen.queryByTestId('bo-cdd-record') !== null).toBe(shown);
  });

  it('payments records a CDD check with a reason; the answer refreshes the tab', async () => {
    const checkedAt = new Date().toISOString();
    const fake = setup('payments', {
      'POST /api/operator/players/{id}/due-diligence': (o) => {
        const reason = (o.body as { reason: string }).reason;
        return protection({
          due_diligence: {
            ...protection().due_diligence,
            checked_at: checkedAt,
            checked_by: 'operator',
            note: reason,
            withdrawals_waiting: 0,
          },
          history: [
            audit({
              id: 4,
              operator_id: 2,
              username: 'operator',
              action: 'protection.cdd_check',
              reason,
              before: null,
              after: { checked_at: checkedAt, checked_by: 'operator', released_withdrawals: [31] },
            }),
            ...protection().history,
          ],
        });
      },
    });
    fireEvent.click(await screen.findByTestId('bo-cdd-record'));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('releases the 1 withdrawal waiting for it');
    // a reason first
    fireEvent.click(within(dialog).getByTestId('bo-cdd-submit'));
    expect(within(dialog).getByRole('alert').textContent).toContain('at least 3 characters');
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByTestId('bo-cdd-reason'), { target: { value: '  NID and bank statement seen  ' } });
    fireEvent.click(within(dialog).getByTestId('bo-cdd-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls.find((c) => c.method === 'POST')?.opts).toEqual({
      params: { id: 7 },
      body: { reason: 'NID and bank statement seen' },
    });
    const cdd = screen.getByTestId('bo-protection-cdd');
    expect(within(cdd).getByTestId('bo-cdd-last').textContent).toContain('by operator');
    expect(within(cdd).getByTestId('bo-cdd-last').textContent).toContain('NID and bank statement seen');
    expect(within(cdd).getByRole('status').textContent).toBe('Due-diligence check recorded.');
    const first = within(screen.getByTestId('bo-protection-history')).getAllByTestId('bo-history-row')[0]!;
    expect(first.textContent).toContain('Due-diligence check recorded');
    expect(first.textContent).toContain(`no check → checked ${dhaka(checkedAt)} GMT+6 by operator; released withdrawal #31`);
    expect(first.textContent).toContain('NID and bank statement seen');
    // the header's CDD badge went with the waiting withdrawal (a check is on record)
    expect(screen.getAllByTestId('bo-protection-badge').map((b) => b.dataset.kind)).toEqual(['excluded', 'under-age']);
  });

  it("shows the API's refusal of a CDD check and keeps the form open", async () => {
    setup('admin', {
      'POST /api/operator/players/{id}/due-diligence': () => {
        throw new ApiError('No withdrawals or totals call for a check.', 422, { success: false });
      },
    });
    fireEvent.click(await screen.findByTestId('bo-cdd-record'));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('bo-cdd-reason'), { target: { value: 'documents seen' } });
    fireEvent.click(within(dialog).getByTestId('bo-cdd-submit'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No withdrawals or totals call for a check.');
    expect(screen.getByTestId('bo-cdd-last').textContent).toBe('never');
  });

  it('says an error of the protection read with a retry', async () => {
    let fail = true;
    setup('support', {
      'GET /api/operator/players/{id}/protection': () => {
        if (fail) throw new ApiError('Player not found', 404, {});
        return protection();
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Player not found');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('bo-protection-gates')).toBeTruthy();
  });
});

describe('protection wording', () => {
  it('says until when a closed gate stays closed', () => {
    expect(gateUntil({ open: false, reason: 'self_exclusion', until: null, message: null })).toBe('permanently');
    expect(gateUntil({ open: false, reason: 'birthday_missing', until: null, message: null })).toBe(
      'until the player adds a date of birth',
    );
    expect(gateUntil({ open: true, reason: null, until: null, message: null })).toBe('');
  });

  it('says a limit change, a removal and a session limit from the audit line', () => {
    const row = (before: unknown, after: unknown) => audit({ before, after });
    expect(
      historyChange(
        row(
          { kind: 'loss', period: '7d', value: '50050', pending: null },
          { kind: 'loss', period: '7d', value: '50050', pending: { value: null, effective_at: pendingAt } },
        ),
        'INR',
      ),
    ).toBe(`Loss limit, 7 days: INR 500.50 → INR 500.50 (pending: removal from ${dhaka(pendingAt)} GMT+6)`);
    expect(
      historyChange(row({ kind: 'session', period: 'session', value: '90' }, { kind: 'session', period: 'session', value: '30' }), 'BDT'),
    ).toBe('Session-time limit: 90 minutes → 30 minutes');
    expect(historyChange(audit({ action: 'protection.reality_check', before: { minutes: 0 }, after: { minutes: 30 } }), 'BDT')).toBe(
      'off → every 30 minutes',
    );
    // anything else: the changed fields
    expect(historyChange(audit({ action: 'protection.other', before: { a: 1 }, after: { a: 2 } }), 'BDT')).toBe('a: 1 → 2');
  });

  it('says the under-age line', () => {
    expect(
      historyChange(
        audit({
          action: 'protection.under_age',
          before: { dofb: null, under_age_at: null },
          after: { dofb: '2010-03-01', under_age_at: pendingAt },
        }),
        'BDT',
      ),
    ).toBe(`date of birth — → 2010-03-01; flagged under 18 ${dhaka(pendingAt)} GMT+6`);
  });

  it('a CDD check is due while withdrawals wait, or past the threshold without a check of the last year', () => {
    const d = protection().due_diligence;
    expect(cddDue({ ...d, withdrawals_waiting: 1, checked_at: at(-HOUR) })).toBe(true);
    expect(cddDue({ ...d, withdrawals_waiting: 0, checked_at: null })).toBe(true);
    expect(cddDue({ ...d, withdrawals_waiting: 0, checked_at: at(-364 * 24 * HOUR) })).toBe(false);
    expect(cddDue({ ...d, withdrawals_waiting: 0, checked_at: at(-366 * 24 * HOUR) })).toBe(true);
    expect(cddDue({ ...d, withdrawals_waiting: 0, required: false, checked_at: null })).toBe(false);
  });

  it('never shows a negative amount left', () => {
    expect(limitLeft({ kind: 'loss', period: '24h', amount: '100.00', used: '150.25', pending: null })).toBe('0.00');
    expect(limitLeft({ kind: 'wager', period: '24h', amount: '100.00', used: '0.5', pending: null })).toBe('99.50');
    expect(limitLeft({ kind: 'wager', period: '24h', amount: null, used: '0.00', pending: null })).toBeNull();
  });
});
