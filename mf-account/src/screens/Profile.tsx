import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import {
  ApiError,
  Button,
  Card,
  ChallengeStatus,
  formatDhakaDateTime,
  Input,
  mmss,
  Page,
  protectionRefusal,
  protectionText,
  TextField,
  theme,
  useChallenge,
  useHost,
  useLocale,
  useServerQuery,
} from '@khela/web';
import type { ExtraPhone } from '@khela/contracts';
import { Notice, muted, row, sectionTitle, useCountdown, useRuleText } from '../ui';
import { useUser } from '../useUser';
import { Identity, useKycState } from '../kyc/Identity';

const badge = (ok: boolean) => css`
  font-size: 12px;
  padding: 2px 8px;
  border-radius: 999px;
  background: ${ok ? '#16a34a' : theme.color.danger};
  color: #fff;
`;

/**
 * One verifiable address: Send code (then the 300 s m:ss countdown), the code, Verify. A code send on unusual volume
 * (address or username) is answered 428 challenge_required: solved here ("Verifying…") and sent again.
 */
function VerifyBox(props: {
  testId: string;
  label: string;
  value: React.ReactNode;
  verified: boolean;
  /** `headers` carries a solved proof-of-work challenge when the API asked for one. */
  send: (headers: Record<string, string>) => Promise<{ resend_in: number }>;
  verify: (code: string) => Promise<unknown>;
  onVerified: () => void;
  canSend?: boolean;
}) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const rule = useRuleText();
  const [until, setUntil] = useState<number | null>(null);
  const left = useCountdown(until);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const challenge = useChallenge(useHost().api);

  const onSend = async () => {
    setError(null);
    setBusy(true);
    try {
      const res = await challenge.run(props.send);
      setUntil(Date.now() + res.resend_in * 1000);
      setInfo((res as { message?: string }).message ?? null);
    } catch (err) {
      setError(err instanceof ApiError && err.status >= 500 ? t('profile.sendFailed') : (err as Error).message || t('profile.sendFailed'));
    } finally {
      setBusy(false);
    }
  };
  const onVerify = async () => {
    setError(null);
    const msg = !code.trim()
      ? schemas.IDENTITY_MESSAGES.otpRequired
      : /^\d{6}$/.test(code.trim())
        ? null
        : schemas.IDENTITY_MESSAGES.otpFormat;
    if (msg) return setError(msg);
    setBusy(true);
    try {
      await props.verify(code.trim());
      setUntil(null);
      setCode('');
      setInfo(null);
      props.onVerified();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      data-testid={props.testId}
      css={css`
        padding: 12px 0;
        border-bottom: 1px solid ${theme.color.border};
      `}
    >
      <div css={row}>
        <span css={{ minWidth: 110 }}>{props.label}</span>
        <strong css={{ flex: 1 }}>{props.value}</strong>
        <span css={badge(props.verified)}>{props.verified ? t('profile.verified') : t('profile.notVerified')}</span>
      </div>
      {!props.verified && (
        <div css={{ marginTop: 8 }}>
          {error && <Notice kind="error">{rule(error)}</Notice>}
          {info && <Notice kind="info">{info}</Notice>}
          <ChallengeStatus verifying={challenge.verifying} />
          <div css={row}>
            <Button type="button" variant="secondary" disabled={busy || left > 0 || props.canSend === false} onClick={() => void onSend()}>
              {left > 0 ? t('profile.resendIn', { time: mmss(left, locale) }) : t('profile.sendCode')}
            </Button>
          </div>
          {until && (
            <div css={[row, { marginTop: 8 }]}>
              <Input
                aria-label={t('profile.code')}
                placeholder={t('profile.code')}
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                css={{ flex: 1 }}
              />
              <Button type="button" disabled={busy} onClick={() => void onVerify()}>
                {t('profile.verify')}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** /profile: personal info, birthday (editable only while unset), phone/e-mail verification, up to 2 extra phones. */
export function Profile() {
  const { t } = useTranslation('account');
  const { api, session } = useHost();
  const locale = useLocale();
  const rule = useRuleText();
  const { user, setUser, refresh } = useUser();
  const [dob, setDob] = useState('');
  const [dobError, setDobError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [newPhone, setNewPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  // the identity check (issue 32): its card below, and the birthday's "from your NID" once verified
  const kyc = useKycState();

  // the extra phones: server state, read again after one is added or verified
  const phonesRead = useServerQuery(schemas.otherPhonesEndpoint);
  const phones: ExtraPhone[] = phonesRead.data?.data ?? [];
  const loadPhones = () => phonesRead.refetch();

  if (!user)
    return (
      <Page>
        <Card>{t('common:loading')}</Card>
      </Page>
    );

  const saveDob = async () => {
    setDobError(null);
    if (!dob) return setDobError(t('profile.dobFailed'));
    try {
      const res = await api.call(schemas.profileUpdateEndpoint, { body: { remote_id: user.id, dofb: dob } });
      setUser(res.user);
    } catch (err) {
      // an under-18 birthday is kept (it closes deposits and play): show the saved date and say why
      const refusal = protectionRefusal(err);
      if (refusal) {
        const saved = ((err as ApiError).data as { user?: typeof user } | null)?.user;
        if (saved) setUser(saved);
        void session.refreshProtection();
        return setDobError(protectionText(refusal, locale));
      }
      setDobError((err as Error).message || t('profile.dobFailed'));
    }
  };
  const addPhone = async () => {
    setPhoneError(null);
    try {
      await api.call(schemas.addNumberEndpoint, { body: { phone: newPhone } });
      setNewPhone('');
      await loadPhones();
    } catch (err) {
      const fe = err instanceof ApiError ? err.fieldErrors?.phone?.[0] : undefined;
      setPhoneError(fe ?? (err as Error).message);
    }
  };

  const emailVerified = Boolean(user.email_verified_at);
  return (
    <Page>
      <Card>
        <h1 css={sectionTitle}>{t('profile.title')}</h1>
        <div css={row}>
          <span css={{ minWidth: 110 }}>{t('username')}</span>
          <strong>{user.username}</strong>
        </div>
        {user.name && (
          <div css={row}>
            <span css={{ minWidth: 110 }}>{t('name')}</span>
            <strong>{user.name}</strong>
          </div>
        )}
        <p css={muted}>
          {t('profile.memberSince')}: {formatDhakaDateTime(user.created_at, locale)} (GMT+6)
        </p>

        <div
          data-testid="profile-dob"
          css={css`
            padding: 12px 0;
            border-bottom: 1px solid ${theme.color.border};
          `}
        >
          {user.dofb ? (
            <>
              <div css={row}>
                <span css={{ minWidth: 110 }}>{t('profile.birthday')}</span>
                <strong data-testid="dob-value">{user.dofb}</strong>
              </div>
              {kyc.state?.birthday_locked ? (
                <p css={muted} data-testid="dob-nid-locked">
                  {t('kyc:birthdayLocked')}
                </p>
              ) : (
                <p css={muted}>{t('profile.locked')}</p>
              )}
              {dobError && (
                <div data-testid="dob-under-age">
                  <Notice kind="error">{dobError}</Notice>
                </div>
              )}
            </>
          ) : (
            <>
              <TextField
                label={t('profile.birthday')}
                error={dobError ?? undefined}
                inputProps={{
                  type: 'date',
                  value: dob,
                  onChange: (e) => setDob(e.target.value),
                  max: new Date().toISOString().slice(0, 10),
                }}
              />
              <Button type="button" onClick={() => void saveDob()}>
                {t('profile.save')}
              </Button>
            </>
          )}
        </div>

        <VerifyBox
          testId="profile-phone"
          label={t('phone')}
          value={user.phone ? `+88 ${user.phone}` : '—'}
          verified={user.session_id === '1'}
          canSend={Boolean(user.phone)}
          send={(headers) => api.call(schemas.sendVerificationCodeEndpoint, { body: { phone: user.phone ?? '' }, headers })}
          verify={(code) => api.call(schemas.verifyPhoneEndpoint, { body: { verification_code: code } })}
          onVerified={() => void refresh()}
        />

        <VerifyBox
          testId="profile-email"
          label={t('email')}
          value={
            emailVerified ? (
              user.email
            ) : (
              <Input
                aria-label={t('email')}
                type="email"
                placeholder={t('profile.noEmail')}
                value={email || user.email || ''}
                onChange={(e) => setEmail(e.target.value)}
              />
            )
          }
          verified={emailVerified}
          send={(headers) =>
            api.call(schemas.sendVerificationCodeEndpoint, { body: { email: (email || user.email || '').trim() }, headers })
          }
          verify={(code) => api.call(schemas.verifyEmailEndpoint, { body: { code } })}
          onVerified={() => void refresh()}
        />

        <h2 css={{ fontSize: 16, marginTop: 20 }}>{t('profile.extraPhones')}</h2>
        {phones.map((p) => (
          <VerifyBox
            key={p.id}
            testId={`extra-phone-${p.contract_value}`}
            label={t('phone')}
            value={`+88 ${p.contract_value}`}
            verified={p.isverify === 1}
            send={(headers) => api.call(schemas.addSendCodeEndpoint, { body: { phone: p.contract_value }, headers })}
            verify={(code) => api.call(schemas.addVerifyPhoneEndpoint, { body: { verification_code: code } })}
            onVerified={() => void loadPhones()}
          />
        ))}
        {phones.length < schemas.MAX_EXTRA_PHONES && (
          <div data-testid="add-phone" css={{ marginTop: 12 }}>
            <TextField
              label={t('profile.addPhone')}
              error={phoneError ? rule(phoneError) : undefined}
              inputProps={{ value: newPhone, onChange: (e) => setNewPhone(e.target.value), type: 'tel', inputMode: 'numeric' }}
            />
            <Button type="button" variant="secondary" onClick={() => void addPhone()}>
              {t('profile.add')}
            </Button>
          </div>
        )}
      </Card>
      <Identity kyc={kyc} />
    </Page>
  );
}
