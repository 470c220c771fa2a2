import { Suspense, useCallback, useState } from 'react';
import type { StaffPushPayload } from '@khela/contracts';
import { css } from '@emotion/react';
import { Link, Navigate, NavLink, Route, Routes } from 'react-router';
import { Button, Notice, Spinner, theme } from '@khela/web';
import { AREAS, type Area } from './areas';
import { Login } from './screens/Login';
import { allows, useStaffAccount, useStaff, useStaffEvent } from './staff/context';
import { useStaffStream } from './staff/stream';

const navCss = css`
  width: 200px;
  flex: none;
  background: ${theme.color.surface};
  border-right: 1px solid ${theme.color.border};
  min-height: 100vh;
  padding: 12px 0;
  a {
    display: block;
    padding: 8px 16px;
    color: ${theme.color.text};
    text-decoration: none;
    font-size: 14px;
  }
  a.active {
    background: ${theme.color.surfaceRaised};
    border-left: 3px solid ${theme.color.brand};
  }
`;

export function App() {
  const op = useStaffAccount();
  if (!op) {
    return (
      <Routes>
        <Route path="*" element={<Login />} />
      </Routes>
    );
  }
  return <Console />;
}

/** The logged-in console: navigation by role, the areas, the staff stream. */
function Console() {
  const session = useStaff();
  const op = useStaffAccount()!;
  useStaffStream();
  const decided = useMyDecidedApprovals(op.id);
  // until an admin's password is changed and TOTP enrolled (when required) the API answers nothing else: only My
  // account is open
  const gated = op.password_change_required || op.totp_enrolment_required;
  const areas = AREAS.filter((a) => allows(op, a.roles) && (!gated || a.path === 'account'));
  const home = gated ? '/account' : '/dashboard';
  return (
    <div
      css={css`
        display: flex;
        min-height: 100vh;
      `}
    >
      <nav aria-label="Back office" css={navCss}>
        <div
          css={css`
            padding: 0 16px 12px;
            font-weight: 700;
          `}
        >
          Khela back office
        </div>
        {areas.map((a) => (
          <NavLink key={a.path} to={`/${a.path}`}>
            {a.label}
          </NavLink>
        ))}
        <div
          css={css`
            padding: 16px;
            font-size: 12px;
            color: ${theme.color.textMuted};
          `}
        >
          <div data-testid="staff-who">
            {op.username} · {op.role}
          </div>
          <Button variant="ghost" onClick={() => void session.logout()}>
            Log out
          </Button>
        </div>
      </nav>
      <main
        css={css`
          flex: 1;
          min-width: 0;
        `}
      >
        {decided.list.length > 0 && (
          <div
            data-testid="approval-news"
            css={css`
              padding: 8px 16px 0;
            `}
          >
            {decided.list.map((e) => (
              <Notice key={e.id} tone={e.status === 'approved' ? 'neutral' : 'warning'} role="status">
                Your request #{e.id} ({e.summary}) was {e.status}
                {e.decided_by_username && e.status !== 'cancelled' ? ` by ${e.decided_by_username}` : ''}.{' '}
                <Link to="/approvals" onClick={() => decided.dismiss(e.id)}>
                  Approvals
                </Link>{' '}
                <Button variant="ghost" onClick={() => decided.dismiss(e.id)}>
                  Dismiss
                </Button>
              </Notice>
            ))}
          </div>
        )}
        <Suspense fallback={<Spinner />}>
          <Routes>
            {areas.map((a) => (
              <Route key={a.path} path={`/${a.path}/*`} element={<a.screen />} />
            ))}
            {/* an area of another role (a link shared by a colleague, an old bookmark): say so instead of moving away */}
            {AREAS.filter((a) => !areas.includes(a)).map((a) => (
              <Route key={a.path} path={`/${a.path}/*`} element={<NotForRole area={a} gated={gated} home={home} />} />
            ))}
            <Route path="*" element={<Navigate to={home} replace />} />
          </Routes>
        </Suspense>
      </main>
    </div>
  );
}

/** The page asked is not for this operator's role (or not yet: password change or TOTP enrolment pending). */
function NotForRole({ area, gated, home }: { area: Area; gated: boolean; home: string }) {
  const op = useStaffAccount()!;
  const roles = `${(area.roles ?? []).join(' and ')} staff and admins`;
  return (
    <div
      css={css`
        padding: 24px;
        max-width: 640px;
      `}
    >
      <Notice tone="warning" testId="not-for-role">
        <strong>{area.label}: not for your role.</strong>{' '}
        {gated
          ? 'Change your password (and enrol TOTP when asked) in My account first; then the pages of your role open.'
          : `${area.label} is for ${roles}. You are logged in as ${op.username} (${op.role}); ask an admin if you need it.`}
      </Notice>
      <p>
        <Link to={home}>{gated ? 'Go to My account' : 'Go to the dashboard'}</Link>
      </p>
    </div>
  );
}

/**
 * The maker hears at once when a second operator approves or rejects their request (the staff stream's `approval`
 * topic): a line above every page until dismissed. Their own cancels are not news.
 */
function useMyDecidedApprovals(me: number) {
  const [list, setList] = useState<StaffPushPayload<'approval'>[]>([]);
  const onApproval = useCallback(
    (e: StaffPushPayload<'approval'>) => {
      if (e.requested_by !== me || e.status === 'pending' || e.status === 'cancelled') return;
      setList((l) => [e, ...l.filter((x) => x.id !== e.id)].slice(0, 5));
    },
    [me],
  );
  useStaffEvent('approval', onApproval);
  const dismiss = useCallback((id: number) => setList((l) => l.filter((x) => x.id !== id)), []);
  return { list, dismiss };
}
