import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z as realZod } from 'zod';
import * as wholeContracts from '@khela/contracts';
import { APPS } from '@khela/build/apps.mjs';

/*
 * The apps share trimmed entries of some packages (shared/build/<package>-shared.mjs, TRIMMED in
 * shared/build/federation.mjs). A name imported from such a package that its entry does not re-export
 * would be undefined in the browser, and neither the type checker nor the bundler notices: this test does.
 */
const TRIMMED = ['react-router', 'rxjs', 'react-i18next'];
const root = path.resolve(__dirname, '../../..');
// every browser app of the one list, and the browser runtime they all share
// the federated apps only: the back office (kind 'console') bundles its own copies
const BROWSER_DIRS = [...APPS.filter((a) => a.kind === 'host' || a.kind === 'remote').map((a) => a.dir), 'shared/web'];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The source files under these workspace folders' src/, each with its path from the repository root and its text. */
function sourcesIn(dirs: string[]): { file: string; src: string }[] {
  return dirs.flatMap((dir) =>
    sourceFiles(path.join(root, dir, 'src')).map((file) => ({ file: path.relative(root, file), src: fs.readFileSync(file, 'utf8') })),
  );
}

function importedNames(source: string, pkg: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+['"]${pkg}['"]`, 'g'))) {
    if (m[1]) continue;
    for (const part of m[2]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!;
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

describe.each(TRIMMED)('shared %s entry', (pkg) => {
  const entry = fs.readFileSync(path.join(root, `shared/build/${pkg}-shared.mjs`), 'utf8');
  const exported = new Set([...entry.matchAll(/^\s+(\w+),?$/gm)].map((m) => m[1]));

  it('re-exports every name the apps import from the package', () => {
    const missing: string[] = [];
    let imports = 0;
    for (const { file, src } of sourcesIn(BROWSER_DIRS)) {
      if (new RegExp(`import\\s+\\*\\s+as\\s+\\w+\\s+from\\s+['"]${pkg}['"]`).test(src)) missing.push(`${file}: namespace import`);
      for (const name of importedNames(src, pkg)) {
        imports++;
        if (!exported.has(name)) missing.push(`${file}: ${name}`);
      }
    }
    expect(imports).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});

describe('shared zod entry', () => {
  // the `z` object of shared/build/zod-shared.mjs: `export const z = { name, other: alias, ... }`
  const entry = fs.readFileSync(path.join(root, 'shared/build/zod-shared.mjs'), 'utf8');
  const body = /export const z = \{([^}]*)\}/.exec(entry)?.[1] ?? '';
  const members = new Set(
    body
      .split(',')
      .map((part) => part.trim().split(':')[0]!.trim())
      .filter(Boolean),
  );

  it('has every z.<name> the apps and the contracts call', () => {
    const missing = new Set<string>();
    let uses = 0;
    for (const { file, src } of sourcesIn([...BROWSER_DIRS, 'shared/contracts'])) {
      if (!/from ['"]zod['"]/.test(src)) continue;
      // `z.infer<...>`, `extends z.ZodType` and the like are types; a name counts when zod exports it as a value
      for (const m of src.matchAll(/\bz\.(\w+)(?!\s*<)/g)) {
        const name = m[1]!;
        if (!(name in realZod)) continue;
        uses++;
        if (!members.has(name)) missing.add(`${file}: z.${name}`);
      }
    }
    expect(members.size).toBeGreaterThan(10);
    expect(uses).toBeGreaterThan(100);
    expect([...missing]).toEqual([]);
  });
});

describe('shared @khela/contracts entry (the player-site part)', () => {
  it('exports every value the federated apps import from the contracts', async () => {
    const player: Record<string, unknown> = await import('../../../shared/contracts/src/player');
    const missing: string[] = [];
    let imports = 0;
    for (const { file, src } of sourcesIn(BROWSER_DIRS)) {
      for (const name of importedNames(src, '@khela/contracts')) {
        // an interface or type imported without `type` is no value of the whole package either
        if (!(name in wholeContracts)) continue;
        imports++;
        if (!(name in player)) missing.push(`${file}: ${name}`);
      }
    }
    expect(imports).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('leaves the back-office schemas out', async () => {
    const player: Record<string, unknown> = await import('../../../shared/contracts/src/player');
    expect('staffAdjustBalance' in wholeContracts).toBe(true);
    expect('staffAdjustBalance' in player).toBe(false);
    expect(Object.keys(player).length).toBeGreaterThan(50);
  });
});
