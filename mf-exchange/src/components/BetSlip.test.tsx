import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ApiError, NETWORK_ERROR } from '@khela/web';
import { EXCHANGE_MESSAGES } from '@khela/contracts';
import { calls, resetHost, responders, testBus } from '@khela/web/test/fake-host';
import '../i18n';
import { TradingProvider } from '../trading/context';
import { MessageBox } from '../trading/MessageBox';
import { bet, betAnswer, listAnswer } from '../trading/fixtures.test-util';
import { BetSlip, type BetPick } from './BetSlip';

const back: BetPick = {
  kind: 'MATCH_ODDS',
  marketId: '1.1',
  marketName: 'Match Odds',
  selectionId: '101',
  selection: 'Bangladesh',
  side: 'back',
  price: 2.5,
};
const fancyNo: BetPick = {
  kind: 'FANCY',
  marketId: 'e1-F1',
  marketName: 'Fancy Bet',
  selectionId: '151',
  selection: '6 over runs',
  side: 'no',
  price: 48,
  rate: 110,
};

function slip(pick: BetPick, onClose = vi.fn()) {
  render(
    <MemoryRouter>
      <TradingProvider>
        <MessageBox />
        <BetSlip pick={pick} onClose={onClose} />
      </TradingProvider>
    </MemoryRouter>,
  );
  return onClose;
}
const placeCalls = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/exchange/markets/{marketId}/bets');

// a loaded CI machine renders slowly: wait up to 5 s for what a push or an answer brings
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
  responders.set('GET /api/exchange/bets', () => listAnswer([]));
  responders.set('GET /api/exchange/pins', () => ({ data: [] }));
});

