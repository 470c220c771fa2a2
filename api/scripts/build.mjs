#!/usr/bin/env node
// Builds the API to plain JavaScript for production: one ESM bundle, api/dist/server/main.js, with the workspace
// package @khela/contracts (TypeScript sources) bundled in and every npm package left external (resolved from
// api/node_modules at run time, native and WASM packages untouched). The SQL migrations are copied beside it as
// api/dist/<domain>/sql/*.sql: the bundle's db code looks for migrations one folder above its own file (src/ when
// run by tsx, dist/ when compiled) and for API_ROOT two folders above (api/ in both).
// esbuild comes with tsx (a dependency of the API), so it is taken from there.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(apiDir, 'src');
const outDir = path.join(apiDir, 'dist');

const requireFromTsx = createRequire(createRequire(import.meta.url).resolve('tsx'));
const esbuild = requireFromTsx('esbuild');

const started = Date.now();
rmSync(outDir, { recursive: true, force: true });

/** Bare imports stay external, except the workspace's own TypeScript packages. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@khela/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const result = await esbuild.build({
  entryPoints: { 'server/main': path.join(srcDir, 'main.ts'), 'server/create-staff': path.join(srcDir, 'staff/create-cli.ts') },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
});

let sqlFiles = 0;
for (const domain of readdirSync(srcDir, { withFileTypes: true })) {
  const sql = path.join(srcDir, domain.name, 'sql');
  if (!domain.isDirectory() || !existsSync(sql)) continue;
  const target = path.join(outDir, domain.name, 'sql');
  mkdirSync(target, { recursive: true });
  for (const f of readdirSync(sql).filter((n) => n.endsWith('.sql'))) {
    cpSync(path.join(sql, f), path.join(target, f));
    sqlFiles++;
  }
}

const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(
  `api built in ${Date.now() - started} ms: dist/server/main.js (${(bytes / 1024).toFixed(0)} KiB with maps), ${sqlFiles} migrations copied`,
);
