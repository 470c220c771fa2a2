// One alert (issue 32): what fired it and its evidence, its owner (assign to me or to a risk operator), its state
// (open, investigating, resolved, dismissed; closing needs a note of what was found and done), its history from the
// audit log, and the suspicious-transaction report (STR) as CSV.
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { css } from '@emotion/react';
import {
  ALERT_CLOSED_STATES,
  RISK_ALERT_LABELS,
  RISK_NOTE_REQUIRED,
  alertNeedsNote,
  staffAssignRiskAlert,
  staffRiskAlert,
  staffRiskAssignees,
  staffSetRiskAlertState,
  type AlertState,
  type ResponseOf,
} from '@khela/contracts';
import { AsyncState, Button, Card, DateTime, ErrorText, Select, StatusText, TextArea, errorText } from '@khela/web';
import { useStaffAccount, useStaff, useStaffEvent } from '../../staff/context';
import { Facts, Screen, Toolbar, figuresTableCss } from '../../ui/layout';
import { useStaffRead } from '../../ui/read';
import { AlertStateBadge, Evidence } from './evidence';
import { StrButton } from './StrButton';

export function AlertPage() {
  const id = Number(useParams().id);
  const { api } = useStaff();
  const load = useCallback(() => api.call(staffRiskAlert, { params: { id } }), [api, id]);
  const q = useStaffRead(load);
  // another operator moved this alert, or its rule refreshed its evidence: read it again
  const { refetch } = q;
  useStaffEvent(
    'alert',
    useCallback(() => void refetch(), [refetch]),
  );
  return (
    <Screen>
      <Toolbar>
        <Link to="/risk">← Alerts</Link>
      </Toolbar>
      <AsyncState query={q}>{(a) => <AlertView alert={a} onChanged={() => void q.refetch()} />}</AsyncState>
    </Screen>
  );
}

type Alert = ResponseOf<typeof staffRiskAlert>;

function AlertView(props: { alert: Alert; onChanged: () => void }) {
  const { api } = useStaff();
  const op = useStaffAccount();
  const a = props.alert;
  const assignees = useStaffRead(useCallback(() => api.call(staffRiskAssignees), [api]));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const closed = ALERT_CLOSED_STATES.includes(a.state);

  async function act(what: string, run: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await run();
      setDone(what);
      setNote('');
      props.onChanged();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  const assign = (to: number | null) =>
    act(to === null ? 'Unassigned.' : 'Assigned.', () =>
      api.call(staffAssignRiskAlert, { params: { id: a.id }, body: { operator_id: to } }),
    );
  const move = (state: AlertState) => {
    if (ALERT_CLOSED_STATES.includes(state) && alertNeedsNote(a.kind) && note.trim().length < 3) {
      setDone(null);
      setError(RISK_NOTE_REQUIRED);
      return;
    }
    void act(`Now ${state}.`, () =>
      api.call(staffSetRiskAlertState, { params: { id: a.id }, body: { state, ...(note.trim() ? { note: note.trim() } : {}) } }),
    );
  };

  return (
    <div data-testid="risk-alert">
      <h1>
        Alert #{a.id} · {RISK_ALERT_LABELS[a.kind] ?? a.kind} <AlertStateBadge state={a.state} />
      </h1>
      <Card
        css={css`
          margin-bottom: 12px;
        `}
      >
        <p
          css={css`
            margin: 0 0 8px;
          `}
        >
          {a.message}
        </p>
        <Facts>
          <dt>Subject</dt>
          <dd>{a.ref?.startsWith('player:') ? <Link to={`/players/${a.ref.slice(7)}`}>{a.ref}</Link> : (a.ref ?? '—')}</dd>
          <dt>Raised</dt>
          <dd>
            <DateTime value={a.created_at} zone />
          </dd>
          <dt>Owner</dt>
          <dd data-testid="risk-alert-owner">{a.owner ?? 'nobody'}</dd>
          {a.resolved_at && (
            <>
              <dt>{a.state === 'dismissed' ? 'Dismissed' : 'Resolved'}</dt>
              <dd>
                by {a.resolved_by}, <DateTime value={a.resolved_at} zone />:{' '}
                <span data-testid="risk-alert-resolution">{a.resolution ?? '—'}</span>
              </dd>
            </>
          )}
        </Facts>
      </Card>

      <h2>Evidence</h2>
      <Evidence evidence={a.evidence} />

      <h2>Work on it</h2>
      <Card>
        <Toolbar>
          {op && a.owner_id !== op.id && (
            <Button variant="secondary" disabled={busy} onClick={() => void assign(op.id)}>
              Assign to me
            </Button>
          )}
          <Select<string>
            label="Owner"
            inline
            value={a.owner_id === null ? '' : String(a.owner_id)}
            onChange={(v) => void assign(v === '' ? null : Number(v))}
            disabled={busy}
            options={[
              { value: '', label: 'nobody' },
              ...(assignees.data?.data ?? []).map((o) => ({ value: String(o.id), label: `${o.username} (${o.role})` })),
            ]}
          />
          {a.state !== 'investigating' && (
            <Button variant="secondary" disabled={busy} onClick={() => move('investigating')}>
              {closed ? 'Reopen: investigating' : 'Start investigating'}
            </Button>
          )}
          {a.state === 'investigating' && (
            <Button variant="secondary" disabled={busy} onClick={() => move('open')}>
              Back to open
            </Button>
          )}
          <StrButton alert={a.id} onExported={props.onChanged} />
        </Toolbar>
        {!closed && (
          <>
            <TextArea
              label={`Resolution note (what you found and did${alertNeedsNote(a.kind) ? '; required' : ''})`}
              rows={3}
              value={note}
              onChange={setNote}
              maxLength={2000}
            />
            <Toolbar>
              <Button disabled={busy} onClick={() => move('resolved')}>
                Resolve
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => move('dismissed')}>
                Dismiss (not suspicious)
              </Button>
            </Toolbar>
          </>
        )}
        <ErrorText>{error}</ErrorText>
        <StatusText>{done}</StatusText>
      </Card>

      <h2>History</h2>
      {a.history.length === 0 ? (
        <p>Nobody has worked on it yet.</p>
      ) : (
        <table
          css={[
            figuresTableCss,
            css`
              width: 100%;
              font-size: 12px;
              th,
              td {
                text-align: left;
                white-space: normal;
              }
            `,
          ]}
          data-testid="risk-alert-history"
        >
          <thead>
            <tr>
              <th>When (GMT+6)</th>
              <th>Who</th>
              <th>What</th>
              <th>Note</th>
            </tr>
          </thead>
          <tbody>
            {a.history.map((h) => (
              <tr key={h.id}>
                <td>
                  <DateTime value={h.at} />
                </td>
                <td>{h.operator}</td>
                <td>{historyLine(h)}</td>
                <td>{h.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function historyLine(h: Alert['history'][number]): string {
  const b = (h.before ?? {}) as { owner?: string | null; state?: string };
  const n = (h.after ?? {}) as { owner?: string | null; state?: string; reference?: string };
  if (h.action === 'alert.assign') return `owner ${b.owner ?? 'nobody'} → ${n.owner ?? 'nobody'}`;
  if (h.action === 'risk.str_export') return `STR exported (${n.reference ?? ''})`;
  if (b.state && n.state) return `${b.state} → ${n.state}`;
  return h.action;
}
