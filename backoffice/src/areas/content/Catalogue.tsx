import { useRef, useState } from 'react';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  staffBulkGames,
  staffGames,
  staffGameTypes,
  staffProviders,
  staffReorderGames,
  staffUpdateGame,
  staffUpdateProvider,
  staffUpdateSystem,
  type Endpoint,
  type StaffGame,
  type StaffProvider,
} from '@khela/contracts';
import { Button, theme, type CallOptions, Row } from '@khela/web';
import { DataTable, useStaffPages } from '../../ui/DataTable';
import { useStaffChange, useStaffQuery } from '../../ui/query';
import { inputCss, smallBtn } from './fields';
import { errorsOf, ContentStatus, Thumb } from './ResourceTab';
import { Outcome } from '../../ui/layout';

/* The casino catalogue: games (on/off, featured, order) and providers/systems (on/off, order). */

const selectCss = [
  inputCss,
  css`
    width: auto;
  `,
];

/** A tab's changes through the one staff change: what the last did, or why it was refused, above the table. */
function useActions() {
  const change = useStaffChange();
  const [done, setDone] = useState<string | null>(null);
  const msg = change.error ? { ok: false, text: errorsOf(change.error).message } : done ? { ok: true, text: done } : null;
  const act = async <E extends Endpoint<any, any, any, any>>(endpoint: E, call: Omit<CallOptions<E>, 'signal'>, text: string) => {
    const ok = (await change.run(endpoint, call)) !== undefined;
    if (ok) setDone(text);
    return ok;
  };
  const view = <Outcome message={msg} />;
  return { act, view };
}

