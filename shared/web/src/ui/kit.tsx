import styled from '@emotion/styled';
import { css } from '@emotion/react';
import { useEffect, useId, useRef, type ReactNode, type ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { theme } from './theme';
import { focusAfterPaint } from './focus';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants: Record<Variant, ReturnType<typeof css>> = {
  primary: css`
    background: ${theme.color.brand};
    color: ${theme.color.brandText};
  `,
  secondary: css`
    background: ${theme.color.surfaceRaised};
    color: ${theme.color.text};
    border: 1px solid ${theme.color.border};
  `,
  ghost: css`
    background: transparent;
    color: ${theme.color.text};
  `,
  danger: css`
    background: ${theme.color.danger};
    color: #fff;
  `,
};

/** `block`: the whole width; `grow`: the room a row leaves (beside a button that keeps its size). */
export const Button = styled('button', { shouldForwardProp: (p) => p !== 'variant' && p !== 'block' && p !== 'grow' })<
  ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; block?: boolean; grow?: boolean }
>`
  appearance: none;
  border: 0;
  border-radius: ${theme.radius.md};
  padding: 10px 16px;
  min-height: 44px;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  width: ${(p) => (p.block ? '100%' : 'auto')};
  ${(p) => (p.grow ? 'flex: 1;' : '')}
  ${(p) => variants[p.variant ?? 'primary']}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  &:focus-visible {
    outline: 3px solid ${theme.color.info};
    outline-offset: 2px;
  }
`;

export const Card = styled.div`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.lg};
  padding: 16px;
`;

export const Page = styled.main`
  color: ${theme.color.text};
  padding: 16px;
  max-width: 960px;
  margin: 0 auto;
`;

/** A page's title (h1) with what acts on the whole page (a filter, a new chat) at the other end of its line. */
export function PageHeader(props: { title: ReactNode; actions?: ReactNode; testId?: string }) {
  return (
    <div
      data-testid={props.testId}
      css={css`
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        align-items: center;
        gap: 8px;
        margin: 12px 0;
      `}
    >
      <h1
        css={css`
          margin: 0;
          font-size: ${theme.fontSize.xxl};
        `}
      >
        {props.title}
      </h1>
      {props.actions}
    </div>
  );
}

export const FieldError = styled.p`
  color: ${theme.color.danger};
  font-size: 13px;
  margin: 4px 0 0;
`;

export const Input = styled.input`
  width: 100%;
  box-sizing: border-box;
  min-height: 44px;
  padding: 10px 12px;
  border-radius: ${theme.radius.md};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.bg};
  color: ${theme.color.text};
  font: inherit;
  &:focus-visible {
    outline: 2px solid ${theme.color.brand};
  }
  &[aria-invalid='true'] {
    border-color: ${theme.color.danger};
  }
`;

/** Labelled input with its error, wired for screen readers. */
export function TextField(props: {
  label: string;
  error?: string;
  hint?: string;
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };
  prefix?: ReactNode;
}) {
  const id = useId();
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  return (
    <div
      css={css`
        margin-bottom: 14px;
      `}
    >
      <label
        htmlFor={id}
        css={css`
          display: block;
          font-size: 14px;
          margin-bottom: 6px;
          color: ${theme.color.textMuted};
        `}
      >
        {props.label}
      </label>
      <div
        css={css`
          display: flex;
          align-items: center;
          gap: 6px;
        `}
      >
        {props.prefix}
        <Input
          id={id}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={[props.error ? errId : '', props.hint ? hintId : ''].filter(Boolean).join(' ') || undefined}
          {...props.inputProps}
        />
      </div>
      {props.hint && !props.error && (
        <p
          id={hintId}
          css={css`
            font-size: 12px;
            color: ${theme.color.textMuted};
            margin: 4px 0 0;
          `}
        >
          {props.hint}
        </p>
      )}
      {props.error && (
        <FieldError id={errId} role="alert">
          {props.error}
        </FieldError>
      )}
    </div>
  );
}

