import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as schemas from '@khela/contracts';
import { ApiError, Button, Card, ChallengeStatus, Page, TextField, useChallenge, useHost } from '@khela/web';

import { Notice, muted, sectionTitle, useRuleText } from '../ui';

/**
 * /reset-password: change the password (docs/README.md#spec-5 checks in order). Success ends the session at once (the server revoked
 * every session, so the next call would end it anyway) and the shell opens /login with the spec's success text.
 */
export function ResetPassword() {
  const { t } = useTranslation('account');
  const { api, session } = useHost();
  const rule = useRuleText();
  const [v, setV] = useState({ old_password: '', new_password: '', new_password_confirmation: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // repeated wrong current passwords count as failed log-ins of the username: past the threshold, a challenge
  const challenge = useChallenge(api);
  const set = (k: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement>) => setV((s) => ({ ...s, [k]: e.target.value }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const msg = schemas.validatePasswordChange(v);
    setError(msg);
    if (msg) return;
    setBusy(true);
    try {
      await challenge.run((headers) => api.call(schemas.changePasswordEndpoint, { body: v, headers }));
      session.logout('password_changed');
    } catch (err) {
      setError(err instanceof ApiError && err.network ? t('pwd.error') : (err as Error).message || t('pwd.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page>
      <Card css={{ maxWidth: 420, margin: '0 auto' }}>
        <h1 css={sectionTitle}>{t('pwd.title')}</h1>
        {error && (
          <Notice kind="error" testId="password-error">
            {rule(error)}
          </Notice>
        )}
        <form onSubmit={submit} noValidate>
          <TextField
            label={t('pwd.current')}
            inputProps={{ value: v.old_password, onChange: set('old_password'), type: 'password', autoComplete: 'current-password' }}
          />
          <TextField
            label={t('pwd.new')}
            inputProps={{ value: v.new_password, onChange: set('new_password'), type: 'password', autoComplete: 'new-password' }}
          />
          <TextField
            label={t('pwd.confirm')}
            inputProps={{
              value: v.new_password_confirmation,
              onChange: set('new_password_confirmation'),
              type: 'password',
              autoComplete: 'new-password',
            }}
          />
          <div css={muted}>
            <strong>{t('pwd.requirements')}</strong>
            <ul>
              <li>{t('pwd.req1')}</li>
              <li>{t('pwd.req2')}</li>
              <li>{t('pwd.req3')}</li>
              <li>{t('pwd.req4')}</li>
            </ul>
          </div>
          <ChallengeStatus verifying={challenge.verifying} />
          <Button type="submit" block disabled={busy}>
            {challenge.verifying ? t('common:challenge.verifying') : busy ? t('common:submitting') : t('pwd.submit')}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
