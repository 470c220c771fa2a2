// Area 'account': who I am, my password (an admin's must be changed first), two-factor sign-in enrolment through an
// admin's one-time link (QR code + confirm), log-out.
import { useEffect, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import QRCode from 'qrcode';
import { STAFF_PASSWORD_MIN, staffChangePassword, staffTotpConfirm, staffTotpSetup } from '@khela/contracts';
import { ApiError, Badge, Button, Card, ErrorText, Field, Notice, StatusText, TextField, errorText, theme, Muted, Row } from '@khela/web';
import { useStaffAccount, useStaff } from '../../staff/context';
import { useStaffChange } from '../../ui/query';
import { clearEnrolLink, pendingEnrolLink } from '../../staff/enrol-link';
import { Facts, Screen, controlCss } from '../../ui/layout';

const cardCss = css`
  margin-top: 16px;
  max-width: 520px;
  h2 {
    margin-top: 0;
  }
`;
const noteCss = css`
  font-size: 14px;
`;

export default function Account() {
  const session = useStaff();
  const op = useStaffAccount();
  if (!op) return null;
  return (
    <Screen>
      <h1>My account</h1>
      {op.password_change_required ? (
        <Notice tone="warning" testId="password-change-required">
          Your password was set by an admin: choose your own password below before using the back office.
        </Notice>
      ) : (
        op.totp_enrolment_required && (
          <Notice tone="warning">Two-factor sign-in is required: set up your authenticator app below before using the back office.</Notice>
        )
      )}
      <Facts data-testid="account-facts">
        <dt>Username</dt>
        <dd>{op.username}</dd>
        <dt>Name</dt>
        <dd>{op.name ?? '—'}</dd>
        <dt>Role</dt>
        <dd>{op.role}</dd>
        <dt>Two-factor sign-in</dt>
        <dd data-testid="totp-status">
          <Badge tone={op.totp_enabled ? 'success' : 'warning'}>{op.totp_enabled ? 'On' : 'Off'}</Badge>
        </dd>
      </Facts>
      <ChangePassword required={op.password_change_required} username={op.username} />
      {!op.totp_enabled && !op.password_change_required && <TotpEnrolment />}
      <h2>Session</h2>
      <Button variant="secondary" onClick={() => void session.logout()}>
        Log out
      </Button>
    </Screen>
  );
}

/** The operator's own password: the current one, the new one twice. The API checks the rules and ends other sessions. */
function ChangePassword(props: { required: boolean; username: string }) {
  const session = useStaff();
  const change = useStaffChange();
  const [form, setForm] = useState({ current: '', next: '', repeat: '' });
  const [differ, setDiffer] = useState(false);
  const [done, setDone] = useState(false);
  // a refusal naming fields is said under each, any other under the form
  const fields = change.error instanceof ApiError ? change.error.fieldErrors : undefined;
  const errors: Record<string, string> = differ
    ? { repeat: 'The two new passwords differ.' }
    : fields
      ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? '']))
      : {};
  const error = change.error && !fields && !differ ? errorText(change.error) : null;
  const busy = change.pending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setDone(false);
    setDiffer(form.next !== form.repeat);
    if (form.next !== form.repeat) return change.reset();
    if (!(await change.run(staffChangePassword, { body: { current_password: form.current, new_password: form.next } }))) return;
    setForm({ current: '', next: '', repeat: '' });
    setDone(true);
    await session.refresh();
  }

  const input =
    (key: keyof typeof form, name: string, autoComplete: string) =>
    (f: { id: string; invalid: boolean; describedBy: string | undefined }) => (
      <input
        id={f.id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={f.invalid}
        aria-describedby={f.describedBy}
        css={[
          controlCss,
          css`
            width: 100%;
          `,
        ]}
        value={form[key]}
        onChange={(e) => setForm((v) => ({ ...v, [key]: e.target.value }))}
      />
    );
  return (
    <Card as="form" onSubmit={submit} css={cardCss} data-testid="change-password">
      <h2>{props.required ? 'Choose your password' : 'Change password'}</h2>
      <Field label={props.required ? 'Password from the admin' : 'Current password'} error={errors.current_password}>
        {input('current', 'current_password', 'current-password')}
      </Field>
      <Field
        label="New password"
        hint={`At least ${STAFF_PASSWORD_MIN} characters, not containing your username (${props.username}).`}
        error={errors.new_password}
      >
        {input('next', 'new_password', 'new-password')}
      </Field>
      <Field label="New password again" error={errors.repeat}>
        {input('repeat', 'repeat_password', 'new-password')}
      </Field>
      <ErrorText>{error}</ErrorText>
      <StatusText>{done ? 'Password changed. Your other sessions have ended.' : null}</StatusText>
      <Button type="submit" disabled={busy || !form.current || !form.next}>
        Change password
      </Button>
    </Card>
  );
}

/**
 * Set-up through an admin's one-time link (no trust on first use): with the link opened in this tab, a new secret as a
 * QR code (and as text), then a current code from the app turns it on and spends the link. Without one, the operator
 * is told to ask an admin.
 */
function TotpEnrolment() {
  const session = useStaff();
  const [link, setLink] = useState(() => pendingEnrolLink());
  const [setup, setSetup] = useState<{ secret: string; otpauth_uri: string } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const change = useStaffChange();
  const error = change.errorText;
  const busy = change.pending;

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

  /** A link the API no longer takes (spent, replaced, expired) is dropped from this tab. */
  const refused = (err: unknown) => {
    if (err instanceof ApiError && (err.data as { code?: string } | undefined)?.code === 'totp_link_invalid') {
      clearEnrolLink();
      setLink(null);
      setSetup(null);
    }
  };

  async function start() {
    if (!link) return;
    try {
      setSetup(await change.send(staffTotpSetup, { body: { link } }));
      setCode('');
    } catch (err) {
      refused(err);
    }
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (!link) return;
    try {
      await change.send(staffTotpConfirm, { body: { link, totp: code } });
      clearEnrolLink();
      await session.refresh();
    } catch (err) {
      refused(err);
    }
  }

  return (
    <Card css={cardCss} data-testid="totp-enrolment">
      <h2>Set up two-factor sign-in</h2>
      {!link ? (
        <>
          <p css={noteCss} data-testid="totp-link-needed">
            Two-factor sign-in is set up through a one-time link an admin issues for you (Staff accounts → your name → Enrolment link). Open
            the link they give you in this browser, log in, and the set-up continues here.
          </p>
          <ErrorText>{error}</ErrorText>
        </>
      ) : !setup ? (
        <>
          <p css={noteCss}>
            You will need an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …). After this, every log-in asks
            for its 6-digit code.
          </p>
          <ErrorText>{error}</ErrorText>
          <Button onClick={() => void start()} disabled={busy}>
            Set up authenticator
          </Button>
        </>
      ) : (
        <form onSubmit={confirm}>
          <p css={noteCss}>Scan the QR code with the app, or type the key in, then enter the code the app shows.</p>
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
          <Muted as="p">
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
          </Muted>
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
          <Row gap={8} align="stretch">
            <Button type="submit" disabled={busy || code.length !== 6}>
              Turn on
            </Button>
            <Button type="button" variant="ghost" onClick={() => void start()} disabled={busy}>
              New key
            </Button>
          </Row>
        </form>
      )}
    </Card>
  );
}
