import type { ReactNode } from 'react';
import styled from '@emotion/styled';
import { css } from '@emotion/react';
import { mq, theme } from './theme';

/*
 * Blocks the player screens repeat: a panel with a title band (a market, a ladder), a progress bar (a limit used, a
 * turnover done), a small dot (unread, live), a page title with its icon, a narrow page of reading, a glyph-only
 * button, and the looks of a card that is a link and of a link in running text.
 */

/**
 * Which props reach the DOM: not the component's own, and not `as` (with a shouldForwardProp of its own, emotion
 * honours `as` only when that function keeps it back).
 */
const except =
  (...own: string[]) =>
  (prop: string) =>
    prop !== 'as' && !own.includes(prop);

/**
 * A boxed panel with its title on a raised band (a market's table, the price ladder): `actions` at the band's other
 * end, `className` to hide or place it.
 */
export function Panel(props: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  label?: string;
  /** Shown only on a phone or only on a desktop (the ladder is a desktop tool). */
  only?: 'mobile' | 'desktop';
  className?: string;
}) {
  return (
    <section
      data-testid={props.testId}
      aria-label={props.label}
      className={props.className}
      css={css`
        margin: 12px 0;
        background: ${theme.color.surface};
        border: 1px solid ${theme.color.border};
        border-radius: ${theme.radius.md};
        overflow: hidden;
        position: relative;
        ${props.only ? `${props.only === 'mobile' ? mq.desktop : mq.mobile} { display: none; }` : ''}
      `}
    >
      <h2
        css={css`
          margin: 0;
          padding: 8px 12px;
          font-size: ${theme.fontSize.md};
          background: ${theme.color.surfaceRaised};
          display: flex;
          justify-content: space-between;
          align-items: center;
          gap: 8px;
          min-height: 36px;
        `}
      >
        {props.title}
        {props.actions}
      </h2>
      {props.children}
    </section>
  );
}

/**
 * How much of something is used or done, as a bar (`value` 0..1). With `label` it is a progressbar for screen readers
 * (in percent); without, decoration beside a figure that says it in words.
 */
export function ProgressBar(props: {
  value: number;
  tone?: 'brand' | 'success' | 'danger';
  height?: number;
  label?: string;
  className?: string;
}) {
  const pct = Math.round(Math.max(0, Math.min(1, props.value)) * 100);
  const fill = theme.color[props.tone ?? 'brand'];
  return (
    <div
      {...(props.label
        ? { role: 'progressbar', 'aria-label': props.label, 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': pct }
        : { 'aria-hidden': true })}
      className={props.className}
      css={css`
        height: ${props.height ?? 6}px;
        border-radius: ${theme.radius.pill};
        background: ${theme.color.bg};
        overflow: hidden;
      `}
    >
      <div
        css={css`
          height: 100%;
          width: ${pct}%;
          background: ${fill};
        `}
      />
    </div>
  );
}

/** A small round mark (an unread message, a live stream), in a colour of the theme or its own. */
export const Dot = styled('span', { shouldForwardProp: except('colour') })<{ colour?: string }>`
  display: inline-block;
  flex: none;
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${(p) => p.colour ?? theme.color.brand};
`;

/** A page's title with its icon before it (the information pages, the app download). */
export const PageTitle = styled.h1`
  display: flex;
  align-items: center;
  gap: 10px;
  font-size: ${theme.fontSize.display};
`;

/** A page of reading (information, an app's download, a promotion): one narrow column in the middle. */
export const NarrowPage = styled('div', { shouldForwardProp: except('centred') })<{ centred?: boolean }>`
  max-width: 720px;
  margin: 0 auto;
  padding: ${(p) => (p.centred ? '32px 16px' : '16px')};
  color: ${theme.color.text};
  ${(p) => (p.centred ? 'text-align: center;' : '')}
`;

/**
 * A button that is only a glyph (✕ close, an unpin): no border or background, muted, `size` px square at the least
 * (44 by default, a touch target; 32 inside a dense message). Give it an aria-label.
 */
export const IconButton = styled('button', { shouldForwardProp: except('size', 'colour') })<{
  size?: number;
  colour?: string;
}>`
  appearance: none;
  border: 0;
  background: transparent;
  color: ${(p) => p.colour ?? theme.color.textMuted};
  min-width: ${(p) => p.size ?? 44}px;
  min-height: ${(p) => p.size ?? 44}px;
  font-size: ${(p) => ((p.size ?? 44) >= 40 ? '18px' : theme.fontSize.md)};
  cursor: pointer;
`;

/** The look of a card that is a link as a whole (a sport's tile, a chat in the list): put it on a router Link. */
export const linkCard = css`
  display: block;
  padding: 12px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  text-decoration: none;
  color: ${theme.color.text};
`;

/** The look of a link in running text that leads on ("See all ›"): brand-coloured, a 44 px touch target. */
export const textLink = css`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  color: ${theme.color.brand};
`;
