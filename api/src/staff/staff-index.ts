/**
 * The staff side's index (issue 29 item 2): every staff URL -> its contract (the endpoint declaration in
 * shared/contracts/src/schemas/staff/<area>.ts) -> the API file that registers its handler -> the console files that
 * call it. Generated from the code: the endpoints are the declarations `@khela/contracts` exports (auth 'staff', or a
 * path under /api/operator/: the log-in), the rest is found by the declaration's export name in the sources.
 *
 *   pnpm --filter api staff-index            writes docs/staff-index.md
 *   pnpm --filter api staff-index -- --check  exits 1 when docs/staff-index.md is stale (staff-index.test.ts does too)
 *   pnpm --filter api staff-index -- --stdout prints it
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as contracts from '@khela/contracts';
import type { Endpoint } from '@khela/contracts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CONTRACTS_DIR = 'shared/contracts/src/schemas/staff';
const API_DIR = 'api/src';
const CONSOLE_DIR = 'backoffice/src';
export const INDEX_FILE = 'docs/staff-index.md';
const STAFF_PREFIX = '/api/operator/';

export interface StaffIndexRow {
  method: string;
  path: string;
  roles: string;
  /** the declaration's export name; `staffSliders.list` for a member of a resource */
  name: string;
  /** the area: the contract file's name (console area and contract read the same word) */
  area: string;
  contract: string;
  handlers: string[];
  screens: string[];
}

export interface StaffIndex {
  rows: StaffIndexRow[];
  /** routes under /api/operator/ registered without a declaration (the Server-Sent Events stream) */
  raw: Array<{ method: string; path: string; file: string }>;
  /** console areas (backoffice/src/areas/<name>) and whether a contract file of that name exists */
  areas: Array<{ name: string; contract: boolean }>;
}

const rel = (p: string) => path.relative(ROOT, p).split(path.sep).join('/');

function walk(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'dist') walk(full, keep, out);
    } else if (keep(e.name)) out.push(full);
  }
  return out;
}

const notTest = (name: string) => !/\.test(-util)?\.tsx?$|\.test-util\.tsx?$/.test(name);
const source = (name: string) => /\.tsx?$/.test(name) && notTest(name);

function isEndpoint(v: unknown): v is Endpoint {
  return !!v && typeof v === 'object' && typeof (v as Endpoint).path === 'string' && typeof (v as Endpoint).method === 'string';
}
const isStaff = (e: Endpoint) => e.auth === 'staff' || e.path.startsWith(STAFF_PREFIX);

/** Export name -> contract file, from the `export const NAME` lines of the staff contract files. */
function contractFiles(): Map<string, string> {
  const byName = new Map<string, string>();
  for (const file of walk(path.join(ROOT, CONTRACTS_DIR), source)) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/^export const (\w+)\b/gm)) byName.set(m[1]!, rel(file));
  }
  return byName;
}

/** The text of a source file without its import statements (a name used, not only imported). */
function body(file: string): string {
  return fs.readFileSync(file, 'utf8').replace(/^import\s[\s\S]*?from\s+['"][^'"]+['"];?/gm, '');
}

function filesUsing(files: Array<{ file: string; text: string }>, name: string): string[] {
  const re = new RegExp(`\\b${name}\\b`);
  return files.filter((f) => re.test(f.text)).map((f) => f.file);
}

