// A player's page, tab Protection: what is open to the player (play, deposits), every money limit with its use and
// pending change, the session-time limit and reality check, time-outs and self-exclusions, the birthday and the
// under-age flag, customer due diligence (CDD) and the history of changes from the audit log. Read-only: the player
// sets these and the rules forbid staff to lift or loosen them; payments records a CDD check.
// The header's badges (excluded, under 18, CDD required) read the same data.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { css } from '@emotion/react';
import { PROTECTION_CDD_ROLES, staffRecordDueDiligence, type ProtectionGate, type StaffPlayerProtection } from '@khela/contracts';
import { Badge, Button, Card, Modal, Notice, Spinner, StatusText, theme, ErrorText, TextArea } from '@khela/web';
import { allows, useStaffAccount } from '../../staff/context';
import { useStaffChange } from '../../ui/query';
import { Facts, PanelCard } from '../../ui/layout';
import {
  BLOCK_LABEL,
  EXCLUSION_KIND_LABEL,
  EXCLUSION_PERIOD_LABEL,
  HISTORY_ACTION_LABEL,
  KIND_LABEL,
  WINDOW_LABEL,
  ageOn,
  cddDue,
  cddValidUntil,
  dhaka,
  exclusionInForce,
  gateUntil,
  historyChange,
  historyWho,
  limitLeft,
  orderedLimits,
  staffMoney,
} from './protection-format';

/** What the rules say staff may (not) do here, shown once at the top and beside anything in force. */
export const READ_ONLY_TEXT = 'Set by the player; the rules do not allow staff to lift or loosen it.';

const tableCss = css`
  width: 100%;
  border-collapse: collapse;
  font-size: 13px;
  th,
  td {
    padding: 6px 8px;
    border-bottom: 1px solid ${theme.color.border};
    text-align: left;
    vertical-align: top;
  }
  th {
    color: ${theme.color.textMuted};
    font-weight: 600;
    white-space: nowrap;
  }
  td.num {
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

const noteCss = css`
  font-size: 12px;
  color: ${theme.color.textMuted};
  margin: 8px 0 0;
`;

const gridCss = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(340px, 1fr));
  gap: 16px;
  margin-bottom: 16px;
  h2 {
    margin-top: 0 !important;
  }
`;

function Flag(props: { tone: 'danger' | 'warning' | 'success' | 'muted'; children: ReactNode; testId?: string }) {
  return (
    <Badge tone={props.tone} testId={props.testId}>
      {props.children}
    </Badge>
  );
}

