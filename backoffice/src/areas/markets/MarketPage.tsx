// One market: its state (what players see and what the feed says), the book per currency with the players' and the
// house's P&L per runner (Fancy: per settling value), the bets (server-paged), the state history, and the staff
// actions, each behind a confirm dialog that asks for the reason written into the audit log.
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  staffMarket,
  staffMarketBets,
  staffResumeMarket,
  staffSettleMarket,
  staffSuspendMarket,
  staffVoidMarket,
  type ResponseOf,
  type StaffMarketDetail,
} from '@khela/contracts';
import { Button, ErrorText, Field, Modal, Money, Spinner, StatusText, errorText, theme, Muted, Row } from '@khela/web';
import { allows, useStaffAccount, useStaffEvent } from '../../staff/context';
import { DataTable, useStaffPages } from '../../ui/DataTable';
import { useStaffChange, useStaffQuery } from '../../ui/query';
import { Facts, Screen, Toolbar, controlCss, figuresTableCss } from '../../ui/layout';
import { marketLine, MarketStatus, plural, resultText } from './ui';
import { when, whenCell } from '../../ui/time';

type Bet = ResponseOf<typeof staffMarketBets>['data'][number];
type Action = 'suspend' | 'resume' | 'settle' | 'void';

const REFRESH_MS = 10_000;

