// The trader's tools (issue 33): depth on the odds view, the desktop ladder, keep in-play and the stake presets of the
// slip, one-click betting (confirmed once, placed at once with the stake chosen in advance).
import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@khela/web';
import { DEFAULT_EXCHANGE_SETTINGS, EXCHANGE_SETTINGS_MESSAGES } from '@khela/contracts';
import { calls, resetHost, responders, sessionService } from '@khela/web/test/fake-host';
import '../i18n';
import { TradingProvider } from '../trading/context';
import { bet, betAnswer, listAnswer } from '../trading/fixtures.test-util';
import { forgetSettings } from '../trading/settings';
import { BetSlip, type BetPick } from './BetSlip';
import { Ladder, ladderWindow } from './Ladder';
import { MatchOddsTable } from './markets';
import { OneClickBar } from './OneClick';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const back: BetPick = {
  kind: 'MATCH_ODDS',
  marketId: '1.1',
  marketName: 'Match Odds',
  selectionId: '101',
  selection: 'Bangladesh',
  side: 'back',
  price: 2.5,
};
let settings = { ...DEFAULT_EXCHANGE_SETTINGS };
const puts = () => calls.filter((c) => c.method === 'PUT' && c.path === '/api/exchange/settings').map((c) => c.opts.body);
const places = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/exchange/markets/{marketId}/bets').map((c) => c.opts.body);

beforeEach(() => {
  resetHost();
  forgetSettings();
  localStorage.setItem('token', 't');
  settings = { ...DEFAULT_EXCHANGE_SETTINGS, stake_presets: [...DEFAULT_EXCHANGE_SETTINGS.stake_presets] };
  responders.set('GET /api/exchange/bets', () => listAnswer([]));
  responders.set('GET /api/exchange/pins', () => ({ data: [] }));
  responders.set('GET /api/exchange/settings', () => settings);
  responders.set('PUT /api/exchange/settings', ({ body }) => {
    if (body.stake_presets?.some((n: number) => n < 100))
      throw new ApiError(EXCHANGE_SETTINGS_MESSAGES.presetRange, 422, { message: EXCHANGE_SETTINGS_MESSAGES.presetRange });
    if (body.one_click && !settings.one_click_confirmed && !body.confirm_one_click)
      throw new ApiError(EXCHANGE_SETTINGS_MESSAGES.oneClickConfirm, 422, {});
    const { confirm_one_click, ...rest } = body;
    settings = { ...settings, ...rest, one_click_confirmed: settings.one_click_confirmed || Boolean(confirm_one_click) };
    return settings;
  });
});

const wrap = (ui: React.ReactNode) =>
  render(
    <MemoryRouter>
      <TradingProvider>{ui}</TradingProvider>
    </MemoryRouter>,
  );

describe('depth', () => {
  const market = {
    marketId: '1.1',
    inplay: false,
    runners: [
      {
        selectionId: 101,
        SelectionName: 'Bangladesh',
        ex: {
          availableToBack: [
            { price: 2.5, size: 1200 },
            { price: 2.48, size: 300 },
            { price: 2.46, size: 90 },
          ],
          availableToLay: [
            { price: 2.52, size: 800 },
            { price: 2.54, size: 50 },
          ],
        },
      },
    ],
  };

  it('shows three back and three lay prices per runner; the best keeps its name, deeper ones have their own', async () => {
    const onPick = vi.fn();
    render(<MatchOddsTable market={market} onPick={onPick} depth totalMatched="12345.00" />);
    const row = screen.getByTestId('match-odds-runner');
    // the best price's button is named as before ("Back <runner> <price> <size>"): e2e specs find it so
    expect(within(row).getByRole('button', { name: /^Back Bangladesh 2\.5 1200$/ })).toBeTruthy();
    expect(within(row).getByRole('button', { name: /^Lay Bangladesh 2\.52 800$/ })).toBeTruthy();
    // deeper levels never start with "Back "/"Lay " (a /^Back / query finds the best price only)
    expect(within(row).getAllByRole('button', { name: /^Back / })).toHaveLength(1);
    expect(within(row).getByRole('button', { name: 'Level 2 back: Bangladesh 2.48 300' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Level 3 back: Bangladesh 2.46 90' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Level 2 lay: Bangladesh 2.54 50' })).toBeTruthy();
    // an empty third lay level is a dash, not a button
    expect(within(row).queryByRole('button', { name: /^Level 3 lay/ })).toBeNull();
    // in the row's order: back level 3, level 2, the best back, the best lay, lay level 2 (level 3 empty)
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => /(\S+ \S+)$/.exec(b.textContent ?? '')?.[1]),
    ).toEqual(['2.46 90', '2.48 300', '2.5 1200', '2.52 800', '2.54 50']);
    await userEvent.click(within(row).getByRole('button', { name: /^Level 2 back/ }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ side: 'back', price: 2.48, selectionId: '101' }));
    expect(screen.getByTestId('total-matched').textContent).toBe('Matched: ৳12,345.00');
    // a phone shows the best prices and "Show depth" (the media rules hide it on desktop)
    const toggle = screen.getByTestId('depth-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide depth');
  });

  it('says the deeper levels in Bangla with Bengali digits', async () => {
    act(() => sessionService().session.setLocale('bn'));
    try {
      render(<MatchOddsTable market={market} onPick={() => {}} depth totalMatched="500.00" />);
      expect(screen.getByRole('button', { name: 'লেভেল ২ ব্যাক: Bangladesh ২.৪৮ ৩০০' })).toBeTruthy();
      expect(screen.getByTestId('total-matched').textContent).toContain('মিলেছে:');
    } finally {
      act(() => sessionService().session.setLocale('en'));
    }
  });
});

