import { createContext, useContext, useId, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { theme } from './theme';

/*
 * Form pieces every screen repeats: a labelled field with its hint and error, a select, a text area, and the error
 * line (role="alert"). The player site uses them at touch size (44 px); the back office wraps its tree in
 * <KitDensity value="dense"> and gets the same components at 34 px.
 */

export type Density = 'comfortable' | 'dense';
const DensityContext = createContext<Density>('comfortable');

/** Sets the size of the kit's controls below it: 'dense' for staff desktops, 'comfortable' (default) for players. */
export function KitDensity({ value, children }: { value: Density; children: ReactNode }) {
  return <DensityContext.Provider value={value}>{children}</DensityContext.Provider>;
}
export const useDensity = (): Density => useContext(DensityContext);

/** The look of an input, select or text area (border, background, focus, red when invalid) at a density. */
export function controlStyle(density: Density) {
  const dense = density === 'dense';
  return css`
    box-sizing: border-box;
    min-height: ${dense ? theme.control.denseHeight : theme.control.height};
    padding: ${dense ? '6px 9px' : '10px 12px'};
    border-radius: ${dense ? theme.radius.sm : theme.radius.md};
    border: 1px solid ${theme.color.border};
    background: ${theme.color.bg};
    color: ${theme.color.text};
    font: inherit;
    font-size: ${dense ? theme.fontSize.md : 'inherit'};
    &:focus-visible {
      outline: 2px solid ${theme.color.brand};
    }
    &[aria-invalid='true'] {
      border-color: ${theme.color.danger};
    }
  `;
}

/** The text of any thrown value: an Error's (an ApiError's is the server's or the spec's fallback), else its string. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

const errorCss = (tone: 'danger' | 'warning') => css`
  color: ${tone === 'warning' ? theme.color.warning : theme.color.danger};
  font-size: ${theme.fontSize.sm};
  margin: 4px 0;
`;

/**
 * An error the reader must hear (role="alert"): a refused request, a field's problem. Renders nothing without text,
 * so `<ErrorText>{error}</ErrorText>` needs no condition around it.
 */
export function ErrorText(props: {
  children?: ReactNode;
  id?: string;
  testId?: string;
  className?: string;
  /** 'warning': a closed section or a refusal the player can wait out, rather than a failure. */
  tone?: 'danger' | 'warning';
  onClick?: () => void;
  /** The refusal's machine code (data-code), for tests and support. */
  code?: string;
}) {
  if (props.children === undefined || props.children === null || props.children === false || props.children === '') return null;
  return (
    <p
      role="alert"
      id={props.id}
      data-testid={props.testId}
      data-code={props.code}
      className={props.className}
      onClick={props.onClick}
      css={errorCss(props.tone ?? 'danger')}
    >
      {props.children}
    </p>
  );
}

const noticeTone = {
  neutral: css`
    background: ${theme.color.surfaceRaised};
  `,
  danger: css`
    background: rgba(240, 82, 82, 0.15);
    border: 1px solid ${theme.color.danger};
  `,
  warning: css`
    background: rgba(245, 158, 11, 0.12);
    border: 1px solid ${theme.color.warning};
  `,
};

/**
 * A boxed message above a form or a page: why a section is closed, what the player must do first. role="alert" (the
 * default) when it refuses or warns, "status" when it only informs.
 */
export function Notice(props: {
  children: ReactNode;
  tone?: keyof typeof noticeTone;
  role?: 'alert' | 'status';
  testId?: string;
  className?: string;
}) {
  return (
    <div
      role={props.role ?? 'alert'}
      data-testid={props.testId}
      className={props.className}
      css={[
        css`
          padding: 10px 12px;
          border-radius: ${theme.radius.md};
          margin: 0 0 12px;
          font-size: ${theme.fontSize.md};
        `,
        noticeTone[props.tone ?? 'neutral'],
      ]}
    >
      {props.children}
    </div>
  );
}

/** A calm note under a form or a list (role="status"): saved, sent, nothing changed. */
export function StatusText(props: { children?: ReactNode; tone?: 'success' | 'muted'; testId?: string }) {
  if (props.children === undefined || props.children === null || props.children === false || props.children === '') return null;
  return (
    <p
      role="status"
      data-testid={props.testId}
      css={css`
        color: ${props.tone === 'muted' ? theme.color.textMuted : theme.color.success};
        font-size: ${theme.fontSize.sm};
        margin: 4px 0;
      `}
    >
      {props.children}
    </p>
  );
}

export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const labelCss = (density: Density) => css`
  display: block;
  font-size: ${density === 'dense' ? theme.fontSize.sm : theme.fontSize.md};
  color: ${theme.color.textMuted};
  margin-bottom: ${density === 'dense' ? 4 : 6}px;
`;

/** What a field hands its control: the id its label points at, and the ARIA wiring of its hint and error. */
export interface FieldControl {
  id: string;
  invalid: boolean;
  describedBy: string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** In a form grid: the field takes the whole row. */
  wide?: boolean;
  /** The label is read by screen readers only (a filter whose purpose the toolbar shows). */
  hideLabel?: boolean;
  /** Label and control on one line (toolbar filters). */
  inline?: boolean;
  testId?: string;
  /**
   * The control: a function given the id and ARIA wiring (`(f) => <input id={f.id} aria-invalid={f.invalid} … />`),
   * or elements, which the label then wraps (associated by nesting).
   */
  children: ReactNode | ((field: FieldControl) => ReactNode);
}

/** A labelled control with its hint and its error under it, wired for screen readers. */
export function Field(props: FieldProps) {
  const density = useDensity();
  const id = useId();
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  const describedBy = [props.error ? errId : '', props.hint && !props.error ? hintId : ''].filter(Boolean).join(' ') || undefined;
  // a filter in a toolbar (label on its line, or read by screen readers only) sits on the toolbar's line
  const compact = props.inline || props.hideLabel;
  const wrapperCss = css`
    margin-bottom: ${compact ? 0 : density === 'dense' ? 12 : 14}px;
    ${props.wide ? 'grid-column: 1 / -1;' : ''}
    ${props.inline ? 'display: inline-flex; align-items: center; gap: 6px;' : ''}
  `;
  // a control the field hands its id to takes the field's width, as a select or a text area does
  const stackCss = css`
    display: flex;
    flex-direction: column;
  `;
  const label = (
    <span
      css={[
        labelCss(density),
        props.inline &&
          css`
            display: inline;
            margin: 0;
          `,
        props.hideLabel && visuallyHidden,
      ]}
    >
      {props.label}
    </span>
  );
  const notes = (
    <>
      {props.hint && !props.error && (
        <p
          id={hintId}
          css={css`
            font-size: ${theme.fontSize.xs};
            color: ${theme.color.textMuted};
            margin: 4px 0 0;
          `}
        >
          {props.hint}
        </p>
      )}
      <ErrorText id={errId}>{props.error}</ErrorText>
    </>
  );
  if (typeof props.children !== 'function') {
    return (
      <div css={wrapperCss} data-testid={props.testId}>
        <label
          css={css`
            display: flex;
            flex-direction: ${props.inline ? 'row' : 'column'};
            align-items: ${props.inline ? 'center' : 'stretch'};
            gap: ${props.inline ? 6 : 0}px;
            input,
            select,
            textarea {
              ${props.inline ? '' : 'width: 100%;'}
            }
          `}
        >
          {label}
          {props.children}
        </label>
        {notes}
      </div>
    );
  }
  return (
    <div css={[wrapperCss, !compact && stackCss]} data-testid={props.testId}>
      <label htmlFor={id}>{label}</label>
      {props.children({ id, invalid: !!props.error, describedBy })}
      {notes}
    </div>
  );
}

export type Option<V extends string> = V | { value: V; label: string; disabled?: boolean };

const optionOf = <V extends string>(o: Option<V>) => (typeof o === 'string' ? { value: o, label: o as string, disabled: false } : o);

/** A labelled select of fixed options; `onChange` gets the option's value. */
export function Select<V extends string>(props: {
  label: ReactNode;
  value: V;
  options: readonly Option<V>[];
  onChange: (value: V) => void;
  error?: string | undefined;
  hint?: ReactNode;
  hideLabel?: boolean;
  inline?: boolean;
  wide?: boolean;
  disabled?: boolean;
  name?: string;
  testId?: string;
}) {
  const density = useDensity();
  return (
    <Field label={props.label} error={props.error} hint={props.hint} hideLabel={props.hideLabel} inline={props.inline} wide={props.wide}>
      {(f) => (
        <select
          id={f.id}
          name={props.name}
          data-testid={props.testId}
          disabled={props.disabled}
          aria-invalid={f.invalid || undefined}
          aria-describedby={f.describedBy}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value as V)}
          css={[
            controlStyle(density),
            !props.inline &&
              !props.hideLabel &&
              css`
                width: 100%;
              `,
          ]}
        >
          {props.options.map((o) => {
            const { value, label, disabled } = optionOf(o);
            return (
              <option key={value} value={value} disabled={disabled}>
                {label}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}

/** A labelled text area; `onChange` gets the text. */
export function TextArea(props: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  error?: string | undefined;
  hint?: ReactNode;
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
  wide?: boolean;
  name?: string;
  testId?: string;
}) {
  const density = useDensity();
  return (
    <Field label={props.label} error={props.error} hint={props.hint} wide={props.wide ?? true}>
      {(f) => (
        <textarea
          id={f.id}
          name={props.name}
          data-testid={props.testId}
          rows={props.rows ?? 3}
          value={props.value}
          placeholder={props.placeholder}
          maxLength={props.maxLength}
          disabled={props.disabled}
          aria-invalid={f.invalid || undefined}
          aria-describedby={f.describedBy}
          onChange={(e) => props.onChange(e.target.value)}
          css={[
            controlStyle(density),
            css`
              width: 100%;
              resize: vertical;
            `,
          ]}
        />
      )}
    </Field>
  );
}
