// A player's page: header with the wallet, protection badges and the actions the operator's role allows, and tabs
// (profile, protection, ledger, bets, turnover, sessions, notes); the lists are server-paged tables.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  KYC_REVIEW_ROLES,
  PLAYER_ADJUST_ROLES,
  PLAYER_READ_ROLES,
  PLAYER_SESSION_ROLES,
  PLAYER_STATUS_ROLES,
  staffAddPlayerNote,
  staffPlayer,
  staffPlayerBets,
  staffPlayerLedger,
  staffPlayerNotes,
  staffPlayerProtection,
  staffPlayerSessions,
  staffPlayerTurnovers,
  type StaffBetRow,
  type StaffLedgerRow,
  type StaffNoteRow,
  type StaffPlayerProfile,
  type StaffPlayerProtection,
  type StaffSessionRow,
  type StaffTurnoverRow,
} from '@khela/contracts';
import { Button, Card, Spinner, Tabs, theme } from '@khela/web';
import { allows, useOperator, useStaff } from '../../staff/context';
import { DataTable, type PageQuery } from '../../ui/DataTable';
import { Facts, Screen, Toolbar } from '../../ui/layout';
import { StrButton } from '../risk/StrButton';
import { RiskExemptions } from '../risk/Exemptions';
import { DebtWriteOff } from './DebtWriteOff';
import { AdjustForm, RevokeForm, StatusForm } from './forms';
import { HoldPanel } from './HoldPanel';
import { LiabilityLimits } from './LiabilityLimits';
import { LinkedAccounts } from './LinkedAccounts';
import { ProtectionBadges, ProtectionTab } from './ProtectionTab';
import { ProviderWalletsSection } from './ProviderWalletsSection';
import { Amount, ErrorLine, FlagCell, Select, StatusBadge, TextArea, when, whenCell } from './ui';

const TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'protection', label: 'Protection' },
  { key: 'ledger', label: 'Ledger' },
  { key: 'bets', label: 'Bets' },
  { key: 'turnover', label: 'Turnover' },
  { key: 'sessions', label: 'Sessions' },
  { key: 'notes', label: 'Notes' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const pageQuery = (q: PageQuery) => ({ page: q.page, per_page: q.per_page, dir: q.dir, ...(q.q ? { q: q.q } : {}) });

export function PlayerPage() {
  const { api } = useStaff();
  const op = useOperator();
  const id = Number(useParams().id);
  const [search, setSearch] = useSearchParams();
  const tab = (TABS.some((t) => t.key === search.get('tab')) ? search.get('tab') : 'profile') as TabKey;
  const [player, setPlayer] = useState<StaffPlayerProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [flash, setFlash] = useState<string | null>(null);
  const [dialog, setDialog] = useState<null | 'status' | 'adjust' | 'revoke-all'>(null);
  const [tick, setTick] = useState(0);

  const reload = useCallback(() => {
    api.call(staffPlayer, { params: { id } }).then(
      (p) => {
        setPlayer(p);
        setError(null);
      },
      (err: Error) => setError(err.message),
    );
  }, [api, id]);
  useEffect(reload, [reload]);

  // the player's protection: the header's badges and the Protection tab (re-read whenever the tab is opened)
  const [protection, setProtection] = useState<StaffPlayerProtection | null>(null);
  const [protectionError, setProtectionError] = useState<string | null>(null);
  const shownId = useRef(id);
  shownId.current = id;
  const reloadProtection = useCallback(() => {
    api.call(staffPlayerProtection, { params: { id } }).then(
      (p) => {
        if (shownId.current !== id) return;
        setProtection(p);
        setProtectionError(null);
      },
      (err: Error) => shownId.current === id && setProtectionError(err.message),
    );
  }, [api, id]);
  useEffect(() => {
    setProtection(null);
    setProtectionError(null);
    reloadProtection();
  }, [reloadProtection]);
  const lastTab = useRef(tab);
  useEffect(() => {
    if (tab === 'protection' && lastTab.current !== 'protection') reloadProtection();
    lastTab.current = tab;
  }, [tab, reloadProtection]);

  const saved = (message: string) => {
    setDialog(null);
    setFlash(message);
    setTick((t) => t + 1);
    reload();
  };

  if (error && !player) {
    return (
      <Screen>
        <Link to="/players">← Players</Link>
        <ErrorLine>{error}</ErrorLine>
      </Screen>
    );
  }
  if (!player) return <Spinner label="Loading player" />;
  const p = player;

  return (
    <Screen data-testid="player-page">
      <Link
        to="/players"
        css={css`
          color: ${theme.color.textMuted};
          font-size: 13px;
        `}
      >
        ← Players
      </Link>
      <div
        css={css`
          display: flex;
          align-items: center;
          gap: 12px;
          flex-wrap: wrap;
          margin: 8px 0 12px;
        `}
      >
        <h1
          css={css`
            margin: 0 !important;
          `}
        >
          {p.username} <small style={{ color: theme.color.textMuted, fontWeight: 400 }}>#{p.id}</small>
        </h1>
        <StatusBadge status={p.status} testId="player-status" />
        <span data-testid="player-flags" style={{ fontSize: 13 }}>
          exchange <FlagCell value={p.exchange_market} /> · casino <FlagCell value={p.cs_market} />
        </span>
        <HoldPanel key={id} playerId={id} username={p.username} onSaved={saved} />
        <ProtectionBadges p={protection} to={`/players/${id}?tab=protection`} />
      </div>
      <div
        css={css`
          display: grid;
          grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
          gap: 8px;
          margin-bottom: 12px;
        `}
      >
        {(
          [
            ['Balance', p.wallet.balance],
            ['Available', p.wallet.available],
            ['Exposure', p.wallet.exposure],
            ['Pending withdrawals', p.wallet.pending_withdrawals],
            ['Owed', p.wallet.owed],
            ['Cash bonus', p.cash_bonus],
            ['VIP coin', String(p.vip_coin)],
            ['Turnover to go', p.turnover_remaining],
          ] as const
        ).map(([label, value]) => (
          <Card
            key={label}
            css={css`
              padding: 8px 12px;
            `}
          >
            <div style={{ fontSize: 12, color: theme.color.textMuted }}>{label}</div>
            <div data-testid={`wallet-${label.toLowerCase().replace(/ /g, '-')}`} style={{ fontSize: 17, fontWeight: 600 }}>
              {value} {label === 'VIP coin' ? '' : p.currency}
            </div>
          </Card>
        ))}
      </div>
      <LinkedAccounts links={p.links ?? []} />
      <RiskExemptions key={`exemptions-${id}`} playerId={id} />
      <ProviderWalletsSection key={id} playerId={id} />
      <Toolbar>
        {allows(op, PLAYER_STATUS_ROLES) && (
          <Button variant="secondary" onClick={() => setDialog('status')}>
            Status and flags…
          </Button>
        )}
        {allows(op, PLAYER_ADJUST_ROLES) && (
          <Button variant="secondary" onClick={() => setDialog('adjust')}>
            Adjust balance…
          </Button>
        )}
        {allows(op, PLAYER_SESSION_ROLES) && (
          <Button variant="secondary" onClick={() => setDialog('revoke-all')}>
            Log out everywhere…
          </Button>
        )}
        <DebtWriteOff player={p} onSaved={saved} />
        <StrButton player={id} />
        {flash && (
          <span role="status" style={{ color: theme.color.success, fontSize: 13 }}>
            {flash}
          </span>
        )}
      </Toolbar>
      <Tabs<TabKey>
        label="Player"
        tabs={[...TABS]}
        value={tab}
        onChange={(k) =>
          setSearch(
            (s) => {
              s.set('tab', k);
              return s;
            },
            { replace: true },
          )
        }
      />
      {tab === 'profile' && <ProfileTab p={p} />}
      {tab === 'protection' && (
        <ProtectionTab
          playerId={id}
          data={protection}
          error={protectionError}
          onReload={reloadProtection}
          onChanged={(next) => {
            setProtection(next);
            setProtectionError(null);
          }}
        />
      )}
      {tab === 'ledger' && <LedgerTab id={id} tick={tick} />}
      {tab === 'bets' && <BetsTab id={id} onSaved={saved} />}
      {tab === 'turnover' && <TurnoverTab id={id} />}
      {tab === 'sessions' && <SessionsTab id={id} tick={tick} onRevoked={saved} canRevoke={allows(op, PLAYER_SESSION_ROLES)} />}
      {tab === 'notes' && <NotesTab id={id} canWrite={allows(op, PLAYER_READ_ROLES)} />}

      <StatusForm player={p} open={dialog === 'status'} onClose={() => setDialog(null)} onSaved={saved} />
      <AdjustForm player={p} open={dialog === 'adjust'} onClose={() => setDialog(null)} onSaved={saved} />
      <RevokeForm playerId={id} session={null} open={dialog === 'revoke-all'} onClose={() => setDialog(null)} onSaved={saved} />
    </Screen>
  );
}

function ProfileTab({ p }: { p: StaffPlayerProfile }) {
  const op = useOperator();
  const yes = (v: boolean) => (v ? 'verified' : 'not verified');
  return (
    <div
      css={css`
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(320px, 1fr));
        gap: 16px;
      `}
    >
      <Card>
        <h2>Identity</h2>
        <Facts>
          <dt>Name</dt>
          <dd>{p.name ?? '—'}</dd>
          <dt>Phone</dt>
          <dd>
            {p.phone ?? '—'} ({yes(p.phone_verified)})
          </dd>
          <dt>E-mail</dt>
          <dd>
            {p.email ?? '—'} ({p.email_verified_at ? `verified ${when(p.email_verified_at)}` : 'not verified'})
          </dd>
          <dt>Date of birth</dt>
          <dd>
            {p.dofb ?? '—'}
            {p.kyc?.birthday_locked ? ' (from the NID, locked)' : ''}
          </dd>
          <dt>Identity (KYC)</dt>
          <dd data-testid="player-kyc">
            {p.kyc?.status ?? 'none'}
            {p.kyc && p.kyc.status !== 'none' && allows(op, KYC_REVIEW_ROLES) && (
              <>
                {' '}
                · <Link to={`/kyc/${p.id}`}>documents</Link>
              </>
            )}
          </dd>
          <dt>Currency</dt>
          <dd>{p.currency}</dd>
          <dt>Signed up</dt>
          <dd>{when(p.created_at)}</dd>
          <dt>Last log-in</dt>
          <dd>{when(p.last_login_at)}</dd>
          <dt>Live sessions</dt>
          <dd>{p.live_sessions}</dd>
        </Facts>
      </Card>
      <Card>
        <h2>Status and codes</h2>
        <Facts>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={p.status} />
          </dd>
          <dt>exchange_market</dt>
          <dd>
            {p.exchange_market} (<FlagCell value={p.exchange_market} />)
          </dd>
          <dt>cs_market</dt>
          <dd>
            {p.cs_market} (<FlagCell value={p.cs_market} />)
          </dd>
          <dt>Referral code</dt>
          <dd>{p.referral_code}</dd>
          <dt>Referred by</dt>
          <dd>{p.referred_by ? <Link to={`/players/${p.referred_by}`}>#{p.referred_by}</Link> : '—'}</dd>
          <dt>Agent code</dt>
          <dd>{p.agent_code ?? '—'}</dd>
          <dt>Affiliate code</dt>
          <dd>{p.affiliate_code ?? '—'}</dd>
          <dt>Updated</dt>
          <dd>{when(p.updated_at)}</dd>
        </Facts>
      </Card>
    </div>
  );
}

function LedgerTab({ id, tick }: { id: number; tick: number }) {
  const { api } = useStaff();
  const [account, setAccount] = useState<'' | 'main' | 'held' | 'exposure' | 'owed'>('');
  const columns = useMemo<ColumnDef<StaffLedgerRow, any>[]>(
    () => [
      { id: 'id', header: 'Posting', accessorKey: 'id' },
      { id: 'created_at', header: 'Time (GMT+6)', enableSorting: false, cell: (c) => whenCell(c.row.original.created_at) },
      { id: 'kind', header: 'Kind', accessorKey: 'kind', enableSorting: false },
      { id: 'account', header: 'Account', accessorKey: 'account', enableSorting: false },
      { id: 'amount', header: 'Amount', enableSorting: false, cell: (c) => <Amount value={c.row.original.amount} /> },
      { id: 'reference', header: 'Reference', accessorKey: 'reference', enableSorting: false },
      { id: 'note', header: 'Note', accessorKey: 'note', enableSorting: false },
      { id: 'transfer_id', header: 'Transfer', accessorKey: 'transfer_id', enableSorting: false },
    ],
    [],
  );
  return (
    <DataTable
      testId="player-ledger"
      columns={columns}
      rowKey={(r) => String(r.id)}
      reloadKey={`${account}|${tick}`}
      initialSort={{ id: 'id', desc: true }}
      load={(q) => api.call(staffPlayerLedger, { params: { id }, query: { ...pageQuery(q), ...(account ? { account } : {}) } })}
      toolbar={
        <Select
          label="Account"
          hideLabel
          value={account}
          onChange={setAccount}
          options={[
            { value: '', label: 'All accounts' },
            { value: 'main', label: 'main (available)' },
            { value: 'exposure', label: 'exposure' },
            { value: 'held', label: 'held (withdrawals)' },
            { value: 'owed', label: 'owed' },
          ]}
        />
      }
      csv={{
        name: `player-${id}-ledger`,
        columns: [
          { header: 'posting', value: (r) => r.id },
          { header: 'transfer', value: (r) => r.transfer_id },
          { header: 'time', value: (r) => r.created_at },
          { header: 'kind', value: (r) => r.kind },
          { header: 'account', value: (r) => r.account },
          { header: 'amount', value: (r) => r.amount },
          { header: 'reference', value: (r) => r.reference },
          { header: 'note', value: (r) => r.note },
        ],
      }}
    />
  );
}

function BetsTab({ id, onSaved }: { id: number; onSaved: (message: string) => void }) {
  const { api } = useStaff();
  const [product, setProduct] = useState<'exchange' | 'casino'>('exchange');
  const columns = useMemo<ColumnDef<StaffBetRow, any>[]>(
    () => [
      { id: 'placed_at', header: 'Placed (GMT+6)', cell: (c) => whenCell(c.row.original.placed_at) },
      { id: 'ref', header: product === 'exchange' ? 'Bet ID' : 'Round', accessorKey: 'ref', enableSorting: false },
      {
        id: 'description',
        header: product === 'exchange' ? 'Event · market · selection' : 'Game',
        accessorKey: 'description',
        enableSorting: false,
      },
      { id: 'detail', header: 'Detail', accessorKey: 'detail', enableSorting: false },
      { id: 'stake', header: 'Stake', enableSorting: false, cell: (c) => <Amount value={c.row.original.stake} /> },
      {
        id: 'result',
        header: product === 'exchange' ? 'Profit' : 'Win',
        enableSorting: false,
        cell: (c) => <Amount value={c.row.original.result} />,
      },
      { id: 'status', header: 'Status', accessorKey: 'status', enableSorting: false },
      { id: 'settled_at', header: 'Settled (GMT+6)', enableSorting: false, cell: (c) => whenCell(c.row.original.settled_at) },
    ],
    [product],
  );
  return (
    <>
      {product === 'exchange' && <LiabilityLimits playerId={id} onSaved={onSaved} />}
      <DataTable
        testId="player-bets"
        columns={columns}
        rowKey={(r) => `${r.product}-${r.id}`}
        reloadKey={product}
        initialSort={{ id: 'placed_at', desc: true }}
        load={(q) => api.call(staffPlayerBets, { params: { id }, query: { ...pageQuery(q), product } })}
        toolbar={
          <Select
            label="Product"
            hideLabel
            value={product}
            onChange={setProduct}
            options={[
              { value: 'exchange', label: 'Exchange bets' },
              { value: 'casino', label: 'Casino rounds' },
            ]}
          />
        }
        csv={{
          name: `player-${id}-${product}-bets`,
          columns: [
            { header: 'placed_at', value: (r) => r.placed_at },
            { header: 'ref', value: (r) => r.ref },
            { header: 'description', value: (r) => r.description },
            { header: 'detail', value: (r) => r.detail },
            { header: 'stake', value: (r) => r.stake },
            { header: 'result', value: (r) => r.result },
            { header: 'status', value: (r) => r.status },
            { header: 'settled_at', value: (r) => r.settled_at },
          ],
        }}
      />
    </>
  );
}

function TurnoverTab({ id }: { id: number }) {
  const { api } = useStaff();
  const columns = useMemo<ColumnDef<StaffTurnoverRow, any>[]>(
    () => [
      { id: 'id', header: 'ID', accessorKey: 'id' },
      { id: 'created_at', header: 'Started (GMT+6)', enableSorting: false, cell: (c) => whenCell(c.row.original.created_at) },
      { id: 'source', header: 'Source', accessorKey: 'source', enableSorting: false },
      { id: 'promotion', header: 'Promotion', accessorKey: 'promotion', enableSorting: false },
      { id: 'required', header: 'Required', enableSorting: false, cell: (c) => <Amount value={c.row.original.required} /> },
      { id: 'remaining', header: 'Remaining', enableSorting: false, cell: (c) => <Amount value={c.row.original.remaining} /> },
      { id: 'status', header: 'Status', accessorKey: 'status', enableSorting: false },
      { id: 'completed_at', header: 'Completed (GMT+6)', enableSorting: false, cell: (c) => whenCell(c.row.original.completed_at) },
    ],
    [],
  );
  return (
    <DataTable
      testId="player-turnover"
      columns={columns}
      rowKey={(r) => String(r.id)}
      initialSort={{ id: 'id', desc: true }}
      load={(q) => api.call(staffPlayerTurnovers, { params: { id }, query: pageQuery(q) })}
    />
  );
}

function SessionsTab(props: { id: number; tick: number; canRevoke: boolean; onRevoked: (message: string) => void }) {
  const { api } = useStaff();
  const [live, setLive] = useState<'' | '1' | '0'>('1');
  const [revoking, setRevoking] = useState<string | null>(null);
  const columns = useMemo<ColumnDef<StaffSessionRow, any>[]>(
    () => [
      { id: 'created_at', header: 'Started (GMT+6)', cell: (c) => whenCell(c.row.original.created_at) },
      { id: 'id', header: 'Session', accessorKey: 'id', enableSorting: false },
      { id: 'scope', header: 'Kind', accessorKey: 'scope', enableSorting: false },
      { id: 'expires_at', header: 'Expires (GMT+6)', enableSorting: false, cell: (c) => whenCell(c.row.original.expires_at) },
      { id: 'revoked_at', header: 'Ended (GMT+6)', enableSorting: false, cell: (c) => whenCell(c.row.original.revoked_at) },
      { id: 'live', header: 'Live', enableSorting: false, cell: (c) => (c.row.original.live ? 'yes' : 'no') },
      { id: 'address', header: 'Address', enableSorting: false, cell: (c) => c.row.original.address ?? '—' },
      {
        id: 'device',
        header: 'Device',
        enableSorting: false,
        cell: (c) => <DeviceCell deviceId={c.row.original.device_id} userAgent={c.row.original.user_agent} />,
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        cell: (c) =>
          props.canRevoke && c.row.original.live ? (
            <Button variant="ghost" style={{ minHeight: 28, padding: '2px 8px' }} onClick={() => setRevoking(c.row.original.id)}>
              End…
            </Button>
          ) : null,
      },
    ],
    [props.canRevoke],
  );
  return (
    <>
      <DataTable
        testId="player-sessions"
        columns={columns}
        rowKey={(r) => r.id}
        reloadKey={`${live}|${props.tick}`}
        initialSort={{ id: 'created_at', desc: true }}
        load={(q) => api.call(staffPlayerSessions, { params: { id: props.id }, query: { ...pageQuery(q), ...(live ? { live } : {}) } })}
        toolbar={
          <Select
            label="Sessions"
            hideLabel
            value={live}
            onChange={setLive}
            options={[
              { value: '1', label: 'Live sessions' },
              { value: '0', label: 'Ended sessions' },
              { value: '', label: 'All sessions' },
            ]}
          />
        }
      />
      <RevokeForm
        playerId={props.id}
        session={revoking}
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        onSaved={(m) => {
          setRevoking(null);
          props.onRevoked(m);
        }}
      />
    </>
  );
}

function NotesTab({ id, canWrite }: { id: number; canWrite: boolean }) {
  const { api } = useStaff();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const columns = useMemo<ColumnDef<StaffNoteRow, any>[]>(
    () => [
      { id: 'id', header: 'Time (GMT+6)', cell: (c) => whenCell(c.row.original.created_at) },
      { id: 'operator', header: 'By', accessorKey: 'operator', enableSorting: false },
      {
        id: 'text',
        header: 'Note',
        enableSorting: false,
        cell: (c) => <span style={{ whiteSpace: 'pre-wrap' }}>{c.row.original.text}</span>,
      },
    ],
    [],
  );
  const add = async () => {
    if (!text.trim()) {
      setError('Write the note.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.call(staffAddPlayerNote, { params: { id }, body: { text: text.trim() } });
      setText('');
      setTick((t) => t + 1);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      {canWrite && (
        <Card
          css={css`
            margin-bottom: 12px;
            max-width: 720px;
          `}
        >
          <TextArea label="New note (notes cannot be edited or deleted)" value={text} onChange={setText} />
          <ErrorLine>{error}</ErrorLine>
          <Button onClick={add} disabled={busy}>
            Add note
          </Button>
        </Card>
      )}
      <DataTable
        testId="player-notes"
        columns={columns}
        rowKey={(r) => String(r.id)}
        reloadKey={tick}
        initialSort={{ id: 'id', desc: true }}
        load={(q) => api.call(staffPlayerNotes, { params: { id }, query: pageQuery(q) })}
      />
    </div>
  );
}

/** A session's device: its device id (shortened; the whole one on hover with the browser) and the browser in brief. */
function DeviceCell({ deviceId, userAgent }: { deviceId: string | null; userAgent: string | null }) {
  if (!deviceId && !userAgent) return <>—</>;
  return (
    <span title={[deviceId, userAgent].filter(Boolean).join('\n')} data-testid="session-device">
      {deviceId ? `${deviceId.slice(0, 10)}…` : 'no device id'}
      {userAgent ? ` · ${browserOf(userAgent)}` : ''}
    </span>
  );
}

/** "Chrome on Android" from a user agent; the raw text stays in the cell's title. */
export function browserOf(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Other browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}
