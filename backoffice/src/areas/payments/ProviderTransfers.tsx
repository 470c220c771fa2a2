// Transfers to and from the providers' own wallets (issue 30), as staff see them: the table the player page's
// "Provider wallets" section and the payments area's "Pending transfers" share, with Re-query and Resolve. Support,
// payments and risk read (staffPendingProviderTransfers.roles); payments act (staffQueryProviderTransfer.roles), and a
// transfer is resolved only after the provider answered a status query, by that answer (the API refuses otherwise).
import { useState } from 'react';
import { Link } from 'react-router';
import { css } from '@emotion/react';
import { staffQueryProviderTransfer, staffResolveProviderTransfer, type StaffProviderTransfer } from '@khela/contracts';
import { Badge, Button, DateTime, ErrorText, Modal, Money, Muted, StatusText, TextArea, theme, type Tone } from '@khela/web';
import { allows, useStaffAccount } from '../../staff/context';
import { useStaffChange } from '../../ui/query';
import { figuresTableCss } from '../../ui/layout';

const STATE_TONE: Record<StaffProviderTransfer['state'], Tone> = { pending: 'warning', confirmed: 'success', reversed: 'muted' };
const ANSWER: Record<NonNullable<StaffProviderTransfer['provider_state']>, string> = {
  applied: 'applied',
  refused: 'refused',
  unknown: 'never seen (closed)',
};
/** What a resolution by the provider's answer does. */
const OUTCOME = (t: StaffProviderTransfer) =>
  t.provider_state === 'applied'
    ? t.direction === 'in'
      ? `confirmed: the money stays at ${t.name}`
      : 'confirmed: the money goes to the main wallet'
    : t.direction === 'in'
      ? 'reversed: the money goes back to the main wallet'
      : `reversed: the money stays at ${t.name}`;

export const REASONS: Record<string, string> = {
  launch: 'game launch',
  recall: 'Recall',
  recall_all: 'Recall All',
  auto_transfer: 'auto transfer',
  protection: 'play closed',
};

/**
 * Transfers, newest first: time (Dhaka, GMT+6), player (with `showPlayer`), provider and direction, amount, state, the
 * provider's last answer, attempts, who resolved it and when; Re-query and Resolve… on a pending one for payments.
 */
