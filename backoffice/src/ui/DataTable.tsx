import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { css } from '@emotion/react';
import styled from '@emotion/styled';
import { useQuery } from '@tanstack/react-query';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState, type Updater } from '@tanstack/react-table';
import { STAFF_PAGE_MAX, type Endpoint, type ResponseOf, type StaffPushTopic } from '@khela/contracts';
import { Button, ErrorText, Input, Select, endpointKey, errorText, theme, type QueryCall } from '@khela/web';
import { useStaff } from '../staff/context';
import type { StaffEvent } from '../staff/session';
import { downloadCsv, toCsv } from './csv';
import { Spacer } from './layout';
import type { StaffQueryMeta } from './query-client';

/** What a table asks its endpoint for: the page, the sort, the search box and the screen's own filters. */
export interface PageQuery {
  page: number;
  per_page: number;
  sort?: string;
  dir: 'asc' | 'desc';
  q?: string;
}

export interface PageResult<T> {
  data: T[];
  total: number;
}

/** A CSV column: its header and how to read it from a row (the table's cells may be buttons or links). */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/**
 * Where a table's pages come from, read as server state (TanStack Query, keyed per page): `key` of a page, how to
 * `load` it, and the staff push topics after which the page shown is read again. Made by useStaffPages.
 */
export interface TableSource<T, R extends PageResult<T> = PageResult<T>> {
  key: (query: PageQuery) => readonly unknown[];
  load: (query: PageQuery, signal?: AbortSignal) => Promise<R>;
  topics?: readonly StaffPushTopic[];
  onlyIf?: (event: StaffEvent) => boolean;
}

type RowOf<E> = ResponseOf<E> extends { data: readonly (infer T)[] } ? T : never;

/**
 * A staff list endpoint as a table's source: `call` turns the table's page query (page, sort, search) and the
 * screen's filters into the endpoint's call; the call is the page's cache key.
 */
export function useStaffPages<E extends Endpoint<any, any, any, any>>(
  endpoint: E,
  call: (query: PageQuery) => QueryCall<E>,
  options: { topics?: readonly StaffPushTopic[]; onlyIf?: (event: StaffEvent) => boolean } = {},
): TableSource<RowOf<E>, ResponseOf<E> & PageResult<RowOf<E>>> {
  const { api } = useStaff();
  return {
    key: (q) => endpointKey(endpoint, call(q)),
    load: (q, signal) => api.call(endpoint, { ...call(q), ...(signal ? { signal } : {}) }) as Promise<ResponseOf<E> & PageResult<RowOf<E>>>,
    ...options,
  };
}

export interface DataTableProps<T, R extends PageResult<T> = PageResult<T>> {
  /** Columns; a column is sortable when its `id` is one of the endpoint's sortable names and `enableSorting` is not false. */
  columns: ColumnDef<T, any>[];
  /** Where the pages come from (the table never holds more than a page): a staff endpoint (useStaffPages) … */
  source?: TableSource<T, R>;
  /** … or a function that loads one page (cached under this table and its reloadKey). */
  load?: (query: PageQuery) => Promise<R>;
  /** The page each answer brings (a queue's totals beside it). */
  onPage?: (page: R) => void;
  /** Changing this (e.g. the screen's filters) reloads from page 1. */
  reloadKey?: unknown;
  rowKey: (row: T) => string;
  initialSort?: { id: string; desc: boolean };
  perPage?: number;
  /** Page sizes staff may choose (a "Rows" select beside the pager); none: the size is fixed. */
  pageSizes?: number[];
  searchPlaceholder?: string;
  /** File name and columns of the CSV export (all rows of the current filter, paged through the same endpoint). */
  csv?: { name: string; columns: CsvColumn<T>[] };
  /** Rows at most in one export. */
  csvLimit?: number;
  toolbar?: ReactNode;
  onRowClick?: (row: T) => void;
  testId?: string;
}

const tableCss = css`
  width: 100%;
  border-collapse: collapse;
  font-size: 13px;
  th,
  td {
    padding: 6px 8px;
    border-bottom: 1px solid ${theme.color.border};
    text-align: left;
    white-space: nowrap;
  }
  th {
    color: ${theme.color.textMuted};
    font-weight: 600;
    position: sticky;
    top: 0;
    background: ${theme.color.surface};
  }
  th button {
    all: unset;
    cursor: pointer;
  }
  tbody tr:hover {
    background: ${theme.color.surfaceRaised};
  }
`;

