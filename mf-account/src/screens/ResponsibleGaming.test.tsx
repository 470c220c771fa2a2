import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, resetHost, responders, testHost } from '@khela/web/test/fake-host';
import { ApiError, i18n } from '@khela/web';
import {
  LIMIT_PERIODS,
  MONEY_LIMIT_KINDS,
  PROTECTION_MESSAGES,
  type MoneyLimit,
  type ProtectionOverview,
  type ProtectionStatus,
} from '@khela/contracts';
import { renderScreen } from '../../test/render';
import { ResponsibleGaming } from './ResponsibleGaming';

const status = (over: Partial<ProtectionStatus> = {}): ProtectionStatus => ({
  play: { open: true, reason: null, until: null, message: null },
  deposit: { open: true, reason: null, until: null, message: null },
  reality_check_minutes: 0,
  reality_check_ms: null,
  session_started_at: '2026-11-23T10:00:00.000Z',
  limits_offer: false,
  ...over,
});

const limits = (set: Partial<MoneyLimit>[] = []): MoneyLimit[] =>
  MONEY_LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => ({
      kind,
      period,
      amount: null,
      used: '0.00',
      pending: null,
      ...set.find((s) => s.kind === kind && s.period === period),
    })),
  );

const overview = (over: Partial<ProtectionOverview> = {}): ProtectionOverview => ({
  currency: 'BDT',
  status: status(),
  limits: limits(),
  session_limit: { minutes: null, pending: null },
  exclusion: null,
  ...over,
});

// 12:05 UTC is 18:05 in Dhaka
const EFFECTIVE = '2026-11-24T12:05:00.000Z';

beforeEach(async () => {
  resetHost();
  localStorage.clear();
  localStorage.setItem('token', 't');
  localStorage.setItem('remote_id', '1');
  localStorage.setItem('username', 'player1');
  responders.set('GET /api/responsible-gaming/status', () => status());
  await i18n.changeLanguage('en');
});

const statusFetches = () => calls.filter((c) => c.path === '/api/responsible-gaming/status').length;

