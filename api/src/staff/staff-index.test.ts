import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contracts from '@khela/contracts';
import { collectStaffIndex, INDEX_FILE, renderStaffIndex } from './staff-index';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const index = collectStaffIndex();

describe('the staff index (docs/staff-index.md, issue 29 item 2)', () => {
  it('is up to date: run `pnpm --filter api staff-index` after changing a staff endpoint, handler or screen', () => {
    expect(fs.readFileSync(path.join(root, INDEX_FILE), 'utf8')).toBe(renderStaffIndex(index));
  });

  it('lists every staff endpoint of the contracts once, each with the API file that registers it', () => {
    const staff = Object.values(contracts)
      .flatMap((v) => (v && typeof v === 'object' && !('path' in v) && !Array.isArray(v) ? Object.values(v) : [v]))
      .filter((e): e is contracts.Endpoint => !!e && typeof e === 'object' && 'auth' in e && (e as contracts.Endpoint).auth === 'staff');
    expect(staff.length).toBeGreaterThan(100);
    const listed = new Set(index.rows.map((r) => `${r.method} ${r.path}`));
    expect(staff.map((e) => `${e.method} ${e.path}`).filter((k) => !listed.has(k))).toEqual([]);
    expect(index.rows.filter((r) => r.handlers.length === 0).map((r) => r.name)).toEqual([]);
    for (const r of index.rows) {
      expect(r.contract).toBe(`shared/contracts/src/schemas/staff/${r.area}.ts`);
      // the staff platform's handlers are named by area too: api/src/staff/<area>-routes.ts or <area>/routes.ts
      for (const h of r.handlers.filter((f) => f.startsWith('api/src/staff/'))) {
        expect([`api/src/staff/${r.area}-routes.ts`, `api/src/staff/${r.area}/routes.ts`]).toContain(h);
      }
    }
  });

  it('names each console area as its contract file (backoffice/src/areas/<area> and schemas/staff/<area>.ts)', () => {
    expect(index.areas.length).toBeGreaterThan(10);
    expect(index.areas.filter((a) => !a.contract).map((a) => a.name)).toEqual([]);
  });
});
