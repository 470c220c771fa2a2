import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { getRealityCheck, type Locale, type RealityCheckSummary } from '@khela/contracts';
import { Button, formatMoney, formatNumber, theme, useHost, useLocale, useProtection, Stack } from '@khela/web';

/** Above everything the page shows: the layout's toasts (2500), the skip link (3000) and any remote's game frame. */
export const REALITY_CHECK_Z = theme.layer.realityCheck;

/** Where "View history" leads: the betting records of the casino remote (shell/src/routes.ts). */
export const HISTORY_PATH = '/betting-record';

/**
 * When the next reality check is due: the first `start + k * interval` (k >= 1) after `after`. Counted from the
 * session's log-in, so a reload (or a new tab) keeps the same rhythm instead of starting again.
 */
export function nextCheckAt(startMs: number, intervalMs: number, after: number): number {
  const k = Math.max(1, Math.floor((after - startMs) / intervalMs) + 1);
  return startMs + k * intervalMs;
}

/** "1 h 5 min", "12 min" or "less than a minute", digits in the player's language. */
export function elapsedText(seconds: number, locale: Locale, t: (key: string, o?: Record<string, unknown>) => string): string {
  const num = (n: number) => formatNumber(n, locale);
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return t('rg.elapsedUnder');
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? t('rg.elapsedHm', { h: num(h), m: num(m) }) : t('rg.elapsedM', { m: num(m) });
}

interface Shown {
  /** The server's figures, or null when they could not be read (the check shows anyway, with the local time). */
  summary: RealityCheckSummary | null;
  /** Seconds since log-in by this browser's clock, for when the summary is missing. */
  localElapsed: number;
}

/**
 * Responsible gambling: the reality check. At the interval the player chose (`reality_check_ms` of the session's
 * protection status, counted from the session's log-in), a modal over any page, the casino's game frame included,
 * shows the time played and the net result of this session, with Continue, View history and Log out. Mounted once
 * by the shell for the whole page; one dialog at a time (the next is scheduled only after it is answered).
 */
export function RealityCheck() {
  const { api, session, navigate } = useHost();
  const protection = useProtection();
  // no reminders while play is closed (a time-out, self-exclusion, reached session limit): nothing is being played
  const interval = protection?.play.open === false ? null : (protection?.reality_check_ms ?? null);
  const started = protection?.session_started_at ?? null;
  const [shown, setShown] = useState<Shown | null>(null);
  // the due time of the last check shown: the next is the following step of the log-in's rhythm
  const lastDue = useRef(0);

  useEffect(() => {
    if (shown || !interval || interval <= 0 || !started) return;
    const startMs = Date.parse(started);
    if (!Number.isFinite(startMs)) return;
    let live = true;
    const now = Date.now();
    const due = nextCheckAt(startMs, interval, Math.max(now, lastDue.current));
    const timer = setTimeout(() => {
      lastDue.current = due;
      api.call(getRealityCheck).then(
        (summary) => live && setShown({ summary, localElapsed: Math.floor((Date.now() - startMs) / 1000) }),
        (err: unknown) => {
          console.warn('[reality check] figures failed', err);
          if (live) setShown({ summary: null, localElapsed: Math.floor((Date.now() - startMs) / 1000) });
        },
      );
    }, due - now);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, interval, started, shown]);

  // a logout (or the check switched off) takes an open dialog away
  useEffect(() => {
    if (!protection) setShown(null);
  }, [protection]);

  if (!shown || !protection) return null;
  return (
    <RealityCheckDialog
      shown={shown}
      onContinue={() => setShown(null)}
      onHistory={() => {
        setShown(null);
        navigate(HISTORY_PATH);
      }}
      onLogout={() => {
        setShown(null);
        session.logout('user');
      }}
    />
  );
}

