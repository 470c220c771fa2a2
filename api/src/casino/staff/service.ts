import type { Queryable } from '../../db';
import { NotFound, ValidationFailed } from '../../errors';
import { writeAudit, type AuditActor } from '../../core/audit';
import { CONTENT_MESSAGES, type StaffGame, type StaffProvider } from '@khela/contracts';

/* Back office, casino catalogue: games, providers and systems on/off, featured, ordered; every change audited. */

const GAME_COLUMNS = `g.id::int AS id, g.code, g.name, g.type, g.platform, g.provider, g.thumbnail, g.status, g.is_featured, g.sort_order,
  (s.status = 'active' AND (p.id IS NULL OR p.status = 'active')) AS reachable`;
const GAME_FROM = `games g JOIN game_systems s ON s.platform = g.platform
  LEFT JOIN game_providers p ON p.system_platform = g.platform AND p.platform = g.provider`;
const GAME_SORT: Record<string, string> = {
  sort_order: 'g.sort_order',
  name: 'g.name',
  code: 'g.code',
  type: 'g.type',
  platform: 'g.platform',
  id: 'g.id',
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface GameQuery {
  page: number;
  per_page: number;
  sort?: string;
  dir: 'asc' | 'desc';
  q?: string;
  type?: string;
  platform?: string;
  status?: string;
  featured?: '1' | '0';
}

export async function listGames(q: Queryable, query: GameQuery) {
  const where: string[] = [];
  const args: unknown[] = [];
  const add = (sql: (n: number) => string, v: unknown) => {
    args.push(v);
    where.push(sql(args.length));
  };
  if (query.type) add((n) => `g.type = $${n}`, query.type.toUpperCase());
  if (query.platform) add((n) => `(g.platform = $${n} OR g.provider = $${n})`, query.platform);
  if (query.status) add((n) => `g.status = $${n}`, query.status);
  if (query.featured) add((n) => `g.is_featured = $${n}`, query.featured === '1');
  if (query.q) add((n) => `(lower(g.name) LIKE lower($${n}) OR g.code ILIKE $${n})`, `%${escapeLike(query.q)}%`);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const col = (query.sort && GAME_SORT[query.sort]) || 'g.sort_order';
  const dir = query.sort ? (query.dir === 'asc' ? 'ASC' : 'DESC') : 'ASC';
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM games g ${w}`, args);
  const rows = await q.query<StaffGame>(
    `SELECT ${GAME_COLUMNS} FROM ${GAME_FROM} ${w} ORDER BY ${col} ${dir}, g.id ${dir} LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
    [...args, query.per_page, (query.page - 1) * query.per_page],
  );
  return { data: rows.rows, page: query.page, per_page: query.per_page, total: total.rows[0]!.n };
}

async function game(q: Queryable, id: number) {
  const r = await q.query<StaffGame>(`SELECT ${GAME_COLUMNS} FROM ${GAME_FROM} WHERE g.id = $1`, [id]);
  return r.rows[0] ?? null;
}

const gameFields = (g: StaffGame) => ({ status: g.status, is_featured: g.is_featured, sort_order: g.sort_order });

export async function updateGame(
  q: Queryable,
  actor: AuditActor,
  id: number,
  body: { status?: string; is_featured?: boolean; sort_order?: number; note?: string },
) {
  const lock = await q.query('SELECT 1 FROM games WHERE id = $1 FOR NO KEY UPDATE', [id]);
  if (!lock.rows.length) throw new NotFound('Game not found');
  const before = (await game(q, id))!;
  await q.query(
    `UPDATE games SET status = COALESCE($2, status), is_featured = COALESCE($3, is_featured), sort_order = COALESCE($4, sort_order)
     WHERE id = $1`,
    [id, body.status ?? null, body.is_featured ?? null, body.sort_order ?? null],
  );
  const after = (await game(q, id))!;
  await writeAudit(q, actor, {
    action: 'catalogue.game.update',
    entityType: 'game',
    entityId: String(before.code),
    reason: body.note ?? null,
    before: gameFields(before),
    after: gameFields(after),
  });
  return after;
}

export async function bulkGames(
  q: Queryable,
  actor: AuditActor,
  body: { ids: number[]; status?: string; is_featured?: boolean; note?: string },
) {
  if (body.status === undefined && body.is_featured === undefined) throw new ValidationFailed({ ids: ['Nothing to change.'] });
  const ids = [...new Set(body.ids)];
  const before = await q.query<{ id: number; code: string; status: string; is_featured: boolean }>(
    'SELECT id::int AS id, code, status, is_featured FROM games WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE',
    [ids],
  );
  if (before.rows.length !== ids.length) throw new NotFound('Game not found');
  await q.query('UPDATE games SET status = COALESCE($2, status), is_featured = COALESCE($3, is_featured) WHERE id = ANY($1::bigint[])', [
    ids,
    body.status ?? null,
    body.is_featured ?? null,
  ]);
  await writeAudit(q, actor, {
    action: 'catalogue.game.bulk',
    entityType: 'game',
    reason: body.note ?? null,
    before: before.rows,
    after: before.rows.map((g) => ({ ...g, status: body.status ?? g.status, is_featured: body.is_featured ?? g.is_featured })),
  });
  return { updated: ids.length };
}

