// Back office, players: the SQL of the staff endpoints (routes.ts does HTTP).
import type { KycStatus, PLAYER_SORTS, PlayerProtectionFilter, PlayerStatus } from '@khela/contracts';
import type { Queryable } from '../../db';
import { DISABLED_STATUS, disablePlayer, revokePlayerSessions, revokeSessionHash } from '../../auth';
import { isoTimestamp } from '../../core/timestamps';
import { NotFound, ValidationFailed } from '../../errors';
import {
  fromMinor,
  getPlayerBalance,
  getPlayerOwed,
  houseAccount,
  parseMinor,
  playerAccounts,
  transfer,
  walletFigures,
  type Currency,
} from '../../ledger';
import { playerLinks } from '../../core/linked';
import { kycRow } from '../../kyc/service';
import { writeAudit, type AuditActor } from '../../core/audit';

export type SortDir = 'asc' | 'desc';
export interface PageArgs {
  page: number;
  per_page: number;
  dir: SortDir;
}
export interface Page<T> {
  data: T[];
  page: number;
  per_page: number;
  total: number;
}

const offsetOf = (a: PageArgs) => (a.page - 1) * a.per_page;
const money = (v: unknown) => fromMinor(parseMinor(v ?? 0));
const iso = (v: unknown) => isoTimestamp(v) ?? '';
const dirSql = (d: SortDir) => (d === 'asc' ? 'ASC' : 'DESC');
/** A LIKE prefix pattern of user text: its wildcards are literal. */
const prefixPattern = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Phone digits as stored (normalizePhone of verification/codes): +880 1XXXXXXXXX -> 01XXXXXXXXX; a prefix stays a prefix. */
function phonePrefix(q: string): string | null {
  if (!/^\+?[\d\s-]{3,}$/.test(q)) return null;
  const d = q.replace(/\D/g, '');
  return d.startsWith('880') ? `0${d.slice(3)}` : d;
}

/**
 * The WHERE condition of the players table's search box: id (digits), username prefix, phone prefix, e-mail prefix,
 * each answered by an index (0610_backoffice_players.sql), OR-ed so one box finds any of them.
 */
function searchCondition(q: string, params: unknown[]): string {
  const add = (v: unknown) => `$${params.push(v)}`;
  const lower = q.toLowerCase();
  const parts: string[] = [];
  if (/^\d{1,18}$/.test(q)) parts.push(`p.id = ${add(q)}::bigint`);
  const phone = phonePrefix(q);
  if (phone) parts.push(`p.phone LIKE ${add(prefixPattern(phone))}`);
  if (q.includes('@')) {
    parts.push(`lower(p.email) LIKE ${add(prefixPattern(lower))}`);
  } else {
    const pat = add(prefixPattern(lower));
    parts.push(`lower(p.username) LIKE ${pat}`, `lower(p.email) LIKE ${pat}`);
  }
  return `(${parts.join(' OR ')})`;
}

const MAIN_BALANCE_SQL = `(SELECT a.balance_minor FROM ledger_accounts a WHERE a.code = 'player:' || p.id || ':main' AND a.currency = p.currency)`;

export interface PlayersQuery extends PageArgs {
  sort?: (typeof PLAYER_SORTS)[number];
  q?: string;
  status?: PlayerStatus;
  currency?: Currency;
  protection?: PlayerProtectionFilter;
  kyc?: KycStatus;
}

/** The protection filter's conditions on `p` (PLAYER_PROTECTION_FILTERS): what is in force now. */
const EXCLUDED_SQL = (kind: string) =>
  `EXISTS (SELECT 1 FROM player_exclusions e WHERE e.player_id = p.id AND e.kind = '${kind}' AND e.starts_at <= now()
     AND (e.ends_at IS NULL OR e.ends_at > now()))`;
const ON_HOLD_SQL = `EXISTS (SELECT 1 FROM player_risk_holds h WHERE h.player_id = p.id AND h.released_at IS NULL)`;
const UNDER_AGE_SQL = `EXISTS (SELECT 1 FROM player_protection pp WHERE pp.player_id = p.id AND pp.under_age_at IS NOT NULL)`;
const PROTECTION_FILTER_SQL: Record<PlayerProtectionFilter, string> = {
  self_excluded: EXCLUDED_SQL('self_exclusion'),
  timed_out: EXCLUDED_SQL('time_out'),
  on_hold: ON_HOLD_SQL,
  under_age: UNDER_AGE_SQL,
  limits_set: `EXISTS (SELECT 1 FROM player_limits l WHERE l.player_id = p.id AND l.value IS NOT NULL)`,
  unrestricted: `NOT ${EXCLUDED_SQL('self_exclusion')} AND NOT ${EXCLUDED_SQL('time_out')} AND NOT ${ON_HOLD_SQL} AND NOT ${UNDER_AGE_SQL}`,
};