function RealityCheckDialog({
  shown,
  onContinue,
  onHistory,
  onLogout,
}: {
  shown: Shown;
  onContinue: () => void;
  onHistory: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation('shell');
  const locale = useLocale();
  const titleId = useId();
  const textId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // a game in full screen is in the browser's top layer, above any z-index: leave it so the check is seen
    if (typeof document !== 'undefined' && document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    const before = document.activeElement as HTMLElement | null;
    continueRef.current?.focus();
    return () => before?.focus?.();
  }, []);

  const { summary } = shown;
  const elapsed = elapsedText(summary?.elapsed_seconds ?? shown.localElapsed, locale, t);
  const currency = summary?.currency ?? 'BDT';
  const net = summary ? Number(summary.net) : NaN;
  const netLabel = net > 0 ? t('rg.netWin') : net < 0 ? t('rg.netLoss') : t('rg.netEven');

  // Escape answers Continue; Tab stays inside the dialog
  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onContinue();
      return;
    }
    if (e.key !== 'Tab') return;
    const focusable = dialogRef.current?.querySelectorAll<HTMLElement>('button:not([disabled])');
    if (!focusable?.length) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const dialog = (
    <div
      data-testid="rg-reality-backdrop"
      css={css`
        position: fixed;
        inset: 0;
        z-index: ${REALITY_CHECK_Z};
        background: rgba(0, 0, 0, 0.72);
        display: flex;
        align-items: center;
        justify-content: center;
        padding: 16px;
      `}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        data-testid="rg-reality-check"
        onKeyDown={onKeyDown}
        css={css`
          background: ${theme.color.surface};
          color: ${theme.color.text};
          border-radius: ${theme.radius.lg};
          border-top: 4px solid ${theme.color.brand};
          width: min(420px, 100%);
          max-height: calc(100vh - 32px);
          overflow: auto;
          padding: 20px;
          box-shadow: 0 12px 40px rgba(0, 0, 0, 0.5);
        `}
      >
        <h2
          id={titleId}
          css={css`
            margin: 0 0 6px;
            font-size: 19px;
          `}
        >
          {t('rg.realityTitle')}
        </h2>
        <p
          id={textId}
          css={css`
            margin: 0 0 14px;
            color: ${theme.color.textMuted};
            font-size: 14px;
          `}
        >
          {t('rg.realityIntro')}
        </p>
        <dl
          css={css`
            display: grid;
            grid-template-columns: auto 1fr;
            gap: 8px 16px;
            margin: 0 0 14px;
            font-size: 16px;
            dt {
              color: ${theme.color.textMuted};
            }
            dd {
              margin: 0;
              text-align: right;
              font-weight: 700;
              font-variant-numeric: tabular-nums;
            }
          `}
        >
          <dt>{t('rg.elapsedLabel')}</dt>
          <dd data-testid="rg-reality-elapsed" data-seconds={summary?.elapsed_seconds ?? shown.localElapsed}>
            {elapsed}
          </dd>
          {summary && (
            <>
              <dt>{netLabel}</dt>
              <dd
                data-testid="rg-reality-net"
                data-net={summary.net}
                css={css`
                  color: ${net > 0 ? theme.color.success : net < 0 ? theme.color.danger : theme.color.text};
                `}
              >
                {formatMoney(Math.abs(net), currency, locale)}
              </dd>
              <dt>{t('rg.wagered')}</dt>
              <dd data-testid="rg-reality-wagered">{formatMoney(summary.wagered, currency, locale)}</dd>
            </>
          )}
        </dl>
        {!summary && (
          <p
            data-testid="rg-reality-net"
            css={css`
              margin: 0 0 14px;
              font-size: 14px;
            `}
          >
            {t('rg.netUnknown')}
          </p>
        )}
        <p
          css={css`
            margin: 0 0 16px;
            font-size: 13px;
            color: ${theme.color.textMuted};
          `}
        >
          {t('rg.realityHint')}
        </p>
        <Stack>
          <Button ref={continueRef} block data-testid="rg-reality-continue" onClick={onContinue}>
            {t('rg.realityContinue')}
          </Button>
          <Button block variant="secondary" data-testid="rg-reality-history" onClick={onHistory}>
            {t('rg.realityHistory')}
          </Button>
          <Button block variant="ghost" data-testid="rg-reality-logout" onClick={onLogout}>
            {t('rg.realityLogout')}
          </Button>
        </Stack>
      </div>
    </div>
  );
  // on the body, outside every remote's container and stacking context
  return typeof document === 'undefined' ? dialog : createPortal(dialog, document.body);
}
