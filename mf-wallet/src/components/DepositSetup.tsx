// The first deposit asks in place for what it needs (issue 34 item 1): the birthday the deposit gate waits for, and the
// phone verification the deposit refuses without ("Please verify your phone number first."). The same API calls as the
// profile page (POST /api/user/profile/update, /api/send-verification-code, /api/verify-phone-number).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import {
  ApiError,
  Button,
  Card,
  ChallengeStatus,
  ErrorText,
  Input,
  Notice,
  TextField,
  mmss,
  protectionRefusal,
  protectionText,
  theme,
  useChallenge,
  useHost,
  useLocale,
} from '@khela/web';

const title = css`
  margin: 0 0 8px;
  font-size: 17px;
`;
const step = css`
  padding: 12px 0;
  & + & {
    border-top: 1px solid ${theme.color.border};
  }
`;
const row = css`
  display: flex;
  gap: 8px;
  align-items: flex-end;
  flex-wrap: wrap;
`;

/** Seconds left until `until` (ms), re-rendered each second while counting. */
function useSecondsLeft(until: number | null): number {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!until) return;
    const id = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0;
}

/** The birthday, entered once (the API keeps it; an under-18 date closes deposits and says why). */
function BirthdayStep(props: { remoteId: string | undefined; onSaved: () => void }) {
  const { t } = useTranslation('wallet');
  const { api, session } = useHost();
  const locale = useLocale();
  const [dob, setDob] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setError(null);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dob)) return setError(t('setup.dobInvalid'));
    setBusy(true);
    try {
      await api.call(schemas.profileUpdateEndpoint, { body: { remote_id: props.remoteId, dofb: dob } });
      // the deposit gate opens with the status (or says why it stays closed)
      await session.refreshProtection();
      props.onSaved();
    } catch (err) {
      const refusal = protectionRefusal(err);
      if (refusal) {
        void session.refreshProtection();
        return setError(protectionText(refusal, locale));
      }
      setError(err instanceof ApiError && !err.network ? err.message : t('setup.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div css={step} data-testid="setup-birthday">
      <TextField
        label={t('setup.birthday')}
        hint={t('setup.birthdayWhy')}
        error={error ?? undefined}
        inputProps={{
          type: 'date',
          name: 'dofb',
          value: dob,
          onChange: (e) => setDob(e.target.value),
          max: new Date().toISOString().slice(0, 10),
        }}
      />
      <Button type="button" disabled={busy} onClick={() => void save()} data-testid="setup-birthday-save">
        {t('setup.saveBirthday')}
      </Button>
    </div>
  );
}

/** The phone verification: Send code (then the resend countdown), the 6-digit code, Verify. */
function PhoneStep(props: { phone: string | null; onVerified: () => void }) {
  const { t } = useTranslation('wallet');
  const { api } = useHost();
  const locale = useLocale();
  const [until, setUntil] = useState<number | null>(null);
  const left = useSecondsLeft(until);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // on unusual volume the API asks for a solved proof-of-work challenge: solved here, as the profile page does
  const challenge = useChallenge(api);

  const send = async () => {
    setError(null);
    setBusy(true);
    try {
      const res = await challenge.run((headers) =>
        api.call(schemas.sendVerificationCodeEndpoint, { body: { phone: props.phone ?? '' }, headers }),
      );
      setUntil(Date.now() + res.resend_in * 1000);
    } catch (err) {
      setError(err instanceof ApiError && !err.network && err.status < 500 ? err.message : t('setup.sendFailed'));
    } finally {
      setBusy(false);
    }
  };
  const verify = async () => {
    setError(null);
    if (!/^\d{6}$/.test(code.trim())) return setError(t('setup.codeFormat'));
    setBusy(true);
    try {
      await api.call(schemas.verifyPhoneEndpoint, { body: { verification_code: code.trim() } });
      props.onVerified();
    } catch (err) {
      setError(err instanceof ApiError && !err.network ? err.message : t('setup.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div css={step} data-testid="setup-phone">
      {/* the spec's words when the phone is what is missing */}
      <Notice testId="setup-phone-required">{t('errors.phoneNotVerified')}</Notice>
      <p
        css={css`
          margin: 0 0 8px;
        `}
      >
        {t('setup.phone')} <strong data-testid="setup-phone-number">{props.phone ? `+88 ${props.phone}` : '—'}</strong>
      </p>
      <div css={row}>
        <Button
          type="button"
          variant="secondary"
          disabled={busy || challenge.verifying || left > 0 || !props.phone}
          onClick={() => void send()}
          data-testid="setup-send-code"
        >
          {left > 0 ? t('setup.resendIn', { time: mmss(left, locale) }) : t('setup.sendCode')}
        </Button>
      </div>
      {until && (
        <div
          css={[
            row,
            css`
              margin-top: 8px;
            `,
          ]}
        >
          <Input
            aria-label={t('setup.code')}
            placeholder={t('setup.code')}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            css={css`
              flex: 1;
              min-width: 140px;
            `}
          />
          <Button type="button" disabled={busy} onClick={() => void verify()} data-testid="setup-verify">
            {t('setup.verify')}
          </Button>
        </div>
      )}
      <ChallengeStatus verifying={challenge.verifying} />
      <ErrorText testId="setup-phone-error">{error}</ErrorText>
    </div>
  );
}

/**
 * What the first deposit still needs, asked here: the birthday when the deposit gate waits for it, the phone
 * verification when the phone is not verified. Each step goes once done; the deposit form follows the gate.
 */
export function DepositSetup(props: {
  needsBirthday: boolean;
  needsPhone: boolean;
  phone: string | null;
  remoteId: string | undefined;
  onPhoneVerified: () => void;
}) {
  const { t } = useTranslation('wallet');
  const [birthdaySaved, setBirthdaySaved] = useState(false);
  const birthday = props.needsBirthday && !birthdaySaved;
  if (!birthday && !props.needsPhone) return null;
  return (
    <Card
      role="region"
      aria-labelledby="deposit-setup-title"
      data-testid="deposit-setup"
      css={css`
        margin: 0 0 18px;
      `}
    >
      <h2 id="deposit-setup-title" css={title}>
        {t('setup.title')}
      </h2>
      {birthday && <BirthdayStep remoteId={props.remoteId} onSaved={() => setBirthdaySaved(true)} />}
      {props.needsPhone && <PhoneStep phone={props.phone} onVerified={props.onPhoneVerified} />}
    </Card>
  );
}
