// Area 'kyc' (risk staff, issue 32): the identity-check queue (pending oldest first; filter by state), and one
// player's submission: the NID's two sides and the selfie (loaded with the operator's token; each view is audited by
// the API), the player's own details to compare, and the decisions: approve with the NID's birthday (it replaces and
// locks the player's), reject with a reason the player reads, or ask for a new document.
import { useMemo, useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  KYC_KINDS,
  STAFF_KYC_DOCUMENT_PATH,
  staffKycApprove,
  staffKycPlayer,
  staffKycQueue,
  staffKycReject,
  staffKycRequest,
  type KycKind,
  type KycStatus,
  type StaffKycDetail,
  type StaffKycDocument,
  type StaffKycRow,
} from '@khela/contracts';
import {
  AsyncState,
  Badge,
  Button,
  Card,
  DateTime,
  ErrorText,
  Field,
  Select,
  StatusText,
  TextArea,
  theme,
  type Tone,
  Muted,
  Row,
} from '@khela/web';
import { DataTable, useStaffPages } from '../../ui/DataTable';
import { Facts, Screen, Toolbar, Note, PanelCard, CardHeading } from '../../ui/layout';
import { whenCell } from '../../ui/time';
import { useStaffImage } from '../../ui/image';
import { useStaffChange, useStaffQuery } from '../../ui/query';

export const KIND_LABELS: Record<KycKind, string> = { nid_front: 'NID front', nid_back: 'NID back', selfie: 'Selfie' };
const STATUS_LABELS: Record<KycStatus, string> = { none: 'not sent', pending: 'pending', verified: 'verified', rejected: 'rejected' };

export default function Kyc() {
  return (
    <Routes>
      <Route index element={<Queue />} />
      <Route path=":id" element={<Submission />} />
    </Routes>
  );
}

const KYC_TONE: Record<KycStatus, Tone> = { verified: 'success', pending: 'warning', rejected: 'danger', none: 'muted' };

