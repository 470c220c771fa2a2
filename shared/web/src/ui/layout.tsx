import styled from '@emotion/styled';
import { theme } from './theme';

/*
 * Layout and text pieces the player screens repeat: a row or a column of things with a gap, the part of a row that
 * takes the room left, a list without bullets, text in a token size and tone, a heading without the browser's margins,
 * a section's title and its small capital label, a record's caption, a row of actions, a row that scrolls sideways.
 * Sizes and colours come from ./theme.ts; a gap is in px (the screens use 2 to 16).
 */

/**
 * Which props reach the DOM: not the component's own, and not `as` (with a shouldForwardProp of its own, emotion
 * honours `as` only when that function keeps it back).
 */
const except =
  (...own: string[]) =>
  (prop: string) =>
    prop !== 'as' && !own.includes(prop);

type Align = 'start' | 'center' | 'end' | 'stretch' | 'baseline';
type Justify = 'start' | 'center' | 'end' | 'between';
const flexValue = (v: Align | Justify) => (v === 'start' ? 'flex-start' : v === 'end' ? 'flex-end' : v === 'between' ? 'space-between' : v);

interface FlexProps {
  /** Space between the items, px (default 8). */
  gap?: number;
  /** Cross-axis alignment (Row default: center; Stack default: stretch). */
  align?: Align;
  justify?: Justify;
  /** Items wrap onto the next line when the row is full. */
  wrap?: boolean;
}
const forward = except('gap', 'align', 'justify', 'wrap');

/** Things side by side with a gap, centred on one line (or wrapping). */
export const Row = styled('div', { shouldForwardProp: forward })<FlexProps>`
  display: flex;
  align-items: ${(p) => flexValue(p.align ?? 'center')};
  ${(p) => (p.justify ? `justify-content: ${flexValue(p.justify)};` : '')}
  ${(p) => (p.wrap ? 'flex-wrap: wrap;' : '')}
  gap: ${(p) => p.gap ?? 8}px;
`;

/** Things one under the other with a gap. */
export const Stack = styled('div', { shouldForwardProp: forward })<FlexProps>`
  display: flex;
  flex-direction: column;
  ${(p) => (p.align ? `align-items: ${flexValue(p.align)};` : '')}
  ${(p) => (p.justify ? `justify-content: ${flexValue(p.justify)};` : '')}
  gap: ${(p) => p.gap ?? 8}px;
`;

/** The part of a Row that takes the room left; `clip`: it may shrink below its content (long names wrap or cut). */
export const Grow = styled('div', { shouldForwardProp: except('clip') })<{ clip?: boolean }>`
  flex: 1;
  ${(p) => (p.clip ? 'min-width: 0;' : '')}
`;

/**
 * A list without bullets, margins or padding (its rows style themselves); `gap`: its items one under the other with
 * that space (px); `row`: side by side, wrapping (links, chips), `gap` apart (default 8).
 */
export const PlainList = styled('ul', { shouldForwardProp: except('gap', 'row') })<{ gap?: number; row?: boolean }>`
  list-style: none;
  margin: 0;
  padding: 0;
  ${(p) =>
    p.row
      ? `display: flex; flex-wrap: wrap; gap: ${p.gap ?? 8}px;`
      : p.gap !== undefined
        ? `display: flex; flex-direction: column; gap: ${p.gap}px;`
        : ''}
`;

/** A row of buttons under a form or a card (Cancel, Confirm), `justify` as in Row. */
export const Actions = styled('div', { shouldForwardProp: except('justify') })<{ justify?: Justify }>`
  display: flex;
  gap: 8px;
  margin-top: 10px;
  ${(p) => (p.justify ? `justify-content: ${flexValue(p.justify)};` : '')}
`;

