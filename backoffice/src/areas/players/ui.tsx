// Small pieces of the players screens: status badge, select, text area, error line, money and time.
import type { ReactNode } from 'react';
import { useId } from 'react';
import { css } from '@emotion/react';
import { FieldError, theme } from '@khela/web';
import { controlCss } from '../../ui/layout';

const badgeColour: Record<string, string> = { active: theme.color.success, suspended: theme.color.warning, disabled: theme.color.danger };

export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const colour = badgeColour[status] ?? theme.color.warning;
  return (
    <span
      data-testid={testId}
      css={css`
        display: inline-block;
        padding: 1px 8px;
        border-radius: 999px;
        font-size: 12px;
        font-weight: 600;
        border: 1px solid ${colour};
        color: ${colour};
      `}
    >
      {status}
    </span>
  );
}

/** 1 open / 0 blocked upline flag. */
export function FlagCell({ value }: { value: number }) {
  return (
    <span
      css={css`
        color: ${value ? theme.color.textMuted : theme.color.danger};
        font-weight: ${value ? 400 : 600};
      `}
    >
      {value ? 'open' : 'blocked'}
    </span>
  );
}

export function Select<V extends string>(props: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (v: V) => void;
  hideLabel?: boolean;
}) {
  const id = useId();
  return (
    <span
      css={css`
        display: inline-flex;
        flex-direction: ${props.hideLabel ? 'row' : 'column'};
        gap: 4px;
        margin-bottom: ${props.hideLabel ? 0 : 12}px;
      `}
    >
      <label
        htmlFor={id}
        css={
          props.hideLabel
            ? css`
                position: absolute;
                width: 1px;
                height: 1px;
                overflow: hidden;
                clip: rect(0 0 0 0);
              `
            : css`
                font-size: 13px;
                color: ${theme.color.textMuted};
              `
        }
      >
        {props.label}
      </label>
      <select id={id} css={controlCss} value={props.value} onChange={(e) => props.onChange(e.target.value as V)}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}

export function TextArea(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  rows?: number;
  error?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div
      css={css`
        margin-bottom: 12px;
      `}
    >
      <label
        htmlFor={id}
        css={css`
          display: block;
          font-size: 13px;
          color: ${theme.color.textMuted};
          margin-bottom: 4px;
        `}
      >
        {props.label}
      </label>
      <textarea
        id={id}
        data-testid={props.testId}
        rows={props.rows ?? 3}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        css={[
          controlCss,
          css`
            width: 100%;
            box-sizing: border-box;
            resize: vertical;
          `,
        ]}
      />
      {props.error && <FieldError role="alert">{props.error}</FieldError>}
    </div>
  );
}

export function ErrorLine({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      css={css`
        color: ${theme.color.danger};
        font-size: 13px;
        margin: 4px 0;
      `}
    >
      {children}
    </p>
  );
}

/** An ISO time as staff read it: Dhaka time, to the second. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', { timeZone: 'Asia/Dhaka', hour12: false });
}

/** A signed money string, coloured. */
export function Amount({ value }: { value: string | null }) {
  if (value === null) return <span>—</span>;
  const negative = value.startsWith('-');
  return (
    <span
      css={css`
        font-variant-numeric: tabular-nums;
        color: ${negative ? theme.color.danger : 'inherit'};
      `}
    >
      {value}
    </span>
  );
}
