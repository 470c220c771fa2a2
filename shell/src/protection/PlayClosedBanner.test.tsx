import '@khela/web/test/mock-shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROTECTION_MESSAGES, type ProtectionGate, type ProtectionStatus } from '@khela/contracts';
import { protectionGateText } from '@khela/web';
import { resetHost, sessionService } from '@khela/web/test/fake-host';
import { renderScreen } from '@khela/web/test/render-screen';
import '../i18n';
import { PlayClosedBanner } from './PlayClosedBanner';

const open: ProtectionGate = { open: true, reason: null, until: null, message: null };
const timedOut: ProtectionGate = {
  open: false,
  reason: 'time_out',
  until: '2026-05-03T10:00:00.000Z',
  message:
    'You are taking a time-out until 3 May 2026, 16:00 (GMT+6). Deposits, games and betting are closed; you can still withdraw and read your messages.',
};
const status = (play: ProtectionGate): ProtectionStatus => ({
  play,
  deposit: play,
  reality_check_minutes: 0,
  reality_check_ms: null,
  session_started_at: null,
  limits_offer: false,
});

function phone(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
});
afterEach(() => vi.restoreAllMocks());

describe('play-closed notice', () => {
  it('says why play is closed and until when, in English and Bangla', () => {
    phone(false);
    sessionService().receiveProtection(status(timedOut));
    renderScreen(<PlayClosedBanner />);
    expect(screen.getByTestId('rg-play-closed').textContent).toBe(timedOut.message);
    act(() => sessionService().session.setLocale('bn'));
    const bn = screen.getByTestId('rg-play-closed').textContent!;
    expect(bn).toBe(protectionGateText(timedOut, 'bn'));
    expect(bn).toContain('বিরতিতে');
  });

  it('is one line on a phone until tapped', async () => {
    phone(true);
    sessionService().receiveProtection(status(timedOut));
    renderScreen(<PlayClosedBanner />);
    const toggle = screen.getByRole('button');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(getComputedStyle(toggle).whiteSpace).toBe('nowrap');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(getComputedStyle(toggle).whiteSpace).not.toBe('nowrap');
  });

  it('tells a player on a risk hold why, in English and Bangla, and not a missing birthday on every page', () => {
    phone(false);
    const held: ProtectionGate = {
      open: false,
      reason: 'risk_hold',
      until: null,
      message: PROTECTION_MESSAGES.accountOnHold('bonus_abuse', true),
      params: { hold_reason: 'bonus_abuse', withdrawals: true },
    };
    sessionService().receiveProtection(status(held));
    const { unmount } = renderScreen(<PlayClosedBanner />);
    const banner = screen.getByTestId('rg-play-closed');
    expect(banner.getAttribute('data-reason')).toBe('risk_hold');
    expect(banner.textContent).toContain('on hold');
    expect(banner.textContent).toContain('suspected bonus abuse');
    expect(banner.textContent).toContain('you can still withdraw');
    act(() => sessionService().session.setLocale('bn'));
    expect(screen.getByTestId('rg-play-closed').textContent).toContain('বোনাসের সন্দেহজনক অপব্যবহার');
    expect(screen.getByTestId('rg-play-closed').textContent).toContain('উইথড্র করতে পারবেন');
    unmount();
    sessionService().receiveProtection(
      status({ open: false, reason: 'birthday_missing', until: null, message: PROTECTION_MESSAGES.birthdayMissing }),
    );
    renderScreen(<PlayClosedBanner />);
    expect(screen.queryByTestId('rg-play-closed')).toBeNull();
  });

  it('is not there while play is open, or for a visitor', () => {
    phone(false);
    sessionService().receiveProtection(status(open));
    const { unmount } = renderScreen(<PlayClosedBanner />);
    expect(screen.queryByTestId('rg-play-closed')).toBeNull();
    unmount();
    act(() => sessionService().session.logout());
    renderScreen(<PlayClosedBanner />);
    expect(screen.queryByTestId('rg-play-closed')).toBeNull();
  });
});