describe('ResponsibleGaming page', () => {
  it('a failed read says so with Retry (nothing left loading), and Retry shows the page', async () => {
    let down = true;
    responders.set('GET /api/responsible-gaming', () => {
      if (down) throw new ApiError('Network error, please try again later.', 0, undefined, true);
      return overview();
    });
    renderScreen(<ResponsibleGaming />, '/responsible-gaming');
    const failed = await screen.findByTestId('rg-load-error');
    expect(failed.textContent).toContain('Your responsible gaming settings could not be loaded.');
    expect(screen.queryByRole('status')).toBeNull();
    down = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('rg-page')).toBeTruthy();
  });

  it('shows each limit in force, what is used and a pending change with its Dhaka time', async () => {
    responders.set('GET /api/responsible-gaming', () =>
      overview({
        limits: limits([
          { kind: 'deposit', period: '24h', amount: '1000.00', used: '800.00', pending: { amount: '5000.00', effective_at: EFFECTIVE } },
          { kind: 'loss', period: '7d', amount: '300.00', used: '120.50', pending: { amount: null, effective_at: EFFECTIVE } },
        ]),
        session_limit: { minutes: 60, pending: { minutes: 120, effective_at: EFFECTIVE } },
        status: status({ reality_check_minutes: 30 }),
      }),
    );
    renderScreen(<ResponsibleGaming />, '/responsible-gaming');
    const row = await screen.findByTestId('rg-limit-deposit-24h');
    expect(within(row).getByTestId('rg-limit-amount-deposit-24h').textContent).toBe('Limit: ৳1,000.00');
    expect(within(row).getByTestId('rg-limit-used-deposit-24h').textContent).toBe('Used: ৳800.00');
    expect(screen.getByTestId('rg-limit-pending-deposit-24h').textContent).toBe('Pending: ৳5,000.00 from 24 Nov 2026, 18:05 (GMT+6)');
    expect(screen.getByTestId('rg-limit-pending-loss-7d').textContent).toBe('Pending: no limit from 24 Nov 2026, 18:05 (GMT+6)');
    expect(screen.getByTestId('rg-limit-used-loss-7d').textContent).toBe('Used: ৳120.50');
    expect(screen.getByTestId('rg-limit-amount-wager-30d').textContent).toBe('No limit');
    expect(screen.queryByTestId('rg-limit-pending-wager-30d')).toBeNull();
    // a pending removal cannot be asked again; a limit without one can be removed; no limit, nothing to remove
    expect(screen.queryByTestId('rg-limit-remove-loss-7d')).toBeNull();
    expect(screen.getByTestId('rg-limit-remove-deposit-24h')).toBeTruthy();
    expect(screen.queryByTestId('rg-limit-remove-wager-24h')).toBeNull();
    expect(screen.getByTestId('rg-session-current').textContent).toBe('Limit: 60 minutes');
    expect(screen.getByTestId('rg-session-pending').textContent).toBe('Pending: 120 minutes from 24 Nov 2026, 18:05 (GMT+6)');
    expect((screen.getByTestId('rg-reality-check-select') as HTMLSelectElement).value).toBe('30');
    // the definitions are on the page
    const defs = screen.getByTestId('rg-definitions').textContent!;
    expect(defs).toContain('a deposit counts as soon as you request it');
    expect(defs).toContain("a lay's liability");
    expect(defs).toContain('settled stakes minus settled returns');
    expect(defs).toContain('waits 24 hours');
    expect(defs).toContain('next day in Bangladesh time (GMT+6)');
    // every input is labelled for screen readers
    expect(screen.getByLabelText('Deposit limit for 24 hours (BDT)')).toBe(screen.getByTestId('rg-limit-input-deposit-24h'));
    expect(screen.getByLabelText('Remind me every')).toBe(screen.getByTestId('rg-reality-check-select'));
  });

  it('a decrease says it applies now, a raise shows the API pending text and the new pending row; the session follows', async () => {
    let current = overview({ limits: limits([{ kind: 'deposit', period: '24h', amount: '1000.00', used: '0.00' }]) });
    responders.set('GET /api/responsible-gaming', () => current);
    responders.set('PUT /api/responsible-gaming/limits', (opts) => {
      const { amount } = opts.body as { amount: string };
      if (Number(amount) <= 1000) {
        current = overview({ limits: limits([{ kind: 'deposit', period: '24h', amount, used: '0.00' }]) });
        return { ...current, message: PROTECTION_MESSAGES.limitDecreased };
      }
      current = overview({
        limits: limits([{ kind: 'deposit', period: '24h', amount: '500.00', used: '0.00', pending: { amount, effective_at: EFFECTIVE } }]),
      });
      return { ...current, message: PROTECTION_MESSAGES.limitPending(EFFECTIVE) };
    });
    renderScreen(<ResponsibleGaming />, '/responsible-gaming');
    const input = await screen.findByTestId('rg-limit-input-deposit-24h');

    await userEvent.type(input, '500');
    await userEvent.click(screen.getByTestId('rg-limit-save-deposit-24h'));
    expect((await screen.findByTestId('rg-limit-message-deposit-24h')).textContent).toBe('Your new limit applies now.');
    expect(screen.getByTestId('rg-limit-amount-deposit-24h').textContent).toBe('Limit: ৳500.00');
    expect(calls.find((c) => c.path === '/api/responsible-gaming/limits')!.opts.body).toEqual({
      kind: 'deposit',
      period: '24h',
      amount: '500',
    });
    await waitFor(() => expect(statusFetches()).toBe(1));

    await userEvent.type(screen.getByTestId('rg-limit-input-deposit-24h'), '5,000');
    await userEvent.click(screen.getByTestId('rg-limit-save-deposit-24h'));
    expect((await screen.findByTestId('rg-limit-message-deposit-24h')).textContent).toBe(
      'Your change applies after the 24-hour cooling-off period, at 24 Nov 2026, 18:05 (GMT+6).',
    );
    expect(screen.getByTestId('rg-limit-pending-deposit-24h').textContent).toBe('Pending: ৳5,000.00 from 24 Nov 2026, 18:05 (GMT+6)');
    expect(calls.filter((c) => c.path === '/api/responsible-gaming/limits')[1]!.opts.body.amount).toBe('5000');
    await waitFor(() => expect(statusFetches()).toBe(2));
  });

  it('checks the amount before sending and shows the API validation error', async () => {
    responders.set('GET /api/responsible-gaming', () => overview());
    responders.set('PUT /api/responsible-gaming/limits', () => {
      throw new ApiError('Enter an amount above 0.', 422, {
        message: 'Enter an amount above 0.',
        errors: { amount: ['Enter an amount above 0.'] },
      });
    });
    renderScreen(<ResponsibleGaming />, '/responsible-gaming');
    await userEvent.click(await screen.findByTestId('rg-limit-save-wager-7d'));
    expect(screen.getByTestId('rg-limit-error-wager-7d').textContent).toBe('Enter an amount.');
    await userEvent.type(screen.getByTestId('rg-limit-input-wager-7d'), '10.555');
    await userEvent.click(screen.getByTestId('rg-limit-save-wager-7d'));
    expect(screen.getByTestId('rg-limit-error-wager-7d').textContent).toBe('Enter an amount above 0 with at most 2 decimal places.');
    expect(calls.some((c) => c.path === '/api/responsible-gaming/limits')).toBe(false);

    await userEvent.clear(screen.getByTestId('rg-limit-input-wager-7d'));
    await userEvent.type(screen.getByTestId('rg-limit-input-wager-7d'), '10.50');
    await userEvent.click(screen.getByTestId('rg-limit-save-wager-7d'));
    expect((await screen.findByTestId('rg-limit-error-wager-7d')).textContent).toBe('Enter an amount above 0.');
  });

  it('removes a limit (amount null) and sets the session limit and reality check, refreshing the session each time', async () => {
    responders.set('GET /api/responsible-gaming', () =>
      overview({ limits: limits([{ kind: 'wager', period: '30d', amount: '9000.00', used: '0.00' }]) }),
    );
    responders.set('PUT /api/responsible-gaming/limits', () => ({
      ...overview({
        limits: limits([
          { kind: 'wager', period: '30d', amount: '9000.00', used: '0.00', pending: { amount: null, effective_at: EFFECTIVE } },
        ]),
      }),
      message: PROTECTION_MESSAGES.limitPending(EFFECTIVE),
    }));
    responders.set('PUT /api/responsible-gaming/session-limit', (opts) => ({
      ...overview({ session_limit: { minutes: opts.body.minutes, pending: null } }),
      message: PROTECTION_MESSAGES.limitDecreased,
    }));
    responders.set('PUT /api/responsible-gaming/reality-check', (opts) =>
      overview({ status: status({ reality_check_minutes: opts.body.minutes, reality_check_ms: opts.body.minutes * 60_000 }) }),
    );
    renderScreen(<ResponsibleGaming />, '/responsible-gaming');

    await userEvent.click(await screen.findByTestId('rg-limit-remove-wager-30d'));
    expect(calls.find((c) => c.path === '/api/responsible-gaming/limits')!.opts.body).toEqual({
      kind: 'wager',
      period: '30d',
      amount: null,
    });
    expect((await screen.findByTestId('rg-limit-pending-wager-30d')).textContent).toBe('Pending: no limit from 24 Nov 2026, 18:05 (GMT+6)');

    await userEvent.type(screen.getByTestId('rg-session-input'), '10');
    await userEvent.click(screen.getByTestId('rg-session-save'));
    expect(screen.getByTestId('rg-session-error').textContent).toBe('Enter whole minutes from 15 to 1440.');
    expect(calls.some((c) => c.path === '/api/responsible-gaming/session-limit')).toBe(false);
    await userEvent.clear(screen.getByTestId('rg-session-input'));
    await userEvent.type(screen.getByTestId('rg-session-input'), '45');
    await userEvent.click(screen.getByTestId('rg-session-save'));
    expect((await screen.findByTestId('rg-session-message')).textContent).toBe('Your new limit applies now.');
    expect(screen.getByTestId('rg-session-current').textContent).toBe('Limit: 45 minutes');
    expect(calls.find((c) => c.path === '/api/responsible-gaming/session-limit')!.opts.body).toEqual({ minutes: 45 });

    await userEvent.selectOptions(screen.getByTestId('rg-reality-check-select'), '15');
    await userEvent.click(screen.getByTestId('rg-reality-check-save'));
    await waitFor(() => expect(screen.getByTestId('rg-reality-check-current').textContent).toBe('Now: 15 minutes'));
    expect(calls.find((c) => c.path === '/api/responsible-gaming/reality-check')!.opts.body).toEqual({ minutes: 15 });
    await waitFor(() => expect(statusFetches()).toBe(3));
  });

  it('starts a time-out only after Continue and the final confirm, with confirm: true; then shows it and hides what would loosen', async () => {
    responders.set('GET /api/responsible-gaming', () =>
      overview({ limits: limits([{ kind: 'deposit', period: '24h', amount: '1000.00', used: '0.00' }]) }),
    );
    // the server's 7 days end a minute after what a 7-day time-out chosen during the test would: it is not offered again
    const ends = new Date(Date.now() + 7 * 86_400_000 + 60_000).toISOString();
    responders.set('POST /api/responsible-gaming/time-out', () =>
      overview({
        limits: limits([{ kind: 'deposit', period: '24h', amount: '1000.00', used: '0.00' }]),
        exclusion: { kind: 'time_out', period: '7d', started_at: new Date().toISOString(), ends_at: ends },
      }),
    );
    renderScreen(<ResponsibleGaming />, '/responsible-gaming');
    const posted = () => calls.filter((c) => c.path === '/api/responsible-gaming/time-out');

    await userEvent.click(await screen.findByTestId('rg-timeout-continue'));
    expect(screen.getByTestId('rg-timeout-error').textContent).toBe('Choose a length first.');
    expect(screen.queryByTestId('rg-confirm-dialog')).toBeNull();

    await userEvent.selectOptions(screen.getByTestId('rg-timeout-select'), '7d');
    await userEvent.click(screen.getByTestId('rg-timeout-continue'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Confirm your time-out')).toBeTruthy();
    const text = screen.getByTestId('rg-confirm-dialog').textContent!;
    expect(text).toContain('time-out of 7 days');
    expect(text).toContain('It starts immediately.');
    expect(text).toContain('not by you and not by our support team');
    expect(text).toContain('unmatched exchange bets are cancelled');
    expect(text).toContain('Only withdrawals, your messages and support chat stay open.');
    expect(posted()).toHaveLength(0);

    // cancelling the second confirmation sends nothing
    await userEvent.click(screen.getByTestId('rg-confirm-cancel'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted()).toHaveLength(0);

    await userEvent.click(screen.getByTestId('rg-timeout-continue'));
    await userEvent.click(screen.getByTestId('rg-confirm-final'));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]!.opts.body).toEqual({ period: '7d', confirm: true });

    const active = await screen.findByTestId('rg-exclusion-active');
    expect(active.textContent).toContain('You are taking a time-out until');
    expect(active.textContent).toContain('(GMT+6)');
    expect(screen.queryByRole('dialog')).toBeNull();
    // nothing that loosens: no Remove, no shorter time-out; a longer break stays possible
    expect(screen.queryByTestId('rg-limit-remove-deposit-24h')).toBeNull();
    const options = [...(screen.getByTestId('rg-timeout-select') as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['', '14d', '30d', '42d']);
    expect(screen.getByTestId('rg-selfexclude-select')).toBeTruthy();
    await userEvent.type(screen.getByTestId('rg-limit-input-deposit-24h'), '2000');
    await userEvent.click(screen.getByTestId('rg-limit-save-deposit-24h'));
    expect(screen.getByTestId('rg-limit-error-deposit-24h').textContent).toBe(
      'While your time-out or self-exclusion lasts you can only lower or add limits.',
    );
    expect(calls.some((c) => c.path === '/api/responsible-gaming/limits')).toBe(false);
    await waitFor(() => expect(statusFetches()).toBe(1));
  });

  it('self-excludes permanently after both confirmations and then shows no exclusion forms', async () => {
    responders.set('GET /api/responsible-gaming', () => overview());
    responders.set('POST /api/responsible-gaming/self-exclusion', () =>
      overview({ exclusion: { kind: 'self_exclusion', period: 'permanent', started_at: new Date().toISOString(), ends_at: null } }),
    );
    renderScreen(<ResponsibleGaming />, '/responsible-gaming');
    await userEvent.selectOptions(await screen.findByTestId('rg-selfexclude-select'), 'permanent');
    await userEvent.click(screen.getByTestId('rg-selfexclude-continue'));
    expect(screen.getByTestId('rg-confirm-dialog').textContent).toContain('self-exclude permanently');
    expect(calls.some((c) => c.path === '/api/responsible-gaming/self-exclusion')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Self-exclude me now' }));
    expect((await screen.findByTestId('rg-exclusion-active')).textContent).toContain('You are self-excluded permanently.');
    expect(calls.find((c) => c.path === '/api/responsible-gaming/self-exclusion')!.opts.body).toEqual({
      period: 'permanent',
      confirm: true,
    });
    expect(screen.queryByTestId('rg-selfexclude-select')).toBeNull();
    expect(screen.queryByTestId('rg-timeout-select')).toBeNull();
  });

  it("shows the API's refusal when already excluded for longer", async () => {
    responders.set('GET /api/responsible-gaming', () => overview());
    responders.set('POST /api/responsible-gaming/self-exclusion', () => {
      throw new ApiError(PROTECTION_MESSAGES.alreadyExcluded, 422, {
        message: PROTECTION_MESSAGES.alreadyExcluded,
        code: 'rg_already_excluded',
      });
    });
    renderScreen(<ResponsibleGaming />, '/responsible-gaming');
    await userEvent.selectOptions(await screen.findByTestId('rg-selfexclude-select'), '6m');
    await userEvent.click(screen.getByTestId('rg-selfexclude-continue'));
    await userEvent.click(screen.getByTestId('rg-confirm-final'));
    expect((await screen.findByTestId('rg-selfexclude-error')).textContent).toBe('You are already excluded for longer than that.');
    expect(screen.queryByTestId('rg-exclusion-active')).toBeNull();
  });

  it('offers limits before the first deposit; Skip tells the server and the session', async () => {
    responders.set('GET /api/responsible-gaming', () => overview({ status: status({ limits_offer: true }) }));
    responders.set('POST /api/responsible-gaming/offer-seen', () => status({ limits_offer: false }));
    renderScreen(<ResponsibleGaming />, '/responsible-gaming');
    expect((await screen.findByTestId('rg-offer')).textContent).toContain('Set limits before your first deposit');
    await userEvent.click(screen.getByTestId('rg-offer-skip'));
    await waitFor(() => expect(screen.queryByTestId('rg-offer')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/responsible-gaming/offer-seen')).toBe(true);
    await waitFor(() => expect(testHost.session.protection$.value?.limits_offer).toBe(false));
    // the page itself stays
    expect(screen.getByTestId('rg-limit-deposit-24h')).toBeTruthy();
  });

  it('speaks Bangla: the pending row, the change message and the confirmation', async () => {
    responders.set('GET /api/responsible-gaming', () =>
      overview({ limits: limits([{ kind: 'deposit', period: '24h', amount: '1000.00', used: '0.00' }]) }),
    );
    responders.set('PUT /api/responsible-gaming/limits', () => ({
      ...overview({
        limits: limits([
          { kind: 'deposit', period: '24h', amount: '1000.00', used: '0.00', pending: { amount: '5000.00', effective_at: EFFECTIVE } },
        ]),
      }),
      message: PROTECTION_MESSAGES.limitPending(EFFECTIVE),
    }));
    renderScreen(<ResponsibleGaming />, '/responsible-gaming');
    await screen.findByTestId('rg-limit-deposit-24h');
    await act(async () => {
      testHost.session.setLocale('bn');
      await i18n.changeLanguage('bn');
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('দায়িত্বশীল খেলা');
    await userEvent.type(screen.getByTestId('rg-limit-input-deposit-24h'), '5000');
    await userEvent.click(screen.getByTestId('rg-limit-save-deposit-24h'));
    const message = (await screen.findByTestId('rg-limit-message-deposit-24h')).textContent!;
    expect(message).toContain('২৪ ঘণ্টার অপেক্ষার পর');
    expect(message).toContain('২৪ নভে, ২০২৬, ১৮:০৫');
    expect(screen.getByTestId('rg-limit-pending-deposit-24h').textContent).toBe('অপেক্ষমাণ: ২৪ নভে, ২০২৬, ১৮:০৫ (GMT+6) থেকে ৫,০০০.০০৳');
    await userEvent.selectOptions(screen.getByTestId('rg-timeout-select'), '42d');
    await userEvent.click(screen.getByTestId('rg-timeout-continue'));
    expect(screen.getByTestId('rg-confirm-dialog').textContent).toContain('৬ সপ্তাহ');
    expect(screen.getByTestId('rg-confirm-final').textContent).toBe('এখনই আমার বিরতি শুরু করুন');
    await act(async () => {
      testHost.session.setLocale('en');
      await i18n.changeLanguage('en');
    });
  });

  it('says why play is closed when the session limit was reached', async () => {
    responders.set('GET /api/responsible-gaming', () =>
      overview({
        session_limit: { minutes: 30, pending: null },
        status: status({
          play: {
            open: false,
            reason: 'session_limit',
            until: '2026-11-24T18:00:00.000Z',
            message: PROTECTION_MESSAGES.sessionLimit(30, '2026-11-24T18:00:00.000Z'),
          },
        }),
      }),
    );
    renderScreen(<ResponsibleGaming />, '/responsible-gaming');
    expect((await screen.findByTestId('rg-gate-play')).textContent).toBe(
      'You reached your session time limit of 30 minutes. Games and betting are closed until 25 Nov 2026, 00:00 (GMT+6).',
    );
    expect(screen.queryByTestId('rg-gate-deposit')).toBeNull();
  });

  it('shows the load failure with a retry', async () => {
    let fail = true;
    responders.set('GET /api/responsible-gaming', () => {
      if (fail) throw new ApiError('Server error', 500, null);
      return overview();
    });
    renderScreen(<ResponsibleGaming />, '/responsible-gaming');
    expect((await screen.findByTestId('rg-load-error')).textContent).toContain('could not be loaded');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('rg-limit-deposit-24h')).toBeTruthy();
  });
});