/** One page of the players table (search, filters, sort), with the count of the same filter. */
export async function listPlayers(db: Queryable, a: PlayersQuery) {
  const params: unknown[] = [];
  const where: string[] = [];
  if (a.q) where.push(searchCondition(a.q, params));
  if (a.status) where.push(`p.status = $${params.push(a.status)}`);
  if (a.currency) where.push(`p.currency = $${params.push(a.currency)}`);
  if (a.protection) where.push(PROTECTION_FILTER_SQL[a.protection]);
  // the identity check (issue 32, kyc/): no row is 'none'
  if (a.kyc) {
    where.push(
      a.kyc === 'none'
        ? `NOT EXISTS (SELECT 1 FROM player_kyc k WHERE k.player_id = p.id AND k.status <> 'none')`
        : `EXISTS (SELECT 1 FROM player_kyc k WHERE k.player_id = p.id AND k.status = $${params.push(a.kyc)})`,
    );
  }
  const filter = where.join(' AND ');
  const whereSql = filter ? `WHERE ${filter}` : '';
  const andFilter = filter ? `AND ${filter}` : '';
  const d = dirSql(a.dir);
  const sort = a.sort ?? 'id';
  const count = await db.query<{ n: string }>(`SELECT count(*) AS n FROM players p ${whereSql}`, params);
  const total = Number(count.rows[0]!.n);

  // The page's ids first (an index walk, however deep the page), then the rows and balances of those only.
  const page = async (sql: string, limit: number, offset: number): Promise<string[]> => {
    if (limit <= 0) return [];
    const r = await db.query<{ id: string }>(`${sql} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, limit, offset]);
    return r.rows.map((x) => x.id);
  };
  let ids: string[];
  if (sort === 'balance') {
    // Two parts instead of sorting every player by a joined balance: the players' main accounts by balance (sign-up
    // makes them, so this is nearly everyone); and players without a main account yet (balance 0), by id: after the
    // accounts when descending, before them ascending. There is no index by balance on purpose (0970: it kept every
    // balance movement of the site from being a HOT update), so the main accounts are sorted as read, without a join
    // when there is no filter.
    const accounts = filter
      ? `SELECT p.id FROM ledger_accounts m JOIN players p ON p.id = m.player_id
         WHERE m.player_id IS NOT NULL AND m.code LIKE 'player:%:main' ${andFilter}
         ORDER BY m.balance_minor ${d}, m.player_id ${d}`
      : `SELECT m.player_id AS id FROM ledger_accounts m WHERE m.player_id IS NOT NULL AND m.code LIKE 'player:%:main'
         ORDER BY m.balance_minor ${d}, m.player_id ${d}`;
    const none = `SELECT p.id FROM players p WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts m
      WHERE m.code = 'player:' || p.id || ':main' AND m.currency = p.currency) ${andFilter}
      ORDER BY p.id ${d}`;
    const countAccounts = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            filter
              ? `SELECT count(*) AS n FROM ledger_accounts m JOIN players p ON p.id = m.player_id
                 WHERE m.player_id IS NOT NULL AND m.code LIKE 'player:%:main' ${andFilter}`
              : `SELECT count(*) AS n FROM ledger_accounts m WHERE m.player_id IS NOT NULL AND m.code LIKE 'player:%:main'`,
            params,
          )
        ).rows[0]!.n,
      );
    const offset = offsetOf(a);
    if (d === 'DESC') {
      // the accounts first; their count only when the page reaches past them (the last pages)
      ids = await page(accounts, a.per_page, offset);
      if (ids.length < a.per_page) {
        const skip = ids.length > 0 ? 0 : Math.max(0, offset - (await countAccounts()));
        ids.push(...(await page(none, a.per_page - ids.length, skip)));
      }
    } else {
      const without = total - (await countAccounts());
      ids = offset < without ? await page(none, a.per_page, offset) : [];
      if (ids.length < a.per_page) ids.push(...(await page(accounts, a.per_page - ids.length, Math.max(0, offset - without))));
    }
  } else if (sort === 'last_login_at' || sort === 'deposits') {
    // player_activity (0870), kept by triggers; a player without a row never logged in (last either way) and has
    // deposited 0
    const order =
      sort === 'last_login_at' ? `act.last_login_at ${d} NULLS LAST, p.id ${d}` : `COALESCE(act.deposits_minor, 0) ${d}, p.id ${d}`;
    ids = await page(
      `SELECT p.id FROM players p LEFT JOIN player_activity act ON act.player_id = p.id ${whereSql} ORDER BY ${order}`,
      a.per_page,
      offsetOf(a),
    );
  } else {
    const order = sort === 'username' ? `lower(p.username) ${d}` : sort === 'created_at' ? `p.created_at ${d}, p.id ${d}` : `p.id ${d}`;
    ids = await page(`SELECT p.id FROM players p ${whereSql} ORDER BY ${order}`, a.per_page, offsetOf(a));
  }
  const rows = ids.length
    ? await db.query<Record<string, any>>(
        `SELECT p.id, p.username, p.name, p.phone, p.email, p.currency, p.status, p.exchange_market, p.cs_market, p.created_at,
                ${MAIN_BALANCE_SQL} AS balance_minor, act.last_login_at, COALESCE(act.deposits_minor, 0) AS deposits_minor,
                COALESCE((SELECT k.status FROM player_kyc k WHERE k.player_id = p.id), 'none') AS kyc
         FROM players p LEFT JOIN player_activity act ON act.player_id = p.id WHERE p.id = ANY($1::bigint[])`,
        [ids],
      )
    : { rows: [] };
  const byId = new Map(rows.rows.map((r) => [String(r.id), r]));
  return {
    data: ids
      .map((id) => byId.get(String(id)))
      .filter((r) => r !== undefined)
      .map((r) => ({
        id: Number(r.id),
        username: r.username,
        name: r.name,
        phone: r.phone,
        email: r.email,
        currency: r.currency,
        status: r.status,
        exchange_market: Number(r.exchange_market),
        cs_market: Number(r.cs_market),
        balance: money(r.balance_minor),
        deposits: money(r.deposits_minor),
        last_login_at: isoTimestamp(r.last_login_at),
        created_at: iso(r.created_at),
        kyc: r.kyc,
      })),
    page: a.page,
    per_page: a.per_page,
    total,
  };
}

/** The player's page header: identity, verification, status and flags, the ledger's figures, VIP coin, cash bonus. */
export async function playerProfile(db: Queryable, id: number) {
  const r = await db.query<Record<string, any>>(
    `SELECT p.id, p.username, p.name, p.phone, p.phone_verified, p.email, p.email_verified_at,
            to_char(p.dofb, 'YYYY-MM-DD') AS dofb, p.currency, p.status, p.exchange_market, p.cs_market, p.referral_code,
            p.referred_by, p.agent_code, p.affiliate_code, p.created_at, p.updated_at, p.vip_coin, p.cash_bonus_minor,
            (SELECT max(s.created_at) FROM sessions s WHERE s.player_id = p.id AND s.scope = 'player') AS last_login_at,
            (SELECT count(*) FROM sessions s WHERE s.player_id = p.id AND s.revoked_at IS NULL AND s.expires_at > now()) AS live_sessions,
            (SELECT COALESCE(sum(w.remaining_minor), 0) FROM wallet_turnovers w WHERE w.player_id = p.id AND w.status = 'active') AS turnover_minor
     FROM players p WHERE p.id = $1`,
    [id],
  );
  const p = r.rows[0];
  if (!p) throw new NotFound('Unknown player');
  const bal = await getPlayerBalance(db, id);
  const owed = await getPlayerOwed(db, id);
  const fig = walletFigures(bal);
  return {
    id: Number(p.id),
    username: p.username,
    name: p.name,
    phone: p.phone,
    phone_verified: Boolean(p.phone_verified),
    email: p.email,
    email_verified_at: isoTimestamp(p.email_verified_at),
    dofb: p.dofb,
    currency: p.currency,
    status: p.status,
    exchange_market: Number(p.exchange_market),
    cs_market: Number(p.cs_market),
    referral_code: p.referral_code,
    referred_by: p.referred_by === null ? null : Number(p.referred_by),
    agent_code: p.agent_code,
    affiliate_code: p.affiliate_code,
    created_at: iso(p.created_at),
    updated_at: iso(p.updated_at),
    last_login_at: isoTimestamp(p.last_login_at),
    live_sessions: p.status === DISABLED_STATUS ? 0 : Number(p.live_sessions),
    wallet: {
      balance: fig.balance,
      exposure: fig.exposure,
      available: fig.available,
      pending_withdrawals: fromMinor(bal.heldMinor),
      owed: fromMinor(owed),
    },
    vip_coin: Number(p.vip_coin),
    cash_bonus: money(p.cash_bonus_minor),
    turnover_remaining: money(p.turnover_minor),
    links: await playerLinks(db, id),
    kyc: await kycSummary(db, id),
  };
}

async function assertPlayer(db: Queryable, id: number): Promise<void> {
  const r = await db.query('SELECT 1 FROM players WHERE id = $1', [id]);
  if (!r.rows.length) throw new NotFound('Unknown player');
}

/** Postings of the player's ledger accounts, newest first (or oldest with dir asc). */
export async function playerLedger(db: Queryable, id: number, a: PageArgs & { account?: string }): Promise<Page<any>> {
  await assertPlayer(db, id);
  const params: unknown[] = [id];
  const accountSql = a.account ? `AND a.code = $${params.push(`player:${id}:${a.account}`)}` : '';
  const base = `FROM ledger_postings lp JOIN ledger_accounts a ON a.id = lp.account_id WHERE a.player_id = $1 ${accountSql}`;
  const n = params.length;
  const rows = await db.query<Record<string, any>>(
    `SELECT lp.id, lp.transfer_id, lp.created_at, lp.amount_minor, a.code, t.kind, t.reference,
            COALESCE(t.metadata->>'reason', t.metadata->>'note') AS note
     ${base.replace('WHERE', 'JOIN ledger_transfers t ON t.id = lp.transfer_id WHERE')}
     ORDER BY lp.id ${dirSql(a.dir)} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, a.per_page, offsetOf(a)],
  );
  const count = await db.query<{ n: string }>(`SELECT count(*) AS n ${base}`, params);
  return {
    data: rows.rows.map((r) => ({
      id: Number(r.id),
      transfer_id: Number(r.transfer_id),
      created_at: iso(r.created_at),
      kind: r.kind,
      reference: r.reference,
      account: String(r.code).split(':')[2] ?? r.code,
      amount: money(r.amount_minor),
      note: r.note ?? null,
    })),
    page: a.page,
    per_page: a.per_page,
    total: Number(count.rows[0]!.n),
  };
}

