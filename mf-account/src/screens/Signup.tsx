import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { ApiError, Button, Card, ChallengeStatus, Page, Select, TextField, theme, useChallenge, useHost } from '@khela/web';
import type { SignupForm } from '@khela/contracts';

import { Notice, muted, sectionTitle, useRuleText } from '../ui';

type Fields = SignupForm;
const FIELDS = ['username', 'phone', 'password', 'confirmPassword', 'referral_code'] as const;

/**
 * /signup (mobile rules of docs/README.md#spec-5). Success logs in with popup=1 and regPopup=1 and clears the captured codes. When the
 * address shows unusual volume (many sign-ups behind one carrier address) the API asks for a proof-of-work challenge,
 * solved here while the button says "Verifying…", and the same request goes again.
 */
export function Signup() {
  const { t } = useTranslation('account');
  const { api, session } = useHost();
  const navigate = useNavigate();
  const rule = useRuleText();
  const challenge = useChallenge(api);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState,
    setError: setFieldError,
    watch,
    setValue,
  } = useForm<Fields>({
    resolver: zodResolver(schemas.signupFormSchema) as never,
    defaultValues: { referral_code: session.capturedCode('referral_code') ?? '', currency: 'BDT' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const body = {
        username: values.username,
        phone: values.phone,
        password: values.password,
        confirmPassword: values.confirmPassword,
        referral_code: values.referral_code || undefined,
        agent_code: session.capturedCode('agent_code') ?? undefined,
        affiliate_code: session.capturedCode('affiliate_code') ?? undefined,
        currency: values.currency ?? 'BDT',
        status: 'active' as const,
      };
      const res = await challenge.run((headers) => api.call(schemas.createPlayersEndpoint, { body, headers }));
      session.login(res, { afterSignup: true });
      navigate('/');
    } catch (err) {
      if (err instanceof ApiError && err.network) return setError(t('signup.network'));
      const fieldErrors = err instanceof ApiError ? err.fieldErrors : undefined;
      let shown = false;
      for (const [field, msgs] of Object.entries(fieldErrors ?? {})) {
        if ((FIELDS as readonly string[]).includes(field) && msgs[0]) {
          setFieldError(field as (typeof FIELDS)[number], { message: msgs[0] });
          shown = true;
        }
      }
      if (!shown) setError((err as Error).message || t('signup.failed'));
    }
  });

  const prefix = (
    <span
      css={css`
        padding: 10px;
        border: 1px solid ${theme.color.border};
        border-radius: ${theme.radius.md};
      `}
    >
      +88
    </span>
  );
  return (
    <Page>
      <Card css={{ maxWidth: 420, margin: '0 auto' }}>
        <h1 css={sectionTitle}>{t('signup.title')}</h1>
        {error && (
          <Notice kind="error" testId="signup-error">
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
            label={t('phone')}
            prefix={prefix}
            error={rule(formState.errors.phone?.message)}
            inputProps={{
              ...register('phone'),
              type: 'tel',
              inputMode: 'numeric',
              autoComplete: 'tel-national',
              placeholder: t('phonePh'),
            }}
          />
          <TextField
            label={t('password')}
            error={rule(formState.errors.password?.message)}
            inputProps={{ ...register('password'), type: 'password', autoComplete: 'new-password', placeholder: t('passwordSignupPh') }}
          />
          <TextField
            label={t('confirmPassword')}
            error={rule(formState.errors.confirmPassword?.message)}
            inputProps={{ ...register('confirmPassword'), type: 'password', autoComplete: 'new-password', placeholder: t('confirmPh') }}
          />
          <Select
            label={t('signup.currency')}
            hint={t('signup.currencyHint')}
            name="currency"
            testId="signup-currency"
            value={watch('currency') ?? 'BDT'}
            options={schemas.CURRENCIES}
            onChange={(c) => setValue('currency', c)}
          />
          <TextField
            label={t('referralCode')}
            error={rule(formState.errors.referral_code?.message)}
            inputProps={{ ...register('referral_code'), autoCapitalize: 'characters' }}
          />
          <p css={muted}>{t('signup.age')}</p>
          <ChallengeStatus verifying={challenge.verifying} />
          <Button type="submit" block disabled={formState.isSubmitting}>
            {challenge.verifying ? t('common:challenge.verifying') : formState.isSubmitting ? t('common:submitting') : t('signup.submit')}
          </Button>
        </form>
        <p css={{ textAlign: 'center' }}>
          {t('signup.haveAccount')} <Link to="/login">{t('login.title')}</Link>
        </p>
      </Card>
    </Page>
  );
}
