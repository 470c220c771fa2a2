import type { FastifyInstance } from 'fastify';
import {
  getGames,
  getGeneral,
  getLogo,
  getMarketBlock,
  getPaymentMethods,
  getPromotion,
  getPromotions,
  getProviders,
  getSliders,
  getSocialLinks,
  getSystems,
} from '@khela/contracts';
import type { Queryable } from '../db';
import { registerEndpoint, requirePlayer } from '../http/endpoint';
import { NotFound } from '../http/errors';
import { fromMinor, parseMinor } from '../ledger/money';
import { captchaRoute } from './captcha';

const PROMOTION_COLUMNS = `id::int AS id, name, description AS "desc", thumbnail,
  to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
  deposit_bonus_percent AS deposit_bouns, max_bonus_minor, turnover, categories, status`;

type PromotionRow = { max_bonus_minor: string | null } & Record<string, unknown>;
const promotionOut = ({ max_bonus_minor, ...p }: PromotionRow) => ({
  ...p,
  max_bonus: max_bonus_minor === null ? null : fromMinor(parseMinor(max_bonus_minor)),
});

async function assertGameType(q: Queryable, type: string) {
  const r = await q.query('SELECT 1 FROM game_types WHERE code = $1', [type]);
  if (!r.rows.length) throw new NotFound(`Unknown game type: ${type}`);
}

export default async function contentRoutes(app: FastifyInstance) {
  const db = app.db;

  registerEndpoint(app, getLogo, async () => {
    const r = await db.query<any>(
      'SELECT id::int AS id, logo, mobile_logo, loader_logo, favicon FROM logos ORDER BY id DESC',
    );
    return r.rows;
  });

  registerEndpoint(app, getGeneral, async () => {
    const r = await db.query<any>(
      `SELECT site_title, site_status, system_notice, support_mail, withdrawal_status,
              whatsapp, facebook, telegram, live_chat, intercom, tawk_id
       FROM general_settings WHERE id = 1`,
    );
    if (!r.rows[0]) throw new NotFound('General settings are not configured');
    return r.rows[0];
  });

  registerEndpoint(app, getSliders, async () => {
    const r = await db.query<any>(
      `SELECT id::int AS id, name, link, thumbnail AS thubmnail, message_id, status, slider_type
       FROM sliders WHERE status = 'active' ORDER BY slider_type, sort_order, id`,
    );
    return r.rows;
  });

  registerEndpoint(app, getSocialLinks, async () => {
    const r = await db.query<any>(
      `SELECT id::int AS id, name, icon, link FROM social_links WHERE status = 'active' ORDER BY sort_order, id`,
    );
    return r.rows;
  });

  registerEndpoint(app, getPaymentMethods, async () => {
    const r = await db.query<any>(
      `SELECT id::int AS id, name, icon, status, account_type, pgs, allows_deposit, allows_withdraw
       FROM payment_methods WHERE status = 'active' ORDER BY sort_order, id`,
    );
    return r.rows.map(({ pgs, allows_deposit, allows_withdraw, ...m }) => ({
      ...m,
      account_type: m.account_type === 'ewallet' ? { type: 'ewallet' as const, pgs: pgs ?? [] } : m.account_type,
      deposit: allows_deposit,
      withdraw: allows_withdraw,
    }));
  });

  registerEndpoint(app, getPromotions, async () => {
    const r = await db.query<PromotionRow>(
      `SELECT ${PROMOTION_COLUMNS} FROM promotions WHERE status = 'display' ORDER BY sort_order, id`,
    );
    return r.rows.map(promotionOut) as any;
  });

  registerEndpoint(app, getPromotion, async (req) => {
    const r = await db.query<PromotionRow>(
      `SELECT ${PROMOTION_COLUMNS} FROM promotions WHERE id = $1 AND status = 'display'`,
      [req.params.id],
    );
    if (!r.rows[0]) throw new NotFound('Promotion not found');
    return promotionOut(r.rows[0]) as any;
  });

  registerEndpoint(app, getMarketBlock, async (req) => {
    const r = await db.query<any>('SELECT exchange_market, cs_market, status FROM players WHERE id = $1', [
      requirePlayer(req).id,
    ]);
    return r.rows[0];
  });

  registerEndpoint(app, getSystems, async (req) => {
    await assertGameType(db, req.query.type);
    const r = await db.query<any>(
      `SELECT s.platform, s.name, s.icon FROM game_systems s
       WHERE s.status = 'active'
         AND EXISTS (SELECT 1 FROM games g WHERE g.platform = s.platform AND g.type = $1 AND g.status = 'active')
       ORDER BY s.sort_order, s.id`,
      [req.query.type],
    );
    return { systems: r.rows };
  });

  registerEndpoint(app, getProviders, async (req) => {
    const r = await db.query<any>(
      `SELECT p.system_platform AS system, p.platform, p.name, p.icon FROM game_providers p
       JOIN game_systems s ON s.platform = p.system_platform
       WHERE p.status = 'active' AND s.status = 'active' AND p.system_platform = ANY($1::text[])
       ORDER BY s.sort_order, p.sort_order, p.id`,
      [req.query.system],
    );
    return { data: r.rows };
  });

  registerEndpoint(app, getGames, async (req) => {
    const { type, system } = req.query;
    await assertGameType(db, type);
    const r = await db.query<any>(
      `SELECT code, name, type, platform, provider, thumbnail,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at FROM games
       WHERE status = 'active' AND type = $1 AND ($2::text IS NULL OR platform = $2)
       ORDER BY is_featured DESC, sort_order, id`,
      [type, system || null],
    );
    return { games: r.rows };
  });

  captchaRoute(app);
}
