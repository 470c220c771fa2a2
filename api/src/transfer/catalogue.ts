import { isProduction } from '../config';
import type { Db } from '../db';
import { gameFile } from '../seed/data';
import { ensureImages, storagePath, type ImageSpec } from '../seed/images';
import { TRANSFER_PROVIDERS } from './config';

/** Each transfer-wallet provider's one game in the catalogue (platform = the provider's code). */
export const TRANSFER_GAMES: ReadonlyArray<{ provider: string; code: string; name: string; type: 'SPORTS' | 'LIVE' }> = [
  { provider: 'SBO', code: 'sbo-sportsbook', name: 'SBO Sportsbook', type: 'SPORTS' },
  { provider: 'ISPORTS', code: 'isports-sportsbook', name: 'I-Sports Sportsbook', type: 'SPORTS' },
  { provider: 'E1SPORTS', code: 'e1sports-sportsbook', name: 'E1Sports Sportsbook', type: 'SPORTS' },
  { provider: 'HORSEBOOK', code: 'horsebook-sportsbook', name: 'Horsebook Racing', type: 'SPORTS' },
  { provider: 'VIRTUAL', code: 'virtual-sportsbook', name: 'Virtual Sports', type: 'SPORTS' },
  { provider: 'KABADDI', code: 'kabaddi-sportsbook', name: 'Kabaddi Sportsbook', type: 'SPORTS' },
  { provider: 'FANTASY', code: 'fantasy-sportsbook', name: 'Fantasy Sports', type: 'SPORTS' },
  { provider: 'LUCKYSPORTS', code: 'luckysports-sportsbook', name: 'Lucky Sportsbook', type: 'SPORTS' },
  { provider: 'TWLIVE', code: 'twlive-baccarat', name: 'Live Baccarat', type: 'LIVE' },
];

const systemFile = (platform: string) => `systems/${platform.toLowerCase()}.svg`;

/** The placeholders of the providers' systems and games, drawn like the seeded catalogue's (seed/images.ts). */
export function transferImageSpecs(): ImageSpec[] {
  return [
    ...TRANSFER_PROVIDERS.map((p, i) => ({ file: systemFile(p.code), w: 160, h: 64, title: p.name, hue: (i * 41 + 200) % 360 })),
    ...TRANSFER_GAMES.map((g, i) => ({
      file: gameFile(g.code),
      w: 300,
      h: 300,
      title: g.name,
      subtitle: TRANSFER_PROVIDERS.find((p) => p.code === g.provider)?.name ?? g.provider,
      hue: (i * 37 + 160) % 360,
    })),
  ];
}

/**
 * Puts the providers' systems and games in the catalogue when missing (at start, after the seed; a database seeded
 * before transfer wallets existed gets them too). Staff may disable them like any other; nothing here overwrites,
 * except that a game or system without an image gets the placeholder. Images: outside production, with the API's
 * storage folder, placeholders like the seeded games' (`/storage/games/{code}.svg`, `/storage/systems/{code}.svg`);
 * in production staff give them theirs in the catalogue.
 */
export async function ensureTransferCatalogue(db: Db, opts: { storageDir?: string; production?: boolean } = {}): Promise<void> {
  const types = await db.query<{ code: string }>(`SELECT code FROM game_types WHERE code IN ('SPORTS', 'LIVE')`);
  const have = new Set(types.rows.map((t) => t.code));
  if (!have.size) return; // not seeded yet (a bare test database)
  const images = opts.storageDir !== undefined && !(opts.production ?? isProduction());
  if (images) ensureImages(opts.storageDir!, transferImageSpecs());
  await db.tx(async (q) => {
    for (const [i, p] of TRANSFER_PROVIDERS.entries()) {
      await q.query(
        `INSERT INTO game_systems (platform, name, icon, sort_order) VALUES ($1, $2, $3, $4)
         ON CONFLICT (platform) DO UPDATE SET icon = EXCLUDED.icon WHERE game_systems.icon IS NULL AND EXCLUDED.icon IS NOT NULL`,
        [p.code, p.name, images ? storagePath(systemFile(p.code)) : null, 900 + i],
      );
    }
    for (const [i, g] of TRANSFER_GAMES.entries()) {
      if (!have.has(g.type)) continue;
      await q.query(
        `INSERT INTO games (code, name, type, platform, provider, thumbnail, is_featured, sort_order)
         VALUES ($1, $2, $3, $4, $4, $5, false, $6)
         ON CONFLICT (code) DO UPDATE SET thumbnail = EXCLUDED.thumbnail WHERE games.thumbnail IS NULL AND EXCLUDED.thumbnail IS NOT NULL`,
        [g.code, g.name, g.type, g.provider, images ? storagePath(gameFile(g.code)) : null, 900 + i],
      );
    }
  });
}