function exchangePrice(kind: string, price: number, line: number | null): string {
  if (kind === 'MATCH_ODDS') return (price / 100).toFixed(2);
  if (kind === 'BOOKMAKER') return String(price - 100);
  return line === null ? String(price) : `${line} / ${price}`;
}

/** The player's exchange bets or casino rounds, newest first. */
export async function playerBets(db: Queryable, id: number, a: PageArgs & { product: 'casino' | 'exchange' }): Promise<Page<any>> {
  await assertPlayer(db, id);
  const d = dirSql(a.dir);
  if (a.product === 'casino') {
    const rows = await db.query<Record<string, any>>(
      `SELECT id, round_id, game_name, game_type, platform, bet_minor, win_minor, status, created_at, settled_at
       FROM casino_rounds WHERE player_id = $1 ORDER BY created_at ${d}, id ${d} LIMIT $2 OFFSET $3`,
      [id, a.per_page, offsetOf(a)],
    );
    const count = await db.query<{ n: string }>('SELECT count(*) AS n FROM casino_rounds WHERE player_id = $1', [id]);
    return {
      data: rows.rows.map((r) => ({
        id: Number(r.id),
        product: 'casino' as const,
        ref: r.round_id,
        description: r.game_name,
        detail: `${r.game_type} · ${r.platform}`,
        stake: money(r.bet_minor),
        result: r.status === 'settled' ? money(r.win_minor) : null,
        status: r.status,
        placed_at: iso(r.created_at),
        settled_at: isoTimestamp(r.settled_at),
      })),
      page: a.page,
      per_page: a.per_page,
      total: Number(count.rows[0]!.n),
    };
  }
  const rows = await db.query<Record<string, any>>(
    `SELECT b.id, b.public_id, b.kind, b.side, b.price, b.line, b.selection_name, b.stake_minor, b.profit_minor, b.status,
            b.placed_at, b.settled_at, m.event_name, m.name AS market_name
     FROM exchange_bets b JOIN exchange_markets m ON m.market_id = b.market_id
     WHERE b.player_id = $1 ORDER BY b.id ${d} LIMIT $2 OFFSET $3`,
    [id, a.per_page, offsetOf(a)],
  );
  const count = await db.query<{ n: string }>('SELECT count(*) AS n FROM exchange_bets WHERE player_id = $1', [id]);
  return {
    data: rows.rows.map((r) => ({
      id: Number(r.id),
      product: 'exchange' as const,
      ref: r.public_id,
      description: [r.event_name, r.market_name, r.selection_name].filter(Boolean).join(' · '),
      detail: `${r.side} @ ${exchangePrice(r.kind, Number(r.price), r.line === null ? null : Number(r.line))}`,
      stake: money(r.stake_minor),
      result: r.profit_minor === null ? null : money(r.profit_minor),
      status: r.status,
      placed_at: iso(r.placed_at),
      settled_at: isoTimestamp(r.settled_at),
    })),
    page: a.page,
    per_page: a.per_page,
    total: Number(count.rows[0]!.n),
  };
}

