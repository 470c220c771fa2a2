import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProtectionStatus } from '@khela/contracts';
import { calls, navigations, resetHost, responders, sessionService } from '@khela/web/test/fake-host';
import { renderScreen } from '@khela/web/test/render-screen';
import '../i18n';
import { HomePopups } from '../layout/HomePopups';
import { LimitsOffer } from './LimitsOffer';

const open = { open: true, reason: null, until: null, message: null };
const status = (limits_offer: boolean): ProtectionStatus => ({
  play: open,
  deposit: open,
  reality_check_minutes: 0,
  reality_check_ms: null,
  session_started_at: '2026-05-01T10:00:00.000Z',
  limits_offer,
});

function signUp() {
  sessionService().session.login({ token: 't', remote_id: 7, username: 'rahim' }, { afterSignup: true });
}

beforeEach(() => {
  resetHost();
});

describe('limits offer after sign-up', () => {
  it('waits for the welcome popup to close, then offers the limits', async () => {
    signUp();
    sessionService().receiveProtection(status(true));
    renderScreen(
      <>
        <HomePopups notice={null} />
        <LimitsOffer />
      </>,
    );
    const welcome = screen.getByRole('dialog');
    expect(within(welcome).getByTestId('welcome-text')).toBeTruthy();
    expect(screen.queryByTestId('rg-signup-offer')).toBeNull();
    await userEvent.click(within(welcome).getByRole('button', { name: 'Close' }));
    const offer = await screen.findByTestId('rg-signup-offer');
    expect(within(offer).getByRole('heading').textContent).toBe('Set deposit limits before your first deposit');
    await userEvent.click(within(offer).getByTestId('rg-signup-offer-set'));
    expect(navigations.at(-1)!.to).toBe('/responsible-gaming');
  });

  it('Skip tells the API and the session takes the status it answers; the offer is gone', async () => {
    signUp();
    sessionService().session.dismissPopup('welcome');
    sessionService().receiveProtection(status(true));
    responders.set('POST /api/responsible-gaming/offer-seen', () => status(false));
    renderScreen(<LimitsOffer />, '/');
    await userEvent.click(screen.getByTestId('rg-signup-offer-skip'));
    await waitFor(() => expect(sessionService().session.protection$.value?.limits_offer).toBe(false));
    // told once; its answer is the new status
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/responsible-gaming/offer-seen')).toHaveLength(1);
    expect(screen.queryByTestId('rg-signup-offer')).toBeNull();
  });

  it('comes back with an error when the skip could not be saved', async () => {
    signUp();
    sessionService().session.dismissPopup('welcome');
    sessionService().receiveProtection(status(true));
    responders.set('POST /api/responsible-gaming/offer-seen', () => {
      throw new Error('network');
    });
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      renderScreen(<LimitsOffer />, '/');
      await userEvent.click(screen.getByTestId('rg-signup-offer-skip'));
      expect((await screen.findByRole('alert')).textContent).toBe('Could not save your choice. Please try again.');
      expect(screen.getByTestId('rg-signup-offer')).toBeTruthy();
    } finally {
      console.warn = warn;
    }
  });

  it('never shows when the offer is over, nor for a visitor', () => {
    signUp();
    sessionService().session.dismissPopup('welcome');
    sessionService().receiveProtection(status(false));
    const { unmount } = renderScreen(<LimitsOffer />, '/');
    expect(screen.queryByTestId('rg-signup-offer')).toBeNull();
    unmount();
    act(() => sessionService().session.logout());
    // a late status after the logout is not taken
    sessionService().receiveProtection(status(true));
    renderScreen(<LimitsOffer />, '/');
    expect(screen.queryByTestId('rg-signup-offer')).toBeNull();
  });

  it('shows on the home page only: other pages carry the offer in their own content', () => {
    signUp();
    sessionService().session.dismissPopup('welcome');
    sessionService().receiveProtection(status(true));
    for (const path of ['/account', '/deposit', '/games', '/gamerun', '/responsible-gaming']) {
      const { unmount } = renderScreen(<LimitsOffer />, path);
      expect(screen.queryByTestId('rg-signup-offer')).toBeNull();
      unmount();
    }
    renderScreen(<LimitsOffer />, '/');
    expect(screen.getByTestId('rg-signup-offer')).toBeTruthy();
  });

  it('is in Bangla for a Bangla player', () => {
    signUp();
    sessionService().session.dismissPopup('welcome');
    sessionService().receiveProtection(status(true));
    renderScreen(<LimitsOffer />, '/');
    act(() => sessionService().session.setLocale('bn'));
    expect(screen.getByTestId('rg-signup-offer-set').textContent).toBe('সীমা ঠিক করুন');
    expect(screen.getByTestId('rg-signup-offer-skip').textContent).toBe('এড়িয়ে যান');
  });
});