describe('bet slip', () => {
  it('shows profit and liability before confirming, and steps a Match Odds price along the ladder', async () => {
    slip(back);
    await userEvent.type(screen.getByTestId('slip-stake'), '100');
    expect(screen.getByTestId('slip-profit').textContent).toBe('৳150.00');
    expect(screen.getByTestId('slip-liability').textContent).toBe('৳100.00');
    await userEvent.click(screen.getByRole('button', { name: 'Higher odds' }));
    expect((screen.getByTestId('slip-price') as HTMLInputElement).value).toBe('2.52');
    expect(screen.getByTestId('slip-profit').textContent).toBe('৳152.00');
    await userEvent.click(screen.getByRole('button', { name: '1,000' }));
    expect(screen.getByTestId('slip-profit').textContent).toBe('৳1,520.00');
  });

  it('shows a Fancy NO line and rate read-only: profit S, liability S·rate/100; sends the line and rate', async () => {
    responders.set('POST /api/exchange/markets/{marketId}/bets', () =>
      betAnswer(bet({ market_kind: 'FANCY', side: 'NO', line: 48, rate: 110, price: null })),
    );
    const onClose = slip(fancyNo);
    expect(screen.getByTestId('slip-price').tagName).toBe('OUTPUT');
    expect(screen.getByTestId('slip-price').textContent).toBe('48 @ 110');
    await userEvent.click(screen.getByRole('button', { name: '500' }));
    expect(screen.getByTestId('slip-profit').textContent).toBe('৳500.00');
    expect(screen.getByTestId('slip-liability').textContent).toBe('৳550.00');
    await userEvent.click(screen.getByTestId('slip-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(placeCalls()[0]!.opts.body).toEqual({
      market_id: 'e1-F1',
      selection_id: '151',
      side: 'NO',
      line: 48,
      rate: 110,
      stake: '500.00',
    });
    expect(placeCalls()[0]!.opts.token).toBe('exchange');
  });

  it.each([
    EXCHANGE_MESSAGES.ballRunning,
    EXCHANGE_MESSAGES.marketSuspended,
    EXCHANGE_MESSAGES.rateChanged,
    EXCHANGE_MESSAGES.lineChanged,
    EXCHANGE_MESSAGES.insufficientAvailable,
    EXCHANGE_MESSAGES.stakeTooSmall('100.00', 'BDT'),
  ])('shows the refusal "%s" as the API said it, keeps the slip, and a new attempt has a new key', async (message) => {
    responders.set('POST /api/exchange/markets/{marketId}/bets', () => {
      throw new ApiError(message, 409, { message });
    });
    const onClose = slip(back);
    await userEvent.type(screen.getByTestId('slip-stake'), '50');
    await userEvent.click(screen.getByTestId('slip-confirm'));
    expect((await screen.findByTestId('slip-error')).textContent).toBe(message);
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('slip-confirm'));
    await waitFor(() => expect(placeCalls()).toHaveLength(2));
    const [a, b] = placeCalls();
    expect(a!.opts.idempotencyKey).toBeTruthy();
    expect(b!.opts.idempotencyKey).not.toBe(a!.opts.idempotencyKey);
  });

  it('after a network failure Retry sends the same Idempotency-Key; an edit makes a new one', async () => {
    let fail = 2;
    responders.set('POST /api/exchange/markets/{marketId}/bets', () => {
      if (fail-- > 0) throw new ApiError(NETWORK_ERROR, 0, undefined, true);
      return betAnswer(bet());
    });
    const onClose = slip(back);
    await userEvent.type(screen.getByTestId('slip-stake'), '100');
    await userEvent.click(screen.getByTestId('slip-confirm'));
    expect((await screen.findByTestId('slip-error')).textContent).toBe(NETWORK_ERROR);
    expect(screen.getByTestId('slip-confirm').textContent).toBe('Retry');
    await userEvent.click(screen.getByTestId('slip-confirm'));
    await screen.findByText('Retry');
    expect(placeCalls()[1]!.opts.idempotencyKey).toBe(placeCalls()[0]!.opts.idempotencyKey);
    // the stake changed: another bet, another key
    await userEvent.type(screen.getByTestId('slip-stake'), '0');
    await userEvent.click(screen.getByTestId('slip-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(placeCalls()[2]!.opts.idempotencyKey).not.toBe(placeCalls()[0]!.opts.idempotencyKey);
    expect(placeCalls()[2]!.opts.body.stake).toBe('1000.00');
    expect((await screen.findByTestId('bet-message')).textContent).toContain('Matched: Back Bangladesh @ 2.5 for ৳100.00.');
  });

  it('counts the bet delay down, then closes when the push tells the outcome, shown in the message box', async () => {
    const pending = bet({
      status: 'PENDING',
      matched_stake: '0.00',
      avg_price: null,
      delay_until: new Date(Date.now() + 3000).toISOString(),
    });
    responders.set('POST /api/exchange/markets/{marketId}/bets', () => betAnswer(pending));
    const onClose = slip(back);
    await userEvent.type(screen.getByTestId('slip-stake'), '100');
    await userEvent.click(screen.getByTestId('slip-confirm'));
    expect((await screen.findByTestId('slip-pending')).textContent).toMatch(/^Bet delay: [23] s/);
    expect(onClose).not.toHaveBeenCalled();
    // a bet in its delay cannot be cancelled: no Cancel, no close, until its outcome is known
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByTestId('slip-confirm').textContent).toBe('Waiting...');
    responders.set('GET /api/exchange/bets', () =>
      listAnswer([bet({ status: 'LAPSED', matched_stake: '0.00', reason: EXCHANGE_MESSAGES.lapsedSuspended })]),
    );
    act(() => testBus().session.publish('odds', { marketId: '1.1', bets: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await screen.findByTestId('bet-message')).textContent).toContain(
      'Lapsed: Back Bangladesh @ 2.5 for ৳100.00. The market was suspended during the bet delay.',
    );
  });

  it("shows the player's own maximum liability for the market's kind, when staff set one", async () => {
    responders.set('GET /api/exchange/limits', () => ({
      currency: 'BDT',
      max_liability: { MATCH_ODDS: null, BOOKMAKER: null, FANCY: '2500.00' },
    }));
    slip(fancyNo);
    expect((await screen.findByTestId('slip-max-liability')).textContent).toBe('৳2,500.00');
    expect(screen.getByText('Your max liability on this market')).toBeTruthy();
  });

  it('shows no maximum liability line on a kind without one', async () => {
    responders.set('GET /api/exchange/limits', () => ({
      currency: 'BDT',
      max_liability: { MATCH_ODDS: null, BOOKMAKER: null, FANCY: '2500.00' },
    }));
    slip(back);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/exchange/limits')).toBe(true));
    expect(screen.queryByTestId('slip-max-liability')).toBeNull();
  });

  it('cannot place a bet on a selection the feed gave no ids for', () => {
    slip({ ...back, selectionId: '' });
    expect(screen.getByRole('alert').textContent).toBe('Bets cannot be placed on this selection here.');
    expect((screen.getByTestId('slip-confirm') as HTMLButtonElement).disabled).toBe(true);
  });
});