export function MarketPage() {
  const { marketId = '' } = useParams();
  const me = useStaffAccount();
  // the market, every 10 s and at once on an alert about it (a feed result disagreeing with staff's)
  const read = useStaffQuery(
    staffMarket,
    { params: { marketId } },
    { refetchInterval: REFRESH_MS, topics: ['alert'], onlyIf: (e) => (e.payload as { ref?: string }).ref === `market:${marketId}` },
  );
  const market = read.data ?? null;
  const error = read.error ? errorText(read.error) : null;
  const [action, setAction] = useState<Action | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [betState, setBetState] = useState<'all' | 'open' | 'settled'>('all');

  // an alert about this market shows at once (the market is read again by its query)
  useStaffEvent(
    'alert',
    useCallback((a) => a.ref === `market:${marketId}` && setNotice(a.message), [marketId]),
  );

  const bets = useStaffPages(staffMarketBets, (q) => ({ params: { marketId }, query: { ...q, state: betState } as never }));

  const betColumns = useMemo<ColumnDef<Bet, any>[]>(
    () => [
      { id: 'placed_at', header: 'Placed (GMT+6)', cell: ({ row }) => whenCell(row.original.placed_at) },
      { id: 'id', header: 'Bet', enableSorting: false, accessorKey: 'id' },
      {
        id: 'player',
        header: 'Player',
        enableSorting: false,
        cell: ({ row }) => <Link to={`/players/${row.original.player_id}`}>{row.original.username}</Link>,
      },
      {
        id: 'selection',
        header: 'Selection',
        enableSorting: false,
        cell: ({ row }) => row.original.selection_name || row.original.selection_id,
      },
      {
        id: 'side',
        header: 'Side',
        enableSorting: false,
        cell: ({ row }) => (
          <span
            css={css`
              color: ${row.original.side === 'BACK' || row.original.side === 'YES' ? theme.color.back : theme.color.lay};
            `}
          >
            {row.original.side}
          </span>
        ),
      },
      {
        id: 'price',
        header: 'Odds / rate',
        enableSorting: false,
        cell: ({ row }) => `${row.original.price}${row.original.line !== null ? ` @ ${row.original.line}` : ''}`,
      },
      { id: 'stake', header: 'Stake', cell: ({ row }) => `${row.original.stake} ${row.original.currency}` },
      { id: 'matched', header: 'Matched', cell: ({ row }) => <Money value={row.original.matched} /> },
      { id: 'open', header: 'Unmatched', enableSorting: false, cell: ({ row }) => <Money value={row.original.open} /> },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        cell: ({ row }) => (row.original.voided ? 'Void' : row.original.status),
      },
      {
        id: 'profit',
        header: 'P&L',
        enableSorting: false,
        cell: ({ row }) => (row.original.profit === null ? '—' : <Money value={row.original.profit} />),
      },
    ],
    [],
  );

  if (!market)
    return (
      <Screen>
        <p>
          <Link to="/markets">← Markets</Link>
        </p>
        {error ? <ErrorText>{error}</ErrorText> : <Spinner label="Loading market" />}
      </Screen>
    );

  const canAct = allows(me, ['risk']);
  const settled = market.settled_result !== null;
  const runnersById = market.runners;

  return (
    <Screen data-testid="market-page">
      <p
        css={css`
          margin: 0 0 8px;
          font-size: 13px;
        `}
      >
        <Link to="/markets">← Markets</Link>
      </p>
      <h1>
        {market.event_name || market.event_id} — {market.name}
      </h1>
      <StatusText testId="market-done">{done}</StatusText>
      {notice && <ErrorText tone="warning">{notice}</ErrorText>}
      <Row gap={32} wrap align="start">
        <Facts>
          <dt>Market</dt>
          <dd>{marketLine(market, false)}</dd>
          <dt>Start</dt>
          <dd>{when(market.start_time)}</dd>
          <dt>Status (players)</dt>
          <dd>
            <MarketStatus status={market.status} staff={market.staff_suspended} />
            {market.inplay ? ' · in play' : ''}
          </dd>
          <dt>Feed says</dt>
          <dd>
            {market.feed_status}
            {market.feed_result ? ` · result ${resultText(market.feed_result, runnersById)}` : ''}
          </dd>
          <dt>Settled</dt>
          <dd data-testid="market-result">
            {resultText(market.settled_result, runnersById)}
            {market.staff_result ? ' (staff decision, final)' : settled ? ' (feed)' : ''}
            {market.settle_round > 1 ? ` · round ${market.settle_round}` : ''}
            {market.settled_at ? ` · ${when(market.settled_at)}` : ''}
          </dd>
          {market.void_reason && (
            <>
              <dt>Void reason</dt>
              <dd>{market.void_reason}</dd>
            </>
          )}
        </Facts>
        {canAct && (
          <Toolbar>
            {!settled && !market.staff_suspended && market.status !== 'CLOSED' && (
              <Button variant="secondary" onClick={() => setAction('suspend')}>
                Suspend
              </Button>
            )}
            {!settled && market.staff_suspended && (
              <Button variant="secondary" onClick={() => setAction('resume')}>
                Resume
              </Button>
            )}
            <Button onClick={() => setAction('settle')}>{settled ? 'Re-settle' : 'Settle'}</Button>
            {!market.settled_result?.void && (
              <Button variant="secondary" onClick={() => setAction('void')}>
                Void
              </Button>
            )}
          </Toolbar>
        )}
      </Row>

      <h2>{settled ? 'Book (as settled)' : 'Liability'}</h2>
      {market.books.length === 0 && <Muted as="p">No bets on this market.</Muted>}
      {market.books.map((b) => (
        <div key={b.currency} data-testid={`book-${b.currency}`}>
          <p
            css={css`
              font-size: 13px;
              margin: 8px 0 4px;
            `}
          >
            <strong>{b.currency}</strong> · house liability <Money value={b.liability} strong /> · matched {b.matched} · unmatched {b.open}{' '}
            · {plural(b.players, 'player')} · {plural(b.bets, 'bet')}
          </p>
          <table css={figuresTableCss}>
            <thead>
              <tr>
                <th>{market.kind === 'FANCY' ? 'Runs' : 'Runner wins'}</th>
                <th>Players&apos; P&amp;L</th>
                <th>House P&amp;L</th>
              </tr>
            </thead>
            <tbody>
              {market.kind === 'FANCY'
                ? b.runs.map((r) => (
                    <tr key={r.runs}>
                      <td>
                        {r.runs === b.runs[0]?.runs ? `${r.runs} or fewer` : r.runs === b.runs.at(-1)?.runs ? `${r.runs} or more` : r.runs}
                      </td>
                      <td>
                        <Money value={r.players_pl} />
                      </td>
                      <td>
                        <Money value={r.house_pl} strong />
                      </td>
                    </tr>
                  ))
                : b.runners.map((r) => (
                    <tr key={r.selection_id} data-testid={`runner-${r.selection_id}`}>
                      <td>{r.name}</td>
                      <td>
                        <Money value={r.players_pl} />
                      </td>
                      <td>
                        <Money value={r.house_pl} strong />
                      </td>
                    </tr>
                  ))}
            </tbody>
          </table>
        </div>
      ))}

      <h2>Bets</h2>
      <DataTable
        testId="market-bets"
        columns={betColumns}
        source={bets}
        reloadKey={`${betState}|${market.settle_round}|${market.status}`}
        rowKey={(r) => r.id}
        initialSort={{ id: 'placed_at', desc: true }}
        searchPlaceholder="Search bet id or username"
        toolbar={
          <select aria-label="Bets" css={controlCss} value={betState} onChange={(e) => setBetState(e.target.value as typeof betState)}>
            <option value="all">All bets</option>
            <option value="open">Open</option>
            <option value="settled">Settled / closed</option>
          </select>
        }
        csv={{
          name: `market-${market.market_id}-bets`,
          columns: [
            { header: 'bet', value: (r) => r.id },
            { header: 'player_id', value: (r) => r.player_id },
            { header: 'username', value: (r) => r.username },
            { header: 'currency', value: (r) => r.currency },
            { header: 'selection', value: (r) => r.selection_name },
            { header: 'side', value: (r) => r.side },
            { header: 'price', value: (r) => r.price },
            { header: 'line', value: (r) => r.line },
            { header: 'stake', value: (r) => r.stake },
            { header: 'matched', value: (r) => r.matched },
            { header: 'unmatched', value: (r) => r.open },
            { header: 'status', value: (r) => (r.voided ? 'VOID' : r.status) },
            { header: 'profit', value: (r) => r.profit },
            { header: 'placed_at', value: (r) => r.placed_at },
            { header: 'settled_at', value: (r) => r.settled_at },
          ],
        }}
      />

      <h2>History</h2>
      <table
        css={css`
          ${figuresTableCss};
          width: 100%;
          th,
          td {
            text-align: left;
            /* long results, actions and reasons wrap: the history fits a 1440 px console */
            white-space: normal;
            overflow-wrap: anywhere;
          }
          td:first-of-type {
            white-space: nowrap;
          }
        `}
        data-testid="market-history"
      >
        <thead>
          <tr>
            <th>When (GMT+6)</th>
            <th>Source</th>
            <th>What</th>
            <th>Status</th>
            <th>Result</th>
            <th>Who</th>
            <th>Reason</th>
          </tr>
        </thead>
        <tbody>
          {market.history.map((h) => (
            <tr key={h.id}>
              <td>{whenCell(h.at)}</td>
              <td>{h.source}</td>
              <td>{h.action}</td>
              <td>
                {h.status ?? ''}
                {h.inplay ? ' · in play' : ''}
              </td>
              <td>{h.result ? resultText(h.result, runnersById) : ''}</td>
              <td>{h.operator ?? ''}</td>
              <td
                css={css`
                  white-space: normal;
                  max-width: 420px;
                `}
              >
                {h.reason ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {action && (
        <ConfirmAction
          market={market}
          action={action}
          onClose={() => setAction(null)}
          onDone={(m) => {
            setAction(null);
            setDone(m);
          }}
        />
      )}
    </Screen>
  );
}

const TITLES: Record<Action, string> = {
  suspend: 'Suspend market',
  resume: 'Resume market',
  settle: 'Settle market',
  void: 'Void market',
};

function ConfirmAction(props: { market: StaffMarketDetail; action: Action; onClose: () => void; onDone: (message: string) => void }) {
  const change = useStaffChange();
  const { market, action } = props;
  const [reason, setReason] = useState('');
  const [winner, setWinner] = useState(market.staff_result?.winner ?? market.feed_result?.winner ?? '');
  const [runs, setRuns] = useState(market.feed_result?.runs !== undefined ? String(market.feed_result.runs) : '');
  // what the dialog refuses before sending; the API's refusal is the change's error
  const [invalid, setInvalid] = useState<string | null>(null);
  const fancy = market.kind === 'FANCY';
  const resettle = action === 'settle' && market.settled_result !== null;

  async function confirm() {
    if (reason.trim().length < 3) {
      setInvalid('Give a reason (at least 3 characters): it goes into the audit log.');
      return;
    }
    if (action === 'settle' && !fancy && !winner) {
      setInvalid('Choose the winning runner.');
      return;
    }
    if (action === 'settle' && fancy && !/^\d+$/.test(runs.trim())) {
      setInvalid('Enter the settling value (runs).');
      return;
    }
    setInvalid(null);
    const params = { marketId: market.market_id };
    const r =
      action === 'suspend'
        ? await change.run(staffSuspendMarket, { params, body: { reason } })
        : action === 'resume'
          ? await change.run(staffResumeMarket, { params, body: { reason } })
          : action === 'void'
            ? await change.run(staffVoidMarket, { params, body: { reason } })
            : await change.run(staffSettleMarket, {
                params,
                body: fancy ? { reason, runs: Number(runs.trim()) } : { reason, winner },
              });
    if (r) props.onDone(r.changed ? r.message : `Nothing changed: ${r.message}`);
  }

  const title = resettle ? 'Re-settle market' : TITLES[action];
  return (
    <Modal open title={title} onClose={props.onClose}>
      <div data-testid="market-action">
        <p
          css={css`
            font-size: 14px;
            margin-top: 0;
          `}
        >
          {action === 'suspend' && 'Players cannot bet on this market until staff resume it, whatever the feed says.'}
          {action === 'resume' && 'The market takes the feed’s status again.'}
          {action === 'void' && 'Every bet of this market is returned. Money already paid on a result is taken back.'}
          {action === 'settle' &&
            (resettle
              ? `Settled as ${resultText(market.settled_result, market.runners)}. Players’ money moves by the difference to the new result.`
              : 'The market closes and is settled: winners are paid. The feed’s results no longer settle it.')}
        </p>
        {action === 'settle' &&
          (fancy ? (
            <Field label="Settling value (runs)">
              <input css={controlCss} name="runs" inputMode="numeric" value={runs} onChange={(e) => setRuns(e.target.value)} />
            </Field>
          ) : (
            <Field label="Winner">
              <select css={controlCss} name="winner" value={winner} onChange={(e) => setWinner(e.target.value)}>
                <option value="">Choose the winner</option>
                {market.runners.map((r) => (
                  <option key={r.selection_id} value={r.selection_id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </Field>
          ))}
        <Field label="Reason (for the audit log)">
          <input css={controlCss} name="reason" value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
        </Field>
        <ErrorText>{invalid ?? change.errorText}</ErrorText>
        <Toolbar>
          <Button onClick={() => void confirm()} disabled={change.pending}>
            {change.pending ? 'Working…' : `Confirm: ${title.replace(' market', '').toLowerCase()}`}
          </Button>
          <Button variant="ghost" onClick={props.onClose}>
            Cancel
          </Button>
        </Toolbar>
      </div>
    </Modal>
  );
}
