// The payments desk: deposits and withdrawals by status, with a detail drawer to approve or reject.
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  PAYMENT_SORTABLE,
  STAFF_RECEIPT_PATH,
  staffApproveTransaction,
  staffConfirmPayout,
  staffPayment,
  staffPaymentMethods,
  staffPayments,
  staffRejectTransaction,
  type ResponseOf,
  type StaffPaymentRow,
} from '@khela/contracts';
import { ApiError, Badge, Button, ErrorText, Select, StatusText, Tabs, TextArea, theme, Muted, Row } from '@khela/web';
import { DataTable, useStaffPages } from '../../ui/DataTable';
import { useStaffChange, useStaffQuery } from '../../ui/query';
import { Facts, controlCss } from '../../ui/layout';
import { useStaffImage } from '../../ui/image';
import { when, whenCell } from '../../ui/time';
import { errorText, StatusTag, statusLabel } from './ui';

type StatusTab = '0' | '1' | '2' | 'all';
const STATUS_TABS: Array<{ key: StatusTab; label: string }> = [
  { key: '0', label: 'Pending' },
  { key: '1', label: 'Approved' },
  { key: '2', label: 'Rejected' },
  { key: 'all', label: 'All' },
];
type Detail = ResponseOf<typeof staffPayment>;

const money = (amount: string, currency: string) => `${amount} ${currency}`;

export function Desk() {
  const [status, setStatus] = useState<StatusTab>('0');
  const [action, setAction] = useState<'all' | 'deposit' | 'withdraw'>('all');
  const [currency, setCurrency] = useState<'' | 'BDT' | 'INR' | 'PKR'>('');
  const [method, setMethod] = useState('');
  const [player, setPlayer] = useState('');
  const [playerFilter, setPlayerFilter] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  // the method filter's options (none when the read failed)
  const methods =
    useStaffQuery(
      staffPaymentMethods,
      { query: { per_page: 200 } },
      { select: (r) => r.data.map((m) => ({ value: String(m.id), label: m.name })) },
    ).data ?? [];
  useEffect(() => {
    const t = setTimeout(() => setPlayerFilter(player.trim()), 300);
    return () => clearTimeout(t);
  }, [player]);

  // a request or a decision anywhere (the staff stream's `payment`): the list reloads (the open drawer reloads itself)
  const source = useStaffPages(
    staffPayments,
    (q) => ({
      query: {
        ...q,
        sort: q.sort as (typeof PAYMENT_SORTABLE)[number] | undefined,
        status,
        action,
        ...(currency ? { currency } : {}),
        ...(method ? { method: Number(method) } : {}),
        ...(playerFilter ? { player: playerFilter } : {}),
      },
    }),
    { topics: ['payment'] },
  );

  const columns = useMemo<ColumnDef<StaffPaymentRow, unknown>[]>(
    () => [
      { id: 'created_at', header: 'Requested (GMT+6)', cell: (c) => whenCell(c.row.original.created_at) },
      { id: 'public_id', header: 'ID', enableSorting: false, cell: (c) => c.row.original.public_id },
      { id: 'username', header: 'Player', cell: (c) => c.row.original.username },
      {
        id: 'action',
        header: 'Type',
        cell: (c) =>
          `${c.row.original.action === 'deposit' ? 'Deposit' : 'Withdrawal'}${c.row.original.mode === 'ewallet' ? ' (e-wallet)' : ''}`,
      },
      {
        id: 'amount',
        header: 'Amount',
        cell: (c) => (
          <span data-testid="amount">
            {money(c.row.original.amount, c.row.original.currency)}
            {c.row.original.bonus !== '0.00' ? ` + ${c.row.original.bonus} bonus` : ''}
          </span>
        ),
      },
      {
        id: 'method',
        header: 'Method',
        enableSorting: false,
        cell: (c) => [c.row.original.method_name ?? '—', c.row.original.channel].filter(Boolean).join(' · '),
      },
      {
        id: 'details',
        header: 'Account / Trx ID',
        enableSorting: false,
        cell: (c) => [c.row.original.account_number, c.row.original.payer_trx_id].filter(Boolean).join(' · '),
      },
      { id: 'receipts', header: 'Receipts', enableSorting: false, cell: (c) => c.row.original.receipts || '' },
      {
        id: 'status',
        header: 'Status',
        cell: (c) => (
          <>
            <StatusTag status={c.row.original.status} />
            {c.row.original.verification_required && <VerificationTag />}
            {c.row.original.status === 0 && c.row.original.payout_unverified && !c.row.original.payout_confirmed_by && (
              <VerificationTag label="Other number" title="The payout number is not one of the player's verified numbers" />
            )}
          </>
        ),
      },
      { id: 'decided_at', header: 'Decided (GMT+6)', cell: (c) => whenCell(c.row.original.decided_at) },
    ],
    [],
  );

  return (
    <div>
      <Tabs label="Payment status" tabs={STATUS_TABS} value={status} onChange={setStatus} />
      <DataTable<StaffPaymentRow>
        testId="payments-table"
        columns={columns}
        source={source}
        reloadKey={`${status}|${action}|${currency}|${method}|${playerFilter}`}
        rowKey={(r) => String(r.id)}
        searchPlaceholder="Search ID, trx ID, account, username"
        onRowClick={(r) => setOpenId(r.id)}
        toolbar={
          <>
            <Select
              inline
              label="Type"
              value={action}
              onChange={setAction}
              options={[
                { value: 'all', label: 'All' },
                { value: 'deposit', label: 'Deposits' },
                { value: 'withdraw', label: 'Withdrawals' },
              ]}
            />
            <Select
              inline
              label="Currency"
              value={currency}
              onChange={setCurrency}
              options={[
                { value: '', label: 'All' },
                { value: 'BDT', label: 'BDT' },
                { value: 'INR', label: 'INR' },
                { value: 'PKR', label: 'PKR' },
              ]}
            />
            <Select inline label="Method" value={method} onChange={setMethod} options={[{ value: '', label: 'All' }, ...methods]} />
            <input
              css={controlCss}
              aria-label="Player id or username"
              placeholder="Player id or username"
              value={player}
              onChange={(e) => setPlayer(e.target.value)}
            />
          </>
        }
        csv={{
          name: `payments-${STATUS_TABS.find((t) => t.key === status)!.label.toLowerCase()}`,
          columns: [
            { header: 'id', value: (r) => r.public_id },
            { header: 'requested_at', value: (r) => r.created_at },
            { header: 'player_id', value: (r) => r.player_id },
            { header: 'username', value: (r) => r.username },
            { header: 'type', value: (r) => r.action },
            { header: 'mode', value: (r) => r.mode },
            { header: 'amount', value: (r) => r.amount },
            { header: 'bonus', value: (r) => r.bonus },
            { header: 'currency', value: (r) => r.currency },
            { header: 'method', value: (r) => r.method_name },
            { header: 'channel', value: (r) => r.channel },
            { header: 'account_number', value: (r) => r.account_number },
            { header: 'payer_trx_id', value: (r) => r.payer_trx_id },
            { header: 'status', value: (r) => statusLabel(r.status) },
            { header: 'decided_at', value: (r) => r.decided_at },
            { header: 'decided_by', value: (r) => r.decided_by },
            { header: 'note', value: (r) => r.decision_note },
          ],
        }}
      />
      {openId !== null && <PaymentDrawer id={openId} onClose={() => setOpenId(null)} onDecided={() => undefined} />}
    </div>
  );
}

