// Area 'account': who I am, two-factor sign-in enrolment (QR code + confirm), log-out.
import { useEffect, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import QRCode from 'qrcode';
import { staffTotpConfirm, staffTotpSetup } from '@khela/contracts';
import { Button, Card, FieldError, TextField, theme } from '@khela/web';
import { useOperator, useStaff } from '../../staff/context';
import { Facts, Screen } from '../../ui/layout';

export default function Account() {
  const session = useStaff();
  const op = useOperator();
  if (!op) return null;
  return (
    <Screen>
      <h1>My account</h1>
      {op.totp_enrolment_required && (
        <p
          role="alert"
          css={css`
            color: ${theme.color.warning};
          `}
        >
          Two-factor sign-in is required: set up your authenticator app below before using the back office.
        </p>
      )}
      <Facts data-testid="account-facts">
        <dt>Username</dt>
        <dd>{op.username}</dd>
        <dt>Name</dt>
        <dd>{op.name ?? '—'}</dd>
        <dt>Role</dt>
        <dd>{op.role}</dd>
        <dt>Two-factor sign-in</dt>
        <dd data-testid="totp-status">{op.totp_enabled ? 'On' : 'Off'}</dd>
      </Facts>
      {!op.totp_enabled && <TotpEnrolment />}
      <h2>Session</h2>
      <Button variant="secondary" onClick={() => void session.logout()}>
        Log out
      </Button>
    </Screen>
  );
}

/** Set-up: a new secret as a QR code (and as text), then a current code from the app turns it on. */
function TotpEnrolment() {
  const session = useStaff();
  const [setup, setSetup] = useState<{ secret: string; otpauth_uri: string } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!setup) return;
    let live = true;
    QRCode.toDataURL(setup.otpauth_uri, { margin: 1, width: 200 }).then(
      (url) => live && setQr(url),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [setup]);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      setSetup(await session.api.call(staffTotpSetup));
      setCode('');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await session.api.call(staffTotpConfirm, { body: { totp: code } });
      await session.refresh();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      css={css`
        margin-top: 16px;
        max-width: 520px;
      `}
    >
      <h2
        css={css`
          margin-top: 0;
        `}
      >
        Set up two-factor sign-in
      </h2>
      {!setup ? (
        <>
          <p
            css={css`
              font-size: 14px;
            `}
          >
            You will need an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …). After this, every log-in asks
            for its 6-digit code.
          </p>
          {error && <FieldError role="alert">{error}</FieldError>}
          <Button onClick={() => void start()} disabled={busy}>
            Set up authenticator
          </Button>
        </>
      ) : (
        <form onSubmit={confirm}>
          <p
            css={css`
              font-size: 14px;
            `}
          >
            Scan the QR code with the app, or type the key in, then enter the code the app shows.
          </p>
          {qr && (
            <img
              src={qr}
              alt="QR code of the authenticator key"
              width={200}
              height={200}
              css={css`
                display: block;
                background: #fff;
                border-radius: 6px;
                margin-bottom: 8px;
              `}
            />
          )}
          <p
            css={css`
              font-size: 13px;
              color: ${theme.color.textMuted};
            `}
          >
            Key:{' '}
            <code
              data-testid="totp-secret"
              css={css`
                user-select: all;
                color: ${theme.color.text};
                word-break: break-all;
              `}
            >
              {setup.secret}
            </code>
          </p>
          <TextField
            label="Code from the app"
            {...(error ? { error } : {})}
            inputProps={{
              name: 'totp',
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: 6,
              value: code,
              onChange: (e) => setCode(e.target.value.replace(/\D/g, '')),
            }}
          />
          <div
            css={css`
              display: flex;
              gap: 8px;
            `}
          >
            <Button type="submit" disabled={busy || code.length !== 6}>
              Turn on
            </Button>
            <Button type="button" variant="ghost" onClick={() => void start()} disabled={busy}>
              New key
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
