import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as schemas from '@khela/contracts';
import type { ProtectionGate } from '@khela/contracts';
import {
  ApiError,
  protectionGateText,
  protectionRefusal,
  protectionText,
  useHost,
  useLocale,
  type HostProps,
  type ProtectionRefusalBody,
} from '@khela/web';

export interface LaunchableGame {
  code: string;
  name: string;
  type: string;
  platform: string;
}

/** What /gamerun receives in navigation state (docs/README.md#spec-2): the frame address and where the player came from. */
export interface GameRunState {
  url: string;
  gameName: string;
  /** The games list the player launched from; Close returns there. */
  from?: { pathname: string; search: string };
}

export function isGameRunState(v: unknown): v is GameRunState {
  return !!v && typeof v === 'object' && typeof (v as GameRunState).url === 'string';
}

/** Play is closed for the player (time-out, self-exclusion, session-time limit, under age): no game opens. */
export class PlayClosedError extends Error {
  constructor(readonly gate: ProtectionGate) {
    super(gate.message ?? 'Play is closed.');
  }
}

/** Why a game did not open, as responsible gambling says it: a closed gate of the session, or the API's refusal. */
export type LaunchRefusal = { gate: ProtectionGate } | { refusal: ProtectionRefusalBody };

/** The player's text of a refusal, in their language. */
export function refusalText(r: LaunchRefusal, locale: schemas.Locale): string {
  return 'gate' in r ? (protectionGateText(r.gate, locale) ?? '') : protectionText(r.refusal, locale);
}

/**
 * docs/README.md#spec-5, #spec-6: a visitor goes to /login with 'User not logged in'; a player gets POST /api/game-run's url. While the
 * session's protection status says play is closed, nothing is asked of the API (PlayClosedError); the API refuses
 * such a launch too, with a protection code.
 */
export async function launchGame(
  host: Pick<HostProps, 'api' | 'bus' | 'navigate' | 'session' | 'isMobile'>,
  game: LaunchableGame,
  from: { pathname: string; search: string },
  notLoggedInText: string,
): Promise<void> {
  // docs/README.md#spec-6: launching needs a logged-in player with a remote id
  const remoteId = host.session.player$.value?.remoteId;
  if (!remoteId) {
    host.bus.publish('toast', { kind: 'error', message: notLoggedInText });
    host.navigate('/login', { state: { from: `${from.pathname}${from.search}`, message: notLoggedInText } });
    return;
  }
  const play = host.session.protection$.value?.play;
  if (play && !play.open) throw new PlayClosedError(play);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const res = await host.api.call(schemas.gameRun, {
    body: {
      userId: remoteId,
      externalURL: `${origin}${from.pathname}${from.search}`,
      isMobileLogin: host.isMobile,
      gameCode: game.code,
      gameType: game.type,
      platform: game.platform,
      lang: host.session.locale$.value,
    },
  });
  const state: GameRunState = { url: res.url, gameName: game.name, from };
  host.navigate('/gamerun', { state });
}

/** Launch with a pending flag and the error text to show (server message preferred). */
export function useLaunchGame() {
  const host = useHost();
  const location = useLocation();
  const { t } = useTranslation('common');
  const locale = useLocale();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<LaunchRefusal | null>(null);
  const launch = useCallback(
    async (game: LaunchableGame) => {
      setError(null);
      setRefused(null);
      setPending(game.code);
      try {
        await launchGame(host, game, { pathname: location.pathname, search: location.search }, t('userNotLoggedIn'));
      } catch (err) {
        const refusal = protectionRefusal(err);
        if (err instanceof PlayClosedError) setRefused({ gate: err.gate });
        else if (refusal) setRefused({ refusal });
        else setError(err instanceof ApiError ? err.message : t('unexpectedError'));
      } finally {
        setPending(null);
      }
    },
    [host, location.pathname, location.search, t],
  );
  return {
    launch,
    pending,
    error,
    clearError: () => setError(null),
    /** Responsible gambling's text when the game did not open because play is closed or a limit refused it. */
    protection: refused ? refusalText(refused, locale) : null,
    /** The refusal's code (a missing birthday is entered on the profile page, where the dialog leads). */
    protectionCode: refused ? ('gate' in refused ? schemas.PROTECTION_BLOCK_CODE[refused.gate.reason!] : refused.refusal.code) : null,
    clearProtection: () => setRefused(null),
  };
}
