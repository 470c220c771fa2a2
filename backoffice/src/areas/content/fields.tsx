import { useRef, useState } from 'react';
import { css } from '@emotion/react';
import { CONTENT_IMAGE_MAX_BYTES, imageUploadResponse, PROMOTION_CATEGORIES, STAFF_IMAGE_UPLOAD_PATH } from '@khela/contracts';
import { Button, Field, theme, Row } from '@khela/web';
import { useStaff } from '../../staff/context';
import { controlCss } from '../../ui/layout';

/* Form fields of the content screens on the kit's Field (label, hint, server-side error): text, image, categories. */

export const inputCss = [
  controlCss,
  css`
    width: 100%;
  `,
];

export function TextInput(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: string;
  type?: string;
  wide?: boolean;
  placeholder?: string;
}) {
  return (
    <Field label={props.label} error={props.error} hint={props.hint} wide={props.wide}>
      {({ id, invalid }) => (
        <input
          id={id}
          css={inputCss}
          type={props.type ?? 'text'}
          value={props.value}
          placeholder={props.placeholder}
          aria-invalid={invalid || undefined}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** An image path with upload (PNG, JPEG, WebP up to 2 MB; the API checks the bytes) and a preview. */
export function ImageField(props: { label: string; value: string; onChange: (v: string) => void; error?: string; optional?: boolean }) {
  const { api } = useStaff();
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  async function upload(f: File) {
    setUploadError(null);
    if (f.size > CONTENT_IMAGE_MAX_BYTES) {
      setUploadError('The image is too large (at most 2 MB).');
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', f);
      const res = await api.send(STAFF_IMAGE_UPLOAD_PATH, { method: 'POST', body: form });
      const json = (await res.json().catch(() => ({}))) as { message?: string };
      if (!res.ok) throw new Error(json.message ?? `Upload failed (${res.status})`);
      props.onChange(imageUploadResponse.parse(json).path);
    } catch (err) {
      setUploadError((err as Error).message);
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
  }

  const src = props.value ? (/^https?:/.test(props.value) ? props.value : api.url(props.value)) : null;
  return (
    <Field label={props.label} error={props.error ?? uploadError ?? undefined} hint={props.optional ? 'Optional.' : undefined} wide>
      {({ id, invalid }) => (
        <Row gap={10} align="start">
          <div
            css={css`
              width: 120px;
              height: 64px;
              flex: none;
              border: 1px dashed ${theme.color.border};
              border-radius: ${theme.radius.md};
              display: flex;
              align-items: center;
              justify-content: center;
              overflow: hidden;
              background: ${theme.color.bg};
              font-size: 11px;
              color: ${theme.color.textMuted};
            `}
          >
            {src ? (
              <img
                src={src}
                alt={`${props.label} preview`}
                data-testid="image-preview"
                css={css`
                  max-width: 100%;
                  max-height: 100%;
                `}
              />
            ) : (
              'No image'
            )}
          </div>
          <div
            css={css`
              flex: 1;
              display: flex;
              flex-direction: column;
              gap: 6px;
            `}
          >
            <input
              id={id}
              css={inputCss}
              value={props.value}
              placeholder="/storage/... or https://..."
              aria-invalid={invalid || undefined}
              onChange={(e) => props.onChange(e.target.value)}
            />
            <Row gap={8}>
              <input
                ref={file}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                aria-label={`Upload ${props.label}`}
                disabled={busy}
                onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
                css={css`
                  font-size: 12px;
                `}
              />
              {busy && <span>Uploading…</span>}
              {props.value && props.optional && (
                <Button type="button" variant="ghost" onClick={() => props.onChange('')} css={smallBtn}>
                  Remove
                </Button>
              )}
            </Row>
          </div>
        </Row>
      )}
    </Field>
  );
}

export const smallBtn = css`
  min-height: 30px;
  padding: 4px 10px;
  font-size: 13px;
`;

/** Spec 2's promotion categories: 99 is the welcome marker; it may carry flags outside its own bits (1, 2, 32, 64). */
const FLAGS = Object.entries(PROMOTION_CATEGORIES).filter(([k]) => k !== 'Welcome') as [string, number][];
const WELCOME = PROMOTION_CATEGORIES.Welcome;

export function CategoriesField(props: { value: number; onChange: (v: number) => void; error?: string }) {
  const welcome = (props.value & WELCOME) === WELCOME;
  const flags = welcome ? props.value - WELCOME : props.value;
  const set = (w: boolean, f: number) => props.onChange((w ? WELCOME : 0) + (w ? f & ~WELCOME : f));
  return (
    <Field label={`Categories (value ${props.value})`} error={props.error} wide>
      {() => (
        <div
          role="group"
          aria-label="Categories"
          css={css`
            display: flex;
            flex-wrap: wrap;
            gap: 4px 14px;
            font-size: 13px;
          `}
        >
          <label>
            <input type="checkbox" checked={welcome} onChange={(e) => set(e.target.checked, flags)} /> Welcome offer (99)
          </label>
          {FLAGS.map(([name, bit]) => (
            <label key={name} title={welcome && bit & WELCOME ? 'Part of the welcome marker 99' : undefined}>
              <input
                type="checkbox"
                checked={(flags & bit) !== 0}
                disabled={welcome && (bit & WELCOME) !== 0}
                onChange={(e) => set(welcome, e.target.checked ? flags | bit : flags & ~bit)}
              />{' '}
              {name} ({bit})
            </label>
          ))}
        </div>
      )}
    </Field>
  );
}

export const formGrid = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 0 16px;
`;
