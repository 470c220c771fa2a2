import type { Db } from '../db';
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

/**
 * Puts the providers' systems and games in the catalogue when missing (at start, after the seed; a database seeded
 * before transfer wallets existed gets them too). Staff may disable them like any other; nothing here overwrites.
 */
export async function ensureTransferCatalogue(db: Db): Promise<void> {
  const types = await db.query<{ code: string }>(`SELECT code FROM game_types WHERE code IN ('SPORTS', 'LIVE')`);
  const have = new Set(types.rows.map((t) => t.code));
  if (!have.size) return; // not seeded yet (a bare test database)
  await db.tx(async (q) => {
    for (const [i, p] of TRANSFER_PROVIDERS.entries()) {
      await q.query(
        `INSERT INTO game_systems (platform, name, icon, sort_order) VALUES ($1, $2, NULL, $3) ON CONFLICT (platform) DO NOTHING`,
        [p.code, p.name, 900 + i],
      );
    }
    for (const [i, g] of TRANSFER_GAMES.entries()) {
      if (!have.has(g.type)) continue;
      await q.query(
        `INSERT INTO games (code, name, type, platform, provider, thumbnail, is_featured, sort_order)
         VALUES ($1, $2, $3, $4, $4, NULL, false, $5) ON CONFLICT (code) DO NOTHING`,
        [g.code, g.name, g.type, g.provider, 900 + i],
      );
    }
  });
}