export type TextTone = 'muted' | 'danger' | 'success' | 'warning' | 'brand' | 'inherit';
const textTone: Record<TextTone, string> = {
  muted: theme.color.textMuted,
  danger: theme.color.danger,
  success: theme.color.success,
  warning: theme.color.warning,
  brand: theme.color.brand,
  inherit: 'inherit',
};
interface TextProps {
  /** Colour (default: the parent's). */
  tone?: TextTone;
  /** A size of theme.fontSize. */
  size?: keyof typeof theme.fontSize;
  weight?: 400 | 600 | 700;
  /** On a line of its own. */
  block?: boolean;
  /** Long words (names, references) may break anywhere rather than widen the page. */
  breakAnywhere?: boolean;
  align?: 'left' | 'center' | 'right';
  /** Figures in columns that line up (tabular digits): money, odds, a clock. */
  figures?: boolean;
}

/**
 * Text in a token size and tone: `<Text tone="muted" size="xs">` is a caption, `<Text as="p" tone="inherit" weight={600}>` a
 * bold paragraph. Margins are none (a <p> too); the parent's gap spaces it.
 */
export const Text = styled('span', {
  shouldForwardProp: except('tone', 'size', 'weight', 'block', 'breakAnywhere', 'align', 'figures'),
})<TextProps>`
  margin: 0;
  color: ${(p) => textTone[p.tone ?? 'inherit']};
  ${(p) => (p.size ? `font-size: ${theme.fontSize[p.size]};` : '')}
  ${(p) => (p.weight ? `font-weight: ${p.weight};` : '')}
  ${(p) => (p.block ? 'display: block;' : '')}
  ${(p) => (p.breakAnywhere ? 'overflow-wrap: anywhere;' : '')}
  ${(p) => (p.align ? `text-align: ${p.align};` : '')}
  ${(p) => (p.figures ? 'font-variant-numeric: tabular-nums;' : '')}
`;

/** A heading without the browser's margins, in a token size (default lg); `as` sets its level (default h2). */
export const Heading = styled('h2', { shouldForwardProp: except('size') })<{ size?: keyof typeof theme.fontSize }>`
  margin: 0;
  font-size: ${(p) => theme.fontSize[p.size ?? 'lg']};
`;

/**
 * The title of a section of a page (a rail of games, a footer's column, a record's group), with room under it;
 * `tone="muted"` for a quieter group heading (a day of records, a list's part).
 */
export const SectionTitle = styled('h2', { shouldForwardProp: except('size', 'tone') })<{
  size?: keyof typeof theme.fontSize;
  tone?: 'muted';
}>`
  margin: 0 0 8px;
  font-size: ${(p) => theme.fontSize[p.size ?? 'title']};
  color: ${(p) => (p.tone === 'muted' ? theme.color.textMuted : theme.color.text)};
`;

/**
 * The second line of a record, under its name: a muted caption (a market and its time, a reference, a chat's last
 * message); `size="sm"` a little larger and further from the name. Long words break rather than widen the page.
 */
export const Caption = styled('div', { shouldForwardProp: except('size') })<{ size?: 'xs' | 'sm' }>`
  margin-top: ${(p) => (p.size === 'sm' ? '4px' : '2px')};
  font-size: ${(p) => theme.fontSize[p.size ?? 'xs']};
  color: ${theme.color.textMuted};
  overflow-wrap: anywhere;
`;

/** The small capital label over a group of links or settings (a menu's section, a footer's column). */
export const SectionLabel = styled.h2`
  font-size: ${theme.fontSize.xs};
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: ${theme.color.textMuted};
  margin: 0 0 6px;
`;

/**
 * Things in one line that scrolls sideways when they do not fit (a strip of categories or providers); `bare`: no
 * scrollbar drawn.
 */
export const ScrollRow = styled('div', { shouldForwardProp: except('gap', 'bare') })<{ gap?: number; bare?: boolean }>`
  display: flex;
  gap: ${(p) => p.gap ?? 8}px;
  overflow-x: auto;
  padding-bottom: 4px;
  ${(p) => (p.bare ? 'scrollbar-width: none;' : '')}
`;
