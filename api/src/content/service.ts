import type { Queryable } from '../db';
import { NotFound } from '../errors';
import { fromMinor, parseMinor } from '../ledger/money';

/*
 * The spec's content calls (docs/README.md#spec-7) and the game catalogue: read-only queries (rows typed by the
 * endpoint schemas).
 */

/** The player's language of a content read (http/locale.ts requestLocale). */
export type ContentLocale = 'en' | 'bn';

/**
 * A bilingual text column in the player's language: its `<col>_bn` in Bangla when staff wrote one, else the English
 * (README.md beside: *_bn columns, empty = missing). `col` and `alias` are trusted constants.
 */
export const localized = (locale: ContentLocale, col: string, alias = col.split('.').pop()!) =>
  locale === 'bn' ? `COALESCE(NULLIF(btrim(${col}_bn), ''), ${col}) AS ${alias}` : `${col} AS ${alias}`;

/** The content's version (sql/0940_content_version.sql), as a string (a bigint). */
export async function contentVersion(q: Queryable): Promise<string> {
  const r = await q.query<{ version: string }>('SELECT version::text AS version FROM content_version WHERE id = 1');
  return r.rows[0]?.version ?? '0';
}

export async function logos(q: Queryable) {
  const r = await q.query<any>('SELECT id::int AS id, logo, mobile_logo, loader_logo, favicon FROM logos ORDER BY id DESC');
  return r.rows;
}

/** General settings of a site whose staff have not configured it yet (production starts with nothing seeded). */
export const UNCONFIGURED_SETTINGS = {
  site_title: 'Khela',
  site_status: 1,
  system_notice: null,
  system_notice_bn: null,
  support_mail: null,
  withdrawal_status: 1,
  whatsapp: null,
  facebook: null,
  telegram: null,
  live_chat: null,
  intercom: null,
  tawk_id: null,
};

/** Staff-set content is live between its start and end dates, counted in Dhaka days (both ends included). */
const LIVE_TODAY = `(start_date IS NULL OR start_date <= (now() AT TIME ZONE 'Asia/Dhaka')::date)
   AND (end_date IS NULL OR end_date >= (now() AT TIME ZONE 'Asia/Dhaka')::date)`;

export async function generalSettings(q: Queryable, locale: ContentLocale = 'en') {
  const r = await q.query<any>(
    `SELECT site_title, site_status, ${localized(locale, 'system_notice')}, support_mail, withdrawal_status,
            whatsapp, facebook, telegram, live_chat, intercom, tawk_id
     FROM general_settings WHERE id = 1`,
  );
  const marquee = await q.query<{ text: string }>(
    `SELECT ${localized(locale, 'text')} FROM marquee_messages WHERE status = 'active' AND ${LIVE_TODAY} ORDER BY sort_order, id LIMIT 20`,
  );
  const popups = await q.query<any>(
    `SELECT id::int AS id, kind, ${localized(locale, 'title')}, ${localized(locale, 'body')}, image, link FROM home_popups
     WHERE status = 'active' AND ${LIVE_TODAY} ORDER BY sort_order, id LIMIT 10`,
  );
  // a production site starts with nothing seeded: open, withdrawals on, no notice, until staff configure it
  return { ...(r.rows[0] ?? UNCONFIGURED_SETTINGS), marquee: marquee.rows.map((m) => m.text), popups: popups.rows };
}

export async function sliders(q: Queryable, locale: ContentLocale = 'en') {
  const r = await q.query<any>(
    // name_en: the English name, which the promotional-banner rule reads whatever the language (routes.ts strips it)
    `SELECT id::int AS id, ${localized(locale, 'name')}, name AS name_en, link, thumbnail AS thubmnail, message_id, status, slider_type
     FROM sliders WHERE status = 'active' ORDER BY slider_type, sort_order, id`,
  );
  return r.rows;
}

export async function socialLinks(q: Queryable) {
  const r = await q.query<any>(`SELECT id::int AS id, name, icon, link FROM social_links WHERE status = 'active' ORDER BY sort_order, id`);
  return r.rows;
}

/** Columns of a payment method as the spec shows it (content and the wallet's method list). */
export const PAYMENT_METHOD_COLUMNS = 'id::int AS id, code, name, icon, status, account_type, pgs, allows_deposit, allows_withdraw';

