import { sha256Hex } from '@khela/contracts/signing';
import type { Queryable } from '../db';
import { NotFound } from '../errors';

/* Casino queries behind the player's calls; the seamless wallet the provider calls is seamless.ts. */

export interface LaunchableGame {
  code: string;
  name: string;
  type: string;
  platform: string;
  provider: string | null;
  type_name: string;
}

/** An active game on an active system and provider (the back office's catalogue switches), or null. */
export async function launchableGame(q: Queryable, code: string): Promise<LaunchableGame | null> {
  const g = await q.query<LaunchableGame>(
    `SELECT g.code, g.name, g.type, g.platform, g.provider, t.name AS type_name
     FROM games g JOIN game_types t ON t.code = g.type JOIN game_systems s ON s.platform = g.platform
     LEFT JOIN game_providers p ON p.system_platform = g.platform AND p.platform = g.provider
     WHERE g.code = $1 AND g.status = 'active' AND s.status = 'active' AND (p.id IS NULL OR p.status = 'active')`,
    [code],
  );
  return g.rows[0] ?? null;
}

/** What a launch needs to know of the player: the upline flags (docs/README.md#spec-6) and the currency. */
export async function launchingPlayer(q: Queryable, playerId: number) {
  const p = await q.query<{ exchange_market: number; cs_market: number; status: string; currency: string }>(
    'SELECT exchange_market, cs_market, status, currency FROM players WHERE id = $1',
    [playerId],
  );
  return p.rows[0]!;
}

/** Only the token's hash is stored; the provider sends the token back on every wallet call. */
export const hashLaunchToken = sha256Hex;

export async function createLaunch(
  q: Queryable,
  input: {
    token: string;
    playerId: number;
    provider: string;
    gameCode: string;
    currency: string;
    ttlMinutes: number;
    maxMinutes: number;
    /** The log-in session (its stored hash) that launched: the token dies with it. */
    sessionHash: string;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO casino_launches (token_hash, player_id, provider, game_code, currency, session_hash, max_expires_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $8),
             LEAST(now() + make_interval(mins => $7), now() + make_interval(mins => $8)))`,
    [
      hashLaunchToken(input.token),
      input.playerId,
      input.provider,
      input.gameCode,
      input.currency,
      input.sessionHash,
      input.ttlMinutes,
      input.maxMinutes,
    ],
  );
}

/** Ends every launch token of a player at once (a risk hold; logout and disable end them through their session). */
export async function endLaunches(q: Queryable, playerId: number): Promise<void> {
  await q.query(`UPDATE casino_launches SET expires_at = now(), max_expires_at = now() WHERE player_id = $1 AND expires_at > now()`, [
    playerId,
  ]);
}

export async function favouriteCodes(q: Queryable, playerId: number): Promise<string[]> {
  const r = await q.query<{ game_code: string }>(
    'SELECT game_code FROM casino_favourites WHERE player_id = $1 ORDER BY created_at DESC, game_code',
    [playerId],
  );
  return r.rows.map((x) => x.game_code);
}

export async function addFavourite(q: Queryable, playerId: number, gameCode: string): Promise<void> {
  const exists = await q.query('SELECT 1 FROM games WHERE code = $1', [gameCode]);
  if (!exists.rows.length) throw new NotFound('Game not found');
  await q.query('INSERT INTO casino_favourites (player_id, game_code) VALUES ($1, $2) ON CONFLICT DO NOTHING', [playerId, gameCode]);
}

export async function removeFavourite(q: Queryable, playerId: number, gameCode: string): Promise<void> {
  await q.query('DELETE FROM casino_favourites WHERE player_id = $1 AND game_code = $2', [playerId, gameCode]);
}

/** The betting-record filter's choices: game types (sports are the exchange's) and active platforms. */
export async function recordFilters(q: Queryable) {
  const types = await q.query<{ code: string; name: string }>(
    `SELECT code, name FROM game_types WHERE code <> 'SPORTS' ORDER BY sort_order, code`,
  );
  const platforms = await q.query<{ platform: string; name: string }>(
    `SELECT platform, name FROM game_systems WHERE status = 'active' ORDER BY sort_order, id`,
  );
  return { types: types.rows, platforms: platforms.rows };
}
