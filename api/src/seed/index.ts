import path from 'node:path';
import { API_ROOT, type Db, type Queryable } from '../db';
import { hashPassword } from '../auth/passwords';
import { isProduction } from '../config';
import { houseAccount, playerAccounts, toMinor, transfer } from '../ledger';
import {
  DEMO_PLAYER,
  GAME_TYPES,
  GAMES,
  BRAND_FILES,
  CONTENT_BN,
  GENERAL,
  LOGO,
  OPERATORS,
  PAYMENT_METHODS,
  PROMOTIONS,
  SLIDERS,
  SOCIAL_LINKS,
  SYSTEMS,
  gameFile,
  imageSpecs,
  promotionFile,
  sliderFile,
} from './data';
import { ensureBrand, ensureImages, storagePath as img } from './images';

export interface SeedOptions {
  storageDir?: string;
  /** Skip writing image files (tests). */
  images?: boolean;
  /**
   * The demo data: content (settings, sliders, promotions, games on the sandbox provider, payment methods with
   * demo receiving numbers), the demo player (demo1234) and the default operator (operator/operator123).
   * Default: outside production only. Production seeds nothing: receiving numbers and games pointing at the
   * sandbox would take real players' money to nobody; staff enter the real content, and the first operator is
   * made with `pnpm --filter api staff:create` (staff/create-cli.ts).
   */
  demo?: boolean;
}

/** First start only: every part checks what exists, so running it again changes nothing. */
export async function seed(db: Db, opts: SeedOptions = {}): Promise<void> {
  if (!(opts.demo ?? !isProduction())) return;
  if (opts.images !== false) {
    const storageDir = opts.storageDir ?? path.join(API_ROOT, 'storage');
    ensureImages(storageDir, imageSpecs());
    ensureBrand(storageDir, path.join(API_ROOT, '..', 'shell', 'public', 'brand'), BRAND_FILES);
  }

  await db.tx(async (q) => {
    const has = await q.query('SELECT 1 FROM general_settings WHERE id = 1');
    if (!has.rows.length) await seedContent(q);
    await seedContentBangla(q);
  });

  for (const staff of OPERATORS) {
    const op = await db.query('SELECT 1 FROM operators WHERE lower(username) = lower($1)', [staff.username]);
    if (op.rows.length) continue;
    await db.query(
      `INSERT INTO operators (username, password_hash, name, role) VALUES ($1, $2, $3, $4)
       ON CONFLICT ((lower(username))) DO NOTHING`,
      [staff.username, await hashPassword(staff.password), staff.name, staff.role],
    );
  }

  const demo = await db.query('SELECT 1 FROM players WHERE lower(username) = lower($1)', [DEMO_PLAYER.username]);
  const hash = demo.rows.length ? '' : await hashPassword(DEMO_PLAYER.password);
  await db.tx(async (q) => {
    const d = DEMO_PLAYER;
    if (hash) {
      await q.query(
        `INSERT INTO players (username, password_hash, name, phone, email, currency, vip_coin, cash_bonus_minor,
                              dofb, phone_verified, referral_code, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true, $10, 'active')
         ON CONFLICT ((lower(username))) DO NOTHING`,
        [d.username, hash, d.name, d.phone, d.email, d.currency, d.vip_coin, toMinor(d.cash_bonus).toString(), d.dofb, d.referral_code],
      );
    }
    const p = await q.query<{ id: string }>('SELECT id FROM players WHERE lower(username) = lower($1)', [d.username]);
    const playerId = Number(p.rows[0]!.id);
    const { main, currency } = await playerAccounts(q, playerId);
    const cash = await houseAccount(q, 'cash', currency);
    const amount = toMinor(d.opening_balance);
    // Idempotent: a replay on later starts moves nothing.
    await transfer(q, {
      idempotencyKey: 'seed:demo:opening',
      kind: 'seed',
      reference: `player:${playerId}`,
      legs: [
        { account: cash, amountMinor: -amount },
        { account: main, amountMinor: amount },
      ],
    });
  });
}

/**
 * The demo content's Bangla beside its English (development only, like all demo data): every start, only where the
 * row still has the demo's English and no Bangla, so staff's own texts are never touched.
 */