/** A payment_methods row in the spec's shape: an e-wallet's account_type carries its gateways. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw row; the endpoint's response schema checks the result
export const paymentMethodOut = ({ pgs, allows_deposit, allows_withdraw, ...m }: any) => ({
  ...m,
  account_type: m.account_type === 'ewallet' ? { type: 'ewallet' as const, pgs: pgs ?? [] } : m.account_type,
  deposit: allows_deposit,
  withdraw: allows_withdraw,
});

export async function paymentMethods(q: Queryable) {
  const r = await q.query<any>(`SELECT ${PAYMENT_METHOD_COLUMNS} FROM payment_methods WHERE status = 'active' ORDER BY sort_order, id`);
  return r.rows.map(paymentMethodOut);
}

const promotionColumns = (
  locale: ContentLocale,
) => `id::int AS id, ${localized(locale, 'name')}, ${localized(locale, 'description', '"desc"')}, thumbnail,
  to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
  deposit_bonus_percent AS deposit_bouns, max_bonus_minor, turnover, categories, status`;

type PromotionRow = { max_bonus_minor: string | null } & Record<string, unknown>;
const promotionOut = ({ max_bonus_minor, ...p }: PromotionRow) => ({
  ...p,
  max_bonus: max_bonus_minor === null ? null : fromMinor(parseMinor(max_bonus_minor)),
});

export async function promotions(q: Queryable, locale: ContentLocale = 'en') {
  const r = await q.query<PromotionRow>(
    `SELECT ${promotionColumns(locale)} FROM promotions WHERE status = 'display' AND ${LIVE_TODAY} ORDER BY sort_order, id`,
  );
  return r.rows.map(promotionOut) as any;
}

export async function promotion(q: Queryable, id: number, locale: ContentLocale = 'en') {
  const r = await q.query<PromotionRow>(`SELECT ${promotionColumns(locale)} FROM promotions WHERE id = $1 AND status = 'display'`, [id]);
  if (!r.rows[0]) throw new NotFound('Promotion not found');
  return promotionOut(r.rows[0]) as any;
}

/** The player's upline flags (docs/README.md#spec-6); the decision itself is `marketBlock` in contracts. */
export async function marketFlags(q: Queryable, playerId: number) {
  const r = await q.query<any>('SELECT exchange_market, cs_market, status FROM players WHERE id = $1', [playerId]);
  return r.rows[0];
}

async function assertGameType(q: Queryable, type: string) {
  const r = await q.query('SELECT 1 FROM game_types WHERE code = $1', [type]);
  if (!r.rows.length) throw new NotFound(`Unknown game type: ${type}`);
}

export async function systemsWithGames(q: Queryable, type: string) {
  await assertGameType(q, type);
  const r = await q.query<any>(
    `SELECT s.platform, s.name, s.icon FROM game_systems s
     WHERE s.status = 'active'
       AND EXISTS (SELECT 1 FROM games g
                   LEFT JOIN game_providers p ON p.system_platform = g.platform AND p.platform = g.provider
                   WHERE g.platform = s.platform AND g.type = $1 AND g.status = 'active' AND (p.id IS NULL OR p.status = 'active'))
     ORDER BY s.sort_order, s.id`,
    [type],
  );
  return r.rows;
}

export async function providersOf(q: Queryable, systems: string[]) {
  const r = await q.query<any>(
    `SELECT p.system_platform AS system, p.platform, p.name, p.icon FROM game_providers p
     JOIN game_systems s ON s.platform = p.system_platform
     WHERE p.status = 'active' AND s.status = 'active' AND p.system_platform = ANY($1::text[])
     ORDER BY s.sort_order, p.sort_order, p.id`,
    [systems],
  );
  return r.rows;
}

export async function games(q: Queryable, type: string, system: string | undefined) {
  await assertGameType(q, type);
  const r = await q.query<any>(
    // staff's catalogue decides: a disabled game, system or provider is not listed; featured first, then staff's order
    `SELECT g.code, g.name, g.type, g.platform, g.provider, g.thumbnail,
            to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
     FROM games g
     JOIN game_systems s ON s.platform = g.platform AND s.status = 'active'
     LEFT JOIN game_providers p ON p.system_platform = g.platform AND p.platform = g.provider
     WHERE g.status = 'active' AND g.type = $1 AND ($2::text IS NULL OR g.platform = $2) AND (p.id IS NULL OR p.status = 'active')
     ORDER BY g.is_featured DESC, g.sort_order, g.id`,
    [type, system || null],
  );
  return r.rows;
}
