import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as schemas from '@khela/contracts';
import { REALITY_CHECK_MINUTES, type ProtectionOverview } from '@khela/contracts';
import { Button, Card, Select, useHost, useLocale } from '@khela/web';
import { Notice, muted } from '../ui';
import type { Changed } from './change';
import { section } from './styles';
import { count, useErrorText } from './text';

/** The reality-check interval: off, 15, 30 or 60 minutes. */
export function RealityCheckForm(props: { data: ProtectionOverview; onChanged: Changed }) {
  const current = props.data.status.reality_check_minutes;
  const { t } = useTranslation('account');
  const { api } = useHost();
  const locale = useLocale();
  const errorText = useErrorText();
  const [value, setValue] = useState(String(current));
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = (m: number) => (m === 0 ? t('rg.realityOff') : t('rg.realityMinutes', { minutes: count(m, locale) }));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      const res = await api.call(schemas.setRealityCheck, { body: { minutes: Number(value) } });
      setMessage(t('rg.realitySaved'));
      props.onChanged(res);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card css={section}>
      <h2>{t('rg.realityTitle')}</h2>
      <p css={muted}>{t('rg.realityText')}</p>
      <p data-testid="rg-reality-check-current">{t('rg.realityNow', { value: label(current) })}</p>
      {message && (
        <Notice kind="success" testId="rg-reality-check-message">
          {message}
        </Notice>
      )}
      {error && (
        <Notice kind="error" testId="rg-reality-check-error">
          {error}
        </Notice>
      )}
      <form onSubmit={save} noValidate data-testid="rg-reality-check-form">
        <Select
          label={t('rg.realityLabel')}
          value={value}
          options={REALITY_CHECK_MINUTES.map((m) => ({ value: String(m), label: label(m) }))}
          onChange={setValue}
          testId="rg-reality-check-select"
        />
        <Button type="submit" disabled={busy} data-testid="rg-reality-check-save">
          {t('rg.save')}
        </Button>
      </form>
    </Card>
  );
}