export function KycBadge({ status }: { status: KycStatus }) {
  return (
    <Badge tone={KYC_TONE[status]} testId="kyc-badge">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

type Filter = KycStatus | 'all';

function Queue() {
  const navigate = useNavigate();
  const [status, setStatus] = useState<Filter>('pending');
  const source = useStaffPages(staffKycQueue, (q) => ({ query: { ...q, sort: q.sort as never, status } }));
  const columns = useMemo<ColumnDef<StaffKycRow, any>[]>(
    () => [
      {
        id: 'player_id',
        header: 'Player',
        accessorKey: 'player_id',
        cell: ({ row }) => `${row.original.username} (#${row.original.player_id})`,
      },
      { id: 'name', header: 'Name', enableSorting: false, cell: ({ row }) => row.original.name ?? '—' },
      { id: 'phone', header: 'Phone', enableSorting: false, cell: ({ row }) => row.original.phone ?? '—' },
      { id: 'dofb', header: 'Birthday typed', enableSorting: false, cell: ({ row }) => row.original.dofb ?? '—' },
      { id: 'documents', header: 'Documents', enableSorting: false, cell: ({ row }) => `${row.original.documents} of 3` },
      { id: 'submitted_at', header: 'Sent (GMT+6)', cell: ({ row }) => whenCell(row.original.submitted_at) },
      { id: 'decided_at', header: 'Decided (GMT+6)', enableSorting: false, cell: ({ row }) => whenCell(row.original.decided_at) },
      { id: 'status', header: 'State', enableSorting: false, cell: ({ row }) => <KycBadge status={row.original.status} /> },
    ],
    [],
  );
  return (
    <Screen>
      <h1>Identity checks (KYC)</h1>
      <DataTable
        testId="kyc-queue"
        columns={columns}
        source={source}
        reloadKey={status}
        rowKey={(r) => String(r.player_id)}
        initialSort={{ id: 'submitted_at', desc: status !== 'pending' }}
        searchPlaceholder="Player id, phone or username"
        onRowClick={(r) => void navigate(`/kyc/${r.player_id}`)}
        toolbar={
          <Select<Filter>
            label="State"
            inline
            value={status}
            onChange={setStatus}
            options={['pending', 'rejected', 'verified', 'none', 'all']}
          />
        }
      />
    </Screen>
  );
}

function Submission() {
  const id = Number(useParams().id);
  const q = useStaffQuery(staffKycPlayer, { params: { id } });
  return (
    <Screen>
      <Toolbar>
        <Link to="/kyc">← Queue</Link>
        <Link to={`/players/${id}`}>Player page</Link>
      </Toolbar>
      <AsyncState query={q}>{(d) => <SubmissionView detail={d} />}</AsyncState>
    </Screen>
  );
}

/** One submission with its decisions; decided, the submission is read again (as every query after a change). */
function SubmissionView({ detail }: { detail: StaffKycDetail }) {
  const change = useStaffChange();
  const p = detail.player;
  const [dofb, setDofb] = useState('');
  const [reason, setReason] = useState('');
  const [kinds, setKinds] = useState<KycKind[]>([]);
  // what the form refuses before sending; the API's refusal is the change's error
  const [invalid, setInvalid] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const error = invalid ?? change.errorText;
  const busy = change.pending;
  const current = detail.documents.filter((d) => d.current && !d.purged);
  const older = detail.documents.filter((d) => !d.current && !d.purged);
  const pending = detail.status === 'pending';

  async function act(sent: Promise<{ message: string } | undefined>) {
    const r = await sent;
    if (!r) return;
    setDone(r.message);
    setReason('');
  }
  /** Refused before sending: says why (and forgets the last answer). */
  const refuse = (why: string) => {
    setDone(null);
    change.reset();
    setInvalid(why);
  };
  const send = (sent: () => Promise<{ message: string } | undefined>) => {
    setDone(null);
    setInvalid(null);
    void act(sent());
  };
  const approve = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dofb)) return refuse('Type the birthday printed on the NID.');
    send(() => change.run(staffKycApprove, { params: { id: p.id }, body: { dofb, ...(reason.trim() ? { reason: reason.trim() } : {}) } }));
  };
  const reject = () => {
    if (reason.trim().length < 3) return refuse('Give a reason (at least 3 characters): the player reads it.');
    send(() => change.run(staffKycReject, { params: { id: p.id }, body: { reason: reason.trim() } }));
  };
  const ask = () => {
    if (kinds.length === 0) return refuse('Tick the document(s) the player must send again.');
    if (reason.trim().length < 3) return refuse('Give a reason (at least 3 characters): the player reads it.');
    send(() => change.run(staffKycRequest, { params: { id: p.id }, body: { kinds, reason: reason.trim() } }));
  };

  return (
    <div data-testid="kyc-submission">
      <h1>
        KYC · {p.username} (#{p.id}) <KycBadge status={detail.status} />
      </h1>
      <PanelCard>
        <Facts>
          <dt>Name given</dt>
          <dd>{p.name ?? '—'}</dd>
          <dt>Phone</dt>
          <dd>
            {p.phone ?? '—'} {p.phone_verified ? '(verified)' : '(not verified)'}
          </dd>
          <dt>Birthday</dt>
          <dd data-testid="kyc-player-dofb">
            {p.dofb ?? 'not set'}
            {detail.nid_dofb ? ' (from the NID, locked)' : ' (typed by the player)'}
          </dd>
          <dt>Account opened</dt>
          <dd>
            <DateTime value={p.created_at} zone />
          </dd>
          {detail.submitted_at && (
            <>
              <dt>Sent</dt>
              <dd>
                <DateTime value={detail.submitted_at} zone />
              </dd>
            </>
          )}
          {detail.decided_at && (
            <>
              <dt>Decided</dt>
              <dd>
                <DateTime value={detail.decided_at} zone /> by {detail.decided_by ?? '—'}
                {detail.reason ? ` — ${detail.reason}` : ''}
                {detail.requested.length > 0 && detail.status === 'rejected'
                  ? ` (asked for: ${detail.requested.map((k) => KIND_LABELS[k]).join(', ')})`
                  : ''}
              </dd>
            </>
          )}
        </Facts>
        <Note place="above">Every view of a document is written to the audit log under your name.</Note>
      </PanelCard>

      <div
        css={css`
          display: grid;
          grid-template-columns: repeat(3, minmax(0, 1fr));
          gap: 12px;
          margin-bottom: 12px;
        `}
      >
        {KYC_KINDS.map((k) => {
          const d = current.find((x) => x.kind === k);
          return (
            <Card key={k}>
              <CardHeading as="h3">{KIND_LABELS[k]}</CardHeading>
              {d ? <DocumentImage doc={d} /> : <p>Not sent.</p>}
            </Card>
          );
        })}
      </div>
      {older.length > 0 && (
        <details
          css={css`
            margin-bottom: 12px;
          `}
        >
          <summary>Earlier uploads ({older.length})</summary>
          <div
            css={css`
              display: flex;
              flex-wrap: wrap;
              gap: 12px;
              margin-top: 8px;
            `}
          >
            {older.map((d) => (
              <div key={d.id}>
                <div>{KIND_LABELS[d.kind]}</div>
                <DocumentImage doc={d} small />
              </div>
            ))}
          </div>
        </details>
      )}

      {pending && (
        <Card>
          <CardHeading>Decision</CardHeading>
          <Row gap={16} align="end" wrap>
            <Field label="Birthday on the NID (replaces and locks the player's)" hint="As printed on the card">
              {(f) => (
                <input
                  id={f.id}
                  aria-invalid={f.invalid}
                  aria-describedby={f.describedBy}
                  data-testid="kyc-nid-dofb"
                  type="date"
                  max={new Date().toISOString().slice(0, 10)}
                  value={dofb}
                  onChange={(e) => setDofb(e.target.value)}
                  css={css`
                    height: 36px;
                    padding: 0 8px;
                  `}
                />
              )}
            </Field>
            <Button onClick={approve} disabled={busy} data-testid="kyc-approve">
              Approve
            </Button>
          </Row>
          <TextArea
            label="Reason (required to reject or ask again; the player reads it)"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={setReason}
          />
          <fieldset
            css={css`
              border: none;
              padding: 0;
              margin: 0 0 8px;
              display: flex;
              gap: 12px;
              flex-wrap: wrap;
            `}
          >
            <legend>Ask again for</legend>
            {KYC_KINDS.map((k) => (
              <label key={k}>
                <input
                  type="checkbox"
                  checked={kinds.includes(k)}
                  onChange={(e) => setKinds((ks) => (e.target.checked ? [...ks, k] : ks.filter((x) => x !== k)))}
                />{' '}
                {KIND_LABELS[k]}
              </label>
            ))}
          </fieldset>
          <Row gap={8} align="stretch">
            <Button variant="secondary" onClick={ask} disabled={busy} data-testid="kyc-ask">
              Ask for a new document
            </Button>
            <Button variant="danger" onClick={reject} disabled={busy} data-testid="kyc-reject">
              Reject
            </Button>
          </Row>
        </Card>
      )}
      {error && <ErrorText testId="kyc-error">{error}</ErrorText>}
      {done && <StatusText testId="kyc-done">{done}</StatusText>}
    </div>
  );
}

/** A document's image, fetched with the operator's token into a blob URL (the API audits the view). */
function DocumentImage({ doc, small }: { doc: StaffKycDocument; small?: boolean }) {
  const { src, failed } = useStaffImage(STAFF_KYC_DOCUMENT_PATH.replace('{id}', String(doc.id)), { noStore: true });
  if (failed) return <span>Document {doc.id} could not be loaded</span>;
  if (!src) return <span>Loading…</span>;
  return (
    <figure
      css={css`
        margin: 0;
      `}
    >
      <a href={src} target="_blank" rel="noreferrer">
        <img
          src={src}
          alt={`${KIND_LABELS[doc.kind]} of the player`}
          data-testid={`kyc-doc-${doc.kind}`}
          css={css`
            display: block;
            max-width: 100%;
            max-height: ${small ? 140 : 320}px;
            border-radius: ${theme.radius.sm};
            border: 1px solid ${theme.color.border};
            object-fit: contain;
          `}
        />
      </a>
      <Muted as="figcaption">
        {doc.width}×{doc.height} · {Math.round(doc.size / 1024)} KB · <DateTime value={doc.uploaded_at} zone />
      </Muted>
    </figure>
  );
}