/** The player's turnover requirements (deposit promotions, claimed bonuses), newest first. */
export async function playerTurnovers(db: Queryable, id: number, a: PageArgs): Promise<Page<any>> {
  await assertPlayer(db, id);
  const rows = await db.query<Record<string, any>>(
    `SELECT w.id, w.source, pr.name AS promotion, w.required_minor, w.remaining_minor, w.status, w.created_at, w.completed_at
     FROM wallet_turnovers w LEFT JOIN promotions pr ON pr.id = w.promotion_id
     WHERE w.player_id = $1 ORDER BY w.id ${dirSql(a.dir)} LIMIT $2 OFFSET $3`,
    [id, a.per_page, offsetOf(a)],
  );
  const count = await db.query<{ n: string }>('SELECT count(*) AS n FROM wallet_turnovers WHERE player_id = $1', [id]);
  return {
    data: rows.rows.map((r) => ({
      id: Number(r.id),
      source: r.source,
      promotion: r.promotion ?? null,
      required: money(r.required_minor),
      remaining: money(r.remaining_minor),
      status: r.status,
      created_at: iso(r.created_at),
      completed_at: isoTimestamp(r.completed_at),
    })),
    page: a.page,
    per_page: a.per_page,
    total: Number(count.rows[0]!.n),
  };
}

