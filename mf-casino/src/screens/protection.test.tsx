import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROTECTION_MESSAGES, type ProtectionGate, type ProtectionStatus } from '@khela/contracts';
import { ApiError, protectionText } from '@khela/web';
import { calls, navigations, resetHost, responders, sessionService } from '@khela/web/test/fake-host';
import { renderScreen } from '../../test/render';
import { Games } from './Games';
import { GameRun } from './GameRun';

const UNTIL = '2026-11-23T12:05:00.000Z';
const open: ProtectionGate = { open: true, reason: null, until: null, message: null };
const excluded: ProtectionGate = { open: false, reason: 'self_exclusion', until: UNTIL, message: PROTECTION_MESSAGES.selfExcluded(UNTIL) };
const status = (play: ProtectionGate): ProtectionStatus => ({
  play,
  deposit: play,
  reality_check_minutes: 0,
  reality_check_ms: null,
  session_started_at: null,
  limits_offer: false,
});

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
  localStorage.setItem('remote_id', '7');
  responders.set('GET /api/get-system', () => ({ systems: [{ platform: 'SANDBOX', name: 'Khela Sandbox', icon: null }] }));
  responders.set('GET /api/get-provider', () => ({
    data: [{ system: 'SANDBOX', platform: 'SANDBOX', name: 'Khela Sandbox', icon: null }],
  }));
  responders.set('GET /api/get-games', () => ({
    games: [{ code: 'sandbox-slot', name: 'Sandbox Slots', type: 'SLOT', platform: 'SANDBOX', provider: 'SANDBOX', thumbnail: null }],
  }));
  responders.set('GET /api/game-favourites', () => ({ codes: [] }));
  responders.set('POST /api/game-run', () => ({ url: 'http://sandbox.test/provider/play?token=abc' }));
});

const gameRunCalls = () => calls.filter((c) => c.path === '/api/game-run');

describe('casino while play is closed', () => {
  it('does not open a game: the closed text shows in the dialog and /api/game-run is never asked', async () => {
    sessionService().receiveProtection(status(excluded));
    renderScreen(<Games />, '/games?type=SLOT');
    await userEvent.click(await screen.findByRole('button', { name: 'Play Sandbox Slots' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('rg-casino-closed').textContent).toBe(excluded.message);
    expect(gameRunCalls()).toHaveLength(0);
    expect(navigations).toHaveLength(0);
    // in Bangla too, from the same gate
    act(() => sessionService().session.setLocale('bn'));
    const bn = within(screen.getByRole('dialog')).getByTestId('rg-casino-closed').textContent!;
    expect(bn).toContain('স্ব-বর্জনে');
    expect(bn).not.toBe(excluded.message);
    await userEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'বন্ধ করুন' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a missing birthday is asked for where it is entered: the dialog leads to the profile', async () => {
    sessionService().receiveProtection(
      status({ open: false, reason: 'birthday_missing', until: null, message: PROTECTION_MESSAGES.birthdayMissing }),
    );
    renderScreen(<Games />, '/games?type=SLOT');
    await userEvent.click(await screen.findByRole('button', { name: 'Play Sandbox Slots' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('rg-casino-closed').textContent).toBe(PROTECTION_MESSAGES.birthdayMissing);
    expect(gameRunCalls()).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId('rg-casino-birthday'));
    expect(navigations.at(-1)?.to).toBe('/profile');
  });

  it('opens games again once play is open', async () => {
    sessionService().receiveProtection(status(open));
    renderScreen(<Games />, '/games?type=SLOT');
    await userEvent.click(await screen.findByRole('button', { name: 'Play Sandbox Slots' }));
    await waitFor(() => expect(navigations.at(-1)?.to).toBe('/gamerun'));
    expect(gameRunCalls()).toHaveLength(1);
  });

  it.each(['en', 'bn'] as const)("shows the API's protection refusal of a launch in the player's language (%s)", async (locale) => {
    const body = {
      success: false,
      code: 'rg_session_limit' as const,
      message: PROTECTION_MESSAGES.sessionLimit(60, UNTIL),
      error: PROTECTION_MESSAGES.sessionLimit(60, UNTIL),
      until: UNTIL,
      params: { minutes: 60 },
    };
    responders.set('POST /api/game-run', () => {
      throw new ApiError(body.message, 403, body);
    });
    renderScreen(<Games />, '/games?type=SLOT');
    act(() => sessionService().session.setLocale(locale));
    await userEvent.click(await screen.findByTestId('game-card').then((c) => within(c).getAllByRole('button')[0]!));
    const text = (await screen.findByTestId('rg-casino-closed')).textContent!;
    expect(text).toBe(protectionText(body, locale));
    if (locale === 'en')
      expect(text).toBe(
        'You reached your session time limit of 60 minutes. Games and betting are closed until 23 Nov 2026, 18:05 (GMT+6).',
      );
    else expect(text).toContain('সেশন সময়সীমা');
    expect(navigations).toHaveLength(0);
  });

  it('keeps other launch errors where they were (the inline alert)', async () => {
    responders.set('POST /api/game-run', () => {
      throw new ApiError('Game is under maintenance', 503, { message: 'Game is under maintenance' });
    });
    renderScreen(<Games />, '/games?type=SLOT');
    await userEvent.click(await screen.findByRole('button', { name: 'Play Sandbox Slots' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Game is under maintenance');
    expect(screen.queryByTestId('rg-casino-closed')).toBeNull();
  });
});

describe('/gamerun while play is closed', () => {
  const state = { url: 'http://sandbox.test/provider/play?token=abc', gameName: 'Sandbox Slots' };

  it('closes an open game when play closes (a time-out taken in another tab), with the reason', () => {
    sessionService().receiveProtection(status(open));
    renderScreen(<GameRun />, '/gamerun', state);
    expect(screen.getByTitle('Sandbox Slots').tagName).toBe('IFRAME');
    act(() => sessionService().receiveProtection(status(excluded)));
    expect(screen.queryByTitle('Sandbox Slots')).toBeNull();
    expect(screen.getByTestId('rg-gamerun-closed').textContent).toBe(excluded.message);
  });

  it('keeps the frame in the page flow: nothing of it is fixed or stacked above the page', () => {
    renderScreen(<GameRun />, '/gamerun', state);
    for (let el: HTMLElement | null = screen.getByTitle('Sandbox Slots'); el && el !== document.body; el = el.parentElement) {
      const style = getComputedStyle(el);
      expect(style.position === 'fixed' || style.position === 'absolute').toBe(false);
      expect(style.zIndex === '' || style.zIndex === 'auto').toBe(true);
    }
  });
});