export function collectStaffIndex(): StaffIndex {
  const files = contractFiles();
  const self = fileURLToPath(import.meta.url);
  const api = walk(path.join(ROOT, API_DIR), (n) => source(n))
    .filter((f) => f !== self)
    .map((f) => ({ file: rel(f), text: body(f) }));
  const registering = api.filter((f) => f.text.includes('registerEndpoint('));
  const consoleFiles = walk(path.join(ROOT, CONSOLE_DIR), source).map((f) => ({ file: rel(f), text: body(f) }));

  const rows: StaffIndexRow[] = [];
  const seen = new Set<unknown>();
  const add = (exportName: string, member: string | null, e: Endpoint) => {
    if (seen.has(e) || !isStaff(e)) return;
    seen.add(e);
    const contract = files.get(exportName);
    if (!contract) throw new Error(`${exportName} (${e.method} ${e.path}) is not declared in ${CONTRACTS_DIR}/*.ts`);
    // a direct registration names the endpoint; a resource's members are registered in a loop over the resources
    const direct = registering.filter((f) => new RegExp(`registerEndpoint\\(\\s*app,\\s*${exportName}\\b`).test(f.text));
    rows.push({
      method: e.method,
      path: e.path,
      roles: e.auth === 'staff' ? (e.roles?.length ? e.roles.join(', ') : 'every role') : e.auth === 'none' ? 'no token' : e.auth,
      name: member ? `${exportName}.${member}` : exportName,
      area: path.basename(contract, '.ts'),
      contract,
      handlers: direct.length ? direct.map((f) => f.file) : filesUsing(registering, exportName),
      screens: filesUsing(consoleFiles, exportName),
    });
  };
  for (const [name, value] of Object.entries(contracts)) {
    if (isEndpoint(value)) add(name, null, value);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [member, inner] of Object.entries(value)) if (isEndpoint(inner)) add(name, member, inner);
    }
  }
  rows.sort((a, b) => a.area.localeCompare(b.area) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));

  const raw: StaffIndex['raw'] = [];
  for (const f of api) {
    for (const m of f.text.matchAll(/app\.(get|post|put|patch|delete)\(\s*['"`](\/api\/operator\/[^'"`]*)['"`]/g)) {
      raw.push({ method: m[1]!.toUpperCase(), path: m[2]!, file: f.file });
    }
  }
  raw.sort((a, b) => a.path.localeCompare(b.path));

  const areaNames = fs
    .readdirSync(path.join(ROOT, CONSOLE_DIR, 'areas'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const contractNames = new Set([...files.values()].map((f) => path.basename(f, '.ts')));
  return { rows, raw, areas: areaNames.map((name) => ({ name, contract: contractNames.has(name) })) };
}

const link = (file: string) => `[${file.replace(/^(api\/src|backoffice\/src|shared\/contracts\/src\/schemas)\//, '')}](../${file})`;
const cell = (list: string[]) => (list.length ? list.map(link).join('<br>') : '—');

export function renderStaffIndex(index: StaffIndex): string {
  const out: string[] = [
    '# The staff side: URL → contract → handler → console',
    '',
    '<!-- Generated by `pnpm --filter api staff-index` (api/src/staff/staff-index.ts); do not edit. -->',
    '<!-- api/src/staff/staff-index.test.ts fails when this file is stale. -->',
    '',
    "Every staff (back-office) endpoint, from its declaration in `@khela/contracts` (the one object the console's client,",
    "the API's `registerEndpoint` and the OpenAPI document share). The word is **staff** in the code; the public URLs keep",
    'their `/api/operator/` prefix. An area is one contract file, `shared/contracts/src/schemas/staff/<area>.ts`; the',
    "console's screens of an area are in `backoffice/src/areas/<area>/`, the API's handlers in `api/src/staff/` (the",
    'staff platform) or in `api/src/<domain>/staff/` of the domain that owns the data. Handler: the file that registers',
    'the endpoint. Console: the files that call it (screens and the session).',
    '',
  ];
  const areas = [...new Set(index.rows.map((r) => r.area))];
  out.push('| Area | Endpoints | Contract | API handlers | Console |', '|---|---|---|---|---|');
  for (const area of areas) {
    const rows = index.rows.filter((r) => r.area === area);
    const uniq = (list: string[]) => [...new Set(list)].sort();
    const folders = (list: string[]) =>
      uniq(list.map((f) => (/^backoffice\/src\/areas\//.test(f) ? f.split('/').slice(0, 4).join('/') : f)));
    out.push(
      `| [${area}](#${area}) | ${rows.length} | ${link(rows[0]!.contract)} | ${cell(uniq(rows.flatMap((r) => r.handlers)))} | ${cell(folders(rows.flatMap((r) => r.screens)))} |`,
    );
  }
  out.push('', `${index.rows.length} endpoints in ${areas.length} areas.`, '');
  for (const area of areas) {
    out.push(`## ${area}`, '', '| Method | Path | Roles | Contract | Handler | Console |', '|---|---|---|---|---|---|');
    for (const r of index.rows.filter((x) => x.area === area)) {
      out.push(`| ${r.method} | \`${r.path}\` | ${r.roles} | \`${r.name}\` | ${cell(r.handlers)} | ${cell(r.screens)} |`);
    }
    out.push('');
  }
  out.push('## Routes without a declaration', '', '| Method | Path | Handler |', '|---|---|---|');
  for (const r of index.raw) out.push(`| ${r.method} | \`${r.path}\` | ${link(r.file)} |`);
  out.push('', '## Console areas without a contract file of their name', '');
  const lone = index.areas.filter((a) => !a.contract);
  out.push(lone.length ? lone.map((a) => `- \`backoffice/src/areas/${a.name}\``).join('\n') : 'None.', '');
  return out.join('\n');
}

function main(argv: string[]) {
  const text = renderStaffIndex(collectStaffIndex());
  const file = path.join(ROOT, INDEX_FILE);
  if (argv.includes('--stdout')) process.stdout.write(text);
  else if (argv.includes('--check')) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (current !== text) {
      process.stderr.write(`${INDEX_FILE} is stale: run pnpm --filter api staff-index\n`);
      process.exitCode = 1;
    }
  } else {
    fs.writeFileSync(file, text);
    process.stdout.write(`wrote ${INDEX_FILE}\n`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
