import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { providerCatalogue } from '@khela/contracts';
import { pathOf, sha256Hex, signCall } from '@khela/contracts/signing';
import type { Db } from '../db';
import { requestIdHeaders } from '../ops/request-id';
import { gameFile } from '../seed/data';
import { storagePath } from '../seed/images';
import type { ProviderPartner } from './config';

/*
 * Game tiles show the art the studio gives for each game, as aggregators publish it: the provider's catalogue lists
 * a thumbnail URL per game, and the API mirrors each picture into its own storage (one origin for the player's
 * phone, cached with the site's images, no third-party host in the pages' CSP, and a studio's outage does not
 * blank the lobby). Only a game whose picture is missing, the generated placeholder or an earlier copy of the
 * provider's art gets it: a picture staff gave in the console is never replaced.
 */

/** Largest picture accepted from a provider. */
export const MAX_ART_BYTES = 512 * 1024;
/** Where the copies go under the storage folder. */
export const PROVIDER_ART_DIR = 'games/provider';

export interface ArtSyncResult {
  /** Games in the provider's catalogue. */
  listed: number;
  /** Tiles that now show the provider's picture (new or changed). */
  updated: number;
  /** Tiles left alone: staff's own picture, a game not in our catalogue, or the same picture as before. */
  kept: number;
  /** Pictures that could not be fetched or were refused (type, size, active content). */
  failed: number;
}

type Fetch = typeof fetch;

/** The picture's type from its first bytes (never from the provider's Content-Type), or null if not an image we take. */
export function artType(bytes: Uint8Array): 'png' | 'jpg' | 'webp' | 'svg' | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  const head = new TextDecoder()
    .decode(b.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

/** An SVG that could run anything when opened on its own (scripts, event handlers, foreign HTML, javascript: links). */
export function svgHasActiveContent(svg: string): boolean {
  return /<script|<foreignObject|\son[a-z]+\s*=|javascript:|<iframe|<embed|<object/i.test(svg);
}

async function readLimited(res: Response, limit: number): Promise<Uint8Array | null> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > limit) return null;
  const buf = new Uint8Array(await res.arrayBuffer());
  return buf.length > limit ? null : buf;
}

/**
 * Reads the provider's catalogue and mirrors each listed game's picture into `storageDir`
 * (`/storage/games/provider/{code}-{digest}.{ext}`), then points the game's tile at it.
 */
export async function syncProviderArt(
  db: Db,
  opts: { partner: ProviderPartner; storageDir: string; fetchImpl?: Fetch; timeoutMs?: number },
): Promise<ArtSyncResult> {
  const fetchImpl = opts.fetchImpl ?? fetch;
  const timeout = () => AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  const url = `${opts.partner.launchUrl}/api/games`;
  const res = await fetchImpl(url, {
    headers: { ...requestIdHeaders(), ...signCall(opts.partner.secret, { method: 'GET', path: pathOf(url), body: '' }) },
    signal: timeout(),
  });
  if (!res.ok) throw new Error(`provider catalogue: HTTP ${res.status}`);
  const { games } = providerCatalogue.parse(await res.json());

  const result: ArtSyncResult = { listed: games.length, updated: 0, kept: 0, failed: 0 };
  const ours = await db.query<{ code: string; thumbnail: string | null }>(`SELECT code, thumbnail FROM games WHERE code = ANY($1)`, [
    games.map((g) => g.game_code),
  ]);
  const thumbnails = new Map(ours.rows.map((r) => [r.code, r.thumbnail]));
  const providerPrefix = storagePath(`${PROVIDER_ART_DIR}/`);
  for (const game of games) {
    const current = thumbnails.get(game.game_code);
    const replaceable =
      current === null || current === storagePath(gameFile(game.game_code)) || (current?.startsWith(providerPrefix) ?? false);
    if (current === undefined || !replaceable || !game.thumbnail) {
      result.kept++;
      continue;
    }
    try {
      const art = await fetchImpl(game.thumbnail, { headers: requestIdHeaders(), signal: timeout() });
      const bytes = art.ok ? await readLimited(art, MAX_ART_BYTES) : null;
      const type = bytes && artType(bytes);
      if (!bytes || !type || (type === 'svg' && svgHasActiveContent(new TextDecoder().decode(bytes)))) {
        result.failed++;
        continue;
      }
      const file = `${PROVIDER_ART_DIR}/${game.game_code.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${sha256Hex(bytes).slice(0, 12)}.${type}`;
      if (storagePath(file) === current) {
        result.kept++;
        continue;
      }
      const target = path.join(opts.storageDir, file);
      mkdirSync(path.dirname(target), { recursive: true });
      // written beside and renamed: another API process syncing at the same time, or a player's request, never sees
      // half a picture
      const partial = `${target}.${process.pid}.part`;
      writeFileSync(partial, bytes);
      renameSync(partial, target);
      // the same condition again: staff may have given a picture while this one was downloading
      const done = await db.query(
        `UPDATE games SET thumbnail = $2
          WHERE code = $1 AND (thumbnail IS NULL OR thumbnail = $3 OR thumbnail LIKE $4) RETURNING code`,
        [game.game_code, storagePath(file), storagePath(gameFile(game.game_code)), `${providerPrefix}%`],
      );
      if (done.rows.length) result.updated++;
      else result.kept++;
    } catch {
      result.failed++;
    }
  }
  return result;
}