describe('ladder', () => {
  it('centres the window between the best prices and moves it by whole ticks', () => {
    const w = ladderWindow(250, 252, 0, 5);
    expect(w).toEqual([256, 254, 252, 250, 248]);
    expect(ladderWindow(250, 252, 5, 5)[0]).toBe(266);
    // clamped at the top of the ladder
    expect(ladderWindow(100000, undefined, 0, 3)).toEqual([100000, 99000, 98000]);
  });

  it("shows every price's back and lay sizes, the player's unmatched bets at their price, and a cell opens the slip there", async () => {
    responders.set('GET /api/exchange/bets', () =>
      listAnswer([
        bet({ id: 'u1', side: 'BACK', price: 2.6, status: 'UNMATCHED', matched_stake: '0.00', unmatched_stake: '200.00' }),
        bet({ id: 'u2', side: 'LAY', price: 2.4, status: 'PARTIALLY_MATCHED', matched_stake: '50.00', unmatched_stake: '75.00' }),
      ]),
    );
    responders.set('GET /api/exchange/markets/{marketId}/ladder', () => ({
      market_id: '1.1',
      selection_id: '101',
      version: 3,
      back: [
        { price: 2.5, size: '1200.00' },
        { price: 2.36, size: '40.00' },
      ],
      lay: [
        { price: 2.52, size: '800.00' },
        { price: 2.66, size: '10.00' },
      ],
    }));
    const onPick = vi.fn();
    wrap(<Ladder marketId="1.1" selectionId="101" name="Bangladesh" refreshKey="1" onPick={onPick} onClose={() => {}} />);
    await waitFor(() => expect(screen.getByText(/Click a cell/)).toBeTruthy());
    const row = (price: number) => screen.getAllByTestId('ladder-row').find((r) => r.getAttribute('data-price') === String(price))!;
    expect(within(row(2.5)).getByTestId('ladder-back').textContent).toBe('Ladder: back Bangladesh at 2.5 1200');
    expect(within(row(2.36)).getByTestId('ladder-back').textContent).toContain('40');
    expect(within(row(2.66)).getByTestId('ladder-lay').textContent).toContain('10');
    // a price with no offer is an empty cell that still bets at that price
    expect(within(row(2.44)).getByTestId('ladder-back').textContent).toBe('Ladder: back Bangladesh at 2.44 ');
    await waitFor(() => expect(within(row(2.6)).getByTestId('ladder-mine-back').textContent).toBe('200'));
    expect(within(row(2.4)).getByTestId('ladder-mine-lay').textContent).toBe('75');
    await userEvent.click(within(row(2.44)).getByTestId('ladder-lay'));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ kind: 'MATCH_ODDS', side: 'lay', price: 2.44, selectionId: '101' }));
    expect(calls.find((c) => c.path === '/api/exchange/markets/{marketId}/ladder')?.opts.query).toEqual({ selection_id: '101' });
  });
});

