import type { Queryable } from '../../db';
import { NotFound, ValidationFailed } from '../../errors';
import { fromMinor, parseMinor, toMinor } from '../../ledger/money';
import { writeAudit, type AuditActor } from '../../core/audit';
import type { z } from 'zod';
import { CONTENT_MESSAGES, type StaffSettings, type staffLogoSchema } from '@khela/contracts';
import { UNCONFIGURED_SETTINGS } from '../service';

/*
 * Back office, content: one generic list/create/update/delete/reorder over the content tables (sliders, promotions,
 * home popups, marquee, social links), the logo record and the general settings. Every change writes its audit line
 * (before/after) with the same transaction.
 */

type Row = Record<string, unknown>;

export interface ResourceDef {
  /** Table name (trusted constant). */
  table: string;
  /** Audit entity type and action prefix: `content.<entity>.create|update|delete|reorder`. */
  entity: string;
  /** SELECT list giving the staff row's shape. */
  columns: string;
  /** Columns searched by `q` (ILIKE). */
  search: string[];
  /** Query filter name -> column. */
  filters: Record<string, string>;
  /** Sort name -> column (trusted). */
  sortable: Record<string, string>;
  /** The parsed body -> column values written. */
  write: (body: Row) => Row;
  /** A raw row -> the wire row. */
  out?: (row: Row) => Row;
}

const DATE = (col: string) => `to_char(${col}, 'YYYY-MM-DD') AS ${col}`;

export const RESOURCES = {
  slider: {
    table: 'sliders',
    entity: 'slider',
    columns: 'id::int AS id, name, name_bn, thumbnail, link, message_id, status, slider_type, sort_order',
    search: ['name', 'name_bn', 'link'],
    filters: { slider_type: 'slider_type', status: 'status' },
    sortable: { sort_order: 'sort_order', name: 'name', id: 'id' },
    write: (b) => pick(b, ['name', 'name_bn', 'thumbnail', 'link', 'message_id', 'status', 'slider_type']),
  },
  promotion: {
    table: 'promotions',
    entity: 'promotion',
    columns: `id::int AS id, name, name_bn, description, description_bn, thumbnail, ${DATE('start_date')}, ${DATE('end_date')}, deposit_bonus_percent,
      max_bonus_minor::text AS max_bonus_minor, turnover, categories, status, sort_order,
      to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`,
    search: ['name', 'name_bn', 'description', 'description_bn'],
    filters: { status: 'status' },
    sortable: { sort_order: 'sort_order', name: 'name', start_date: 'start_date', end_date: 'end_date', id: 'id' },
    write: (b) => ({
      ...pick(b, [
        'name',
        'name_bn',
        'description',
        'description_bn',
        'thumbnail',
        'start_date',
        'end_date',
        'deposit_bonus_percent',
        'turnover',
        'categories',
        'status',
      ]),
      max_bonus_minor: b.max_bonus ? toMinor(String(b.max_bonus)).toString() : null,
    }),
    out: ({ max_bonus_minor, ...p }) => ({ ...p, max_bonus: max_bonus_minor == null ? null : fromMinor(parseMinor(max_bonus_minor)) }),
  },
  popup: {
    table: 'home_popups',
    entity: 'popup',
    columns: `id::int AS id, name, kind, title, title_bn, body, body_bn, image, link, status, ${DATE('start_date')}, ${DATE('end_date')}, sort_order`,
    search: ['name', 'title', 'title_bn'],
    filters: { kind: 'kind', status: 'status' },
    sortable: { sort_order: 'sort_order', name: 'name', id: 'id' },
    write: (b) => pick(b, ['name', 'kind', 'title', 'title_bn', 'body', 'body_bn', 'image', 'link', 'status', 'start_date', 'end_date']),
  },
  marquee: {
    table: 'marquee_messages',
    entity: 'marquee',
    columns: `id::int AS id, text, text_bn, status, ${DATE('start_date')}, ${DATE('end_date')}, sort_order`,
    search: ['text', 'text_bn'],
    filters: { status: 'status' },
    sortable: { sort_order: 'sort_order', id: 'id' },
    write: (b) => pick(b, ['text', 'text_bn', 'status', 'start_date', 'end_date']),
  },
  socialLink: {
    table: 'social_links',
    entity: 'social_link',
    columns: 'id::int AS id, name, icon, link, status, sort_order',
    search: ['name', 'link'],
    filters: { status: 'status' },
    sortable: { sort_order: 'sort_order', name: 'name', id: 'id' },
    write: (b) => pick(b, ['name', 'icon', 'link', 'status']),
  },
} satisfies Record<string, ResourceDef>;

