import { useRef, useState, type ReactNode } from 'react';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Endpoint } from '@khela/contracts';
import { ApiError, Button, Row, StatusBadge } from '@khela/web';
import { DataTable, useStaffPages, type CsvColumn } from '../../ui/DataTable';
import { Toolbar, PanelCard, CardHeading, Outcome } from '../../ui/layout';
import { useStaff } from '../../staff/context';
import { useStaffChange } from '../../ui/query';
import { formGrid, inputCss, smallBtn, TextInput } from './fields';
import { PlayerPreview, type PreviewLocale } from './bilingual';

/* One content list (sliders, promotions, popups, marquee, social links): server-paged table, editor, delete, reorder. */

export type Values = Record<string, any>;
export type Errors = Record<string, string | undefined>;
type AnyEndpoint = Endpoint<any, any, any, any>;

export interface ResourceConfig<Row extends { id: number; sort_order: number }> {
  /** Singular noun, e.g. 'slider'. */
  noun: string;
  endpoints: { list: AnyEndpoint; create: AnyEndpoint; update: AnyEndpoint; remove: AnyEndpoint; reorder: AnyEndpoint };
  columns: ColumnDef<Row, any>[];
  csv: CsvColumn<Row>[];
  /** Values of a new row. */
  blank: Values;
  /** Values of the editor for an existing row. */
  toValues?: (row: Row) => Values;
  /** The form's fields. */
  form: (v: Values, set: (k: string, value: unknown) => void, errors: Errors) => ReactNode;
  /** The item as a player sees it (the editor's values), shown beside the form at phone width in either language. */
  preview?: (v: Values, locale: PreviewLocale, imageUrl: (path: string) => string | undefined) => ReactNode;
  /** Filters beside the search box: query name, label, options ('' = all). */
  filters?: { name: string; label: string; options: readonly string[] }[];
  testId: string;
}

export function errorsOf(err: unknown): { message: string; fields: Errors } {
  if (err instanceof ApiError) {
    const fields: Errors = {};
    for (const [k, v] of Object.entries(err.fieldErrors ?? {})) fields[k.replace(/^body\./, '').split('.')[0]!] = v[0];
    return { message: err.message, fields };
  }
  return { message: (err as Error).message ?? String(err), fields: {} };
}

