import { useState, type ReactNode } from 'react';
import { css } from '@emotion/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Endpoint } from '@khela/contracts';
import { ApiError, Badge, Button, Card, theme } from '@khela/web';
import { DataTable, type CsvColumn, type PageQuery } from '../../ui/DataTable';
import { Toolbar } from '../../ui/layout';
import { useStaff } from '../../staff/context';
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
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [reload, setReload] = useState(0);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [page, setPage] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  const e = config.endpoints;

  const open = (row: Row | null) => {
    setErrors({});
    setMessage(null);
    setEditing({ id: row?.id ?? null, values: row ? (config.toValues ?? ((r: Row) => ({ ...r })))(row) : { ...config.blank } });
  };

  async function save() {
    if (!editing) return;
    setBusy(true);
    setErrors({});
    try {
      const body = { ...editing.values };
      delete body.id;
      if (editing.id === null) await api.call(e.create, { body });
      else await api.call(e.update, { body, params: { id: editing.id } });
      setMessage({ ok: true, text: editing.id === null ? `The ${config.noun} was created.` : `The ${config.noun} was saved.` });
      setEditing(null);
      setReload((n) => n + 1);
    } catch (err) {
      const { message: text, fields } = errorsOf(err);
      setErrors(fields);
      setMessage({ ok: false, text });
    } finally {
      setBusy(false);
    }
  }

  async function remove(row: Row) {
    if (!window.confirm(`Delete this ${config.noun}? This cannot be undone.`)) return;
    try {
      await api.call(e.remove, { params: { id: row.id } });
      setMessage({ ok: true, text: `The ${config.noun} was deleted.` });
      setReload((n) => n + 1);
    } catch (err) {
      setMessage({ ok: false, text: errorsOf(err).message });
    }
  }

  /** Moves a row one place within the page shown (sorted by order): the page's rows are renumbered in that order. */
  async function move(row: Row, by: -1 | 1) {
    const ids = page.map((r) => r.id);
    const i = ids.indexOf(row.id);
    const j = i + by;
    if (i < 0 || j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    try {
      await api.call(e.reorder, { body: { ids } });
      setReload((n) => n + 1);
    } catch (err) {
      setMessage({ ok: false, text: errorsOf(err).message });
    }
  }

  const actions: ColumnDef<Row, any> = {
    id: 'actions',
    header: 'Actions',
    enableSorting: false,
    cell: ({ row }) => (
      <div
        css={css`
          display: flex;
          gap: 4px;
        `}
      >
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
      </div>
    ),
  };

  const set = (k: string, value: unknown) => setEditing((ed) => (ed ? { ...ed, values: { ...ed.values, [k]: value } } : ed));

  return (
    <div data-testid={config.testId}>
      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          css={css`
            color: ${message.ok ? theme.color.success : theme.color.danger};
            margin: 0 0 8px;
          `}
        >
          {message.text}
        </p>
      )}
      {editing && (
        <Card
          css={css`
            margin-bottom: 12px;
          `}
        >
          <form
            aria-label={editing.id === null ? `New ${config.noun}` : `Edit ${config.noun} ${editing.id}`}
            onSubmit={(ev) => {
              ev.preventDefault();
              void save();
            }}
          >
            <h2
              css={css`
                margin-top: 0;
              `}
            >
              {editing.id === null ? `New ${config.noun}` : `Edit ${config.noun} #${editing.id}`}
            </h2>
            <div
              css={css`
                display: flex;
                gap: 16px;
                align-items: flex-start;
              `}
            >
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
            </div>
            <Toolbar>
              <Button type="submit" disabled={busy}>
                {busy ? 'Saving…' : 'Save'}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </Toolbar>
          </form>
        </Card>
      )}
      <DataTable<Row>
        columns={[...config.columns, actions]}
        rowKey={(r) => String(r.id)}
        reloadKey={`${reload}:${JSON.stringify(filters)}`}
        initialSort={{ id: 'sort_order', desc: false }}
        searchPlaceholder={`Search ${config.noun}s`}
        csv={{ name: `${config.noun}s`, columns: config.csv }}
        load={async (query: PageQuery) => {
          const q = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
          const r = await api.call(e.list, { query: { ...query, ...q } });
          setPage(r.data);
          return r;
        }}
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

/** A record's status: filled green while it shows on the site, grey otherwise. */
export const StatusBadge = ({ value }: { value: string }) => (
  <Badge variant="solid" tone={value === 'active' || value === 'display' ? 'success' : 'muted'}>
    {value}
  </Badge>
);