function pick(b: Row, keys: string[]): Row {
  const out: Row = {};
  for (const k of keys) if (b[k] !== undefined) out[k] = b[k];
  return out;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ListQuery {
  page: number;
  per_page: number;
  sort?: string;
  dir: 'asc' | 'desc';
  q?: string;
  [filter: string]: unknown;
}

/** One page of a content list with the count for the same filter. */
export async function listResource(q: Queryable, def: ResourceDef, query: ListQuery) {
  const where: string[] = [];
  const args: unknown[] = [];
  for (const [name, col] of Object.entries(def.filters)) {
    const v = query[name];
    if (v !== undefined && v !== null && v !== '') {
      args.push(v);
      where.push(`${col} = $${args.length}`);
    }
  }
  if (query.q) {
    args.push(`%${escapeLike(query.q)}%`);
    where.push(`(${def.search.map((c) => `${c} ILIKE $${args.length}`).join(' OR ')})`);
  }
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const sortCol = (query.sort && def.sortable[query.sort]) || 'sort_order';
  const dir = query.sort ? (query.dir === 'asc' ? 'ASC' : 'DESC') : 'ASC';
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${def.table} ${w}`, args);
  const rows = await q.query<Row>(
    `SELECT ${def.columns} FROM ${def.table} ${w} ORDER BY ${sortCol} ${dir}, id ${dir}
     LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
    [...args, query.per_page, (query.page - 1) * query.per_page],
  );
  return { data: rows.rows.map(def.out ?? ((r) => r)), page: query.page, per_page: query.per_page, total: total.rows[0]!.n };
}

async function findRow(q: Queryable, def: ResourceDef, id: number, lock = false): Promise<Row | null> {
  const r = await q.query<Row>(`SELECT ${def.columns} FROM ${def.table} WHERE id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`, [id]);
  const row = r.rows[0];
  return row ? (def.out ?? ((x: Row) => x))(row) : null;
}