describe('keep in-play and stake presets', () => {
  it('sends the remembered choice as the persistence, saves a change, and says what happens at the turn in-play', async () => {
    settings.keep_in_play = true;
    responders.set('POST /api/exchange/markets/{marketId}/bets', () => betAnswer(bet({ status: 'UNMATCHED', persistence: 'PERSIST' })));
    wrap(<BetSlip pick={back} onClose={() => {}} />);
    const box = await screen.findByTestId('slip-keep-in-play');
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    expect(screen.getByTestId('slip-keep-hint').textContent).toBe(
      'If it is not matched when the market goes in-play, the unmatched part stays in the market.',
    );
    await userEvent.type(screen.getByTestId('slip-stake'), '100');
    await userEvent.click(screen.getByTestId('slip-confirm'));
    await waitFor(() => expect(places()).toHaveLength(1));
    expect(places()[0]).toMatchObject({ persistence: 'PERSIST', stake: '100.00' });
  });

  it('unticked: the bet lapses at the turn in-play (LAPSE), and the choice is saved for next time', async () => {
    wrap(<BetSlip pick={back} onClose={() => {}} />);
    const box = (await screen.findByTestId('slip-keep-in-play')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByTestId('slip-keep-hint').textContent).toContain('is cancelled (lapses)');
    await userEvent.click(box);
    await waitFor(() => expect(puts()).toEqual([{ keep_in_play: true }]));
    expect(screen.getByTestId('slip-keep-hint').textContent).toContain('stays in the market');
  });

  it('in play, the slip says an unmatched part stays; BookMaker and Fancy slips have no choice', () => {
    wrap(
      <>
        <BetSlip pick={back} onClose={() => {}} inplay />
      </>,
    );
    expect(screen.getByTestId('slip-keep-hint').textContent).toContain('The market is in play');
  });

  it("shows the player's presets, edits them on the server and shows a refusal", async () => {
    settings.stake_presets = [200, 400, 800, 1600, 3200, 6400];
    wrap(<BetSlip pick={back} onClose={() => {}} />);
    const presets = await screen.findByTestId('slip-presets');
    await waitFor(() =>
      expect(
        within(presets)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['200', '400', '800', '1,600', '3,200', '6,400']),
    );
    await userEvent.click(within(presets).getByRole('button', { name: '800' }));
    expect((screen.getByTestId('slip-stake') as HTMLInputElement).value).toBe('800');

    await userEvent.click(screen.getByTestId('slip-edit-presets'));
    const first = screen.getByRole('textbox', { name: 'Stake preset 1' });
    await userEvent.clear(first);
    await userEvent.type(first, '50');
    await userEvent.click(screen.getByTestId('preset-save'));
    expect((await screen.findByTestId('preset-error')).textContent).toBe(EXCHANGE_SETTINGS_MESSAGES.presetRange);
    await userEvent.clear(first);
    await userEvent.type(first, '150');
    await userEvent.click(screen.getByTestId('preset-save'));
    await waitFor(() => expect(screen.queryByTestId('preset-editor')).toBeNull());
    expect(puts().at(-1)).toEqual({ stake_presets: [150, 400, 800, 1600, 3200, 6400] });
    expect(within(screen.getByTestId('slip-presets')).getAllByRole('button')[0]!.textContent).toBe('150');
  });

  it('shows a refused preset in Bangla', async () => {
    act(() => sessionService().session.setLocale('bn'));
    try {
      wrap(<BetSlip pick={back} onClose={() => {}} />);
      await userEvent.click(await screen.findByTestId('slip-edit-presets'));
      const first = screen.getAllByTestId('preset-input')[0]!;
      await userEvent.clear(first);
      await userEvent.type(first, '10');
      await userEvent.click(screen.getByTestId('preset-save'));
      expect((await screen.findByTestId('preset-error')).textContent).toBe('স্টেক প্রিসেট আপনার মুদ্রার স্টেক সীমার মধ্যে হতে হবে।');
    } finally {
      act(() => sessionService().session.setLocale('en'));
    }
  });
});

describe('one-click betting', () => {
  it('asks to confirm the first time, with the stake chosen in advance; later it turns on without asking', async () => {
    wrap(<OneClickBar />);
    const toggle = (await screen.findByTestId('one-click-toggle')) as HTMLInputElement;
    await userEvent.selectOptions(screen.getByTestId('one-click-stake'), '500');
    await userEvent.click(toggle);
    const dialog = screen.getByRole('dialog', { name: 'Turn on one-click betting?' });
    expect(within(dialog).getByTestId('one-click-explain').textContent).toContain('places a bet at once');
    expect(puts()).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId('one-click-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts()).toEqual([{ one_click: true, one_click_stake: 500, confirm_one_click: true }]);
    expect(screen.getByTestId('one-click-state').textContent).toBe('On: ৳500.00 a bet');

    await userEvent.click(screen.getByTestId('one-click-toggle'));
    await waitFor(() => expect(puts().at(-1)).toEqual({ one_click: false }));
    await userEvent.click(screen.getByTestId('one-click-toggle'));
    // confirmed before: no dialog the second time
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(puts().at(-1)).toEqual({ one_click: true, one_click_stake: 500 }));
  });

  it("a one-click slip places at once with that stake and the player's keep in-play; a refusal stays shown", async () => {
    settings.keep_in_play = true;
    let answer: () => unknown = () => betAnswer(bet({ status: 'MATCHED' }));
    responders.set('POST /api/exchange/markets/{marketId}/bets', () => answer());
    const onClose = vi.fn();
    // the settings are read before the click (the odds view's bar reads them)
    wrap(<OneClickBar />);
    await screen.findByTestId('one-click-toggle');
    const { unmount } = wrap(<BetSlip pick={back} onClose={onClose} oneClick={{ stakeMinor: 50000, n: 1 }} />);
    await waitFor(() => expect(places()).toHaveLength(1));
    expect(places()[0]).toMatchObject({ side: 'BACK', price: 2.5, stake: '500.00', persistence: 'PERSIST' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    unmount();

    answer = () => {
      throw new ApiError('Ball running: bets are not accepted until the ball is dead.', 409, { code: 'ball_running' });
    };
    wrap(<BetSlip pick={back} onClose={onClose} oneClick={{ stakeMinor: 50000, n: 2 }} />);
    expect((await screen.findByTestId('slip-error')).textContent).toBe('Ball running: bets are not accepted until the ball is dead.');
    expect(places()).toHaveLength(2);
    expect(screen.getByTestId('slip-one-click').textContent).toBe('One-click bet');
  });
});