const drawerCss = css`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  width: min(520px, 100%);
  background: ${theme.color.surface};
  border-left: 1px solid ${theme.color.border};
  box-shadow: -8px 0 24px rgba(0, 0, 0, 0.4);
  padding: 16px 20px;
  overflow: auto;
  z-index: 900;
  h2 {
    margin: 0;
    font-size: 17px;
  }
  h3 {
    font-size: 14px;
    margin: 16px 0 6px;
  }
  ol {
    margin: 0;
    padding-left: 18px;
    font-size: 13px;
  }
  li {
    margin-bottom: 4px;
  }
`;

const warningNoteCss = css`
  margin: 12px 0 0;
  padding: 8px 12px;
  border: 1px solid ${theme.color.warning};
  border-radius: ${theme.radius.sm};
  font-size: 13px;
`;

/** One request: facts, the player's money, receipts, the timeline, and approve / reject with a reason. */
export function PaymentDrawer(props: { id: number; onClose: () => void; onDecided: () => void }) {
  // this request, read again when the staff stream says it changed
  const read = useStaffQuery(
    staffPayment,
    { params: { id: props.id } },
    { topics: ['payment'], onlyIf: (e) => (e.payload as { id?: number }).id === props.id },
  );
  const detail: Detail | null = read.data ?? null;
  const error = read.error ? errorText(read.error) : null;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const change = useStaffChange();
  // the API's refusal of a decision, shown under the buttons (a withdrawal waiting for a CDD check, say)
  const refusalCode = change.error instanceof ApiError ? (change.error.data as { code?: unknown } | undefined)?.code : undefined;
  const refusal = change.error ? { text: errorText(change.error), verification: refusalCode === 'verification_required' } : null;

  useEffect(() => {
    setReason('');
    setNotice(null);
    change.reset();
    setReasonError(undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- another request opened
  }, [props.id]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && props.onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [props]);

  async function decideAs(verb: 'approve' | 'reject') {
    if (verb === 'reject' && reason.trim().length < 3) {
      setReasonError('Give a reason (at least 3 characters): the player reads it.');
      return;
    }
    setReasonError(undefined);
    const r =
      verb === 'approve'
        ? await change.run(staffApproveTransaction, { params: { id: props.id }, body: reason.trim() ? { reason: reason.trim() } : {} })
        : await change.run(staffRejectTransaction, { params: { id: props.id }, body: { reason: reason.trim() } });
    // refused: the request is read again (another operator may have decided it)
    if (!r) return void read.refetch();
    setNotice(r.changed ? `${r.message}.` : `Already ${r.status === 1 ? 'approved' : 'rejected'}.`);
    props.onDecided();
  }

  async function confirmPayout() {
    if (reason.trim().length < 3) {
      setReasonError('Give a reason (at least 3 characters): how the number was checked with the player.');
      return;
    }
    setReasonError(undefined);
    const r = await change.run(staffConfirmPayout, { params: { id: props.id }, body: { reason: reason.trim() } });
    if (!r) return;
    setNotice(r.message);
    setReason('');
  }

  const p = detail?.payment;
  return (
    <aside css={drawerCss} role="dialog" aria-label="Payment request" data-testid="payment-drawer">
      <div
        css={css`
          display: flex;
          justify-content: space-between;
          align-items: center;
          margin-bottom: 12px;
        `}
      >
        <h2>
          {p ? `${p.action === 'deposit' ? 'Deposit' : 'Withdrawal'} ${p.public_id}` : 'Payment request'}{' '}
          {p && <StatusTag status={p.status} />}
        </h2>
        <Button variant="ghost" aria-label="Close" onClick={props.onClose}>
          ✕
        </Button>
      </div>
      {error && <ErrorText>{error}</ErrorText>}
      <StatusText>{notice}</StatusText>
      {p && detail && (
        <>
          <Facts>
            <dt>Amount</dt>
            <dd>
              <strong>{money(p.amount, p.currency)}</strong>
              {p.bonus !== '0.00' && ` + ${p.bonus} bonus`}
            </dd>
            <dt>Player</dt>
            <dd>
              {p.username} (#{p.player_id}){p.phone ? ` · ${p.phone}` : ''} · {detail.player.status}
            </dd>
            <dt>Balance</dt>
            <dd>
              {money(detail.player.balance, detail.player.currency)} · held {detail.player.held} · turnover left{' '}
              {detail.player.turnover_remaining}
            </dd>
            <dt>Pending requests</dt>
            <dd>{detail.player.pending}</dd>
            <dt>Method</dt>
            <dd>{[p.method_name ?? '—', p.channel, p.mode === 'ewallet' ? 'e-wallet' : 'manual'].filter(Boolean).join(' · ')}</dd>
            {p.account_number && (
              <>
                <dt>{p.action === 'deposit' ? 'Paid to' : 'Pay out to'}</dt>
                <dd>{p.account_number}</dd>
              </>
            )}
            {p.payer_trx_id && (
              <>
                <dt>Payer trx ID</dt>
                <dd>{p.payer_trx_id}</dd>
              </>
            )}
            {p.payer_number && (
              <>
                <dt>Sender</dt>
                <dd>{p.payer_number}</dd>
              </>
            )}
            {p.promotion && (
              <>
                <dt>Promotion</dt>
                <dd>{p.promotion}</dd>
              </>
            )}
            <dt>Requested</dt>
            <dd>{when(p.created_at)}</dd>
            {p.decided_at && (
              <>
                <dt>Decided</dt>
                <dd>
                  {when(p.decided_at)} by {p.decided_by}
                  {p.decision_note ? ` — ${p.decision_note}` : ''}
                </dd>
              </>
            )}
          </Facts>

          {p.verification_required && (
            <p
              role="note"
              data-testid="bo-payment-verification"
              css={css`
                margin: 12px 0 0;
                padding: 8px 12px;
                border: 1px solid ${theme.color.warning};
                border-radius: ${theme.radius.sm};
                font-size: 13px;
              `}
            >
              <strong>Verification required</strong> — record the CDD check on the player&apos;s{' '}
              <Link to={`/players/${p.player_id}?tab=protection`} data-testid="bo-payment-verification-link">
                Protection tab
              </Link>
              . The player&apos;s deposits or withdrawals in the last 180 days passed the due-diligence threshold: this withdrawal cannot be
              approved before the check is recorded (it can be rejected).
            </p>
          )}

          {p.action === 'withdraw' && p.payout_unverified && (
            <div role="note" data-testid="bo-payment-payout" css={warningNoteCss}>
              <strong>⚠ Payout to another number</strong> — {p.account_number} is not one of the player&apos;s verified numbers (their
              verified phones, and the numbers their approved deposits came from).{' '}
              {p.payout_confirmed_by ? (
                <span data-testid="bo-payment-payout-confirmed">Confirmed by {p.payout_confirmed_by}.</span>
              ) : p.status === 0 ? (
                <>
                  Check it with the player (a call to their verified phone), then confirm it with a reason below; it cannot be approved
                  before.{' '}
                  <Button
                    variant="secondary"
                    onClick={() => void confirmPayout()}
                    disabled={change.pending}
                    data-testid="bo-payment-confirm-payout"
                  >
                    Confirm payout number
                  </Button>
                </>
              ) : null}
            </div>
          )}
          {p.action === 'deposit' && p.payer_unverified && (
            <div role="note" data-testid="bo-payment-payer" css={warningNoteCss}>
              <strong>New payer number</strong> — {p.payer_number} had not paid for this player before and is not one of their verified
              phones.
            </div>
          )}

          {p.status === 0 && (
            <section aria-label="Decision">
              <h3>Decision</h3>
              <TextArea
                label={
                  p.payout_unverified && !p.payout_confirmed_by
                    ? 'Reason (required to reject, the player reads it; or to confirm the payout number)'
                    : 'Reason (required to reject; the player reads it)'
                }
                error={reasonError}
                rows={2}
                maxLength={500}
                value={reason}
                onChange={setReason}
              />
              <Row gap={8} align="stretch">
                <Button onClick={() => decideAs('approve')} disabled={change.pending}>
                  Approve
                </Button>
                <Button variant="danger" onClick={() => decideAs('reject')} disabled={change.pending}>
                  Reject
                </Button>
              </Row>
            </section>
          )}

          {refusal && (
            <ErrorText testId="bo-payment-refusal">
              {refusal.text}
              {refusal.verification && (
                <>
                  {' '}
                  <Link to={`/players/${p.player_id}?tab=protection`}>Open the player&apos;s Protection tab</Link>
                </>
              )}
            </ErrorText>
          )}

          {detail.receipts.length > 0 && (
            <>
              <h3>Receipts</h3>
              <Row gap={8} wrap align="stretch">
                {detail.receipts.map((r) => (
                  <Receipt key={r.id} id={r.id} />
                ))}
              </Row>
            </>
          )}

          <h3>Timeline</h3>
          <ol data-testid="payment-timeline">
            {detail.events.map((e) => (
              <li key={e.id}>
                <strong>{e.event.replace(/_/g, ' ')}</strong> · {when(e.created_at)} · {e.actor}
                {Object.keys(e.detail).length > 0 && (
                  <Muted>
                    {' '}
                    {Object.entries(e.detail)
                      .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
                      .join(', ')}
                  </Muted>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </aside>
  );
}

/** A withdrawal waiting for the player's customer due-diligence check. */
function VerificationTag({
  label = 'Verification required',
  title = "Waiting for the player's due-diligence check",
}: {
  label?: string;
  title?: string;
}) {
  return (
    <>
      {' '}
      <Badge tone="warning" title={title}>
        {label}
      </Badge>
    </>
  );
}

/** A receipt image, fetched with the operator's token (the API serves it only to payments staff). */
function Receipt(props: { id: number }) {
  const { src, failed } = useStaffImage(STAFF_RECEIPT_PATH.replace('{id}', String(props.id)));
  if (failed) return <span>Receipt {props.id} could not be loaded</span>;
  if (!src) return <span>Loading receipt…</span>;
  return (
    <a href={src} target="_blank" rel="noreferrer">
      <img
        src={src}
        alt={`Receipt ${props.id}`}
        css={css`
          max-height: 180px;
          max-width: 220px;
          border-radius: ${theme.radius.sm};
          border: 1px solid ${theme.color.border};
        `}
      />
    </a>
  );
}
