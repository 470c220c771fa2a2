import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as schemas from '@khela/contracts';
import { ApiError, Button, Card, ChallengeStatus, Page, Tabs, TextField, useChallenge, useHost } from '@khela/web';

import { CallingCodeSelect, Notice, sectionTitle, useRuleText } from '../ui';

type Channel = 'email' | 'sms';
const CALLING_CODES = ['880', '91', '92'] as const;

/**
 * /forgot-password: Email or SMS tab, then the 6-digit OTP with a new password, then /login after 1.5 s. A code request
 * on unusual volume (address or username) is answered with a proof-of-work challenge, solved here ("Verifying…").
 */
export function ForgotPassword() {
  const { t } = useTranslation('account');
  const { api } = useHost();
  const navigate = useNavigate();
  const rule = useRuleText();
  const [tab, setTab] = useState<Channel>('sms');
  const [step, setStep] = useState<'request' | 'reset'>('request');
  const [v, setV] = useState({ email: '', callingCode: '880', phone: '', username: '', otp: '', password: '', password_confirmation: '' });
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const challenge = useChallenge(api);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login'), 1500);
    return () => clearTimeout(timer);
  }, [done]);

  const set = (k: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setV((s) => ({ ...s, [k]: e.target.value }));
  // the calling code and the national number without its trunk 0: +880 01712345678 -> 8801712345678
  const fullPhone = () => `${v.callingCode}${v.phone.replace(/\D/g, '').replace(/^0/, '')}`;

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    setSuccess(null);
    const body = {
      type: tab,
      username: v.username,
      ...(tab === 'email' ? { email: v.email } : { phone: v.phone.trim() ? fullPhone() : '' }),
    };
    const msg = schemas.validateForgot(body);
    setError(msg);
    if (msg) return;
    setBusy(true);
    try {
      await challenge.run((headers) => api.call(schemas.forgotPasswordEndpoint, { body, headers }));
      setSuccess(t('forgot.sent', { channel: tab === 'email' ? t('forgot.channelEmail') : t('forgot.channelSms') }));
      setStep('reset');
    } catch (err) {
      setError(err instanceof ApiError && err.network ? t('forgot.sendError') : (err as Error).message || t('forgot.sendFailed'));
    } finally {
      setBusy(false);
    }
  };

  const reset = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = { otp: v.otp.trim(), password: v.password, password_confirmation: v.password_confirmation, username: v.username };
    const msg = schemas.validateReset(body);
    setError(msg);
    if (msg) return;
    setBusy(true);
    try {
      const res = await api.call(schemas.resetPasswordEndpoint, { body });
      setSuccess(res.message);
      setDone(true);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page>
      <Card css={{ maxWidth: 420, margin: '0 auto' }}>
        <h1 css={sectionTitle}>{t('forgot.title')}</h1>
        {error && (
          <Notice kind="error" testId="forgot-error">
            {rule(error)}
          </Notice>
        )}
        {success && (
          <Notice kind="success" testId="forgot-success">
            {success}
          </Notice>
        )}
        {step === 'request' ? (
          <form onSubmit={send} noValidate>
            <Tabs
              label={t('forgot.title')}
              value={tab}
              onChange={(k) => {
                setTab(k);
                setError(null);
              }}
              tabs={[
                { key: 'email', label: t('forgot.emailTab') },
                { key: 'sms', label: t('forgot.smsTab') },
              ]}
            />
            {tab === 'email' ? (
              <TextField label={t('email')} inputProps={{ value: v.email, onChange: set('email'), type: 'email', autoComplete: 'email' }} />
            ) : (
              <TextField
                label={t('phone')}
                prefix={
                  <CallingCodeSelect
                    label={t('register.callingCode')}
                    value={v.callingCode}
                    onChange={set('callingCode')}
                    codes={CALLING_CODES}
                  />
                }
                inputProps={{ value: v.phone, onChange: set('phone'), type: 'tel', inputMode: 'numeric' }}
              />
            )}
            <TextField label={t('username')} inputProps={{ value: v.username, onChange: set('username'), autoComplete: 'username' }} />
            <ChallengeStatus verifying={challenge.verifying} />
            <Button type="submit" block disabled={busy}>
              {challenge.verifying ? t('common:challenge.verifying') : busy ? t('common:submitting') : t('forgot.send')}
            </Button>
          </form>
        ) : (
          <form onSubmit={reset} noValidate>
            <TextField
              label={t('forgot.otp')}
              inputProps={{
                value: v.otp,
                onChange: set('otp'),
                inputMode: 'numeric',
                autoComplete: 'one-time-code',
                maxLength: 6,
                placeholder: t('forgot.otpPh'),
              }}
            />
            <TextField
              label={t('forgot.newPassword')}
              inputProps={{ value: v.password, onChange: set('password'), type: 'password', autoComplete: 'new-password' }}
            />
            <TextField
              label={t('forgot.confirmNew')}
              inputProps={{
                value: v.password_confirmation,
                onChange: set('password_confirmation'),
                type: 'password',
                autoComplete: 'new-password',
              }}
            />
            <Button type="submit" block disabled={busy || done}>
              {busy ? t('common:submitting') : t('forgot.reset')}
            </Button>
          </form>
        )}
        <p css={{ textAlign: 'center' }}>
          <Link to="/login">{t('forgot.backToLogin')}</Link>
        </p>
      </Card>
    </Page>
  );
}