/** Server-side paged, sorted and searched table with CSV export: a list of 100,000 rows stays one page in the browser. */
export function DataTable<T, R extends PageResult<T> = PageResult<T>>(props: DataTableProps<T, R>) {
  const [perPage, setPerPage] = useState(props.perPage ?? 50);
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<SortingState>(props.initialSort ? [props.initialSort] : []);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const local = useId();
  const source = useRef<(q: PageQuery, signal?: AbortSignal) => Promise<R>>(null!);
  source.current = props.source ? props.source.load : (q) => props.load!(q);

  const query = useCallback(
    (p: number, per: number): PageQuery => ({
      page: p,
      per_page: per,
      ...(sorting[0] ? { sort: sorting[0].id, dir: sorting[0].desc ? 'desc' : 'asc' } : { dir: 'desc' }),
      ...(q ? { q } : {}),
    }),
    [sorting, q],
  );

  // a new filter, sort or search starts again at page 1
  useEffect(() => setPage(1), [props.reloadKey, sorting, q, perPage]);

  const pageQuery = query(page, perPage);
  const meta: StaffQueryMeta = { topics: props.source?.topics, onlyIf: props.source?.onlyIf };
  const pages = useQuery({
    // a changed reloadKey reads again even when the call is the same (a market's bets after its state changed)
    queryKey: props.source
      ? [...props.source.key(pageQuery), { reload: props.reloadKey }]
      : ['data-table', local, props.reloadKey, pageQuery],
    queryFn: ({ signal }) => source.current(pageQuery, signal),
    // the rows shown stay until the next page (or the new filter's first) comes
    placeholderData: (previous) => previous,
    meta,
  });
  const result: PageResult<T> = pages.data ?? { data: [], total: 0 };
  const loading = pages.isFetching;
  const error = pages.error ? errorText(pages.error) : exportError;
  const onPage = useRef(props.onPage);
  onPage.current = props.onPage;
  useEffect(() => {
    if (pages.data && !pages.isPlaceholderData) onPage.current?.(pages.data);
  }, [pages.data, pages.isPlaceholderData]);

  // debounce the search box
  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);

  const table = useReactTable({
    data: result.data,
    columns: props.columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    state: { sorting },
    onSortingChange: (u: Updater<SortingState>) => setSorting(u),
    getRowId: props.rowKey,
    pageCount: Math.max(1, Math.ceil(result.total / perPage)),
  });

  const lastPage = Math.max(1, Math.ceil(result.total / perPage));

  async function exportCsv() {
    if (!props.csv) return;
    setExporting(true);
    setExportError(null);
    try {
      const limit = props.csvLimit ?? 10_000;
      const rows: T[] = [];
      for (let p = 1; rows.length < limit; p++) {
        const r = await source.current(query(p, STAFF_PAGE_MAX));
        rows.push(...r.data);
        if (r.data.length < STAFF_PAGE_MAX || rows.length >= r.total) break;
      }
      const cols = props.csv.columns;
      const text = toCsv(
        cols.map((c) => c.header),
        rows.slice(0, limit).map((row) => cols.map((c) => c.value(row))),
      );
      downloadCsv(`${props.csv.name}.csv`, text);
    } catch (err) {
      setExportError(errorText(err));
    } finally {
      setExporting(false);
    }
  }

  return (
    <div data-testid={props.testId}>
      <div
        css={css`
          display: flex;
          gap: 8px;
          align-items: center;
          margin-bottom: 8px;
          flex-wrap: wrap;
        `}
      >
        {props.searchPlaceholder !== undefined && (
          <Input
            type="search"
            aria-label="Search"
            placeholder={props.searchPlaceholder}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            css={css`
              max-width: 320px;
              min-height: 34px;
              padding: 6px 10px;
            `}
          />
        )}
        {props.toolbar}
        <Spacer />
        <Button variant="ghost" onClick={() => void pages.refetch()} disabled={loading}>
          Reload
        </Button>
        {props.csv && (
          <Button variant="secondary" onClick={exportCsv} disabled={exporting}>
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        )}
      </div>
      {error && <ErrorText>{error}</ErrorText>}
      <div
        css={css`
          overflow: auto;
          max-height: 70vh;
        `}
      >
        <table css={tableCss} aria-busy={loading}>
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  const label = flexRender(h.column.columnDef.header, h.getContext());
                  return (
                    <th key={h.id} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {h.column.getCanSort() ? (
                        <button type="button" onClick={h.column.getToggleSortingHandler()}>
                          {label} {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                onClick={props.onRowClick ? () => props.onRowClick!(row.original) : undefined}
                css={
                  props.onRowClick
                    ? css`
                        cursor: pointer;
                      `
                    : undefined
                }
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))}
            {!loading && result.data.length === 0 && (
              <tr>
                <td
                  colSpan={props.columns.length}
                  css={css`
                    text-align: center;
                    color: ${theme.color.textMuted};
                  `}
                >
                  No rows
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <nav
        aria-label="Pages"
        css={css`
          display: flex;
          gap: 8px;
          align-items: center;
          margin-top: 8px;
          font-size: 13px;
        `}
      >
        <Button variant="secondary" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
          Previous
        </Button>
        <span>
          Page {page} of {lastPage} · {result.total.toLocaleString('en')} rows
        </span>
        <Button variant="secondary" onClick={() => setPage((p) => Math.min(lastPage, p + 1))} disabled={page >= lastPage}>
          Next
        </Button>
        {props.pageSizes && (
          <Select<string>
            label="Rows per page"
            hideLabel
            value={String(perPage)}
            onChange={(v) => setPerPage(Number(v))}
            options={props.pageSizes.map((n) => ({ value: String(n), label: `${n} rows a page` }))}
          />
        )}
      </nav>
    </div>
  );
}

/**
 * A cell's text that wraps (a table's cells keep to one line): a long message or summary, at most `max` px wide.
 * `clip`: kept to one line and cut with an ellipsis at `max` instead.
 */
export const CellText = styled('span', { shouldForwardProp: (p) => p !== 'max' && p !== 'clip' })<{ max?: number; clip?: boolean }>`
  ${(p) => (p.clip ? 'display: inline-block; overflow: hidden; text-overflow: ellipsis; vertical-align: bottom;' : 'white-space: normal;')}
  ${(p) => (p.max ? `max-width: ${p.max}px;` : '')}
`;
