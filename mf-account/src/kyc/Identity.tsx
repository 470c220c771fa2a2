// /profile's identity check (issue 32): the state (none / pending / verified / rejected, in the player's language),
// one row per document with "Take photo" (the phone's camera: capture) and "Choose file", the reason staff gave.
// The photo goes to the API as it is; the API checks its bytes and strips its metadata.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import type { KycKind, KycState } from '@khela/contracts';
import { Card, formatDhakaDateTime, localDigits, theme, useHost, useLocale } from '@khela/web';
import { Notice, muted, row, sectionTitle } from '../ui';
import './i18n';

/** The player's identity-check state, read once and again after each upload. */
export function useKycState() {
  const { api } = useHost();
  const [state, setState] = useState<KycState | null>(null);
  const reload = useCallback(
    () =>
      api.call(schemas.kycStateEndpoint).then(
        (s) => (setState(s), s),
        (err) => (console.error('[profile] kyc', err), null),
      ),
    [api],
  );
  useEffect(() => void reload(), [reload]);
  return { state, setState, reload };
}

const STATUS_COLOR: Record<string, string> = {
  none: theme.color.textMuted,
  pending: theme.color.info,
  verified: '#16a34a',
  rejected: theme.color.danger,
};

const pill = (color: string) => css`
  font-size: 12px;
  padding: 2px 10px;
  border-radius: 999px;
  border: 1px solid ${color};
  color: ${color};
  white-space: nowrap;
`;

const fileButton = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 40px;
  padding: 0 14px;
  border-radius: ${theme.radius.md};
  border: 1px solid ${theme.color.border};
  font-size: 14px;
  cursor: pointer;
  position: relative;
  &:focus-within {
    outline: 2px solid ${theme.color.info};
  }
  input {
    position: absolute;
    inset: 0;
    opacity: 0;
    width: 100%;
    cursor: pointer;
  }
`;

export function Identity({ kyc, onChange }: { kyc: ReturnType<typeof useKycState>; onChange?: (s: KycState) => void }) {
  const { t } = useTranslation('kyc');
  const { api } = useHost();
  const locale = useLocale();
  const { state, setState } = kyc;
  const [busy, setBusy] = useState<KycKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  if (!state) return null;

  const mb = localDigits(String(Math.round((state.max_bytes / 1024 / 1024) * 10) / 10), locale);
  const askedAgain = state.status === 'rejected' && state.requested.length > 0 && state.requested.length < schemas.KYC_KINDS.length;
  const statusKey = askedAgain ? 'resubmit' : state.status;
  const canUpload = state.status !== 'verified';

  const upload = async (kind: KycKind, file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > state.max_bytes) return setError(t('errors.kyc_file_size', { mb }));
    const form = new FormData();
    form.append('file', file, file.name || `${kind}.jpg`);
    setBusy(kind);
    try {
      const res = await api.send(`${schemas.KYC_UPLOAD_PATH}/${kind}`, { method: 'POST', body: form });
      const data = (await res.json().catch(() => ({}))) as Partial<KycState> & { code?: string };
      if (!res.ok) {
        const code = data.code ?? '';
        return setError(
          res.status === 429
            ? t('errors.tooMany')
            : (schemas.KYC_ERROR_CODES as readonly string[]).includes(code)
              ? t(`errors.${code}`, { mb })
              : t('errors.failed'),
        );
      }
      setState(data as KycState);
      onChange?.(data as KycState);
    } catch {
      setError(t('errors.failed'));
    } finally {
      setBusy(null);
      const el = inputs.current[kind];
      if (el) el.value = '';
    }
  };

  return (
    <Card css={{ marginTop: 12 }}>
      <div data-testid="kyc" data-status={state.status} css={[row, { justifyContent: 'space-between', marginBottom: 8 }]}>
        <h2 css={[sectionTitle, { margin: 0 }]}>{t('title')}</h2>
        <span data-testid="kyc-status" css={pill(STATUS_COLOR[statusKey] ?? STATUS_COLOR.rejected!)}>
          {t(`status.${statusKey}`)}
        </span>
      </div>
      {state.status === 'none' && <p css={muted}>{t('intro')}</p>}
      {state.status === 'pending' && <Notice kind="info">{t('pendingText')}</Notice>}
      {state.status === 'verified' && <Notice kind="success">{t('verifiedText')}</Notice>}
      {state.status === 'rejected' && (
        <Notice kind="error" testId="kyc-rejected">
          {askedAgain ? t('resubmitText', { kinds: state.requested.map((k) => t(`kinds.${k}`)).join(', ') }) : t('rejectedText')}
          {state.reason && <div data-testid="kyc-reason">{t('reason', { reason: state.reason })}</div>}
        </Notice>
      )}
      {error && (
        <Notice kind="error" testId="kyc-error">
          {error}
        </Notice>
      )}
      <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {schemas.KYC_KINDS.map((kind) => {
          const doc = state.documents.find((d) => d.kind === kind);
          const needed = state.requested.includes(kind);
          return (
            <li
              key={kind}
              data-testid={`kyc-${kind}`}
              css={css`
                display: flex;
                flex-wrap: wrap;
                gap: 8px;
                align-items: center;
                justify-content: space-between;
                padding: 10px 0;
                border-top: 1px solid ${theme.color.border};
              `}
            >
              <div css={{ minWidth: 0 }}>
                <strong>{t(`kinds.${kind}`)}</strong>
                <div css={muted}>
                  {doc && !needed ? t('uploaded', { time: formatDhakaDateTime(doc.uploaded_at, locale) }) : t('needed')}
                </div>
              </div>
              {canUpload && (
                <div css={[row, { gap: 6 }]}>
                  {busy === kind ? (
                    <span css={muted}>{t('uploading')}</span>
                  ) : (
                    <>
                      <label css={fileButton}>
                        {t('takePhoto')}
                        <input
                          type="file"
                          accept="image/*"
                          capture={kind === 'selfie' ? 'user' : 'environment'}
                          aria-label={`${t(`kinds.${kind}`)}: ${t('takePhoto')}`}
                          data-testid={`kyc-camera-${kind}`}
                          disabled={busy !== null}
                          onChange={(e) => void upload(kind, e.target.files?.[0])}
                        />
                      </label>
                      <label css={fileButton}>
                        {t('chooseFile')}
                        <input
                          ref={(el) => void (inputs.current[kind] = el)}
                          type="file"
                          accept="image/jpeg,image/png,image/webp"
                          aria-label={`${t(`kinds.${kind}`)}: ${t('chooseFile')}`}
                          data-testid={`kyc-file-${kind}`}
                          disabled={busy !== null}
                          onChange={(e) => void upload(kind, e.target.files?.[0])}
                        />
                      </label>
                    </>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {canUpload && <p css={muted}>{t('hint', { mb })}</p>}
    </Card>
  );
}