export async function createResource(q: Queryable, actor: AuditActor, def: ResourceDef, body: Row) {
  const values = def.write(body);
  if (body.sort_order !== undefined) values.sort_order = body.sort_order;
  else {
    // new rows go last
    const m = await q.query<{ n: number }>(`SELECT COALESCE(max(sort_order) + 1, 0)::int AS n FROM ${def.table}`);
    values.sort_order = m.rows[0]!.n;
  }
  const cols = Object.keys(values);
  const r = await q.query<{ id: string }>(
    `INSERT INTO ${def.table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    cols.map((c) => values[c]),
  );
  const id = Number(r.rows[0]!.id);
  const after = (await findRow(q, def, id))!;
  await writeAudit(q, actor, { action: `content.${def.entity}.create`, entityType: def.entity, entityId: id, reason: note(body), after });
  return after;
}

export async function updateResource(q: Queryable, actor: AuditActor, def: ResourceDef, id: number, body: Row) {
  const before = await findRow(q, def, id, true);
  if (!before) throw new NotFound(CONTENT_MESSAGES.notFound);
  const values = def.write(body);
  if (body.sort_order !== undefined) values.sort_order = body.sort_order;
  const cols = Object.keys(values);
  const touch = ['home_popups', 'marquee_messages'].includes(def.table) ? ', updated_at = now()' : '';
  if (cols.length) {
    await q.query(`UPDATE ${def.table} SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}${touch} WHERE id = $1`, [
      id,
      ...cols.map((c) => values[c]),
    ]);
  }
  const after = (await findRow(q, def, id))!;
  await writeAudit(q, actor, {
    action: `content.${def.entity}.update`,
    entityType: def.entity,
    entityId: id,
    reason: note(body),
    before,
    after,
  });
  return after;
}

export async function deleteResource(q: Queryable, actor: AuditActor, def: ResourceDef, id: number) {
  const before = await findRow(q, def, id, true);
  if (!before) throw new NotFound(CONTENT_MESSAGES.notFound);
  await q.query(`DELETE FROM ${def.table} WHERE id = $1`, [id]);
  await writeAudit(q, actor, { action: `content.${def.entity}.delete`, entityType: def.entity, entityId: id, before });
}

/** The ids in their new order get sort_order 0..n-1; all must exist and be distinct. */
export async function reorder(q: Queryable, actor: AuditActor, table: string, entity: string, ids: number[], reason?: string) {
  if (new Set(ids).size !== ids.length) throw new ValidationFailed({ ids: [CONTENT_MESSAGES.reorder] });
  const before = await q.query<{ id: number; sort_order: number }>(
    `SELECT id::int AS id, sort_order FROM ${table} WHERE id = ANY($1::bigint[]) ORDER BY sort_order, id FOR NO KEY UPDATE`,
    [ids],
  );
  if (before.rows.length !== ids.length) throw new ValidationFailed({ ids: [CONTENT_MESSAGES.reorder] });
  // the rows keep their place among the others: they take the consecutive orders from their lowest one
  const start = Math.min(...before.rows.map((r) => r.sort_order));
  await q.query(
    `UPDATE ${table} t SET sort_order = $2 + o.ord - 1 FROM unnest($1::bigint[]) WITH ORDINALITY AS o(id, ord) WHERE t.id = o.id`,
    [ids, start],
  );
  await writeAudit(q, actor, {
    action: `content.${entity}.reorder`,
    entityType: entity,
    reason: reason ?? null,
    before: before.rows,
    after: ids.map((id, i) => ({ id, sort_order: start + i })),
  });
  return { updated: ids.length };
}

const note = (b: Row) => (typeof b.note === 'string' && b.note ? b.note : null);

// ---- Logo ----

const LOGO_COLUMNS = 'id::int AS id, logo, mobile_logo, loader_logo, favicon';
type StaffLogo = z.infer<typeof staffLogoSchema>;
const NO_LOGO: StaffLogo = { id: null, logo: null, mobile_logo: null, loader_logo: null, favicon: null };

/** The current logo record (the newest row: what GET /api/logo's first item is). */
export async function currentLogo(q: Queryable, lock = false): Promise<StaffLogo> {
  const r = await q.query<StaffLogo>(`SELECT ${LOGO_COLUMNS} FROM logos ORDER BY id DESC LIMIT 1${lock ? ' FOR NO KEY UPDATE' : ''}`);
  return r.rows[0] ?? NO_LOGO;
}

export async function updateLogo(q: Queryable, actor: AuditActor, body: Row) {
  const before = await currentLogo(q, true);
  const v = [body.logo, body.mobile_logo, body.loader_logo ?? null, body.favicon ?? null];
  if (before.id) {
    await q.query('UPDATE logos SET logo = $2, mobile_logo = $3, loader_logo = $4, favicon = $5 WHERE id = $1', [before.id, ...v]);
  } else {
    await q.query('INSERT INTO logos (logo, mobile_logo, loader_logo, favicon) VALUES ($1, $2, $3, $4)', v);
  }
  const after = await currentLogo(q);
  await writeAudit(q, actor, {
    action: 'content.logo.update',
    entityType: 'logo',
    entityId: String(after.id),
    reason: note(body),
    before,
    after,
  });
  return after;
}

// ---- General settings ----

const SETTING_FIELDS = [
  'site_title',
  'site_status',
  'system_notice',
  'system_notice_bn',
  'support_mail',
  'whatsapp',
  'facebook',
  'telegram',
  'live_chat',
  'intercom',
  'tawk_id',
] as const;
const SETTINGS_COLUMNS = `${SETTING_FIELDS.join(', ')}, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at`;

export async function staffSettings(q: Queryable, lock = false): Promise<StaffSettings> {
  const r = await q.query<StaffSettings>(
    `SELECT ${SETTINGS_COLUMNS} FROM general_settings WHERE id = 1${lock ? ' FOR NO KEY UPDATE' : ''}`,
  );
  // the players' defaults (content/service.ts), less the payments area's withdrawal switch
  const { withdrawal_status: _payments, ...defaults } = UNCONFIGURED_SETTINGS;
  return r.rows[0] ?? { ...defaults, updated_at: null };
}

/** Changes only the fields sent (withdrawal_status is never touched here: it is the payments area's switch). */
export async function updateSettings(q: Queryable, actor: AuditActor, body: Row) {
  // a site without a settings row (production before staff configure it) gets one with the defaults first
  await q.query(`INSERT INTO general_settings (id, site_title) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, [
    UNCONFIGURED_SETTINGS.site_title,
  ]);
  const before = await staffSettings(q, true);
  const changes = SETTING_FIELDS.filter((f) => body[f] !== undefined && body[f] !== before[f]);
  if (changes.length) {
    await q.query(`UPDATE general_settings SET ${changes.map((c, i) => `${c} = $${i + 1}`).join(', ')}, updated_at = now() WHERE id = 1`, [
      ...changes.map((c) => body[c]),
    ]);
  }
  const after = await staffSettings(q);
  const only = (r: StaffSettings) => Object.fromEntries(changes.map((c) => [c, r[c]]));
  const action = changes.includes('site_status')
    ? after.site_status === 0
      ? 'content.maintenance.on'
      : 'content.maintenance.off'
    : 'content.settings.update';
  if (changes.length) {
    await writeAudit(q, actor, {
      action,
      entityType: 'general_settings',
      entityId: 1,
      reason: note(body),
      before: only(before),
      after: only(after),
    });
  }
  return after;
}

// ---- Uploaded images ----

export async function recordImage(q: Queryable, actor: AuditActor, img: { path: string; mime: string; size: number; sha256: string }) {
  await q.query('INSERT INTO content_images (path, mime, size_bytes, sha256, operator_id) VALUES ($1, $2, $3, $4, $5)', [
    img.path,
    img.mime,
    img.size,
    img.sha256,
    actor.staffId,
  ]);
  await writeAudit(q, actor, { action: 'content.image.upload', entityType: 'image', entityId: img.path, after: img });
}
