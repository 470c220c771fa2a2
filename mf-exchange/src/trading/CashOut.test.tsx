import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import '../i18n';
import { TradingProvider } from './context';
import { CashOutButton } from './CashOut';
import { listAnswer } from './fixtures.test-util';

const quote = { market_id: 'bm-1', value: '-0.97', hedges: [{ selection_id: '101', side: 'LAY', price: 2.06, stake: '48.50' }] };

function open(kind?: 'MATCH_ODDS' | 'BOOKMAKER') {
  render(
    <MemoryRouter>
      <TradingProvider>
        <CashOutButton
          marketId="bm-1"
          names={
            new Map([
              ['101', 'Bangladesh'],
              ['102', 'India'],
            ])
          }
          kind={kind}
        />
      </TradingProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
  responders.set('GET /api/exchange/bets', () => listAnswer([]));
  responders.set('POST /api/exchange/markets/{marketId}/cash-out', () => quote);
});

describe('cash-out dialog', () => {
  it('shows a BookMaker hedge at the rate the page shows (106), not the price 2.06', async () => {
    open('BOOKMAKER');
    await userEvent.click(screen.getByTestId('cash-out'));
    await screen.findByTestId('cash-out-value');
    const hedge = within(screen.getByTestId('cash-out-dialog')).getByRole('listitem');
    expect(hedge.textContent).toBe('Lay Bangladesh @ 106 · ৳48.50');
  });

  it('shows a Match Odds hedge at its price', async () => {
    open();
    await userEvent.click(screen.getByTestId('cash-out'));
    await screen.findByTestId('cash-out-value');
    expect(within(screen.getByTestId('cash-out-dialog')).getByRole('listitem').textContent).toBe('Lay Bangladesh @ 2.06 · ৳48.50');
  });

  it('asks a new quote for one runner and a share, shows the position it leaves, and takes exactly that (issue 33)', async () => {
    const whole = {
      market_id: 'bm-1',
      value: '120.00',
      hedges: [
        { selection_id: '101', side: 'LAY', price: 1.52, stake: '657.89' },
        { selection_id: '102', side: 'LAY', price: 2.54, stake: '300.00' },
      ],
    };
    const part = {
      market_id: 'bm-1',
      value: '78.94',
      selection_id: '101',
      percent: 50,
      hedges: [{ selection_id: '101', side: 'LAY', price: 1.52, stake: '328.95' }],
      runners: [
        { selection_id: '101', profit_loss: '-171.05' },
        { selection_id: '102', profit_loss: '278.95' },
      ],
    };
    responders.set('POST /api/exchange/markets/{marketId}/cash-out', (opts) => {
      const body = opts.body as { take?: boolean; selection_id?: string; percent?: number };
      if (body.take) return { ...part, bets: [], balance: '5000.00', available: '5000.00', exposure: '0.00' };
      return body.selection_id ? part : whole;
    });
    open();
    await userEvent.click(screen.getByTestId('cash-out'));
    await screen.findByTestId('cash-out-value');
    const dialog = screen.getByTestId('cash-out-dialog');
    // one button per runner with a position, beside the whole market
    expect(
      within(dialog)
        .getAllByTestId('cash-out-scope')
        .map((b) => b.textContent),
    ).toEqual(['Whole market', 'Bangladesh', 'India']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bangladesh' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '50%' }));
    expect(await screen.findByText('৳78.94')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByTestId('cash-out-after')
        .map((li) => li.textContent),
    ).toEqual(['if Bangladesh wins: -৳171.05', 'if India wins: ৳278.95']);
    expect(dialog.textContent).toContain('the rest of your position stays open');
    await userEvent.click(screen.getByTestId('cash-out-confirm'));
    const taken = calls.filter((c) => c.path.endsWith('/cash-out') && (c.opts.body as { take?: boolean }).take);
    expect(taken).toHaveLength(1);
    expect(taken[0]!.opts.body).toEqual({ take: true, min_value: '78.94', selection_id: '101', percent: 50 });
    expect(taken[0]!.opts.idempotencyKey).toBeTruthy();
  });
});
