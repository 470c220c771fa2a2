import { useEffect, useState, type ChangeEventHandler, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { theme } from '@khela/web';
import { validationBn } from './i18n';

/** A rule message from the shared schemas in the player's language (English is the spec's exact text). */
export function useRuleText(): (msg: string | undefined | null) => string {
  const { i18n } = useTranslation();
  return (msg) => (msg ? (i18n.language === 'bn' ? (validationBn[msg] ?? msg) : msg) : '');
}

/** Inline status line: errors are announced at once, successes politely. */
export function Notice({ kind, children, testId }: { kind: 'error' | 'success' | 'info'; children: ReactNode; testId?: string }) {
  const color = kind === 'error' ? theme.color.danger : kind === 'success' ? '#16a34a' : theme.color.info;
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      css={css`
        border: 1px solid ${color};
        color: ${color};
        border-radius: ${theme.radius.md};
        padding: 10px 12px;
        margin: 8px 0 12px;
        font-size: 14px;
      `}
    >
      {children}
    </div>
  );
}

export const sectionTitle = css`
  font-size: 20px;
  margin: 0 0 16px;
`;
export const row = css`
  display: flex;
  gap: 8px;
  align-items: center;
  flex-wrap: wrap;
`;
export const muted = css`
  color: ${theme.color.textMuted};
  font-size: 13px;
`;

/** Seconds left until `until` (ms since epoch), ticking every second; 0 when over. */
export function useCountdown(until: number | null): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!until) return;
    const t = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [until]);
  // read the clock at render: the state only schedules the next render
  return until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0;
}

/**
 * The calling-code prefix of a phone field (+880, or the codes a form allows), as tall as the field beside it: one
 * select for the sign-up and the password reset.
 */
export function CallingCodeSelect(props: {
  label: string;
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  codes?: readonly string[];
}) {
  return (
    <select aria-label={props.label} value={props.value} onChange={props.onChange} css={callingCodeCss}>
      {(props.codes ?? ['880']).map((c) => (
        <option key={c} value={c}>
          +{c}
        </option>
      ))}
    </select>
  );
}
const callingCodeCss = css`
  min-height: 44px;
`;
