import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as schemas from '@khela/contracts';
import { Button, Card, ChallengeStatus, Page, TextField, useChallenge, useHost } from '@khela/web';
import type { LoginForm } from '@khela/contracts';

import { Notice, sectionTitle, useRuleText } from '../ui';

/**
 * /login: username and password (docs/README.md#spec-5 Login), then home with the section-4 storage keys set. After repeated failures
 * for the username or from the address the API asks for a proof-of-work challenge: solved here ("Verifying…"), then
 * the same log-in goes again.
 */
export function Login() {
  const { t } = useTranslation('account');
  const { api, session } = useHost();
  const navigate = useNavigate();
  const rule = useRuleText();
  const challenge = useChallenge(api);
  // set by the shell after a password change (the session ended there): the success text of docs/README.md#spec-8
  const passwordChanged = (useLocation().state as { notice?: string } | null)?.notice === 'password_changed';
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginForm>({ resolver: zodResolver(schemas.loginFormSchema), mode: 'onSubmit' });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await challenge.run((headers) => api.call(schemas.loginEndpoint, { body: values, headers }));
      session.login(res);
      navigate('/');
    } catch (err) {
      setError((err as Error).message || t('login.invalid'));
    }
  });

  return (
    <Page>
      <Card css={{ maxWidth: 420, margin: '0 auto' }}>
        <h1 css={sectionTitle}>{t('login.title')}</h1>
        {passwordChanged && !error && (
          <Notice kind="success" testId="password-success">
            {t('pwd.success')}
          </Notice>
        )}
        {error && (
          <Notice kind="error" testId="login-error">
            {error}
          </Notice>
        )}
        <form onSubmit={onSubmit} noValidate>
          <TextField
            label={t('username')}
            error={rule(formState.errors.username?.message)}
            inputProps={{ ...register('username'), autoComplete: 'username', placeholder: t('usernamePh') }}
          />
          <TextField
            label={t('password')}
            error={rule(formState.errors.password?.message)}
            inputProps={{ ...register('password'), type: 'password', autoComplete: 'current-password', placeholder: t('passwordPh') }}
          />
          <ChallengeStatus verifying={challenge.verifying} />
          <Button type="submit" block disabled={formState.isSubmitting}>
            {challenge.verifying ? t('common:challenge.verifying') : formState.isSubmitting ? t('common:submitting') : t('login.submit')}
          </Button>
        </form>
        <p css={{ textAlign: 'right', margin: '12px 0' }}>
          <Link to="/forgot-password">{t('login.forgot')}</Link>
        </p>
        <p css={{ textAlign: 'center' }}>
          {t('login.noAccount')} <Link to="/signup">{t('login.signup')}</Link>
        </p>
      </Card>
    </Page>
  );
}