export function TransferTable(props: {
  rows: readonly StaffProviderTransfer[];
  showPlayer?: boolean;
  onChanged: () => void;
  testId?: string;
}) {
  const op = useStaffAccount();
  const canAct = allows(op, staffQueryProviderTransfer.roles);
  const change = useStaffChange();
  // the transfer being asked about (its button says so while the query runs)
  const [asking, setAsking] = useState<string | null>(null);
  const busy = change.pending ? asking : null;
  const [note, setNote] = useState<string | null>(null);
  const [resolving, setResolving] = useState<StaffProviderTransfer | null>(null);

  async function requery(t: StaffProviderTransfer) {
    setAsking(t.id);
    setNote(null);
    const r = await change.run(staffQueryProviderTransfer, { params: { id: t.id }, body: {} });
    if (!r) return;
    const { transfer } = r;
    setNote(
      transfer.provider_state
        ? `${transfer.name} answered: ${ANSWER[transfer.provider_state]} (transfer ${transfer.id}).`
        : `${transfer.name} did not answer (transfer ${transfer.id}); the reconciler keeps asking.`,
    );
    props.onChanged();
  }

  return (
    <div data-testid={props.testId ?? 'provider-transfers'}>
      <ErrorText>{change.errorText}</ErrorText>
      <StatusText testId="provider-transfer-note">{note}</StatusText>
      <div
        css={css`
          overflow-x: auto;
        `}
      >
        <table css={[figuresTableCss, tableCss]}>
          <thead>
            <tr>
              <th>Time (GMT+6)</th>
              {props.showPlayer && <th>Player</th>}
              <th>Transfer</th>
              <th>Amount</th>
              <th>State</th>
              <th>Provider's answer</th>
              {canAct && <th />}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((t) => (
              <tr key={t.id} data-testid="provider-transfer-row" data-id={t.id} data-state={t.state}>
                <td>
                  <DateTime value={t.created_at} zone />
                </td>
                {props.showPlayer && (
                  <td>
                    <Link to={`/players/${t.player_id}`}>
                      {t.username ?? 'player'} #{t.player_id}
                    </Link>
                  </td>
                )}
                <td>
                  {t.direction === 'in' ? `Main → ${t.name}` : `${t.name} → Main`}
                  <div css={smallCss}>
                    {REASONS[t.reason] ?? t.reason} · {t.id}
                  </div>
                </td>
                <td>
                  <Money value={t.amount} /> {t.currency}
                </td>
                <td>
                  <Badge tone={STATE_TONE[t.state]} testId="provider-transfer-state">
                    {t.state}
                  </Badge>
                  {t.resolved_at && (
                    <div css={smallCss}>
                      <DateTime value={t.resolved_at} zone /> · {t.resolved_by}
                    </div>
                  )}
                </td>
                <td data-testid="provider-transfer-answer">
                  {t.provider_state ? ANSWER[t.provider_state] : t.state === 'pending' ? <Muted>none yet</Muted> : '—'}
                  {t.state === 'pending' && (
                    <div css={smallCss}>
                      {t.attempts} attempt{t.attempts === 1 ? '' : 's'}
                      {t.last_error ? ` · last error: ${t.last_error}` : ''}
                    </div>
                  )}
                </td>
                {canAct && (
                  <td>
                    {t.state === 'pending' && (
                      <span
                        css={css`
                          display: inline-flex;
                          gap: 6px;
                        `}
                      >
                        <Button
                          variant="secondary"
                          disabled={busy !== null}
                          data-testid="provider-transfer-requery"
                          onClick={() => void requery(t)}
                        >
                          {busy === t.id ? 'Asking…' : 'Re-query'}
                        </Button>
                        {t.provider_state && (
                          <Button disabled={busy !== null} data-testid="provider-transfer-resolve" onClick={() => setResolving(t)}>
                            Resolve…
                          </Button>
                        )}
                      </span>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {resolving && (
        <ResolveDialog
          transfer={resolving}
          onClose={() => setResolving(null)}
          onResolved={(t) => {
            setResolving(null);
            setNote(`Transfer ${t.id} ${t.state}.`);
            props.onChanged();
          }}
        />
      )}
    </div>
  );
}

const tableCss = css`
  width: 100%;
  td {
    vertical-align: top;
  }
  th:nth-of-type(n),
  td:nth-of-type(n) {
    text-align: left;
  }
`;
const smallCss = css`
  font-size: 11px;
  color: ${theme.color.textMuted};
  white-space: normal;
  max-width: 240px;
`;

/** Resolve a pending transfer by the provider's recorded answer, with the reason the audit log keeps. */
function ResolveDialog(props: { transfer: StaffProviderTransfer; onClose: () => void; onResolved: (t: StaffProviderTransfer) => void }) {
  const change = useStaffChange();
  const t = props.transfer;
  const [reason, setReason] = useState('');
  const [noReason, setNoReason] = useState(false);
  async function resolve() {
    setNoReason(reason.trim().length < 3);
    if (reason.trim().length < 3) return change.reset();
    const r = await change.run(staffResolveProviderTransfer, { params: { id: t.id }, body: { reason: reason.trim() } });
    if (r) props.onResolved(r.transfer);
  }
  return (
    <Modal
      open
      title={`Resolve transfer ${t.id}`}
      onClose={props.onClose}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button disabled={change.pending} data-testid="provider-transfer-resolve-confirm" onClick={() => void resolve()}>
            Resolve
          </Button>
        </>
      }
    >
      <div data-testid="provider-transfer-resolve-dialog">
        <p
          css={css`
            margin: 0 0 8px;
          `}
        >
          {t.direction === 'in' ? `Main → ${t.name}` : `${t.name} → Main`}, <Money value={t.amount} /> {t.currency}. {t.name} answered{' '}
          <strong>{t.provider_state ? ANSWER[t.provider_state] : '—'}</strong>, so the transfer will be <strong>{OUTCOME(t)}</strong>.
        </p>
        <TextArea label="Reason (kept in the audit log)" value={reason} onChange={setReason} testId="provider-transfer-reason" />
        <ErrorText>{noReason ? 'Write why: the reason is kept in the audit log.' : change.errorText}</ErrorText>
      </div>
    </Modal>
  );
}
