#!/usr/bin/env node
// Builds the monolith (./rspack.config.mjs) into bench/monolith/dist:  node bench/monolith/build.mjs
//
// The build runs in a child Node process with NODE_PATH=shell/node_modules: shared/build/federation.mjs resolves
// the shared libraries (react-router, ...) from where it is loaded, which under rspack's CLI is the shell's
// node_modules link; imported from here it is the real shared/build folder, which does not depend on them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const self = fileURLToPath(import.meta.url);
export const MONOLITH_DIST = path.join(here, 'dist');
const CHILD = 'KHELA_MONOLITH_BUILD_CHILD';

/** Builds in a child process; resolves with the folder and the seconds it took, rejects on a compile error. */
export function buildMonolith() {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const nodePath = [path.join(root, 'shell/node_modules'), process.env.NODE_PATH].filter(Boolean).join(path.delimiter);
    const child = spawn(process.execPath, [self], { env: { ...process.env, NODE_PATH: nodePath, [CHILD]: '1' }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve({ dist: MONOLITH_DIST, seconds: (Date.now() - t0) / 1000 })
        : reject(new Error(`monolith build exited with ${code}`)),
    );
  });
}

async function buildHere() {
  const { rspack } = createRequire(path.join(root, 'shell/package.json'))('@rspack/core');
  const { default: makeConfig } = await import('./rspack.config.mjs');
  const config = await makeConfig({}, { mode: 'production' });
  await new Promise((resolve, reject) => {
    rspack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === self) {
  if (process.env[CHILD]) {
    await buildHere();
  } else {
    const r = await buildMonolith();
    console.log(`monolith built in ${r.seconds.toFixed(1)} s: ${r.dist}`);
  }
}
