import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as schemas from '@khela/contracts';
import { newIdempotencyKey } from '@khela/contracts';
import { ApiError, Button, Card, Page, TextField, formatMoney, useHost, useLocale } from '@khela/web';
import { Notice, muted, sectionTitle } from '../ui';
import { useUser } from '../useUser';

/** /vip: level (fixed Expert III), VIP points, Convert VP (minimum 10, 1 VP = 1 money unit). */
export function Vip() {
  const { t } = useTranslation('account');
  const { api, session } = useHost();
  const locale = useLocale();
  const { user, refresh } = useUser(1000); // docs/README.md#spec-4: user data refresh every 1 s on this page
  const [vp, setVp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const points = Number(vp);
  const inputError = vp !== '' ? schemas.vipInputError(points) : null;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSuccess(null);
    if (!Number.isInteger(points) || points < schemas.VIP_MIN_CONVERT) return setError(t('vip.minimum'));
    setError(null);
    setBusy(true);
    try {
      const res = await api.call(schemas.convertVipEndpoint, {
        query: { remote_id: session.player$.value?.remoteId || undefined, vip_coin: points },
        idempotencyKey: newIdempotencyKey(),
      });
      setSuccess(res.success);
      setVp('');
      // the session is the balance's one writer: it fetches the new figure for every app
      void session.refreshBalance();
      void refresh();
    } catch (err) {
      setError(err instanceof ApiError && err.network ? t('vip.errorConverting') : (err as Error).message || t('vip.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page>
      <Card css={{ maxWidth: 480, margin: '0 auto' }}>
        <h1 css={sectionTitle}>{t('vip.title')}</h1>
        <p>
          {t('vip.level')}: <strong>{t('vip.levelName')}</strong>
        </p>
        <p>
          {t('vip.points')}: <strong data-testid="vip-points">{user?.vip_coin ?? '…'}</strong>
        </p>
        <h2 css={{ fontSize: 16 }}>{t('vip.convert')}</h2>
        {error && (
          <Notice kind="error" testId="vip-error">
            {error}
          </Notice>
        )}
        {success && (
          <Notice kind="success" testId="vip-success">
            {success}
          </Notice>
        )}
        <form onSubmit={submit} noValidate>
          <TextField
            label={t('vip.vpAmount')}
            error={inputError ? t('vip.notEnough') : undefined}
            inputProps={{ value: vp, onChange: (e) => setVp(e.target.value.replace(/\D/g, '')), inputMode: 'numeric' }}
          />
          <TextField
            label={t('vip.realMoney')}
            inputProps={{ value: vp ? formatMoney(points, user?.currency ?? 'BDT', locale) : '', readOnly: true }}
          />
          <p css={muted}>{t('vip.rate', { currency: user?.currency ?? 'BDT' })}</p>
          <Button type="submit" block disabled={busy}>
            {busy ? t('common:submitting') : t('vip.convert')}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
