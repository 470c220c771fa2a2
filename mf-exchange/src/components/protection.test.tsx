import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { PROTECTION_MESSAGES, type ProtectionGate, type ProtectionStatus } from '@khela/contracts';
import { ApiError, protectionGateText, protectionText } from '@khela/web';
import { calls, navigations, resetHost, responders, sessionService } from '@khela/web/test/fake-host';
import '../i18n';
import { TradingProvider } from '../trading/context';
import { CashOutButton } from '../trading/CashOut';
import { bet, betAnswer, listAnswer } from '../trading/fixtures.test-util';
import { BetSlip, type BetPick } from './BetSlip';
import { ExchangeFrame } from './ExchangeFrame';

const back: BetPick = {
  kind: 'MATCH_ODDS',
  marketId: '1.1',
  marketName: 'Match Odds',
  selectionId: '101',
  selection: 'Bangladesh',
  side: 'back',
  price: 2.5,
};
const UNTIL = '2026-05-02T18:00:00.000Z';
const open: ProtectionGate = { open: true, reason: null, until: null, message: null };
const timedOut: ProtectionGate = { open: false, reason: 'time_out', until: UNTIL, message: PROTECTION_MESSAGES.timedOut(UNTIL) };
const status = (play: ProtectionGate): ProtectionStatus => ({
  play,
  deposit: play,
  reality_check_minutes: 0,
  reality_check_ms: null,
  session_started_at: null,
  limits_offer: false,
});

const placeCalls = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/exchange/markets/{marketId}/bets');
const cashOutCalls = () => calls.filter((c) => c.path === '/api/exchange/markets/{marketId}/cash-out');

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
  responders.set('GET /api/exchange/bets', () => listAnswer([]));
  responders.set('GET /api/exchange/pins', () => ({ data: [] }));
  responders.set('POST /api/exchange/markets/{marketId}/bets', () => betAnswer(bet()));
});

function slip() {
  render(
    <MemoryRouter>
      <TradingProvider>
        <BetSlip pick={back} onClose={vi.fn()} />
      </TradingProvider>
    </MemoryRouter>,
  );
}

describe('exchange while play is closed', () => {
  it('the slip says why and cannot be confirmed; it can again once play opens', async () => {
    sessionService().receiveProtection(status(timedOut));
    slip();
    await userEvent.type(screen.getByTestId('slip-stake'), '100');
    expect(screen.getByTestId('slip-closed').textContent).toBe(timedOut.message);
    const confirm = screen.getByTestId('slip-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await userEvent.click(confirm);
    expect(placeCalls()).toHaveLength(0);

    act(() => sessionService().session.setLocale('bn'));
    expect(screen.getByTestId('slip-closed').textContent).toBe(protectionGateText(timedOut, 'bn'));
    expect(screen.getByTestId('slip-closed').textContent).toContain('বিরতিতে');

    act(() => sessionService().receiveProtection(status(open)));
    expect(screen.queryByTestId('slip-closed')).toBeNull();
    expect(confirm.disabled).toBe(false);
  });

  it('a missing birthday: the slip cannot be confirmed and leads to the profile where it is entered', async () => {
    sessionService().receiveProtection(
      status({ open: false, reason: 'birthday_missing', until: null, message: PROTECTION_MESSAGES.birthdayMissing }),
    );
    slip();
    await userEvent.type(screen.getByTestId('slip-stake'), '100');
    expect(screen.getByTestId('slip-closed').textContent).toBe(PROTECTION_MESSAGES.birthdayMissing);
    expect((screen.getByTestId('slip-confirm') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByTestId('slip-birthday'));
    expect(navigations.at(-1)?.to).toBe('/profile');
    expect(placeCalls()).toHaveLength(0);
  });

  it('the frame says it on every exchange page, with cash-out still open', () => {
    sessionService().receiveProtection(status(timedOut));
    render(
      <MemoryRouter initialEntries={['/odds-view']}>
        <ExchangeFrame>
          <p>odds</p>
        </ExchangeFrame>
      </MemoryRouter>,
    );
    const notice = screen.getByTestId('rg-exchange-closed');
    expect(notice.textContent).toContain(timedOut.message);
    expect(notice.textContent).toContain('You can still cash out matched bets');
    expect(screen.getByText('odds')).toBeTruthy();
  });

  it('no notice while play is open', () => {
    sessionService().receiveProtection(status(open));
    render(
      <MemoryRouter initialEntries={['/exchange']}>
        <ExchangeFrame>
          <p>odds</p>
        </ExchangeFrame>
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('rg-exchange-closed')).toBeNull();
  });

  it('cash-out is still asked and taken', async () => {
    sessionService().receiveProtection(status(timedOut));
    responders.set('POST /api/exchange/markets/{marketId}/cash-out', (o) => ({
      market_id: '1.1',
      value: '20.00',
      hedges: [],
      bets: o.body?.take ? [bet({ status: 'MATCHED' })] : [],
      balance: '5000.00',
      available: '5000.00',
      exposure: '0.00',
    }));
    render(
      <MemoryRouter>
        <TradingProvider>
          <CashOutButton marketId="1.1" names={new Map([['101', 'Bangladesh']])} />
        </TradingProvider>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByTestId('cash-out'));
    await screen.findByTestId('cash-out-value');
    await userEvent.click(screen.getByTestId('cash-out-confirm'));
    await waitFor(() => expect(cashOutCalls().some((c) => c.opts.body?.take === true)).toBe(true));
  });
});

describe("the API's protection refusal of a bet", () => {
  const body = {
    success: false,
    code: 'rg_wager_limit' as const,
    message: PROTECTION_MESSAGES.wagerLimit('24h', 'BDT 1,000.00', 'BDT 200.00'),
    error: PROTECTION_MESSAGES.wagerLimit('24h', 'BDT 1,000.00', 'BDT 200.00'),
    until: null,
    params: { period: '24h' as const, limit: '1000.00', remaining: '200.00', currency: 'BDT' },
  };

  it.each(['en', 'bn'] as const)('is shown in the slip in the player’s language (%s)', async (locale) => {
    responders.set('POST /api/exchange/markets/{marketId}/bets', () => {
      throw new ApiError(body.message, 422, body);
    });
    slip();
    act(() => sessionService().session.setLocale(locale));
    await userEvent.type(screen.getByTestId('slip-stake'), '500');
    await userEvent.click(screen.getByTestId('slip-confirm'));
    const shown = await screen.findByTestId('slip-error');
    expect(shown.textContent).toBe(protectionText(body, locale));
    expect(shown.getAttribute('data-code')).toBe('rg_wager_limit');
    if (locale === 'en')
      expect(shown.textContent).toBe(
        'This stake would exceed your 24-hour wager limit of BDT 1,000.00. You can stake up to BDT 200.00 now.',
      );
    else expect(shown.textContent).toContain('বাজি সীমা');
    // an edit clears it
    await userEvent.type(screen.getByTestId('slip-stake'), '0');
    expect(screen.queryByTestId('slip-error')).toBeNull();
  });
});
