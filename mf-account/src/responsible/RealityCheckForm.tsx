import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as schemas from '@khela/contracts';
import { REALITY_CHECK_MINUTES, type ProtectionOverview } from '@khela/contracts';
import { Button, Card, Select, useHost, useLocale } from '@khela/web';
import { Notice, muted } from '../ui';
import type { Changed } from './change';
import { section } from './styles';
import { useSubmit } from './submit';
import { count } from './text';

/** The reality-check interval: off, 15, 30 or 60 minutes. */
export function RealityCheckForm(props: { data: ProtectionOverview; onChanged: Changed }) {
  const current = props.data.status.reality_check_minutes;
  const { t } = useTranslation('account');
  const { api } = useHost();
  const locale = useLocale();
  const [value, setValue] = useState(String(current));
  const { busy, error, message, run } = useSubmit();
  const label = (m: number) => (m === 0 ? t('rg.realityOff') : t('rg.realityMinutes', { minutes: count(m, locale) }));

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await api.call(schemas.setRealityCheck, { body: { minutes: Number(value) } });
      props.onChanged(res);
      return t('rg.realitySaved');
    });
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