export function NoData({ text }: { text?: string }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      css={css`
        text-align: center;
        padding: 40px 0;
        color: ${theme.color.textMuted};
      `}
    >
      {text ?? t('noData')}
    </div>
  );
}

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      aria-live="polite"
      css={css`
        display: flex;
        justify-content: center;
        gap: 6px;
        padding: 24px;
      `}
    >
      {[0, 1, 2].map((i) => (
        <span
          key={i}
          css={css`
            width: 10px;
            height: 10px;
            border-radius: 50%;
            background: ${theme.color.brand};
            animation: khela-dot 1s ${i * 0.15}s infinite ease-in-out;
            @keyframes khela-dot {
              0%,
              80%,
              100% {
                transform: scale(0.4);
                opacity: 0.4;
              }
              40% {
                transform: scale(1);
                opacity: 1;
              }
            }
          `}
        />
      ))}
      <span
        css={css`
          position: absolute;
          width: 1px;
          height: 1px;
          overflow: hidden;
          clip: rect(0 0 0 0);
        `}
      >
        {label ?? t('loading')}
      </span>
    </div>
  );
}

/** Accessible modal dialog: focus moves in, Escape closes, the backdrop click closes. */
export function Modal(props: { open: boolean; title: string; onClose: () => void; children: ReactNode; footer?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { t } = useTranslation('common');
  useEffect(() => {
    if (!props.open) return;
    const prev = document.activeElement as HTMLElement | null;
    const cancelFocus = focusAfterPaint(() => ref.current);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && props.onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      cancelFocus();
      document.removeEventListener('keydown', onKey);
      prev?.focus?.();
    };
  }, [props.open]);
  if (!props.open) return null;
  return (
    <div
      onClick={props.onClose}
      css={css`
        position: fixed;
        inset: 0;
        background: rgba(0, 0, 0, 0.6);
        display: flex;
        align-items: center;
        justify-content: center;
        z-index: ${theme.layer.dialog};
        padding: 16px;
      `}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
        css={css`
          background: ${theme.color.surface};
          color: ${theme.color.text};
          border-radius: ${theme.radius.lg};
          width: min(440px, 100%);
          max-height: 90vh;
          overflow: auto;
          padding: 20px;
          outline: none;
        `}
      >
        <div
          css={css`
            display: flex;
            justify-content: space-between;
            align-items: center;
            margin-bottom: 12px;
          `}
        >
          <h2
            id={titleId}
            css={css`
              margin: 0;
              font-size: 18px;
            `}
          >
            {props.title}
          </h2>
          <Button variant="ghost" aria-label={t('close')} onClick={props.onClose}>
            ✕
          </Button>
        </div>
        {props.children}
        {props.footer && (
          <div
            css={css`
              margin-top: 16px;
              display: flex;
              gap: 8px;
              justify-content: flex-end;
            `}
          >
            {props.footer}
          </div>
        )}
      </div>
    </div>
  );
}

/** Tabs with the ARIA tab pattern; each tab is a button so it is reachable by keyboard. */
export function Tabs<K extends string>(props: { tabs: { key: K; label: string }[]; value: K; onChange: (k: K) => void; label: string }) {
  return (
    <div
      role="tablist"
      aria-label={props.label}
      css={css`
        display: flex;
        gap: 4px;
        overflow-x: auto;
        border-bottom: 1px solid ${theme.color.border};
        margin-bottom: 12px;
      `}
    >
      {props.tabs.map((tab) => (
        <button
          key={tab.key}
          role="tab"
          aria-selected={tab.key === props.value}
          onClick={() => props.onChange(tab.key)}
          css={css`
            appearance: none;
            background: none;
            border: 0;
            color: ${tab.key === props.value ? theme.color.brand : theme.color.textMuted};
            border-bottom: 3px solid ${tab.key === props.value ? theme.color.brand : 'transparent'};
            padding: 10px 14px;
            font: inherit;
            font-weight: 600;
            cursor: pointer;
            white-space: nowrap;
            min-height: 44px;
          `}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The small box a failed area shows: the rest of the page keeps working. */
export function AreaFallback(props: { message: string; onRetry?: () => void; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      data-testid={props.testId ?? 'area-fallback'}
      css={css`
        margin: 24px auto;
        max-width: 420px;
        text-align: center;
        padding: 20px;
        border: 1px dashed ${theme.color.border};
        border-radius: ${theme.radius.lg};
        color: ${theme.color.text};
        background: ${theme.color.surface};
      `}
    >
      <p
        css={css`
          margin: 0 0 12px;
        `}
      >
        {props.message}
      </p>
      {props.onRetry && <Button onClick={props.onRetry}>{t('retry')}</Button>}
    </div>
  );
}