export function GamesTab() {
  const [filters, setFilters] = useState({ type: '', platform: '', status: '', featured: '' });
  // the filters' options (empty when the read failed)
  const opts = useStaffQuery(staffGameTypes).data ?? { types: [], systems: [] };
  // the page shown (what a move renumbers); kept without re-rendering the table
  const page = useRef<StaffGame[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { act, view } = useActions();
  const source = useStaffPages(staffGames, (query) => ({
    query: { ...query, ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) } as never,
  }));

  const patch = (g: StaffGame, body: { status?: 'active' | 'inactive'; is_featured?: boolean; sort_order?: number }, done: string) =>
    act(staffUpdateGame, { params: { id: g.id }, body }, done);
  const move = (g: StaffGame, by: -1 | 1) => {
    const ids = page.current.map((r) => r.id);
    const i = ids.indexOf(g.id);
    const j = i + by;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    return act(staffReorderGames, { body: { ids } }, `${g.name} moved.`);
  };
  const bulk = async (body: { status?: 'active' | 'inactive'; is_featured?: boolean }, done: string) => {
    if (await act(staffBulkGames, { body: { ids: [...selected], ...body } }, done)) setSelected(new Set());
  };

  const columns: ColumnDef<StaffGame, any>[] = [
    {
      id: 'select',
      header: 'Sel.',
      enableSorting: false,
      cell: ({ row }) => (
        <input
          type="checkbox"
          aria-label={`Select ${row.original.code}`}
          checked={selected.has(row.original.id)}
          onChange={(e) =>
            setSelected((s) => {
              const n = new Set(s);
              if (e.target.checked) n.add(row.original.id);
              else n.delete(row.original.id);
              return n;
            })
          }
        />
      ),
    },
    { id: 'sort_order', header: 'Order', accessorKey: 'sort_order' },
    { id: 'thumbnail', header: '', enableSorting: false, cell: ({ row }) => <Thumb path={row.original.thumbnail} /> },
    { id: 'name', header: 'Name', accessorKey: 'name' },
    { id: 'code', header: 'Code', accessorKey: 'code' },
    { id: 'type', header: 'Type', accessorKey: 'type' },
    { id: 'platform', header: 'System', accessorKey: 'platform' },
    { id: 'provider', header: 'Provider', enableSorting: false, accessorKey: 'provider' },
    {
      id: 'status',
      header: 'Status',
      enableSorting: false,
      cell: ({ row }) => (
        <>
          <ContentStatus value={row.original.status} />
          {!row.original.reachable && (
            <span
              title="Its system or provider is disabled"
              css={css`
                margin-left: 4px;
                font-size: 11px;
                color: ${theme.color.warning};
              `}
            >
              provider off
            </span>
          )}
        </>
      ),
    },
    { id: 'featured', header: 'Featured', enableSorting: false, cell: ({ row }) => (row.original.is_featured ? '★' : '') },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      cell: ({ row }) => {
        const g = row.original;
        return (
          <Row gap={4} align="stretch">
            <Button type="button" variant="ghost" css={smallBtn} aria-label={`Move up ${g.code}`} onClick={() => void move(g, -1)}>
              ↑
            </Button>
            <Button type="button" variant="ghost" css={smallBtn} aria-label={`Move down ${g.code}`} onClick={() => void move(g, 1)}>
              ↓
            </Button>
            <Button
              type="button"
              variant={g.status === 'active' ? 'danger' : 'primary'}
              css={smallBtn}
              aria-label={`${g.status === 'active' ? 'Disable' : 'Enable'} ${g.code}`}
              onClick={() =>
                void patch(
                  g,
                  { status: g.status === 'active' ? 'inactive' : 'active' },
                  `${g.name} ${g.status === 'active' ? 'disabled' : 'enabled'}.`,
                )
              }
            >
              {g.status === 'active' ? 'Disable' : 'Enable'}
            </Button>
            <Button
              type="button"
              variant="secondary"
              css={smallBtn}
              aria-label={`${g.is_featured ? 'Unfeature' : 'Feature'} ${g.code}`}
              onClick={() =>
                void patch(g, { is_featured: !g.is_featured }, `${g.name} ${g.is_featured ? 'no longer featured' : 'featured'}.`)
              }
            >
              {g.is_featured ? 'Unfeature' : 'Feature'}
            </Button>
            <input
              // a new order from the server replaces what was typed
              key={g.sort_order}
              type="number"
              aria-label={`Order of ${g.code}`}
              defaultValue={g.sort_order}
              css={[
                inputCss,
                css`
                  width: 70px;
                  padding: 3px 6px;
                `,
              ]}
              onBlur={(e) => {
                const n = Number(e.target.value);
                if (e.target.value !== '' && Number.isInteger(n) && n !== g.sort_order)
                  void patch(g, { sort_order: n }, `${g.name}: order ${n}.`);
              }}
            />
          </Row>
        );
      },
    },
  ];

  const setF = (k: keyof typeof filters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [k]: e.target.value }));
  return (
    <div data-testid="content-games">
      {view}
      <DataTable<StaffGame>
        columns={columns}
        rowKey={(r) => String(r.id)}
        reloadKey={JSON.stringify(filters)}
        initialSort={{ id: 'sort_order', desc: false }}
        searchPlaceholder="Search name or code"
        csv={{
          name: 'games',
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'code', value: (r) => r.code },
            { header: 'name', value: (r) => r.name },
            { header: 'type', value: (r) => r.type },
            { header: 'system', value: (r) => r.platform },
            { header: 'provider', value: (r) => r.provider },
            { header: 'status', value: (r) => r.status },
            { header: 'featured', value: (r) => r.is_featured },
            { header: 'order', value: (r) => r.sort_order },
          ],
        }}
        source={source}
        onPage={(r) => (page.current = r.data)}
        toolbar={
          <>
            <select aria-label="Type" css={selectCss} value={filters.type} onChange={setF('type')}>
              <option value="">Type: all</option>
              {opts.types.map((t) => (
                <option key={t.code} value={t.code}>
                  {t.name}
                </option>
              ))}
            </select>
            <select aria-label="System" css={selectCss} value={filters.platform} onChange={setF('platform')}>
              <option value="">System: all</option>
              {opts.systems.map((s) => (
                <option key={s.platform} value={s.platform}>
                  {s.name}
                </option>
              ))}
            </select>
            <select aria-label="Status" css={selectCss} value={filters.status} onChange={setF('status')}>
              <option value="">Status: all</option>
              <option value="active">active</option>
              <option value="inactive">inactive</option>
            </select>
            <select aria-label="Featured" css={selectCss} value={filters.featured} onChange={setF('featured')}>
              <option value="">Featured: all</option>
              <option value="1">featured</option>
              <option value="0">not featured</option>
            </select>
            {selected.size > 0 && (
              <>
                <span>{selected.size} selected:</span>
                <Button type="button" css={smallBtn} onClick={() => void bulk({ status: 'active' }, 'Games enabled.')}>
                  Enable
                </Button>
                <Button type="button" variant="danger" css={smallBtn} onClick={() => void bulk({ status: 'inactive' }, 'Games disabled.')}>
                  Disable
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  css={smallBtn}
                  onClick={() => void bulk({ is_featured: true }, 'Games featured.')}
                >
                  Feature
                </Button>
              </>
            )}
          </>
        }
      />
    </div>
  );
}