export function ProtectionTab(props: {
  playerId: number;
  data: StaffPlayerProtection | null;
  error: string | null;
  onReload: () => void;
  onChanged: (p: StaffPlayerProtection) => void;
}) {
  const op = useStaffAccount();
  const { data, error } = props;
  if (!data) {
    return (
      <div data-testid="bo-protection-tab">
        {error ? <ErrorText>{error}</ErrorText> : <Spinner label="Loading protection" />}
        {error && (
          <Button variant="secondary" onClick={props.onReload}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  return (
    <div data-testid="bo-protection-tab">
      <div
        role="note"
        css={css`
          display: flex;
          gap: 12px;
          align-items: center;
          justify-content: space-between;
          flex-wrap: wrap;
          border: 1px solid ${theme.color.border};
          border-left: 4px solid ${theme.color.info};
          border-radius: ${theme.radius.sm};
          padding: 8px 12px;
          margin-bottom: 16px;
          font-size: 13px;
        `}
      >
        <span>
          <strong>Read-only.</strong> Limits, time-outs and self-exclusions: {READ_ONLY_TEXT} A decrease of a limit applies at once; an
          increase or removal waits 24 hours. Every change is in the history below.
        </span>
        <Button variant="ghost" onClick={props.onReload}>
          Reload
        </Button>
      </div>
      {error && <ErrorText>{error}</ErrorText>}
      <div css={gridCss}>
        <Gates p={data} />
        <Age p={data} />
      </div>
      <Limits p={data} />
      <Exclusions p={data} />
      <Cdd p={data} canRecord={allows(op, PROTECTION_CDD_ROLES)} onChanged={props.onChanged} />
      <History p={data} />
    </div>
  );
}

function GateRow({ label, gate, testId }: { label: string; gate: ProtectionGate; testId: string }) {
  return (
    <tr data-testid={testId}>
      <th scope="row">{label}</th>
      <td>
        {gate.open ? (
          <Flag tone="success">open</Flag>
        ) : (
          <>
            <Flag tone="danger">closed</Flag> <strong>{gate.reason ? BLOCK_LABEL[gate.reason] : 'closed'}</strong> {gateUntil(gate)}
            {gate.message && <div style={{ color: theme.color.textMuted, marginTop: 2 }}>Player reads: “{gate.message}”</div>}
          </>
        )}
      </td>
    </tr>
  );
}

function Gates({ p }: { p: StaffPlayerProtection }) {
  return (
    <Card data-testid="bo-protection-gates">
      <h2>What is open to the player</h2>
      <table css={tableCss}>
        <tbody>
          <GateRow label="Play (casino, exchange, VIP and bonus conversion)" gate={p.status.play} testId="bo-gate-play" />
          <GateRow label="Deposits (every method)" gate={p.status.deposit} testId="bo-gate-deposit" />
          <tr>
            <th scope="row">Withdrawals and messages</th>
            <td>
              <Flag tone="success">open</Flag> never closed by protection
              {p.due_diligence.withdrawals_waiting > 0 && ` (${p.due_diligence.withdrawals_waiting} waiting for the CDD check)`}
            </td>
          </tr>
        </tbody>
      </table>
    </Card>
  );
}

function Age({ p }: { p: StaffPlayerProtection }) {
  const age = p.dofb ? ageOn(p.dofb) : null;
  return (
    <Card data-testid="bo-protection-age">
      <h2>Age (18+)</h2>
      <Facts>
        <dt>Date of birth</dt>
        <dd>{p.dofb ? `${p.dofb}${age !== null ? ` (${age} years)` : ''}` : 'not given: deposits stay closed until the player adds it'}</dd>
        <dt>Under-age flag</dt>
        <dd>{p.under_age_at ? <Flag tone="danger">under 18</Flag> : 'no'}</dd>
      </Facts>
      {p.under_age_at && (
        <div
          css={css`
            margin-top: 12px;
          `}
        >
          <Notice tone="danger" testId="bo-protection-under-age">
            Under 18: the birthday entered on {dhaka(p.under_age_at)} says the player is under 18. Deposits and play are closed; contact the
            player about the account.
          </Notice>
        </div>
      )}
    </Card>
  );
}

function Limits({ p }: { p: StaffPlayerProtection }) {
  const rc = p.status.reality_check_minutes;
  const rcMs = p.status.reality_check_ms;
  return (
    <PanelCard data-testid="bo-protection-limits">
      <h2>Limits</h2>
      <table css={tableCss}>
        <thead>
          <tr>
            <th>Limit</th>
            <th>Window (rolling)</th>
            <th>In force</th>
            <th>Used in the window</th>
            <th>Left</th>
            <th>Pending change (takes effect, GMT+6)</th>
          </tr>
        </thead>
        <tbody>
          {orderedLimits(p.limits).map((l) => {
            const left = limitLeft(l);
            return (
              <tr key={`${l.kind}-${l.period}`} data-testid={`bo-limit-${l.kind}-${l.period}`} data-set={l.amount !== null || undefined}>
                <td>{KIND_LABEL[l.kind]}</td>
                <td>{WINDOW_LABEL[l.period]}</td>
                <td className="num">{l.amount !== null ? <strong>{staffMoney(l.amount, p.currency)}</strong> : 'no limit'}</td>
                <td className="num">{staffMoney(l.used, p.currency)}</td>
                <td className="num">{left !== null ? staffMoney(left, p.currency) : '—'}</td>
                <td>
                  {l.pending
                    ? `${l.pending.amount !== null ? `raise to ${staffMoney(l.pending.amount, p.currency)}` : 'removal'} at ${dhaka(l.pending.effective_at)}`
                    : '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Facts
        css={css`
          margin-top: 12px !important;
        `}
      >
        <dt>Session-time limit</dt>
        <dd data-testid="bo-limit-session">
          {p.session_limit.minutes !== null ? `${p.session_limit.minutes} minutes since log-in` : 'none'}
          {p.session_limit.pending &&
            ` (pending: ${p.session_limit.pending.minutes !== null ? `${p.session_limit.pending.minutes} minutes` : 'removal'} at ${dhaka(
              p.session_limit.pending.effective_at,
            )})`}
        </dd>
        <dt>Reality check</dt>
        <dd data-testid="bo-reality-check">
          {rc ? `every ${rc} minutes` : 'off'}
          {rc > 0 && rcMs !== null && rcMs !== rc * 60_000 && ` (this server counts ${Math.round(rcMs / 1000)} s: a test setting)`}
        </dd>
        <dt>This session since</dt>
        <dd>{p.status.session_started_at ? dhaka(p.status.session_started_at) : 'not logged in'}</dd>
        <dt>Limits offer</dt>
        <dd>{p.status.limits_offer ? 'not answered yet (shown before the first deposit)' : 'answered, skipped or not needed'}</dd>
      </Facts>
      <p css={noteCss}>
        A deposit counts when requested (pending and approved; rejected and expired do not). A wager is a casino stake (less rolled-back
        bets) or an exchange bet&apos;s liability: a back&apos;s or YES&apos;s stake, a lay&apos;s liability, a NO&apos;s stake times the
        rate; cancelled or lapsed parts and void bets do not count. Loss is settled stakes minus settled returns plus open exposure. The
        session-time limit counts from the newest log-in; when reached, play and betting close until the next Dhaka day (deposits and
        withdrawals stay open).
      </p>
    </PanelCard>
  );
}

function Exclusions({ p }: { p: StaffPlayerProtection }) {
  return (
    <PanelCard data-testid="bo-protection-exclusions">
      <h2>Time-outs and self-exclusions</h2>
      {p.exclusions.length === 0 ? (
        <p style={{ fontSize: 13, margin: 0 }}>None, ever.</p>
      ) : (
        <table css={tableCss}>
          <thead>
            <tr>
              <th>Kind</th>
              <th>Length</th>
              <th>Started (GMT+6)</th>
              <th>Ends (GMT+6)</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {p.exclusions.map((e) => (
              <tr
                key={`${e.kind}-${e.started_at}`}
                data-testid="bo-exclusion"
                data-active={e.active}
                style={e.active ? { background: theme.color.surfaceRaised } : undefined}
              >
                <td>{EXCLUSION_KIND_LABEL[e.kind]}</td>
                <td>{EXCLUSION_PERIOD_LABEL[e.period] ?? e.period}</td>
                <td className="num">{dhaka(e.started_at)}</td>
                <td className="num">{e.ends_at ? dhaka(e.ends_at) : 'permanent'}</td>
                <td>
                  {e.active ? (
                    <>
                      <Flag tone="danger">in force</Flag> <span style={{ color: theme.color.textMuted }}>{READ_ONLY_TEXT}</span>
                    </>
                  ) : (
                    <Flag tone="muted">ended</Flag>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p css={noteCss}>
        Immediate and not reversible early, by the player or by staff. Meanwhile the player can log in only to withdraw, read messages and
        chat with support; unmatched exchange orders were cancelled when it started.
      </p>
    </PanelCard>
  );
}

function Cdd(props: { p: StaffPlayerProtection; canRecord: boolean; onChanged: (p: StaffPlayerProtection) => void }) {
  const { p } = props;
  const d = p.due_diligence;
  const due = cddDue(d);
  const validUntil = cddValidUntil(d);
  const [open, setOpen] = useState(false);
  const [flash, setFlash] = useState<string | null>(null);
  return (
    <PanelCard data-testid="bo-protection-cdd">
      <h2>Customer due diligence (CDD)</h2>
      <Facts>
        <dt>Threshold (rolling 180 days)</dt>
        <dd>{staffMoney(d.threshold, p.currency)}</dd>
        <dt>Deposits, 180 days</dt>
        <dd data-testid="bo-cdd-deposits">{staffMoney(d.deposits_180d, p.currency)}</dd>
        <dt>Withdrawals, 180 days</dt>
        <dd data-testid="bo-cdd-withdrawals">{staffMoney(d.withdrawals_180d, p.currency)}</dd>
        <dt>Check required</dt>
        <dd data-testid="bo-cdd-required">
          {d.required ? <Flag tone="warning">yes</Flag> : 'no'}
          {d.required && ' — deposits or withdrawals passed the threshold'}
          {d.required && (due ? '; no check counts now: new withdrawals wait for one' : '; the last check covers it')}
        </dd>
        <dt>Last check</dt>
        <dd data-testid="bo-cdd-last">
          {d.checked_at ? (
            <>
              {dhaka(d.checked_at)} by {d.checked_by ?? '—'}
              {validUntil &&
                (validUntil > new Date()
                  ? ` (counts until ${dhaka(validUntil.toISOString())})`
                  : ' (more than a year ago: no longer counts)')}
              {d.note && <div style={{ whiteSpace: 'pre-wrap' }}>“{d.note}”</div>}
            </>
          ) : (
            'never'
          )}
        </dd>
        <dt>Withdrawals waiting for the check</dt>
        <dd data-testid="bo-cdd-waiting">
          {d.withdrawals_waiting > 0 ? <Flag tone="warning">{d.withdrawals_waiting}</Flag> : '0'}
          {d.withdrawals_waiting > 0 && (
            <>
              {' '}
              <Link to="/payments/desk">Payments desk</Link>
            </>
          )}
        </dd>
      </Facts>
      {props.canRecord && (
        <div
          css={css`
            margin-top: 12px;
            display: flex;
            gap: 12px;
            align-items: center;
            flex-wrap: wrap;
          `}
        >
          <Button variant="secondary" data-testid="bo-cdd-record" onClick={() => setOpen(true)}>
            Record due-diligence check…
          </Button>
          <StatusText>{flash}</StatusText>
        </div>
      )}
      <CddForm
        playerId={p.player_id}
        waiting={d.withdrawals_waiting}
        open={open}
        onClose={() => setOpen(false)}
        onSaved={(next) => {
          setOpen(false);
          setFlash('Due-diligence check recorded.');
          props.onChanged(next);
        }}
      />
    </PanelCard>
  );
}

function CddForm(props: {
  playerId: number;
  waiting: number;
  open: boolean;
  onClose: () => void;
  onSaved: (p: StaffPlayerProtection) => void;
}) {
  const change = useStaffChange();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!props.open) return;
    setReason('');
    setTried(false);
    change.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening the form
  }, [props.open]);
  const reasonError = reason.trim().length < 3 ? 'Say what was checked (at least 3 characters).' : undefined;
  const save = async () => {
    setTried(true);
    if (reasonError) return;
    const next = await change.run(staffRecordDueDiligence, { params: { id: props.playerId }, body: { reason: reason.trim() } });
    if (next) props.onSaved(next);
  };
  return (
    <Modal
      open={props.open}
      title="Record due-diligence check"
      onClose={props.onClose}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button data-testid="bo-cdd-submit" onClick={save} disabled={change.pending}>
            {change.pending ? 'Recording…' : 'Record check'}
          </Button>
        </>
      }
    >
      <p style={{ fontSize: 13, marginTop: 0 }}>
        Record that the player&apos;s identity and source of funds were checked. It goes into the audit log with your name
        {props.waiting > 0 ? `, and releases the ${props.waiting} withdrawal${props.waiting === 1 ? '' : 's'} waiting for it` : ''}.
      </p>
      <TextArea
        label="What was checked (documents, source of funds)"
        value={reason}
        onChange={setReason}
        error={tried ? reasonError : undefined}
        testId="bo-cdd-reason"
      />
      <ErrorText>{change.errorText}</ErrorText>
    </Modal>
  );
}

function History({ p }: { p: StaffPlayerProtection }) {
  return (
    <Card data-testid="bo-protection-history">
      <h2>History</h2>
      {p.history.length === 0 ? (
        <p style={{ fontSize: 13, margin: 0 }}>No changes yet.</p>
      ) : (
        <div
          css={css`
            overflow: auto;
            max-height: 60vh;
          `}
        >
          <table css={tableCss}>
            <thead>
              <tr>
                <th>When (GMT+6)</th>
                <th>Who</th>
                <th>Action</th>
                <th>Before → after</th>
                <th>Reason</th>
              </tr>
            </thead>
            <tbody>
              {p.history.map((r) => (
                <tr key={r.id} data-testid="bo-history-row">
                  <td className="num">{dhaka(r.created_at)}</td>
                  <td>{historyWho(r)}</td>
                  <td>
                    {HISTORY_ACTION_LABEL[r.action] ?? r.action}
                    {HISTORY_ACTION_LABEL[r.action] && <div style={{ color: theme.color.textMuted, fontSize: 11 }}>{r.action}</div>}
                  </td>
                  <td>{historyChange(r, p.currency)}</td>
                  <td style={{ whiteSpace: 'pre-wrap' }}>{r.reason ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p css={noteCss}>From the audit log: the player&apos;s own changes (as player:&lt;username&gt;) and staff&apos;s, newest first.</p>
    </Card>
  );
}

/** Badges for the page header: excluded, under 18, CDD required. Each opens the Protection tab. */
export function ProtectionBadges(props: { p: StaffPlayerProtection | null; to: string }) {
  const { p } = props;
  if (!p) return null;
  const badges: { key: string; tone: 'danger' | 'warning'; text: string }[] = [];
  const ex = exclusionInForce(p);
  if (ex) {
    badges.push({
      key: 'excluded',
      tone: 'danger',
      text: `${ex.kind === 'time_out' ? 'Time-out' : 'Self-excluded'} ${ex.ends_at ? `until ${dhaka(ex.ends_at)}` : 'permanently'}`,
    });
  }
  if (p.under_age_at) badges.push({ key: 'under-age', tone: 'danger', text: 'Under 18' });
  const d = p.due_diligence;
  if (d.withdrawals_waiting > 0) {
    badges.push({
      key: 'cdd',
      tone: 'warning',
      text: `CDD required · ${d.withdrawals_waiting} withdrawal${d.withdrawals_waiting === 1 ? '' : 's'} waiting`,
    });
  } else if (cddDue(d)) {
    badges.push({ key: 'cdd', tone: 'warning', text: 'CDD required' });
  }
  if (badges.length === 0) return null;
  return (
    <>
      {badges.map((b) => (
        <Link key={b.key} to={props.to} data-testid="bo-protection-badge" data-kind={b.key} style={{ textDecoration: 'none' }}>
          <Flag tone={b.tone}>{b.text}</Flag>
        </Link>
      ))}
    </>
  );
}
