import '@khela/web/test/mock-shared';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../i18n';
import { BookmakerTable, FancyTable, MatchOddsTable } from '../components/markets';

const fancyRows = [
  { title: '6 over runs', type: 2, suspended: 0, ball_running: 0, no: 48, no_rate: 100, yes: 49, yes_rate: 90 },
  { title: 'Next ball runs', type: 3, suspended: 1, ball_running: 1, no: 1, no_rate: 100, yes: 2, yes_rate: 95 },
  { title: 'Khadda 15 over', type: 4, suspended: 1, ball_running: 0, no: 112, no_rate: 100, yes: 113, yes_rate: 90 },
];

describe('odds view tables', () => {
  it('filters the Fancy table by its tabs and says when a tab is empty', async () => {
    render(<FancyTable rows={fancyRows} onPick={() => {}} />);
    expect(screen.getAllByTestId('fancy-row')).toHaveLength(3);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'Fancy', 'Ball by Ball', 'Khadda', 'Lottery', 'Odd/Even']);

    await userEvent.click(screen.getByRole('tab', { name: 'Ball by Ball' }));
    expect(screen.getAllByTestId('fancy-row').map((r) => r.textContent)).toEqual([expect.stringContaining('Next ball runs')]);

    await userEvent.click(screen.getByRole('tab', { name: 'Lottery' }));
    expect(screen.queryAllByTestId('fancy-row')).toHaveLength(0);
    expect(screen.getByText('No fancy bets available')).toBeTruthy();
  });

  it('shows "No fancy bets available" when the event has no fancy lines', () => {
    render(<FancyTable rows={[]} onPick={() => {}} />);
    expect(screen.getByText('No fancy bets available')).toBeTruthy();
  });

  it("opens each market kind's rules, in Bangla too", async () => {
    const { i18n } = await import('@khela/web');
    render(
      <>
        <FancyTable rows={fancyRows} onPick={() => {}} />
        <MatchOddsTable onPick={() => {}} market={{ inplay: false, runners: [] }} />
      </>,
    );
    await userEvent.click(screen.getByTestId('rules-MATCH_ODDS'));
    const dialog = screen.getByRole('dialog', { name: 'Rules: Match Odds' });
    expect(within(dialog).getByTestId('rules-text-MATCH_ODDS').textContent).toContain('A commission of 5% is taken from your net winnings');
    await userEvent.click(within(dialog).getAllByRole('button', { name: /close/i })[0]!);
    await userEvent.click(screen.getByTestId('rules-FANCY'));
    expect(screen.getByTestId('rules-text-FANCY').textContent).toContain('When the runs stop between the two lines, YES and NO both lose.');
    await userEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: /close/i })[0]!);
    await i18n.changeLanguage('bn');
    try {
      await userEvent.click(screen.getByTestId('rules-FANCY'));
      expect(screen.getByRole('dialog', { name: 'নিয়ম: ফ্যান্সি বেট' }).textContent).toContain('পেনাল্টি রান গোনা হয় না।');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows each market kind its stake limits, the ones the API enforces', () => {
    render(
      <>
        <FancyTable rows={[]} onPick={() => {}} />
        <BookmakerTable onPick={() => {}} runners={[]} />
        <MatchOddsTable onPick={() => {}} market={{ inplay: false, runners: [] }} />
      </>,
    );
    expect(screen.getAllByTestId('stake-limits').map((e) => e.textContent)).toEqual([
      'Min ৳100.00 / Max ৳25,000.00 a bet',
      'Min ৳100.00 / Max ৳1,00,000.00 a bet',
      'Min ৳100.00 / Max ৳5,00,000.00 a bet',
    ]);
  });

  it('overlays Ball Running over Suspend, and Suspend only when the ball is not running', () => {
    render(<FancyTable rows={fancyRows} onPick={() => {}} />);
    const [open, running, suspended] = screen.getAllByTestId('fancy-row');
    expect(within(open!).queryByTestId('row-overlay')).toBeNull();
    expect(within(running!).getByTestId('row-overlay').textContent).toBe('Ball Running');
    expect(within(suspended!).getByTestId('row-overlay').textContent).toBe('Suspend');
  });

  it('overlays BookMaker runners by the same rule', () => {
    render(
      <BookmakerTable
        onPick={() => {}}
        runners={[
          { runner: 'Bangladesh', backPrice: 150, layPrice: 152, suspended: 0, ball_running: 1 },
          { runner: 'India', backPrice: 66, layPrice: 68, suspended: 1, ball_running: 0 },
          { runner: 'Draw', backPrice: 300, layPrice: 302, suspended: 0, ball_running: 0 },
        ]}
      />,
    );
    const rows = screen.getAllByTestId('bookmaker-runner');
    expect(rows.map((r) => within(r).queryByTestId('row-overlay')?.textContent ?? null)).toEqual(['Ball Running', 'Suspend', null]);
  });

  it('shows Back/Lay price and size per runner and opens the bet slip pick on click', async () => {
    const onPick = vi.fn();
    render(
      <MatchOddsTable
        onPick={onPick}
        market={{
          inplay: true,
          runners: [
            {
              SelectionName: 'Bangladesh',
              ex: { availableToBack: [{ price: 2.5, size: 1200 }], availableToLay: [{ price: 2.52, size: 800 }] },
            },
            { SelectionName: 'India', ex: { availableToBack: [], availableToLay: [{ price: 1.67, size: 300 }] } },
          ],
        }}
      />,
    );
    const [bd, ind] = screen.getAllByTestId('match-odds-runner');
    expect(bd!.textContent).toContain('2.5');
    expect(bd!.textContent).toContain('1200');
    expect(bd!.textContent).toContain('2.52');
    expect(ind!.textContent).toContain('-');
    // each price button's name holds what it shows (issue 34 item 12: label-content-name-mismatch)
    const back = screen.getByRole('button', { name: /^Back Bangladesh 2\.5 / });
    const shown = [...back.querySelectorAll('strong, small')].map((e) => e.textContent).join(' ');
    expect(shown).toBe('2.5 1200');
    expect(back.textContent).toBe(`Back Bangladesh ${shown}`);
    expect(back.hasAttribute('aria-label')).toBe(false);
    // in Bangla the odds and sizes are in Bengali digits (issue 34 item 2)
    const { i18n } = await import('@khela/web');
    await act(() => i18n.changeLanguage('bn'));
    try {
      expect([...back.querySelectorAll('strong, small')].map((e) => e.textContent).join(' ')).toBe('২.৫ ১২০০');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
    await userEvent.click(screen.getByRole('button', { name: /^Lay Bangladesh 2\.52\b/ }));
    expect(onPick).toHaveBeenCalledWith({
      kind: 'MATCH_ODDS',
      marketId: '',
      marketName: 'Match Odds',
      selectionId: '',
      selection: 'Bangladesh',
      side: 'lay',
      price: 2.52,
    });
  });
});
