import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as schemas from '@khela/contracts';
import { ApiError, Button, Card, ChallengeStatus, Page, TextField, useChallenge, useHost } from '@khela/web';
import { DESKTOP_CURRENCY_CODES, type DesktopRegisterForm } from '@khela/contracts';
import { CallingCodeSelect, Notice, row, sectionTitle, useRuleText } from '../ui';

const EMPTY: DesktopRegisterForm = {
  username: '',
  password: '',
  confirmPassword: '',
  currencyType: '8',
  friendReferCode: '',
  realName: '',
  callingCode: '880',
  phoneNumber: '',
  email: '',
  ageCheck: false,
};

/**
 * /register: the desktop two-step registration (docs/README.md#spec-2, #spec-3, #spec-5). Same rules as the mobile sign-up, but its own
 * endpoint, where the server always requires a solved proof-of-work challenge (solved in Web Workers on submit, while
 * the form says "Verifying…"; single use: every attempt solves a new one). It replaced the image captcha.
 */
export function Register() {
  const { t } = useTranslation('account');
  const { api, session } = useHost();
  const navigate = useNavigate();
  const rule = useRuleText();
  const [step, setStep] = useState<1 | 2>(1);
  const [form, setForm] = useState<DesktopRegisterForm>(() => ({ ...EMPTY, friendReferCode: session.capturedCode('referral_code') ?? '' }));
  const [error, setError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const challenge = useChallenge(api);

  const set =
    <K extends keyof DesktopRegisterForm>(k: K) =>
    (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setForm((f) => ({ ...f, [k]: e.target.type === 'checkbox' ? (e.target as HTMLInputElement).checked : e.target.value }));

  const next = () => {
    const msg = schemas.validateRegisterStep1(form);
    setError(msg);
    if (!msg) setStep(2);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (step === 1) return next();
    const msg = schemas.validateRegisterStep2(form);
    setError(msg);
    setServerErrors([]);
    if (msg) return;
    setBusy(true);
    try {
      const body = {
        username: form.username,
        password: form.password,
        confirmPassword: form.confirmPassword,
        currency: DESKTOP_CURRENCY_CODES[Number(form.currencyType) as 8 | 7 | 17],
        referral_code: form.friendReferCode || undefined,
        agent_code: session.capturedCode('agent_code') ?? undefined,
        affiliate_code: session.capturedCode('affiliate_code') ?? undefined,
        name: form.realName,
        phone: form.phoneNumber,
        email: form.email,
        status: 'active' as const,
      };
      const res = await challenge.run((headers) => api.call(schemas.desktopRegisterEndpoint, { body, headers }), { always: true });
      window.alert(t('signup.success'));
      session.login(res, { afterSignup: true });
      setForm(EMPTY);
      setStep(1);
      navigate('/');
    } catch (err) {
      if (err instanceof ApiError && err.network) setError(t('signup.network'));
      else {
        const fe = err instanceof ApiError ? err.fieldErrors : undefined;
        if (fe) setServerErrors(Object.values(fe).flat());
        // the server's own message (e.g. too many attempts)
        else setError((err as Error).message || t('signup.failed'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page>
      <Card css={{ maxWidth: 520, margin: '0 auto' }}>
        <h1 css={sectionTitle}>{t('register.title')}</h1>
        <p css={{ fontWeight: 600 }}>{step === 1 ? t('register.step1') : t('register.step2')}</p>
        {error && (
          <Notice kind="error" testId="register-error">
            {rule(error)}
          </Notice>
        )}
        {serverErrors.length > 0 && (
          <Notice kind="error" testId="register-server-errors">
            <ul css={{ margin: 0, paddingLeft: 18 }}>
              {serverErrors.map((m) => (
                <li key={m}>{rule(m)}</li>
              ))}
            </ul>
          </Notice>
        )}
        <form onSubmit={submit} noValidate>
          {step === 1 ? (
            <>
              <TextField
                label={t('username')}
                hint={t('register.hintUsername')}
                inputProps={{ value: form.username, onChange: set('username'), autoComplete: 'username' }}
              />
              <TextField
                label={t('password')}
                hint={t('register.hintPassword')}
                inputProps={{ value: form.password, onChange: set('password'), type: 'password', autoComplete: 'new-password' }}
              />
              <TextField
                label={t('confirmPassword')}
                inputProps={{
                  value: form.confirmPassword,
                  onChange: set('confirmPassword'),
                  type: 'password',
                  autoComplete: 'new-password',
                }}
              />
              <label css={{ display: 'block', marginBottom: 14 }}>
                {t('register.currency')}{' '}
                <select value={form.currencyType} onChange={set('currencyType')}>
                  <option value="8">BDT</option>
                  <option value="7">INR</option>
                  <option value="17">PKR</option>
                </select>
              </label>
              <TextField
                label={t('register.friendReferCode')}
                hint={t('register.hintRefer')}
                inputProps={{ value: form.friendReferCode, onChange: set('friendReferCode') }}
              />
              <Button type="submit" block>
                {t('register.next')}
              </Button>
            </>
          ) : (
            <>
              <TextField
                label={t('register.realName')}
                hint={t('register.hintName')}
                inputProps={{ value: form.realName, onChange: set('realName'), maxLength: 100, autoComplete: 'name' }}
              />
              <TextField
                label={t('phone')}
                prefix={<CallingCodeSelect label={t('register.callingCode')} value={form.callingCode} onChange={set('callingCode')} />}
                inputProps={{ value: form.phoneNumber, onChange: set('phoneNumber'), type: 'tel', inputMode: 'numeric' }}
              />
              <TextField
                label={t('email')}
                inputProps={{ value: form.email, onChange: set('email'), type: 'email', autoComplete: 'email' }}
              />
              <ChallengeStatus verifying={challenge.verifying} note />
              <label css={{ display: 'flex', gap: 8, alignItems: 'flex-start', margin: '8px 0 16px' }}>
                <input type="checkbox" checked={form.ageCheck} onChange={set('ageCheck')} />
                <span>{t('register.ageCheck')}</span>
              </label>
              <div css={row}>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    setError(null);
                    setStep(1);
                  }}
                >
                  {t('register.previous')}
                </Button>
                <Button type="submit" disabled={busy}>
                  {challenge.verifying ? t('common:challenge.verifying') : busy ? t('common:submitting') : t('register.submit')}
                </Button>
              </div>
            </>
          )}
        </form>
      </Card>
    </Page>
  );
}
