#!/usr/bin/env node
// The shell's render server (issue 31 stage 1, README "Server rendering"): the static server of the shell's dist
// (shared/build/serve-static.mjs: files, CSP, remotes.json, client routes) whose pages get their first screen from
// the server render of dist-server/render.cjs (the shell's Node build, rspack.server.mjs). The shell's server of
// e2e/scripts/start-all.mjs (`pnpm start`, the e2e suite); SSR=0 there starts the plain static server instead.
//
//   node shell/server/main.mjs [shell/dist] [--port N]
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../shared/build/serve-static.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
/** @type {typeof import('./render')} */
const { renderPage, warmRemotes } = createRequire(import.meta.url)(path.join(dir, '../dist-server/render.cjs'));

/** remotes.json's addresses for this request, as the page reaches them (`{hostname}` filled): the API and the remotes' manifests. */
function addresses(remotesJson, hostname) {
  const fill = (u) => u.split('{hostname}').join(hostname);
  try {
    const cfg = JSON.parse(remotesJson ?? '');
    const remotes = Object.fromEntries(
      Object.entries(cfg.remotes ?? {}).flatMap(([k, u]) => (typeof u === 'string' ? [[k, fill(u)]] : [])),
    );
    return typeof cfg.api === 'string' ? { api: fill(cfg.api).replace(/\/$/, ''), remotes } : null;
  } catch {
    return null;
  }
}

// A promise a remote's container left without a handler (its data read failing after the budget, once the request's
// cache was cleared) is logged; it must not stop the process that renders every page (failure stays isolated).
process.on('unhandledRejection', (reason) => {
  console.error('[render] unhandled rejection (logged, the server goes on):', reason instanceof Error ? reason.stack : reason);
});

const argv = process.argv.slice(2);
if (!argv.some((a, i) => !a.startsWith('--') && argv[i - 1] !== '--port')) argv.unshift(path.join(dir, '../dist'));
await main(argv, process.env, async ({ url, hostname, userAgent, cookie, nonce, remotesJson }) => {
  const at = addresses(remotesJson, hostname);
  if (!at) return null;
  return renderPage({
    url,
    apiBase: at.api,
    userAgent,
    cookie,
    nonce,
    dataBudgetMs: Number(process.env.SSR_DATA_BUDGET_MS ?? 1500),
    remotes: at.remotes,
    // a remote's container and its first screen's data; past it the area is rendered in the browser
    remoteBudgetMs: Number(process.env.SSR_REMOTE_BUDGET_MS ?? 150),
  });
});

// the remotes' Node containers loaded now rather than by the first page that shows one (its host name: SSR_REMOTE_HOST,
// loopback by default, where remotes.json says `{hostname}`)
const dist = argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--port');
const remotesJson = process.env.KHELA_REMOTES_JSON || (await readFile(path.join(dist, 'remotes.json'), 'utf8').catch(() => null));
const at = addresses(remotesJson, process.env.SSR_REMOTE_HOST ?? '127.0.0.1');
if (at) void warmRemotes(at.remotes);