/** The player's sessions (log-ins and exchange tokens), newest first; `live` only the usable ones. */
export async function playerSessions(db: Queryable, id: number, a: PageArgs & { live?: boolean }): Promise<Page<any>> {
  await assertPlayer(db, id);
  const liveSql = `s.revoked_at IS NULL AND s.expires_at > now() AND p.status <> '${DISABLED_STATUS}'`;
  const filter = a.live === undefined ? '' : a.live ? `AND ${liveSql}` : `AND NOT (${liveSql})`;
  const base = `FROM sessions s JOIN players p ON p.id = s.player_id WHERE s.player_id = $1 ${filter}`;
  const rows = await db.query<Record<string, any>>(
    `SELECT left(s.token_hash, 16) AS id, s.scope, s.created_at, s.expires_at, s.revoked_at, (${liveSql}) AS live,
            -- an exchange token shows the client of the log-in it was made from
            COALESCE(s.address, (SELECT ps.address FROM sessions ps WHERE ps.token_hash = s.parent_hash)) AS address,
            COALESCE(s.device_id, (SELECT ps.device_id FROM sessions ps WHERE ps.token_hash = s.parent_hash)) AS device_id,
            COALESCE(s.user_agent, (SELECT ps.user_agent FROM sessions ps WHERE ps.token_hash = s.parent_hash)) AS user_agent
     ${base} ORDER BY s.created_at ${dirSql(a.dir)}, s.token_hash LIMIT $2 OFFSET $3`,
    [id, a.per_page, offsetOf(a)],
  );
  const count = await db.query<{ n: string }>(`SELECT count(*) AS n ${base}`, [id]);
  return {
    data: rows.rows.map((r) => ({
      id: r.id,
      scope: r.scope,
      created_at: iso(r.created_at),
      expires_at: iso(r.expires_at),
      revoked_at: isoTimestamp(r.revoked_at),
      live: Boolean(r.live),
      address: r.address ?? null,
      device_id: r.device_id ?? null,
      user_agent: r.user_agent ?? null,
    })),
    page: a.page,
    per_page: a.per_page,
    total: Number(count.rows[0]!.n),
  };
}

