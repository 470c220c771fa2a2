import { useState, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { Button, localDigits, SafeHtml, TextArea, theme, Row } from '@khela/web';
import { TextInput } from './fields';
import type { Errors, Values } from './ResourceTab';

/*
 * Bilingual content (issue 34): each text a player reads is edited in English beside its Bangla, and the item is
 * previewed as a player sees it, at phone width, in the language chosen. The player site shows the Bangla where it is
 * written and the English where it is not (api/src/content/README.md): `textIn` is the same rule.
 */

export type PreviewLocale = 'en' | 'bn';

/** The text a player of `locale` sees: the Bangla when written (not blank), else the English. */
export function textIn(locale: PreviewLocale, en: string | null | undefined, bn: string | null | undefined): string {
  return locale === 'bn' && bn && bn.trim() ? bn : (en ?? '');
}

/**
 * A resource form's bilingual field: the English in `name`, the Bangla in `name_bn`, each with its own error
 * (a BilingualText bound to the form's values, setter and errors).
 */
export function BilingualField(props: {
  name: string;
  label: string;
  v: Values;
  set: (k: string, value: unknown) => void;
  e: Errors;
  rows?: number;
  hint?: string;
}) {
  const { name, v, set, e } = props;
  const bn = `${name}_bn`;
  return (
    <BilingualText
      label={props.label}
      en={v[name]}
      bn={v[bn]}
      onEn={(x) => set(name, x)}
      onBn={(x) => set(bn, x)}
      errorEn={e[name]}
      errorBn={e[bn]}
      rows={props.rows}
      hint={props.hint}
    />
  );
}

/** An English text and its Bangla, side by side (one row of the form). */
export function BilingualText(props: {
  label: string;
  en: string;
  bn: string;
  onEn: (v: string) => void;
  onBn: (v: string) => void;
  errorEn?: string;
  errorBn?: string;
  /** A text area of this many rows (HTML allowed where the label says so); absent: one line. */
  rows?: number;
  hint?: string;
}) {
  const field = (lang: PreviewLocale) => {
    const label = `${props.label} — ${lang === 'en' ? 'English' : 'Bangla (বাংলা)'}`;
    const value = lang === 'en' ? props.en : props.bn;
    const onChange = lang === 'en' ? props.onEn : props.onBn;
    const error = lang === 'en' ? props.errorEn : props.errorBn;
    const hint = lang === 'bn' ? 'Empty: Bangla players see the English.' : props.hint;
    return (
      <div lang={lang} key={lang}>
        {props.rows ? (
          <TextArea label={label} value={value} onChange={onChange} error={error} rows={props.rows} hint={hint} />
        ) : (
          <TextInput label={label} value={value} onChange={onChange} error={error} hint={hint} wide />
        )}
      </div>
    );
  };
  return (
    <div
      data-testid="bilingual-text"
      css={css`
        grid-column: 1 / -1;
        display: grid;
        grid-template-columns: 1fr 1fr;
        gap: 0 16px;
      `}
    >
      {field('en')}
      {field('bn')}
    </div>
  );
}

/** The phone's width the preview shows (spec: the player site at 390 × 844). */
export const PREVIEW_WIDTH = 390;

/** The item as a player sees it: phone width, English or Bangla (the editor's values, before saving). */
export function PlayerPreview({ render }: { render: (locale: PreviewLocale) => ReactNode }) {
  const [locale, setLocale] = useState<PreviewLocale>('bn');
  return (
    <section
      aria-label="Player preview"
      data-testid="player-preview"
      css={css`
        display: flex;
        flex-direction: column;
        gap: 8px;
      `}
    >
      <Row gap={6} role="group" aria-label="Preview language">
        <strong
          css={css`
            font-size: 12px;
            margin-right: 4px;
          `}
        >
          Preview ({PREVIEW_WIDTH} px)
        </strong>
        {(['en', 'bn'] as const).map((l) => (
          <Button
            key={l}
            type="button"
            variant={l === locale ? 'primary' : 'ghost'}
            aria-pressed={l === locale}
            onClick={() => setLocale(l)}
          >
            {l === 'en' ? 'English' : 'বাংলা'}
          </Button>
        ))}
      </Row>
      <div
        lang={locale}
        data-testid="player-preview-frame"
        data-locale={locale}
        css={css`
          width: ${PREVIEW_WIDTH}px;
          max-width: 100%;
          box-sizing: border-box;
          border: 8px solid #1f2937;
          border-radius: 24px;
          padding: 12px;
          background: ${theme.color.bg};
          color: ${theme.color.text};
          font-family: ${theme.font.family};
          font-size: 14px;
          overflow: hidden;
        `}
      >
        {render(locale)}
      </div>
    </section>
  );
}

const heading = css`
  font-size: 16px;
  font-weight: 700;
  margin: 8px 0 4px;
`;
const muted = css`
  font-size: 12px;
  opacity: 0.75;
  margin: 0 0 6px;
`;
const image = css`
  width: 100%;
  aspect-ratio: 2 / 1;
  object-fit: cover;
  border-radius: 8px;
  display: block;
`;

/** A promotion's card and details as /promotions shows them. */
export function PromotionPreview(props: { locale: PreviewLocale; v: Record<string, any>; imageUrl: (path: string) => string | undefined }) {
  const { v, locale } = props;
  const name = textIn(locale, v.name, v.name_bn);
  const start = v.start_date || '…';
  const end = v.end_date || '…';
  const period =
    !v.start_date && !v.end_date ? (locale === 'bn' ? 'চলমান' : 'Ongoing') : `${localDigits(start, locale)} – ${localDigits(end, locale)}`;
  const bonus = Number(v.deposit_bonus_percent) || 0;
  return (
    <article data-testid="preview-promotion">
      {v.thumbnail ? <img css={image} src={props.imageUrl(v.thumbnail)} alt={name} /> : null}
      <h3 css={heading}>{name || (locale === 'bn' ? '(শিরোনাম নেই)' : '(no title)')}</h3>
      <p css={muted}>
        {period}
        {bonus > 0 ? ` · ${localDigits(`${bonus}%`, locale)} ${locale === 'bn' ? 'বোনাস' : 'bonus'}` : ''}
      </p>
      <SafeHtml html={textIn(locale, v.description, v.description_bn)} />
    </article>
  );
}

/** A home popup (notice after log-in, or the welcome after sign-up). */
export function PopupPreview(props: { locale: PreviewLocale; v: Record<string, any>; imageUrl: (path: string) => string | undefined }) {
  const { v, locale } = props;
  const title = textIn(locale, v.title, v.title_bn);
  return (
    <div
      role="dialog"
      aria-label={title}
      data-testid="preview-popup"
      css={css`
        border-radius: 12px;
        background: rgba(255, 255, 255, 0.06);
        padding: 12px;
      `}
    >
      <h3 css={heading}>{title}</h3>
      {v.image ? <img css={image} src={props.imageUrl(v.image)} alt="" /> : null}
      <SafeHtml html={textIn(locale, v.body, v.body_bn)} />
    </div>
  );
}

/** One announcement of the home page's marquee (or the system notice). */
export function MarqueePreview({ text }: { text: string }) {
  return (
    <p
      data-testid="preview-marquee"
      css={css`
        margin: 0;
        padding: 8px 10px;
        border-radius: 6px;
        background: rgba(255, 255, 255, 0.08);
        white-space: nowrap;
        overflow: hidden;
        text-overflow: ellipsis;
      `}
    >
      📢 {text}
    </p>
  );
}

/** A banner of the home page with its caption (the image's alt text). */
export function SliderPreview(props: { locale: PreviewLocale; v: Record<string, any>; imageUrl: (path: string) => string | undefined }) {
  const name = textIn(props.locale, props.v.name, props.v.name_bn);
  return (
    <figure
      data-testid="preview-slider"
      css={css`
        margin: 0;
      `}
    >
      {props.v.thumbnail ? <img css={image} src={props.imageUrl(props.v.thumbnail)} alt={name} /> : null}
      <figcaption css={muted}>{name}</figcaption>
    </figure>
  );
}
