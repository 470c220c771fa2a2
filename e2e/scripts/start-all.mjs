#!/usr/bin/env node
// Starts the whole site on loopback: api, sandbox, the shell and the remotes (served from their built dist
// folders). The apps and their ports come from the one list, shared/build/apps.mjs: every port is overridable
// (SHELL_PORT, MF_CASINO_PORT, ..., API_PORT, SANDBOX_PORT) or shifted together with KHELA_PORT_OFFSET, so
// several copies can run side by side.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, ports as appPorts, remotesConfig } from '../../shared/build/apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ports = appPorts();
const host = '127.0.0.1';
const url = (p) => `http://${host}:${p}`;

const common = { ...process.env, HOST: host };
const serve = (app, extra = {}, flags = []) => ({
  name: app.dir,
  cmd: process.execPath,
  args: [path.join(root, 'shared/build/serve-static.mjs'), path.join(root, app.dir, 'dist'), '--port', String(ports[app.name]), ...flags],
  env: { ...common, PORT: String(ports[app.name]), ...extra },
});
const services = [
  {
    name: 'api',
    cmd: path.join(root, 'api/node_modules/.bin/tsx'),
    args: [path.join(root, 'api/src/main.ts')],
    cwd: path.join(root, 'api'),
    env: { ...common, PORT: String(ports.api), PUBLIC_URL: url(ports.api), SANDBOX_URL: url(ports.sandbox), SITE_URL: url(ports.shell) },
  },
  {
    name: 'sandbox',
    cmd: path.join(root, 'sandbox/node_modules/.bin/tsx'),
    args: [path.join(root, 'sandbox/src/main.ts')],
    cwd: path.join(root, 'sandbox'),
    env: {
      ...common,
      PORT: String(ports.sandbox),
      API_URL: url(ports.api),
      SANDBOX_PUBLIC_URL: url(ports.sandbox),
      SITE_URL: url(ports.shell),
    },
  },
  // the shell is told where this copy's remotes and API are (serve-static answers /remotes.json with it). It is served
  // by its render server (shell/server/main.mjs: the same static server, pages with their first screen rendered by
  // React on the server; issue 31); SSR=0 serves it with the plain static server instead (every page rendered in the
  // browser)
  ...APPS.filter((a) => a.kind === 'host').map((a) => {
    const s = serve(a, {
      KHELA_REMOTES_JSON: JSON.stringify(remotesConfig()),
      // recycling after a remote's redeploy (shell/README.md "Production serving") is off here unless asked for: a
      // remote rebuilt under a running development or e2e site would cut the pages of its restart
      SSR_REMOTE_CHECK_MS: process.env.SSR_REMOTE_CHECK_MS ?? '0',
      // the page cache asks the content's version for every page here (one small read): a staff change made by a test
      // is on the very next page, not up to a second later
      SSR_CONTENT_CHECK_MS: process.env.SSR_CONTENT_CHECK_MS ?? '0',
    });
    return process.env.SSR === '0'
      ? s
      : { ...s, name: `${a.dir}-ssr`, args: [path.join(root, a.dir, 'server/main.mjs'), ...s.args.slice(1)] };
  }),
  ...APPS.filter((a) => a.kind === 'remote').map((a) => serve(a)),
  // the staff back office: a single-page app that reads the API's address from the same remotes.json
  ...APPS.filter((a) => a.kind === 'console').map((a) => serve(a, { KHELA_REMOTES_JSON: JSON.stringify(remotesConfig()) }, ['--spa'])),
];

const children = [];
let stopping = false;
/** The exit code of a render server that drained after a remote's redeploy (shell/server/main.mjs): started again. */
const RECYCLE_EXIT_CODE = 75;
const start = (s) => {
  const child = spawn(s.cmd, s.args, { cwd: s.cwd ?? root, env: s.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${s.name}]`.padEnd(14);
  const pipe = (stream, out) => {
    let buf = '';
    stream.on('data', (d) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const l of lines) out.write(`${prefix}${l}\n`);
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  // one dead service must not take the others down: the shell shows a fallback for a dead remote
  child.on('exit', (code) => {
    if (stopping) return;
    if (code === RECYCLE_EXIT_CODE) {
      console.log(`${prefix}exited to load a redeployed remote: starting it again`);
      children.splice(children.indexOf(child), 1);
      start(s);
    } else console.error(`${prefix}exited with ${code}`);
  });
  children.push(child);
};
for (const s of services) start(s);

// Waits for the services to stop (30 s at most; a second Ctrl+C exits at once): leaving after a fixed 500 ms closed
// their log pipes mid-shutdown, and the API, still closing its embedded PGlite, could die there and leave
// api/.data/pglite unreadable at the next start (seen once after a long, busy session).
const stop = () => {
  if (stopping) process.exit(1);
  stopping = true;
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  if (running.length === 0) process.exit(0);
  let left = running.length;
  for (const c of running) {
    c.once('exit', () => {
      if (--left === 0) process.exit(0);
    });
    c.kill('SIGTERM');
  }
  setTimeout(() => process.exit(0), 30_000);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

async function waitFor(u, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(u)).ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

const ok = await waitFor(`${url(ports.api)}/health`);
await waitFor(`${url(ports.sandbox)}/health`, 30_000);
console.log(`
  Khela is ${ok ? 'running' : 'starting (the API is slow to answer; check its log above)'}:
    site        ${url(ports.shell)}
    api docs    ${url(ports.api)}/docs
    back office ${url(ports.backoffice)}
    sandbox     ${url(ports.sandbox)}   (SMS/e-mail outbox, payment gateway, game provider)
  Demo player: demo1234 / demo1234
  Back office (development): admin / admin123, operator / operator123 (payments), support / support123,
    content / content123, risk / risk123
  Ctrl+C stops everything.
`);