/** Ends one session of the player (by its hash prefix) and the exchange tokens made from it; audited. */
export async function revokeOneSession(q: Queryable, actor: AuditActor, id: number, prefix: string, reason: string) {
  await assertPlayer(q, id);
  const r = await q.query<{ token_hash: string; revoked_at: unknown }>(
    'SELECT token_hash, revoked_at FROM sessions WHERE player_id = $1 AND left(token_hash, 16) = $2',
    [id, prefix],
  );
  const row = r.rows[0];
  if (!row) throw new NotFound('Unknown session');
  const ended = await revokeSessionHash(q, row.token_hash);
  const hashes = ended?.hashes ?? [];
  await writeAudit(q, actor, {
    action: 'player.session_revoke',
    entityType: 'player',
    entityId: id,
    reason,
    before: { session: prefix, revoked_at: isoTimestamp(row.revoked_at) },
    after: { session: prefix, revoked: hashes.length },
  });
  return { hashes, revoked: row.revoked_at === null ? hashes.length : 0 };
}

/** Ends every session of the player; audited with how many were live. */
export async function revokeAllSessions(q: Queryable, actor: AuditActor, id: number, reason: string) {
  await assertPlayer(q, id);
  const live = await q.query<{ n: string }>('SELECT count(*) AS n FROM sessions WHERE player_id = $1 AND revoked_at IS NULL', [id]);
  const n = Number(live.rows[0]!.n);
  await revokePlayerSessions(q, id);
  await writeAudit(q, actor, {
    action: 'player.session_revoke_all',
    entityType: 'player',
    entityId: id,
    reason,
    before: { open_sessions: n },
    after: { open_sessions: 0 },
  });
  return { revoked: n };
}

/** Staff notes on the player, newest first. */
export async function playerNotes(db: Queryable, id: number, a: PageArgs): Promise<Page<any>> {
  await assertPlayer(db, id);
  const rows = await db.query<Record<string, any>>(
    `SELECT id, text, username, created_at FROM player_notes WHERE player_id = $1 ORDER BY id ${dirSql(a.dir)} LIMIT $2 OFFSET $3`,
    [id, a.per_page, offsetOf(a)],
  );
  const count = await db.query<{ n: string }>('SELECT count(*) AS n FROM player_notes WHERE player_id = $1', [id]);
  return {
    data: rows.rows.map((r) => ({ id: Number(r.id), text: r.text, operator: r.username, created_at: iso(r.created_at) })),
    page: a.page,
    per_page: a.per_page,
    total: Number(count.rows[0]!.n),
  };
}

/** Appends a note (and its audit line). */
export async function addNote(q: Queryable, actor: AuditActor, id: number, text: string) {
  await assertPlayer(q, id);
  const r = await q.query<Record<string, any>>(
    `INSERT INTO player_notes (player_id, operator_id, username, text) VALUES ($1, $2, $3, $4)
     RETURNING id, text, username, created_at`,
    [id, actor.staffId, actor.username, text],
  );
  const n = r.rows[0]!;
  await writeAudit(q, actor, { action: 'player.note', entityType: 'player', entityId: id, after: { note_id: Number(n.id), text } });
  return { id: Number(n.id), text: n.text, operator: n.username, created_at: iso(n.created_at) };
}

export interface StatusFacts {
  status: string;
  exchange_market: number;
  cs_market: number;
}

/**
 * Sets status and/or the upline flags under the player's row lock, with its audit line. Disabling ends every
 * session in the same transaction (disablePlayer); the caller ends the push streams and publishes `account` after
 * the commit.
 */
