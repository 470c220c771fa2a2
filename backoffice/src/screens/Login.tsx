import { useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { useNavigate } from 'react-router';
import { ApiError, Button, Card, ErrorText, TextField } from '@khela/web';
import { useStaff } from '../staff/context';
import { pendingEnrolLink } from '../staff/enrol-link';

/** Password, then the authenticator's code when the account has TOTP (the API says so with code 'totp_required'). */
export function Login() {
  const session = useStaff();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [askTotp, setAskTotp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const op = await session.login({ username, password, ...(askTotp ? { totp } : {}) });
      // an admin's password to change, TOTP to enrol, or an enrolment link opened: My account first
      const toAccount = op.password_change_required || op.totp_enrolment_required || (!op.totp_enabled && !!pendingEnrolLink());
      navigate(toAccount ? '/account' : '/dashboard', { replace: true });
    } catch (err) {
      const code = err instanceof ApiError ? (err.data as { code?: string } | undefined)?.code : undefined;
      if (code === 'totp_required' || code === 'totp_invalid') setAskTotp(true);
      if (code === 'totp_invalid') setTotp('');
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main
      css={css`
        display: grid;
        place-items: center;
        min-height: 100vh;
      `}
    >
      <Card
        as="form"
        onSubmit={submit}
        css={css`
          width: 360px;
        `}
      >
        <h1
          css={css`
            font-size: 20px;
            margin: 0 0 16px;
          `}
        >
          Khela back office
        </h1>
        <TextField
          label="Username"
          inputProps={{ name: 'username', autoComplete: 'username', value: username, onChange: (e) => setUsername(e.target.value) }}
        />
        <TextField
          label="Password"
          inputProps={{
            name: 'password',
            type: 'password',
            autoComplete: 'current-password',
            value: password,
            onChange: (e) => setPassword(e.target.value),
          }}
        />
        {pendingEnrolLink() && !askTotp && (
          <p
            data-testid="enrol-link-note"
            css={css`
              font-size: 13px;
              margin: 0 0 12px;
            `}
          >
            Log in to set up two-factor sign-in with the link an admin gave you.
          </p>
        )}
        {askTotp && (
          <TextField
            label="Authenticator code"
            inputProps={{
              name: 'totp',
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: 6,
              autoFocus: true,
              value: totp,
              onChange: (e) => setTotp(e.target.value.replace(/\D/g, '')),
            }}
          />
        )}
        <ErrorText>{error}</ErrorText>
        <Button type="submit" block disabled={busy}>
          Log in
        </Button>
      </Card>
    </main>
  );
}
