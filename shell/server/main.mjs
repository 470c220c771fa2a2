#!/usr/bin/env node
// The shell's render server (issue 31 stage 1, README "Server rendering"): the static server of the shell's dist
// (shared/build/serve-static.mjs: files, CSP, remotes.json, client routes) whose pages get their first screen from
// the server render of dist-server/render.cjs (the shell's Node build, rspack.server.mjs). Started by
// e2e/scripts/start-all.mjs in place of the static server when SSR=1.
//
//   node shell/server/main.mjs [shell/dist] [--port N]
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../shared/build/serve-static.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
/** @type {typeof import('./render')} */
const { renderPage } = createRequire(import.meta.url)(path.join(dir, '../dist-server/render.cjs'));

/** The API's address for this request, as the page reaches it (remotes.json's `api`, `{hostname}` filled). */
function apiBase(remotesJson, hostname) {
  try {
    const api = JSON.parse(remotesJson ?? '').api;
    return typeof api === 'string' ? api.split('{hostname}').join(hostname).replace(/\/$/, '') : null;
  } catch {
    return null;
  }
}

const argv = process.argv.slice(2);
if (!argv.some((a, i) => !a.startsWith('--') && argv[i - 1] !== '--port')) argv.unshift(path.join(dir, '../dist'));
await main(argv, process.env, async ({ url, hostname, userAgent, nonce, remotesJson }) => {
  const base = apiBase(remotesJson, hostname);
  if (!base) return null;
  return renderPage({ url, apiBase: base, userAgent, nonce, dataBudgetMs: Number(process.env.SSR_DATA_BUDGET_MS ?? 1500) });
});