export function ResourceTab<Row extends { id: number; sort_order: number }>({ config }: { config: ResourceConfig<Row> }) {
  const { api } = useStaff();
  const [editing, setEditing] = useState<{ id: number | null; values: Values } | null>(null);
  const [filters, setFilters] = useState<Record<string, string>>({});
  // the page shown (what a move renumbers); kept without re-rendering the table
  const page = useRef<Row[]>([]);
  const e = config.endpoints;
  const source = useStaffPages(e.list, (query) => ({
    query: { ...query, ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) },
  }));
  // the last change: its refusal (with the fields it names) or what it did
  const change = useStaffChange();
  const [done, setDone] = useState<string | null>(null);
  const failure = change.error ? errorsOf(change.error) : null;
  const errors: Errors = failure?.fields ?? {};
  const message = failure ? { ok: false, text: failure.message } : done ? { ok: true, text: done } : null;

  const open = (row: Row | null) => {
    change.reset();
    setDone(null);
    setEditing({ id: row?.id ?? null, values: row ? (config.toValues ?? ((r: Row) => ({ ...r })))(row) : { ...config.blank } });
  };

  async function save() {
    if (!editing) return;
    const body = { ...editing.values };
    delete body.id;
    const saved =
      editing.id === null ? await change.run(e.create, { body }) : await change.run(e.update, { body, params: { id: editing.id } });
    if (saved === undefined) return;
    setDone(editing.id === null ? `The ${config.noun} was created.` : `The ${config.noun} was saved.`);
    setEditing(null);
  }

  async function remove(row: Row) {
    if (!window.confirm(`Delete this ${config.noun}? This cannot be undone.`)) return;
    if ((await change.run(e.remove, { params: { id: row.id } })) !== undefined) setDone(`The ${config.noun} was deleted.`);
  }

  /** Moves a row one place within the page shown (sorted by order): the page's rows are renumbered in that order. */
  async function move(row: Row, by: -1 | 1) {
    const ids = page.current.map((r) => r.id);
    const i = ids.indexOf(row.id);
    const j = i + by;
    if (i < 0 || j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    await change.run(e.reorder, { body: { ids } });
  }

  const actions: ColumnDef<Row, any> = {
    id: 'actions',
    header: 'Actions',
    enableSorting: false,
    cell: ({ row }) => (
      <Row gap={4} align="stretch">
        <Button
          type="button"
          variant="ghost"
          css={smallBtn}
          aria-label={`Move up ${row.original.id}`}
          onClick={() => void move(row.original, -1)}
        >
          ↑
        </Button>
        <Button
          type="button"
          variant="ghost"
          css={smallBtn}
          aria-label={`Move down ${row.original.id}`}
          onClick={() => void move(row.original, 1)}
        >
          ↓
        </Button>
        <Button type="button" variant="secondary" css={smallBtn} onClick={() => open(row.original)}>
          Edit
        </Button>
        <Button type="button" variant="danger" css={smallBtn} onClick={() => void remove(row.original)}>
          Delete
        </Button>
      </Row>
    ),
  };

  const set = (k: string, value: unknown) => setEditing((ed) => (ed ? { ...ed, values: { ...ed.values, [k]: value } } : ed));

  return (
    <div data-testid={config.testId}>
      <Outcome message={message} />
      {editing && (
        <PanelCard>
          <form
            aria-label={editing.id === null ? `New ${config.noun}` : `Edit ${config.noun} ${editing.id}`}
            onSubmit={(ev) => {
              ev.preventDefault();
              void save();
            }}
          >
            <CardHeading>{editing.id === null ? `New ${config.noun}` : `Edit ${config.noun} #${editing.id}`}</CardHeading>
            <Row gap={16} align="start">
              <div
                css={[
                  formGrid,
                  css`
                    flex: 1;
                  `,
                ]}
              >
                {config.form(editing.values, set, errors)}
                <TextInput
                  label="Order"
                  type="number"
                  value={String(editing.values.sort_order ?? '')}
                  onChange={(v) => set('sort_order', v === '' ? undefined : Number(v))}
                  error={errors.sort_order}
                  hint="Lower comes first; empty = last."
                />
                <TextInput
                  label="Note for the audit log"
                  value={editing.values.note ?? ''}
                  onChange={(v) => set('note', v)}
                  error={errors.note}
                  wide
                />
              </div>
              {config.preview && (
                <PlayerPreview render={(locale) => config.preview!(editing.values, locale, (p) => (/^https?:/.test(p) ? p : api.url(p)))} />
              )}
            </Row>
            <Toolbar>
              <Button type="submit" disabled={change.pending}>
                {change.pending ? 'Saving…' : 'Save'}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </Toolbar>
          </form>
        </PanelCard>
      )}
      <DataTable<Row>
        columns={[...config.columns, actions]}
        rowKey={(r) => String(r.id)}
        reloadKey={JSON.stringify(filters)}
        initialSort={{ id: 'sort_order', desc: false }}
        searchPlaceholder={`Search ${config.noun}s`}
        csv={{ name: `${config.noun}s`, columns: config.csv }}
        source={source}
        onPage={(r) => (page.current = r.data as Row[])}
        toolbar={
          <>
            {(config.filters ?? []).map((f) => (
              <select
                key={f.name}
                aria-label={f.label}
                css={[
                  inputCss,
                  css`
                    width: auto;
                  `,
                ]}
                value={filters[f.name] ?? ''}
                onChange={(ev) => setFilters((x) => ({ ...x, [f.name]: ev.target.value }))}
              >
                <option value="">{f.label}: all</option>
                {f.options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ))}
            <Button type="button" onClick={() => open(null)} css={smallBtn}>
              New {config.noun}
            </Button>
          </>
        }
      />
    </div>
  );
}

/** A small thumbnail cell for image paths on the API host. */
export function Thumb({ path }: { path: string | null }) {
  const { api } = useStaff();
  if (!path) return <span>—</span>;
  return (
    <img
      src={/^https?:/.test(path) ? path : api.url(path)}
      alt=""
      css={css`
        height: 28px;
        max-width: 84px;
        object-fit: contain;
        vertical-align: middle;
      `}
    />
  );
}

/** A content record's status: the kit's badge, filled green while it shows on the site, grey otherwise. */
export const ContentStatus = ({ value }: { value: string }) => (
  <StatusBadge status={value} variant="solid" tone={value === 'active' || value === 'display' ? 'success' : 'muted'} />
);
