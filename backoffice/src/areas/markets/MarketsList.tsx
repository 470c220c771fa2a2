// The markets table: server-paged, filtered and sorted by the API, with the players' P&L per runner (the house's is the
// opposite), the house's worst loss, matched and open volume, players, in one currency at a time.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import { STAFF_MARKET_STATUSES, staffMarkets, type ResponseOf } from '@khela/contracts';
import { Money, Select, Muted, Text } from '@khela/web';
import { DataTable, useStaffPages, CellText } from '../../ui/DataTable';
import { Screen } from '../../ui/layout';
import { marketLine, MarketStatus, resultText } from './ui';
import { whenCell } from '../../ui/time';

type Row = ResponseOf<typeof staffMarkets>['data'][number];

const SPORTS = ['cricket', 'soccer', 'tennis'] as const;

export function MarketsList() {
  const navigate = useNavigate();
  const [filters, setFilters] = useState({
    currency: 'BDT',
    sport: '',
    kind: '',
    status: '',
    inplay: '',
    open_bets: '',
    settled: '',
  });
  const source = useStaffPages(staffMarkets, (q) => ({
    query: { ...q, ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) } as never,
  }));

  const columns = useMemo<ColumnDef<Row, any>[]>(
    () => [
      {
        id: 'start_time',
        header: 'Start (GMT+6)',
        cell: ({ row }) => whenCell(row.original.start_time),
      },
      {
        id: 'market',
        header: 'Market',
        enableSorting: false,
        cell: ({ row }) => (
          <CellText as="div" max={260}>
            <div>{row.original.event_name || row.original.event_id}</div>
            <Text as="div" tone="muted" size="xs">
              {marketLine(row.original)}
            </Text>
          </CellText>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        cell: ({ row }) => (
          <span>
            <MarketStatus status={row.original.status} staff={row.original.staff_suspended} />
            {row.original.inplay && (
              <Text block size="xs">
                in play
              </Text>
            )}
          </span>
        ),
      },
      {
        id: 'result',
        header: 'Result',
        enableSorting: false,
        cell: ({ row }) => (
          <span>
            {resultText(row.original.settled_result, row.original.runners)}
            {row.original.staff_result ? ' (staff)' : ''}
          </span>
        ),
      },
      {
        id: 'runners',
        header: "Players' P&L if won",
        enableSorting: false,
        cell: ({ row }) =>
          row.original.kind === 'FANCY' ? (
            <Muted>by runs (open)</Muted>
          ) : (
            <div
              css={css`
                display: grid;
                grid-template-columns: max-content max-content;
                gap: 0 8px;
                font-size: 12px;
              `}
            >
              {row.original.runners.map((r) => (
                <span
                  key={r.selection_id}
                  css={css`
                    display: contents;
                  `}
                >
                  <span>{r.name}</span>
                  <Money value={r.players_pl} />
                </span>
              ))}
            </div>
          ),
      },
      { id: 'liability', header: 'House liability', cell: ({ row }) => <Money value={row.original.liability} strong /> },
      { id: 'matched', header: 'Matched', cell: ({ row }) => <Money value={row.original.matched} /> },
      { id: 'open', header: 'Unmatched', enableSorting: false, cell: ({ row }) => <Money value={row.original.open} /> },
      {
        id: 'players',
        header: 'Players · open bets',
        enableSorting: false,
        cell: ({ row }) => `${row.original.players} · ${row.original.open_bets}`,
      },
    ],
    [],
  );

  const select = (label: string, key: keyof typeof filters, options: readonly (string | [string, string])[], all = true) => (
    <Select
      label={label}
      hideLabel
      value={filters[key]}
      onChange={(v) => setFilters((f) => ({ ...f, [key]: v }))}
      options={[
        ...(all ? [{ value: '', label: `${label}: all` }] : []),
        ...options.map((o) => {
          const [value, text] = Array.isArray(o) ? o : [o, o];
          return { value, label: text };
        }),
      ]}
    />
  );

  return (
    <Screen>
      <h1>Exchange markets</h1>
      <DataTable
        testId="markets-table"
        columns={columns}
        source={source}
        reloadKey={JSON.stringify(filters)}
        rowKey={(r) => r.market_id}
        initialSort={{ id: 'start_time', desc: true }}
        searchPlaceholder="Search market id, event or market"
        onRowClick={(r) => navigate(encodeURIComponent(r.market_id))}
        toolbar={
          <>
            {select('Currency', 'currency', ['BDT', 'INR', 'PKR'], false)}
            {select('Sport', 'sport', SPORTS)}
            {select('Kind', 'kind', [
              ['MATCH_ODDS', 'Match Odds'],
              ['BOOKMAKER', 'BookMaker'],
              ['FANCY', 'Fancy'],
            ])}
            {select('Status', 'status', STAFF_MARKET_STATUSES)}
            {select('In play', 'inplay', [
              ['true', 'in play'],
              ['false', 'not in play'],
            ])}
            {select('Open bets', 'open_bets', [
              ['true', 'with open bets'],
              ['false', 'without open bets'],
            ])}
            {select('Settlement', 'settled', [
              ['unsettled', 'unsettled'],
              ['settled', 'settled'],
            ])}
          </>
        }
        csv={{
          name: 'markets',
          columns: [
            { header: 'market_id', value: (r) => r.market_id },
            { header: 'event', value: (r) => r.event_name },
            { header: 'market', value: (r) => r.name },
            { header: 'kind', value: (r) => r.kind },
            { header: 'sport', value: (r) => r.sport },
            { header: 'start_time', value: (r) => r.start_time },
            { header: 'status', value: (r) => r.status },
            { header: 'staff_suspended', value: (r) => r.staff_suspended },
            { header: 'inplay', value: (r) => r.inplay },
            { header: 'result', value: (r) => resultText(r.settled_result, r.runners) },
            { header: 'currency', value: (r) => r.currency },
            { header: 'players_pl', value: (r) => r.runners.map((x) => `${x.name}: ${x.players_pl}`).join('; ') },
            { header: 'liability', value: (r) => r.liability },
            { header: 'matched', value: (r) => r.matched },
            { header: 'unmatched', value: (r) => r.open },
            { header: 'players', value: (r) => r.players },
            { header: 'open_bets', value: (r) => r.open_bets },
          ],
        }}
      />
    </Screen>
  );
}
