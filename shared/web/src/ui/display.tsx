import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import styled from '@emotion/styled';
import { useTranslation } from 'react-i18next';
import { dhakaClock, formatDhakaDate, formatDhakaDateTime, formatMoney } from '../format';
import { theme } from './theme';

/* How records are shown: badges for a status, money, Dhaka times, and plain lists of rows. */

export type Tone = 'success' | 'warning' | 'danger' | 'info' | 'muted' | 'brand';

const toneColour: Record<Tone, string> = {
  success: theme.color.success,
  warning: theme.color.warning,
  danger: theme.color.danger,
  info: theme.color.info,
  muted: theme.color.textMuted,
  brand: theme.color.brand,
};

/**
 * A small label for a state. `outline`: a bordered pill (default); `solid`: a filled pill; `text`: coloured bold text
 * (inside dense tables).
 */
export function Badge(props: {
  tone?: Tone;
  variant?: 'outline' | 'solid' | 'text';
  children: ReactNode;
  testId?: string;
  title?: string;
}) {
  const colour = toneColour[props.tone ?? 'muted'];
  const variant = props.variant ?? 'outline';
  return (
    <span
      data-testid={props.testId}
      title={props.title}
      css={
        variant === 'text'
          ? css`
              color: ${colour};
              font-weight: 600;
            `
          : css`
              display: inline-block;
              padding: 1px 8px;
              border-radius: ${theme.radius.pill};
              font-size: ${theme.fontSize.xs};
              font-weight: 600;
              white-space: nowrap;
              ${
                variant === 'solid'
                  ? `background: ${colour}; color: ${props.tone === 'muted' ? theme.color.bg : '#10161c'};`
                  : `border: 1px solid ${colour}; color: ${colour};`
              }
            `
      }
    >
      {props.children}
    </span>
  );
}

/** The tone of the statuses the site and the console show (players, markets, requests, content records). */
export const STATUS_TONES: Record<string, Tone> = {
  active: 'success',
  display: 'success',
  open: 'success',
  approved: 'success',
  won: 'success',
  suspended: 'warning',
  pending: 'warning',
  held: 'warning',
  disabled: 'danger',
  rejected: 'danger',
  lost: 'danger',
  closed: 'muted',
  inactive: 'muted',
  hidden: 'muted',
  void: 'muted',
};

/**
 * How many wait to be read (unread messages, notices) as a small red pill; nothing at 0, `99+` above 99. `label` says
 * it in words for screen readers. Position it with `className` (e.g. over a bell's corner).
 */
export function CountBadge(props: { count: number; label?: string; testId?: string; className?: string }) {
  if (!(props.count > 0)) return null;
  return (
    <span
      data-testid={props.testId}
      aria-label={props.label}
      className={props.className}
      css={css`
        display: inline-block;
        box-sizing: border-box;
        min-width: 18px;
        padding: 0 5px;
        border-radius: ${theme.radius.pill};
        background: ${theme.color.danger};
        color: #fff;
        font-size: 11px;
        font-weight: 700;
        line-height: 18px;
        text-align: center;
      `}
    >
      {props.count > 99 ? '99+' : props.count}
    </span>
  );
}

/** A record's status as a badge, its tone from STATUS_TONES (case-insensitive) unless given. */
export function StatusBadge(props: {
  status: string;
  tone?: Tone;
  variant?: 'outline' | 'solid' | 'text';
  testId?: string;
  children?: ReactNode;
}) {
  const tone = props.tone ?? STATUS_TONES[props.status.toLowerCase()] ?? 'warning';
  return (
    <Badge tone={tone} variant={props.variant} testId={props.testId}>
      {props.children ?? props.status}
    </Badge>
  );
}

/**
 * An amount. With `currency` it is formatted for the player's language (`৳1,000.50`); without, the API's exact decimal
 * string is shown as it is (the console's tables). Negative amounts are red unless `plain`; `signed` (a profit or
 * loss) also shows a gain green with its `+`. Figures line up (tabular digits), and the font is the page's, which
 * carries the taka sign on every device (ui/fonts.ts).
 */