async function seedContentBangla(q: Queryable) {
  await q.query(
    `UPDATE general_settings SET system_notice_bn = $2 WHERE id = 1 AND system_notice = $1 AND NULLIF(btrim(system_notice_bn), '') IS NULL`,
    [GENERAL.system_notice, CONTENT_BN.system_notice],
  );
  for (const [en, bn] of Object.entries(CONTENT_BN.sliders)) {
    await q.query(`UPDATE sliders SET name_bn = $2 WHERE name = $1 AND NULLIF(btrim(name_bn), '') IS NULL`, [en, bn]);
  }
  for (const p of PROMOTIONS) {
    const bn = CONTENT_BN.promotions[p.name];
    if (!bn) continue;
    await q.query(
      `UPDATE promotions SET name_bn = $3, description_bn = $4
       WHERE name = $1 AND description = $2 AND NULLIF(btrim(name_bn), '') IS NULL AND NULLIF(btrim(description_bn), '') IS NULL`,
      [p.name, p.desc, bn.name, bn.desc],
    );
  }
}

async function seedContent(q: Queryable) {
  const g = GENERAL;
  await q.query(
    `INSERT INTO general_settings (id, site_title, site_status, system_notice, support_mail, withdrawal_status,
       whatsapp, facebook, telegram, live_chat, intercom, tawk_id)
     VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      g.site_title,
      g.site_status,
      g.system_notice,
      g.support_mail,
      g.withdrawal_status,
      g.whatsapp,
      g.facebook,
      g.telegram,
      g.live_chat,
      g.intercom,
      g.tawk_id,
    ],
  );
  await q.query('INSERT INTO logos (logo, mobile_logo, loader_logo, favicon) VALUES ($1, $2, $3, $4)', [
    img(LOGO.logo),
    img(LOGO.mobile_logo),
    img(LOGO.loader_logo),
    img(LOGO.favicon),
  ]);
  for (const [i, s] of SLIDERS.entries()) {
    await q.query(`INSERT INTO sliders (name, thumbnail, link, slider_type, sort_order) VALUES ($1, $2, $3, $4, $5)`, [
      s.name,
      img(sliderFile(s)),
      s.link,
      s.type,
      i,
    ]);
  }
  for (const [i, s] of SOCIAL_LINKS.entries()) {
    await q.query('INSERT INTO social_links (name, icon, link, sort_order) VALUES ($1, $2, $3, $4)', [
      s.name,
      img(`social/${s.name.toLowerCase()}.svg`),
      s.link,
      i,
    ]);
  }
  for (const [i, p] of PROMOTIONS.entries()) {
    await q.query(
      `INSERT INTO promotions (name, description, thumbnail, start_date, end_date, deposit_bonus_percent,
         max_bonus_minor, turnover, categories, status, sort_order)
       VALUES ($1, $2, $3, '2024-01-01', '2030-12-31', $4, $5, $6, $7, $8, $9)`,
      [
        p.name,
        p.desc,
        img(promotionFile(i)),
        p.bonus,
        p.max === null ? null : toMinor(p.max).toString(),
        p.turnover,
        p.categories,
        p.status,
        i,
      ],
    );
  }
  for (const [i, m] of PAYMENT_METHODS.entries()) {
    const r = await q.query<{ id: string }>(
      `INSERT INTO payment_methods (code, name, icon, account_type, pgs, allows_deposit, allows_withdraw, sort_order)
       VALUES ($1, $2, $3, $4, $5, true, $6, $7) RETURNING id`,
      [m.code, m.name, img(`payments/${m.code}.svg`), m.account_type, m.pgs ? JSON.stringify(m.pgs) : null, m.withdraw, i],
    );
    for (const [j, n] of m.numbers.entries()) {
      await q.query('INSERT INTO payment_method_numbers (payment_method_id, account_number, sort_order) VALUES ($1, $2, $3)', [
        r.rows[0]!.id,
        n,
        j,
      ]);
    }
  }
  for (const [i, [code, name]] of GAME_TYPES.entries()) {
    await q.query('INSERT INTO game_types (code, name, sort_order) VALUES ($1, $2, $3)', [code, name, i]);
  }
  for (const [i, s] of SYSTEMS.entries()) {
    await q.query('INSERT INTO game_systems (platform, name, icon, sort_order) VALUES ($1, $2, $3, $4)', [
      s.platform,
      s.name,
      img(`systems/${s.platform.toLowerCase()}.svg`),
      i,
    ]);
    for (const [j, [platform, name]] of s.providers.entries()) {
      await q.query('INSERT INTO game_providers (system_platform, platform, name, icon, sort_order) VALUES ($1, $2, $3, $4, $5)', [
        s.platform,
        platform,
        name,
        img(`systems/${s.platform.toLowerCase()}.svg`),
        j,
      ]);
    }
  }
  for (const [i, game] of GAMES.entries()) {
    await q.query(
      `INSERT INTO games (code, name, type, platform, provider, thumbnail, is_featured, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        game.code,
        game.name,
        game.type,
        game.platform,
        'provider' in game ? game.provider : game.platform,
        img(gameFile(game.code)),
        game.featured,
        i,
      ],
    );
  }
}
