import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { ApiError, AsyncState, Button, DateTime, theme, type AsyncQuery, Heading, Text } from '@khela/web';
import '../../i18n-account';

/** The sub-pages of /exchange-account, in the spec's order (each is /exchange-account/{slug}). */
export const ACCOUNT_PAGES = [
  { slug: 'profile', key: 'myProfile' },
  { slug: 'balance', key: 'balanceOverview' },
  { slug: 'my-bets', key: 'myBets' },
  { slug: 'bets-history', key: 'betsHistory' },
  { slug: 'profit-loss', key: 'profitLoss' },
  { slug: 'activity-log', key: 'activityLog' },
] as const;
export type AccountSlug = (typeof ACCOUNT_PAGES)[number]['slug'];

/** The time-zone line every account page shows: the times on it are Dhaka times. */
export function TimeZoneLabel() {
  const { t } = useTranslation('exchange');
  return (
    <Text as="div" tone="muted" size="sm" data-testid="exchange-timezone">
      {t('account.timeZone')}: <strong>{t('acc.timeZoneValue')}</strong>
    </Text>
  );
}

/** Frame of an account sub-page: back to the menu, the title, the time-zone label. */
export function AccountPage(props: { slug: AccountSlug; children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation('exchange');
  const key = ACCOUNT_PAGES.find((p) => p.slug === props.slug)!.key;
  return (
    <section data-testid={`exchange-account-${props.slug}`} aria-labelledby={`exchange-account-${props.slug}-title`} css={pageCss}>
      <Link
        to="/exchange-account"
        css={css`
          display: inline-flex;
          align-items: center;
          min-height: 36px;
          color: ${theme.color.brand};
          text-decoration: none;
          font-size: 14px;
        `}
      >
        ‹ {t('acc.backToAccount')}
      </Link>
      <div
        css={css`
          display: flex;
          flex-wrap: wrap;
          align-items: baseline;
          justify-content: space-between;
          gap: 4px 12px;
          margin: 2px 0 12px;
        `}
      >
        <Heading as="h1" size="xl" id={`exchange-account-${props.slug}-title`}>
          {t(`account.${key}`)}
        </Heading>
        <TimeZoneLabel />
      </div>
      {props.actions}
      {props.children}
    </section>
  );
}

export const pageCss = css`
  padding: 8px 12px 16px;
  max-width: 960px;
  margin: 0 auto;
  box-sizing: border-box;
`;

export const cardCss = css`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  padding: 12px;
`;

export const listCss = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const wrapCss = css`
  white-space: normal;
`;

/**
 * An instant in Dhaka time ("2026-11-23 18:58:24 GMT+6"): the kit's DateTime with its label, on one line, or with
 * `wrap` free to break between date, time and label (a narrow column, e.g. a bet card's facts on a phone).
 */
export function DhakaTime(props: { at: string; testId?: string; wrap?: boolean }) {
  return <DateTime value={props.at} zone testId={props.testId} css={props.wrap ? wrapCss : undefined} />;
}

export type Tone = 'success' | 'danger' | 'neutral' | 'info' | 'warning';
const toneColor: Record<Tone, string> = {
  success: theme.color.success,
  danger: theme.color.danger,
  neutral: theme.color.textMuted,
  info: theme.color.info,
  warning: theme.color.warning,
};

export function Tag(props: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <span
      data-testid={props.testId}
      data-tone={props.tone}
      css={css`
        display: inline-block;
        padding: 2px 8px;
        border-radius: ${theme.radius.pill};
        font-size: 12px;
        font-weight: 700;
        border: 1px solid ${toneColor[props.tone]};
        color: ${props.tone === 'neutral' ? theme.color.text : toneColor[props.tone]};
        white-space: nowrap;
      `}
    >
      {props.children}
    </span>
  );
}

export const sideColor = (side: string) => (side === 'BACK' || side === 'YES' ? theme.color.back : theme.color.lay);

/** Previous / Next with "Page n of m"; the page lives in the address (?page=), so a reload keeps it. */
export function Pager(props: { page: number; last: number; onPage: (p: number) => void }) {
  const { t } = useTranslation('exchange');
  if (props.last <= 1) return null;
  return (
    <nav
      aria-label={t('acc.pages')}
      css={css`
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: 8px;
        margin-top: 12px;
      `}
    >
      <Button variant="secondary" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        ‹ {t('acc.prev')}
      </Button>
      <Text tone="muted" size="sm" data-testid="pager-position">
        {t('acc.pageOf', { page: props.page, last: props.last })}
      </Text>
      <Button variant="secondary" disabled={props.page >= props.last} onClick={() => props.onPage(props.page + 1)}>
        {t('acc.next')} ›
      </Button>
    </nav>
  );
}

/**
 * The data of an account page through the kit: the spinner while it comes, "Could not load this page." (and the
 * reason when it tells more) with Retry when it failed, the page's content once there.
 */
export function AccountData<T>(props: {
  query: AsyncQuery<T>;
  children: (data: T) => ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
}) {
  const { t } = useTranslation('exchange');
  return (
    <AsyncState query={props.query} failed={t('acc.loadFailed')} isEmpty={props.isEmpty} empty={props.empty}>
      {props.children}
    </AsyncState>
  );
}

/** What a page shows for a failed call: the server's message when it sent one, else ours. */
export const errorText = (err: unknown, fallback: string) => (err instanceof ApiError && err.status >= 400 ? err.message : fallback);

/**
 * An account page's reads: asked for again each time the page is opened (the figures change with every bet and
 * settlement), the cached answer shown meanwhile.
 */
export const ACCOUNT_READ = { staleTime: 0 } as const;

/** The positive integer `?page=` of the address, 1 when absent or wrong. */
export const pageParam = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};
