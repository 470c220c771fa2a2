// Small shared pieces of the payments and reports screens.
import { useId, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { theme } from '@khela/web';
import { controlCss } from '../../ui/layout';

export function Labelled(props: { label: string; children: (id: string) => ReactNode; error?: string; hint?: string }) {
  const id = useId();
  return (
    <div
      css={css`
        display: flex;
        flex-direction: column;
        gap: 3px;
        margin-bottom: 10px;
        font-size: 13px;
      `}
    >
      <label
        htmlFor={id}
        css={css`
          color: ${theme.color.textMuted};
        `}
      >
        {props.label}
      </label>
      {props.children(id)}
      {props.hint && !props.error && (
        <small
          css={css`
            color: ${theme.color.textMuted};
          `}
        >
          {props.hint}
        </small>
      )}
      {props.error && (
        <small
          role="alert"
          css={css`
            color: ${theme.color.danger};
          `}
        >
          {props.error}
        </small>
      )}
    </div>
  );
}

export function Select<V extends string>(props: {
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (v: V) => void;
}) {
  return (
    <label
      css={css`
        display: inline-flex;
        align-items: center;
        gap: 6px;
        font-size: 13px;
        color: ${theme.color.textMuted};
      `}
    >
      {props.label}
      <select css={controlCss} value={props.value} onChange={(e) => props.onChange(e.target.value as V)}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const STATUS = ['Pending', 'Approved', 'Rejected'] as const;
const STATUS_COLOR = [theme.color.warning, theme.color.success, theme.color.danger] as const;

export function StatusTag(props: { status: 0 | 1 | 2 }) {
  return (
    <span
      data-status={props.status}
      css={css`
        padding: 1px 8px;
        border-radius: ${theme.radius.pill};
        font-size: 12px;
        font-weight: 600;
        background: ${STATUS_COLOR[props.status]};
        color: #10161c;
      `}
    >
      {STATUS[props.status]}
    </span>
  );
}

export const statusLabel = (s: 0 | 1 | 2) => STATUS[s];

/** A Dhaka wall-clock time (the staff and the players' day). */
export function dhakaTime(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Dhaka',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