export function Money(props: {
  value: string | number | null | undefined;
  currency?: string | null;
  strong?: boolean;
  plain?: boolean;
  signed?: boolean;
  testId?: string;
  className?: string;
}) {
  const { i18n } = useTranslation();
  if (props.value === null || props.value === undefined || props.value === '') return <span data-testid={props.testId}>—</span>;
  const n = Number(props.value);
  const negative = n < 0;
  const gain = props.signed && n > 0;
  const text = (gain ? '+' : '') + (props.currency ? formatMoney(props.value, props.currency, i18n.language) : String(props.value));
  return (
    <span
      data-testid={props.testId}
      className={props.className}
      css={css`
        font-family: ${theme.font.family};
        font-variant-numeric: tabular-nums;
        white-space: nowrap;
        color: ${gain ? theme.color.success : negative && !props.plain ? theme.color.danger : 'inherit'};
        font-weight: ${props.strong ? 600 : 'inherit'};
      `}
    >
      {text}
    </span>
  );
}

/**
 * An instant in Dhaka time through the one formatter (`2026-11-21 23:40:05`), kept on one line; `zone` adds the label
 * players read it by (GMT+6). `part`: only the clock (`23:40:05`, under a day's heading) or only the date. Missing: a
 * dash.
 */
export function DateTime(props: {
  value: string | number | Date | null | undefined;
  zone?: boolean;
  part?: 'datetime' | 'time' | 'date';
  testId?: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation('common');
  if (props.value === null || props.value === undefined || props.value === '') return <span data-testid={props.testId}>—</span>;
  const d = new Date(props.value);
  return (
    <time
      dateTime={Number.isNaN(d.getTime()) ? undefined : d.toISOString()}
      data-testid={props.testId}
      className={props.className}
      css={css`
        white-space: nowrap;
        font-variant-numeric: tabular-nums;
      `}
    >
      {props.part === 'time'
        ? dhakaClock(d, i18n.language)
        : props.part === 'date'
          ? formatDhakaDate(d, i18n.language)
          : formatDhakaDateTime(d, i18n.language)}
      {props.zone ? ` ${t('gmt6')}` : ''}
    </time>
  );
}

/** A list of records without bullets, one row under the other with a rule between. */
export const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  & > li + li {
    border-top: 1px solid ${theme.color.border};
  }
`;

/** One row of a List: what it is on the left, its figure or action on the right. */
export const ListRow = styled.li`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  padding: 10px 0;
`;

/**
 * Label/value pairs of one record in a grid of columns that stays readable on a 360 px phone (a bet's figures, a
 * profile). Fill it with FactItem.
 */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: 6px 12px;
  margin: 8px 0 0;
  font-size: ${theme.fontSize.sm};
  dt {
    color: ${theme.color.textMuted};
    font-size: ${theme.fontSize.xs};
  }
  dd {
    margin: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

/** One label and its value in Facts (FactItem: the session's `Fact` type has the shorter name). */
export function FactItem(props: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd data-testid={props.testId}>{props.children}</dd>
    </div>
  );
}

/** Secondary text beside a record (a time, a reference). */
export const Muted = styled.span`
  color: ${theme.color.textMuted};
  font-size: ${theme.fontSize.sm};
`;

/** Records as cards, one under the other (a player's bets, rounds, groups). */
export const CardList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

/** One card of a CardList. */
export const CardRow = styled.li`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  padding: 10px 12px;
`;

/** A button that fills a whole card (the card opens its record): no button look of its own. */
export const CardButton = styled.button`
  all: unset;
  display: block;
  width: 100%;
  box-sizing: border-box;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${theme.color.brand};
    outline-offset: 4px;
  }
`;

/** A choice among a few (a filter, a period): pressed when chosen. Put several in a ChipRow. */
export function Chip(props: { active: boolean; onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <button
      type="button"
      aria-pressed={props.active}
      onClick={props.onClick}
      data-testid={props.testId}
      css={css`
        flex: 0 0 auto;
        min-height: 36px;
        padding: 6px 14px;
        border-radius: ${theme.radius.pill};
        cursor: pointer;
        font: inherit;
        font-size: 14px;
        border: 1px solid ${props.active ? theme.color.brand : theme.color.border};
        background: ${props.active ? theme.color.brand : theme.color.surface};
        color: ${props.active ? theme.color.brandText : theme.color.text};
      `}
    >
      {props.children}
    </button>
  );
}

/** Chips side by side, wrapping. */
export const ChipRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 6px 0 10px;
`;

/** A figure that is a gain (green), a loss (red) or nothing (plain), by its sign. */
export function signedColour(minor: number | bigint): string {
  return minor > 0 ? theme.color.success : minor < 0 ? theme.color.danger : theme.color.text;
}
