// Vitest global setup (vitest.config.ts): one migrated in-memory PGlite for the whole run, dumped to a file that every
// test file's memoryDb() starts from (testing/helpers.ts), instead of each database running initdb and every migration.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../db';
import { createPgliteDb } from '../db/pglite';

/** The image's file, for the test files (set by the setup below). */
export const PGLITE_IMAGE_VAR = 'KHELA_TEST_PGLITE_IMAGE';

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'khela-pglite-image-'));
  const db = await createPgliteDb('memory');
  await migrate(db);
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await db.dumpImage()).arrayBuffer()));
  await db.close();
  // the test files' processes are started after this and inherit it
  process.env[PGLITE_IMAGE_VAR] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
