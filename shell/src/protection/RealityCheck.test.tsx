import '@khela/web/test/mock-shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ProtectionStatus, RealityCheckSummary } from '@khela/contracts';
import { formatMoney } from '@khela/web';
import { calls, navigations, resetHost, responders, sessionService } from '@khela/web/test/fake-host';
import { renderScreen } from '@khela/web/test/render-screen';
import '../i18n';
import { RealityCheck, nextCheckAt } from './RealityCheck';

const MIN = 60_000;
const T0 = Date.parse('2026-05-01T10:00:00.000Z');

function status(over: Partial<ProtectionStatus> = {}): ProtectionStatus {
  const open = { open: true, reason: null, until: null, message: null };
  return {
    play: open,
    deposit: open,
    reality_check_minutes: 15,
    reality_check_ms: 15 * MIN,
    session_started_at: new Date(T0).toISOString(),
    limits_offer: false,
    ...over,
  };
}

let summary: RealityCheckSummary;
const checkCalls = () => calls.filter((c) => c.path === '/api/responsible-gaming/session');
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const dialog = () => screen.queryByTestId('rg-reality-check');

function loggedInWith(s: ProtectionStatus) {
  localStorage.setItem('token', 't');
  localStorage.setItem('remote_id', '7');
  localStorage.setItem('username', 'rahim');
  sessionService().receiveProtection(s);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0 + 2 * MIN);
  resetHost();
  summary = { session_started_at: new Date(T0).toISOString(), elapsed_seconds: 3_720, currency: 'BDT', net: '-250.50', wagered: '1000.00' };
  responders.set('GET /api/responsible-gaming/session', () => summary);
  responders.set('POST /api/logout', () => ({ success: true }));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reality check schedule', () => {
  it('is due at the next step of the log-in time, never at the log-in itself', () => {
    expect(nextCheckAt(0, 15, 0)).toBe(15);
    expect(nextCheckAt(0, 15, 14)).toBe(15);
    expect(nextCheckAt(0, 15, 15)).toBe(30);
    expect(nextCheckAt(0, 15, 44)).toBe(45);
    expect(nextCheckAt(100, 15, 0)).toBe(115);
  });
});

describe('reality check', () => {
  it('reminds nobody while play is closed (a time-out, self-exclusion or reached session limit)', async () => {
    loggedInWith(status({ play: { open: false, reason: 'time_out', until: new Date(T0 + 24 * 60 * MIN).toISOString(), message: 'x' } }));
    renderScreen(<RealityCheck />);
    await advance(60 * MIN);
    expect(checkCalls()).toHaveLength(0);
    expect(dialog()).toBeNull();
  });

  it('shows after the interval counted from the log-in, with time played and the net loss; Continue schedules the next', async () => {
    loggedInWith(status());
    renderScreen(<RealityCheck />);
    // logged in 2 minutes ago with a 15-minute interval: due 13 minutes from now
    await advance(13 * MIN - 1);
    expect(checkCalls()).toHaveLength(0);
    expect(dialog()).toBeNull();
    await advance(1);
    expect(checkCalls()).toHaveLength(1);
    const box = screen.getByRole('dialog');
    expect(box.getAttribute('aria-modal')).toBe('true');
    expect(box.getAttribute('data-testid')).toBe('rg-reality-check');
    expect(within(box).getByTestId('rg-reality-elapsed').textContent).toBe('1 h 2 min');
    expect(within(box).getByTestId('rg-reality-net').textContent).toBe(formatMoney('250.50', 'BDT', 'en'));
    expect(within(box).getByText('Net loss')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('rg-reality-continue'));
    // it sits on the body, above the page and any remote's frame
    expect(box.closest('[data-testid="rg-reality-backdrop"]')!.parentElement).toBe(document.body);

    fireEvent.click(screen.getByTestId('rg-reality-continue'));
    expect(dialog()).toBeNull();
    summary = { ...summary, elapsed_seconds: 4_620, net: '75.00' };
    await advance(15 * MIN - 1);
    expect(checkCalls()).toHaveLength(1);
    await advance(1);
    expect(checkCalls()).toHaveLength(2);
    expect(screen.getByTestId('rg-reality-elapsed').textContent).toBe('1 h 17 min');
    expect(screen.getByText('Net win')).toBeTruthy();
    expect(screen.getByTestId('rg-reality-net').textContent).toBe(formatMoney('75.00', 'BDT', 'en'));
  });

  it('keeps the log-in rhythm across a reload: 25 minutes in with 15-minute checks, the next is at 30', async () => {
    vi.setSystemTime(T0 + 25 * MIN);
    loggedInWith(status());
    renderScreen(<RealityCheck />);
    await advance(5 * MIN - 1);
    expect(dialog()).toBeNull();
    await advance(1);
    expect(dialog()).not.toBeNull();
  });

  it('does not stack dialogs while one is open', async () => {
    loggedInWith(status());
    renderScreen(<RealityCheck />);
    await advance(13 * MIN);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await advance(60 * MIN);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(checkCalls()).toHaveLength(1);
  });

  it('View history goes to the betting records and closes; Log out ends the session', async () => {
    loggedInWith(status());
    renderScreen(<RealityCheck />);
    await advance(13 * MIN);
    fireEvent.click(screen.getByTestId('rg-reality-history'));
    expect(navigations.at(-1)!.to).toBe('/betting-record');
    expect(dialog()).toBeNull();

    await advance(15 * MIN);
    fireEvent.click(screen.getByTestId('rg-reality-logout'));
    expect(sessionService().session.player$.value).toBeNull();
    expect(dialog()).toBeNull();
  });

  it('says it in Bangla', async () => {
    loggedInWith(status());
    renderScreen(<RealityCheck />);
    // after the render helper set English: the player's choice is Bangla
    act(() => sessionService().session.setLocale('bn'));
    await advance(13 * MIN);
    expect(screen.getByRole('heading').textContent).toBe('রিয়েলিটি চেক');
    expect(screen.getByTestId('rg-reality-elapsed').textContent).toBe('১ ঘণ্টা ২ মিনিট');
    expect(screen.getByText('নিট ক্ষতি')).toBeTruthy();
    expect(screen.getByTestId('rg-reality-net').textContent).toBe(formatMoney('250.50', 'BDT', 'bn'));
    expect(screen.getByTestId('rg-reality-continue').textContent).toBe('চালিয়ে যান');
  });

  it('shows the time played even when the figures cannot be read', async () => {
    responders.set('GET /api/responsible-gaming/session', () => {
      throw new Error('network');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    loggedInWith(status());
    renderScreen(<RealityCheck />);
    await advance(13 * MIN);
    expect(screen.getByTestId('rg-reality-elapsed').textContent).toBe('15 min');
    expect(screen.getByTestId('rg-reality-net').textContent).toBe('Your net result could not be loaded just now.');
  });

  it('never shows when the player turned it off', async () => {
    loggedInWith(status({ reality_check_minutes: 0, reality_check_ms: null }));
    renderScreen(<RealityCheck />);
    await advance(5 * 60 * MIN);
    expect(dialog()).toBeNull();
    expect(checkCalls()).toHaveLength(0);
  });
});
