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
import { useStaffAccount } from '../../staff/context';
import { Facts, Screen, Toolbar, figuresTableCss, PanelCard } from '../../ui/layout';
import { useStaffChange, useStaffQuery } from '../../ui/query';
import { AlertStateBadge, Evidence } from './evidence';
import { StrButton } from './StrButton';

export function AlertPage() {
  const id = Number(useParams().id);
  // another operator moved this alert, or its rule refreshed its evidence (the staff stream's alert topic): read again
  const q = useStaffQuery(staffRiskAlert, { params: { id } }, { topics: ['alert'] });
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
  const op = useStaffAccount();
  const a = props.alert;
  const assignees = useStaffQuery(staffRiskAssignees);
  const [note, setNote] = useState('');
  const change = useStaffChange();
  const [done, setDone] = useState<string | null>(null);
  const [noNote, setNoNote] = useState(false);
  const error = noNote ? RISK_NOTE_REQUIRED : change.error ? errorText(change.error) : null;
  const busy = change.pending;
  const closed = ALERT_CLOSED_STATES.includes(a.state);

  // done: the alert is read again (as every query after a change)
  const act = useCallback(async (what: string, sent: Promise<unknown>) => {
    if ((await sent) === undefined) return;
    setDone(what);
    setNote('');
  }, []);
  const assign = (to: number | null) => {
    setDone(null);
    setNoNote(false);
    void act(
      to === null ? 'Unassigned.' : 'Assigned.',
      change.run(staffAssignRiskAlert, { params: { id: a.id }, body: { operator_id: to } }),
    );
  };
  const move = (state: AlertState) => {
    setDone(null);
    setNoNote(ALERT_CLOSED_STATES.includes(state) && alertNeedsNote(a.kind) && note.trim().length < 3);
    if (ALERT_CLOSED_STATES.includes(state) && alertNeedsNote(a.kind) && note.trim().length < 3) return change.reset();
    void act(
      `Now ${state}.`,
      change.run(staffSetRiskAlertState, { params: { id: a.id }, body: { state, ...(note.trim() ? { note: note.trim() } : {}) } }),
    );
  };

  return (
    <div data-testid="risk-alert">
      <h1>
        Alert #{a.id} · {RISK_ALERT_LABELS[a.kind] ?? a.kind} <AlertStateBadge state={a.state} />
      </h1>
      <PanelCard>
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
      </PanelCard>

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