export function ProvidersTab() {
  const { act, view } = useActions();
  const source = useStaffPages(staffProviders, (query) => ({ query: query as never }));
  const flip = (s: string) => (s === 'active' ? 'inactive' : 'active') as 'active' | 'inactive';
  const columns: ColumnDef<StaffProvider, any>[] = [
    { id: 'sort_order', header: 'Order', accessorKey: 'sort_order' },
    { id: 'icon', header: '', enableSorting: false, cell: ({ row }) => <Thumb path={row.original.icon} /> },
    { id: 'name', header: 'Provider', accessorKey: 'name' },
    { id: 'platform', header: 'Code', accessorKey: 'platform' },
    {
      id: 'system',
      header: 'System',
      enableSorting: false,
      cell: ({ row }) => `${row.original.system_name} (${row.original.system_platform})`,
    },
    { id: 'games', header: 'Games', enableSorting: false, accessorKey: 'games' },
    { id: 'status', header: 'Provider', enableSorting: false, cell: ({ row }) => <ContentStatus value={row.original.status} /> },
    {
      id: 'system_status',
      header: 'System',
      enableSorting: false,
      cell: ({ row }) => <ContentStatus value={row.original.system_status} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      cell: ({ row }) => {
        const p = row.original;
        return (
          <Row gap={4} align="stretch">
            <Button
              type="button"
              css={smallBtn}
              variant={p.status === 'active' ? 'danger' : 'primary'}
              onClick={() =>
                void act(staffUpdateProvider, { params: { id: p.id }, body: { status: flip(p.status) } }, `${p.name}: ${flip(p.status)}.`)
              }
            >
              {p.status === 'active' ? 'Disable provider' : 'Enable provider'}
            </Button>
            <Button
              type="button"
              css={smallBtn}
              variant="secondary"
              onClick={() =>
                void act(
                  staffUpdateSystem,
                  { params: { platform: p.system_platform }, body: { status: flip(p.system_status) } },
                  `${p.system_name}: ${flip(p.system_status)}.`,
                )
              }
            >
              {p.system_status === 'active' ? 'Disable system' : 'Enable system'}
            </Button>
          </Row>
        );
      },
    },
  ];
  return (
    <div data-testid="content-providers">
      {view}
      <DataTable<StaffProvider>
        columns={columns}
        rowKey={(r) => String(r.id)}
        initialSort={{ id: 'sort_order', desc: false }}
        searchPlaceholder="Search providers"
        csv={{
          name: 'providers',
          columns: [
            { header: 'system', value: (r) => r.system_platform },
            { header: 'provider', value: (r) => r.platform },
            { header: 'name', value: (r) => r.name },
            { header: 'status', value: (r) => r.status },
            { header: 'system_status', value: (r) => r.system_status },
            { header: 'games', value: (r) => r.games },
          ],
        }}
        source={source}
      />
    </div>
  );
}