export async function reorderGames(q: Queryable, actor: AuditActor, ids: number[], note?: string) {
  if (new Set(ids).size !== ids.length) throw new ValidationFailed({ ids: [CONTENT_MESSAGES.reorder] });
  const before = await q.query<{ id: number; code: string; sort_order: number }>(
    'SELECT id::int AS id, code, sort_order FROM games WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE',
    [ids],
  );
  if (before.rows.length !== ids.length) throw new ValidationFailed({ ids: [CONTENT_MESSAGES.reorder] });
  // the rows keep their place among the others: they take the consecutive orders from their lowest one
  const start = Math.min(...before.rows.map((r) => r.sort_order));
  await q.query(
    'UPDATE games t SET sort_order = $2 + o.ord - 1 FROM unnest($1::bigint[]) WITH ORDINALITY AS o(id, ord) WHERE t.id = o.id',
    [ids, start],
  );
  await writeAudit(q, actor, {
    action: 'catalogue.game.reorder',
    entityType: 'game',
    reason: note ?? null,
    before: before.rows,
    after: ids.map((id, i) => ({ id, sort_order: start + i })),
  });
  return { updated: ids.length };
}

const PROVIDER_COLUMNS = `p.id::int AS id, p.system_platform, s.name AS system_name, s.status AS system_status, p.platform, p.name, p.icon,
  p.status, p.sort_order,
  (SELECT count(*)::int FROM games g WHERE g.platform = p.system_platform AND g.provider = p.platform) AS games`;
const PROVIDER_SORT: Record<string, string> = {
  sort_order: 's.sort_order, p.sort_order',
  name: 'p.name',
  platform: 'p.platform',
  id: 'p.id',
};

export async function listProviders(
  q: Queryable,
  query: { page: number; per_page: number; sort?: string; dir: 'asc' | 'desc'; q?: string; status?: string },
) {
  const where: string[] = [];
  const args: unknown[] = [];
  if (query.status) {
    args.push(query.status);
    where.push(`p.status = $${args.length}`);
  }
  if (query.q) {
    args.push(`%${escapeLike(query.q)}%`);
    where.push(`(p.name ILIKE $${args.length} OR p.platform ILIKE $${args.length} OR s.name ILIKE $${args.length})`);
  }
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const col = (query.sort && PROVIDER_SORT[query.sort]) || PROVIDER_SORT.sort_order!;
  const dir = query.sort && query.dir === 'desc' ? 'DESC' : 'ASC';
  const from = 'game_providers p JOIN game_systems s ON s.platform = p.system_platform';
  const total = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from} ${w}`, args);
  const order = col
    .split(',')
    .map((c) => `${c.trim()} ${dir}`)
    .join(', ');
  const rows = await q.query<StaffProvider>(
    `SELECT ${PROVIDER_COLUMNS} FROM ${from} ${w} ORDER BY ${order}, p.id LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
    [...args, query.per_page, (query.page - 1) * query.per_page],
  );
  return { data: rows.rows, page: query.page, per_page: query.per_page, total: total.rows[0]!.n };
}

async function provider(q: Queryable, id: number) {
  const r = await q.query<StaffProvider>(
    `SELECT ${PROVIDER_COLUMNS} FROM game_providers p JOIN game_systems s ON s.platform = p.system_platform WHERE p.id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

export async function updateProvider(
  q: Queryable,
  actor: AuditActor,
  id: number,
  body: { status?: string; sort_order?: number; note?: string },
) {
  const lock = await q.query('SELECT 1 FROM game_providers WHERE id = $1 FOR NO KEY UPDATE', [id]);
  if (!lock.rows.length) throw new NotFound('Provider not found');
  const before = (await provider(q, id))!;
  await q.query('UPDATE game_providers SET status = COALESCE($2, status), sort_order = COALESCE($3, sort_order) WHERE id = $1', [
    id,
    body.status ?? null,
    body.sort_order ?? null,
  ]);
  const after = (await provider(q, id))!;
  await writeAudit(q, actor, {
    action: 'catalogue.provider.update',
    entityType: 'game_provider',
    entityId: `${String(before.system_platform)}/${String(before.platform)}`,
    reason: body.note ?? null,
    before: { status: before.status, sort_order: before.sort_order },
    after: { status: after.status, sort_order: after.sort_order },
  });
  return after;
}

export async function updateSystem(
  q: Queryable,
  actor: AuditActor,
  platform: string,
  body: { status?: string; sort_order?: number; note?: string },
) {
  const cols = 'platform, name, status, sort_order';
  const before = await q.query<{ platform: string; name: string; status: 'active' | 'inactive'; sort_order: number }>(
    `SELECT ${cols} FROM game_systems WHERE platform = $1 FOR NO KEY UPDATE`,
    [platform],
  );
  if (!before.rows[0]) throw new NotFound('System not found');
  const after = await q.query<{ platform: string; name: string; status: 'active' | 'inactive'; sort_order: number }>(
    `UPDATE game_systems SET status = COALESCE($2, status), sort_order = COALESCE($3, sort_order) WHERE platform = $1 RETURNING ${cols}`,
    [platform, body.status ?? null, body.sort_order ?? null],
  );
  const b = before.rows[0];
  const a = after.rows[0]!;
  await writeAudit(q, actor, {
    action: 'catalogue.system.update',
    entityType: 'game_system',
    entityId: platform,
    reason: body.note ?? null,
    before: { status: b.status, sort_order: b.sort_order },
    after: { status: a.status, sort_order: a.sort_order },
  });
  return a;
}

export async function catalogueFilters(q: Queryable) {
  const types = await q.query<{ code: string; name: string }>('SELECT code, name FROM game_types ORDER BY sort_order, code');
  const systems = await q.query<{ platform: string; name: string }>('SELECT platform, name FROM game_systems ORDER BY sort_order, id');
  return { types: types.rows, systems: systems.rows };
}
