import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { resetHost, responders } from '@khela/web/test/fake-host';
import '../i18n';
import { TradingProvider } from './context';
import { CashOutButton } from './CashOut';
import { listAnswer } from './fixtures.test-util';

const quote = { market_id: 'bm-1', value: '-0.97', hedges: [{ selection_id: '101', side: 'LAY', price: 2.06, stake: '48.50' }] };

function open(kind?: 'MATCH_ODDS' | 'BOOKMAKER') {
  render(
    <MemoryRouter>
      <TradingProvider>
        <CashOutButton marketId="bm-1" names={new Map([['101', 'Bangladesh']])} kind={kind} />
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
});
