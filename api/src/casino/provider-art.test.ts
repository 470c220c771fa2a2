// Issue 34 item 13: game tiles use the art the provider gives for each game. The API reads the provider's signed
// catalogue and mirrors each picture into its storage; staff's own pictures stay; a picture that is not an image,
// too large or an SVG with active content is refused. (PGlite: no money moves here.)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkCall } from '@khela/contracts/signing';
import type { Db } from '../db';
import { seed } from '../seed';
import { gameFile } from '../seed/data';
import { storagePath } from '../seed/images';
import { memoryDb } from '../testing/helpers';
import { MAX_ART_BYTES, artType, syncProviderArt } from './provider-art';

const SECRET = 'art-test-secret';
const partner = { id: 'sandbox', secret: SECRET, launchUrl: 'http://studio.test/provider' };
const svg = (label: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>${label}</text></svg>`;

/** A studio: the signed catalogue and one answer per picture URL. */
function studio(games: Array<{ code: string; art: string | Uint8Array | null }>) {
  const seen = { catalogueChecks: [] as string[] };
  const fetchImpl = (async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === `${partner.launchUrl}/api/games`) {
      const headers = new Headers(init?.headers);
      seen.catalogueChecks.push(checkCall(SECRET, { method: 'GET', path: '/provider/api/games', body: '' }, headers));
      return Response.json({
        games: games.map((g) => ({
          game_code: g.code,
          name: g.code,
          thumbnail: g.art === null ? null : `http://studio.test/art/${g.code}`,
        })),
      });
    }
    const game = games.find((g) => url === `http://studio.test/art/${g.code}`);
    if (!game || game.art === null) return new Response('not found', { status: 404 });
    return new Response(game.art);
  }) as typeof fetch;
  return { fetchImpl, seen };
}

describe('provider game art', () => {
  let db: Db;
  let storageDir: string;
  const thumbnail = async (code: string) =>
    (await db.query<{ thumbnail: string | null }>('SELECT thumbnail FROM games WHERE code = $1', [code])).rows[0]!.thumbnail;

  beforeAll(async () => {
    db = await memoryDb();
    storageDir = mkdtempSync(path.join(os.tmpdir(), 'khela-art-'));
    await seed(db, { demo: true, storageDir });
  }, 60_000);
  afterAll(async () => {
    await db.close();
    rmSync(storageDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await db.query(`UPDATE games SET thumbnail = '/storage/' || 'games/' || regexp_replace(lower(code), '[^a-z0-9]+', '-', 'g') || '.svg'`);
  });

  it('replaces the placeholder with a copy of the provider picture, in a signed catalogue call', async () => {
    expect(await thumbnail('sandbox-slot')).toBe(storagePath(gameFile('sandbox-slot')));
    const { fetchImpl, seen } = studio([{ code: 'sandbox-slot', art: svg('reels') }]);
    const result = await syncProviderArt(db, { partner, storageDir, fetchImpl });
    expect(seen.catalogueChecks).toEqual(['ok']);
    expect(result).toEqual({ listed: 1, updated: 1, kept: 0, failed: 0 });
    const now = await thumbnail('sandbox-slot');
    expect(now).toMatch(/^\/storage\/games\/provider\/sandbox-slot-[0-9a-f]{12}\.svg$/);
    const file = path.join(storageDir, now!.replace('/storage/', ''));
    expect(readFileSync(file, 'utf8')).toBe(svg('reels'));
  });

  it('keeps a picture staff gave, a game not in the catalogue, and a game the studio has no picture for', async () => {
    await db.query(`UPDATE games SET thumbnail = '/storage/uploads/staff-ace.png' WHERE code = 'JILI-SLOT-001'`);
    const { fetchImpl } = studio([
      { code: 'JILI-SLOT-001', art: svg('ace') },
      { code: 'NOT-OURS-1', art: svg('x') },
      { code: 'PG-SLOT-001', art: null },
    ]);
    expect(await syncProviderArt(db, { partner, storageDir, fetchImpl })).toEqual({ listed: 3, updated: 0, kept: 3, failed: 0 });
    expect(await thumbnail('JILI-SLOT-001')).toBe('/storage/uploads/staff-ace.png');
    expect(await thumbnail('PG-SLOT-001')).toBe(storagePath(gameFile('PG-SLOT-001')));
  });

  it('refuses what is not a safe picture: a script in an SVG, HTML, a file past the size limit, a 404', async () => {
    const big = new Uint8Array(MAX_ART_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const { fetchImpl } = studio([
      { code: 'sandbox-slot', art: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' },
      { code: 'sandbox-crash', art: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>' },
      { code: 'SPRIBE-EGAME-001', art: '<html><body>hi</body></html>' },
      { code: 'EVO-LIVE-001', art: big },
      { code: 'KM-TABLE-001', art: null },
    ]);
    const result = await syncProviderArt(db, { partner, storageDir, fetchImpl });
    expect(result).toEqual({ listed: 5, updated: 0, kept: 1, failed: 4 });
    for (const code of ['sandbox-slot', 'sandbox-crash', 'SPRIBE-EGAME-001', 'EVO-LIVE-001']) {
      expect(await thumbnail(code)).toBe(storagePath(gameFile(code)));
    }
  });

  it('a second run with the same picture changes nothing; a new picture from the studio replaces the old copy', async () => {
    const first = studio([{ code: 'sandbox-crash', art: svg('v1') }]);
    await syncProviderArt(db, { partner, storageDir, fetchImpl: first.fetchImpl });
    const v1 = await thumbnail('sandbox-crash');
    expect(await syncProviderArt(db, { partner, storageDir, fetchImpl: first.fetchImpl })).toMatchObject({ updated: 0, kept: 1 });
    expect(await thumbnail('sandbox-crash')).toBe(v1);
    const second = studio([{ code: 'sandbox-crash', art: svg('v2') }]);
    expect(await syncProviderArt(db, { partner, storageDir, fetchImpl: second.fetchImpl })).toMatchObject({ updated: 1 });
    const v2 = await thumbnail('sandbox-crash');
    expect(v2).not.toBe(v1);
    expect(existsSync(path.join(storageDir, v2!.replace('/storage/', '')))).toBe(true);
  });

  it('a catalogue the provider refuses is an error, and no tile changes', async () => {
    const fetchImpl = (async () => new Response('{"code":"INVALID_SIGNATURE"}', { status: 401 })) as unknown as typeof fetch;
    await expect(syncProviderArt(db, { partner, storageDir, fetchImpl })).rejects.toThrow(/HTTP 401/);
    expect(await thumbnail('sandbox-slot')).toBe(storagePath(gameFile('sandbox-slot')));
  });

  it('tells a picture by its bytes, not its name', () => {
    expect(artType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(artType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(artType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(artType(new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="x"></svg>'))).toBe('svg');
    expect(artType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(artType(new TextEncoder().encode('<html><svg></svg></html>'))).toBeNull();
  });
});