export async function setPlayerStatus(
  q: Queryable,
  actor: AuditActor,
  id: number,
  change: { status?: PlayerStatus; exchange_market?: 0 | 1; cs_market?: 0 | 1; reason: string },
): Promise<{ before: StatusFacts; after: StatusFacts; changed: boolean }> {
  const r = await q.query<Record<string, any>>('SELECT status, exchange_market, cs_market FROM players WHERE id = $1 FOR NO KEY UPDATE', [
    id,
  ]);
  const row = r.rows[0];
  if (!row) throw new NotFound('Unknown player');
  const before: StatusFacts = { status: row.status, exchange_market: Number(row.exchange_market), cs_market: Number(row.cs_market) };
  const after: StatusFacts = {
    status: change.status ?? before.status,
    exchange_market: change.exchange_market ?? before.exchange_market,
    cs_market: change.cs_market ?? before.cs_market,
  };
  const changed =
    after.status !== before.status || after.exchange_market !== before.exchange_market || after.cs_market !== before.cs_market;
  if (!changed) return { before, after, changed };
  if (after.status === DISABLED_STATUS && before.status !== DISABLED_STATUS) await disablePlayer(q, id);
  await q.query('UPDATE players SET status = $2, exchange_market = $3, cs_market = $4, updated_at = now() WHERE id = $1', [
    id,
    after.status,
    after.exchange_market,
    after.cs_market,
  ]);
  await writeAudit(q, actor, { action: 'player.status', entityType: 'player', entityId: id, reason: change.reason, before, after });
  return { before, after, changed };
}

/** Largest single adjustment in minor units (10,000,000.00). */
export const ADJUST_MAX_MINOR = 1_000_000_000n;

/**
 * A reasoned balance adjustment: one ledger transfer between the player's main account and house:adjustment, under
 * the player's row lock, audited with the balances before and after. A debit never takes the available balance below
 * zero. The same idempotency key again replays the first transfer (no second audit line); with other details, 409.
 */
export async function adjustBalance(
  q: Queryable,
  actor: AuditActor,
  id: number,
  input: { direction: 'credit' | 'debit'; amountMinor: bigint; reason: string; idempotencyKey: string },
) {
  if (input.amountMinor <= 0n) throw new ValidationFailed({ amount: ['The amount must be more than 0.'] });
  if (input.amountMinor > ADJUST_MAX_MINOR)
    throw new ValidationFailed({ amount: [`The amount may be at most ${fromMinor(ADJUST_MAX_MINOR)}.`] });
  const p = await q.query<{ currency: Currency }>('SELECT currency FROM players WHERE id = $1 FOR NO KEY UPDATE', [id]);
  if (!p.rows[0]) throw new NotFound('Unknown player');
  const { currency } = p.rows[0];
  const acc = await playerAccounts(q, id);
  const house = await houseAccount(q, 'adjustment', currency);
  const signed = input.direction === 'credit' ? input.amountMinor : -input.amountMinor;
  const key = `staff.adjustment:${input.idempotencyKey}`;
  const legs = [
    { account: acc.main, amountMinor: signed },
    { account: house, amountMinor: -signed },
  ];
  const done = await q.query('SELECT 1 FROM ledger_transfers WHERE idempotency_key = $1', [key]);
  if (done.rows.length) {
    // a repeat of a form already sent: the ledger answers the first transfer (or 409 for other details)
    const replay = await transfer(q, { idempotencyKey: key, kind: 'staff.adjustment', legs });
    return { transferId: replay.transferId, replayed: true, before: null, after: walletFigures(await getPlayerBalance(q, id)) };
  }
  const beforeBal = await getPlayerBalance(q, id);
  if (signed < 0n && beforeBal.balanceMinor < input.amountMinor) {
    throw new ValidationFailed({
      amount: [`The debit is more than the player's available balance (${fromMinor(beforeBal.balanceMinor)} ${currency}).`],
    });
  }
  const moved = await transfer(q, {
    idempotencyKey: key,
    kind: 'staff.adjustment',
    reference: `player:${id}`,
    metadata: { operator_id: actor.staffId, operator: actor.username, direction: input.direction, reason: input.reason },
    legs,
  });
  const before = walletFigures(beforeBal);
  const after = walletFigures(await getPlayerBalance(q, id));
  await writeAudit(q, actor, {
    action: 'player.adjust',
    entityType: 'player',
    entityId: id,
    reason: input.reason,
    before,
    after: { ...after, transfer_id: moved.transferId, direction: input.direction, amount: fromMinor(input.amountMinor) },
  });
  return { transferId: moved.transferId, replayed: moved.replayed, before, after };
}

/** The identity check's state for the player page (issue 32, kyc/): none without a row. */
async function kycSummary(q: Queryable, playerId: number) {
  const row = await kycRow(q, playerId);
  return { status: row?.status ?? 'none', birthday_locked: row?.status === 'verified' && row.nid_dofb !== null };
}
