#!/usr/bin/env node
// The shell's render server (issue 31, README "Server rendering" and "Production serving"): the static server of the
// shell's dist (shared/build/serve-static.mjs: files, CSP, remotes.json, client routes) whose pages get their first
// screen from the server render of dist-server/render.cjs (the shell's Node build, rspack.server.mjs), through the
// page cache and metrics of server/serving.mjs, with its own GET /ready and GET /metrics. The shell's server of
// e2e/scripts/start-all.mjs (`pnpm start`, the e2e suite) and of the cluster mode (scripts/cluster/start.mjs: two of
// them behind nginx); SSR=0 there starts the plain static server instead.
//
//   node shell/server/main.mjs [shell/dist] [--port N]
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../shared/build/serve-static.mjs';
import { addresses, createServing, watchRedeploys } from './serving.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
/** @type {typeof import('./render')} */
const bundle = createRequire(import.meta.url)(path.join(dir, '../dist-server/render.cjs'));
const { renderPage, warmRemotes } = bundle;
// a bundle built before these exports (a render server started on an older dist-server) still serves
const RENDERED = bundle.RENDERED ?? new Set(['/', '/promotions', '/games']);
const isPhone = bundle.isPhone ?? ((ua) => /Mobi|Android|iPhone|iPod|Opera Mini|IEMobile/i.test(ua ?? ''));
const serverManifests = bundle.serverManifests ?? (() => ({}));

// A promise a remote's container left without a handler (its data read failing after the budget, once the request's
// cache was cleared) is logged; it must not stop the process that renders every page (failure stays isolated).
process.on('unhandledRejection', (reason) => {
  console.error('[render] unhandled rejection (logged, the server goes on):', reason instanceof Error ? reason.stack : reason);
});

const serving = createServing({
  renderPage,
  isPhone,
  rendered: RENDERED,
  renderSettings: {
    dataBudgetMs: Number(process.env.SSR_DATA_BUDGET_MS ?? 1500),
    // a remote's container and its first screen's data; past it the area is rendered in the browser
    remoteBudgetMs: Number(process.env.SSR_REMOTE_BUDGET_MS ?? 150),
  },
});
// the render bundle is loaded (above, synchronously); /ready waits for the remotes' containers to have been tried too
serving.state.started = true;

const argv = process.argv.slice(2);
if (!argv.some((a, i) => !a.startsWith('--') && argv[i - 1] !== '--port')) argv.unshift(path.join(dir, '../dist'));
/** The exit code of a process that drained to load a redeployed remote: start-all.mjs and the cluster start it again. */
const RECYCLE_EXIT_CODE = 75;
const { stop } = await main(argv, process.env, serving.render, {
  routes: serving.routes,
  // SIGTERM: /ready answers 503 while the pages in flight finish
  onStop: () => (serving.state.draining = true),
});

// the remotes' Node containers loaded now rather than by the first page that shows one (its host name: SSR_READ_HOST,
// as the pages' reads, else SSR_REMOTE_HOST, loopback by default, where remotes.json says `{hostname}`)
const dist = argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--port');
const remotesJson = process.env.KHELA_REMOTES_JSON || (await readFile(path.join(dist, 'remotes.json'), 'utf8').catch(() => null));
const at = addresses(remotesJson, process.env.SSR_READ_HOST || process.env.SSR_REMOTE_HOST || '127.0.0.1');

// A remote redeployed (its server manifest changed; looked at every SSR_REMOTE_CHECK_MS, 30 s; 0: never): this process
// cannot unload the container it loaded, so it drains (/ready 503, the pages in flight finish, new connections are
// refused: nginx passes them to the other render server) and exits with RECYCLE_EXIT_CODE, on which its supervisor
// starts it again with the new container. SSR_RECYCLE_DELAY_MS staggers the render servers of one cluster.
const checkMs = Number(process.env.SSR_REMOTE_CHECK_MS ?? 30_000);
if (at && checkMs > 0) {
  const watch = watchRedeploys({
    manifests: serverManifests(at.remotes),
    intervalMs: checkMs,
    onChange(remote) {
      const delay = Number(process.env.SSR_RECYCLE_DELAY_MS ?? 0);
      console.log(`[render] ${remote} was redeployed: draining in ${delay} ms, then exiting (${RECYCLE_EXIT_CODE}) to load it anew`);
      setTimeout(() => void stop(RECYCLE_EXIT_CODE), delay).unref();
    },
  });
  // the fingerprints as loaded: read before the containers are
  await watch.first;
}
// (a container whose load hangs counts as tried after SSR_WARM_TIMEOUT_MS: its pages leave the area to the browser)
const warmed = at ? warmRemotes(at.remotes) : Promise.resolve();
const cap = new Promise((r) => setTimeout(r, Number(process.env.SSR_WARM_TIMEOUT_MS ?? 10_000)).unref());
await Promise.race([warmed, cap]).finally(() => (serving.state.remotesTried = true));
