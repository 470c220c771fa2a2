#!/usr/bin/env node
// Cluster mode: N API processes on one PostgreSQL behind nginx (Debian's package), the sandbox, the shell's render
// servers (shell/server/main.mjs, 2 by default) and nginx serving the built shell's files, remotes and back office and
// passing the shell's pages to the render servers. See scripts/cluster/README.md (runbook).
//
//   node scripts/cluster/start.mjs [--api 2] [--render 2] [--compiled]
//
// DATABASE_URL: the shared PostgreSQL. Unset: postgres://postgres@127.0.0.1:5432/khela_cluster (created when missing).
// Ports: nginx NGINX_PORT (8000 + KHELA_PORT_OFFSET), back office NGINX_BACKOFFICE_PORT (nginx + 6), API
// processes API_PORT + 1 .. + N (4001.. plus the offset), render servers RENDER_PORT + 1 .. + M (4051.. plus the
// offset), sandbox SANDBOX_PORT (4100 + offset). A render server that exits with RECYCLE_EXIT_CODE (75: it drained
// after a remote's redeploy, shell/README.md "Production serving") is started again at once.
// SIGHUP (or `node scripts/cluster/roll.mjs`) restarts the API processes one by one, each after the previous one
// answers /ready, so the site stays up. Ctrl+C / SIGTERM stops everything.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, portOf, portOffset } from '../../shared/build/apps.mjs';
import { contentSecurityPolicy, cspSources } from '../../shared/build/serve-static.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const requireFromApi = createRequire(path.join(root, 'api/package.json'));
const HOST = '127.0.0.1';
const url = (p) => `http://${HOST}:${p}`;
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/khela_cluster';

/** True when nothing listens on the port (a listen there succeeds). */
function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** The exit code of a render server that drained to load a redeployed remote's container (shell/server/main.mjs). */
export const RECYCLE_EXIT_CODE = 75;

/** Ports of a cluster, from the environment (see the header). */
export function clusterPorts(env = process.env, apiCount = 2, renderCount = 2) {
  const nginx = Number(env.NGINX_PORT ?? 8000 + portOffset(env));
  const apiBase = portOf('api', env);
  const renderBase = Number(env.RENDER_PORT ?? apiBase + 50);
  return {
    nginx,
    backoffice: Number(env.NGINX_BACKOFFICE_PORT ?? nginx + 6),
    api: Array.from({ length: apiCount }, (_, i) => apiBase + 1 + i),
    render: Array.from({ length: renderCount }, (_, i) => renderBase + 1 + i),
    sandbox: portOf('sandbox', env),
  };
}

/** Installs Debian's nginx when the machine has none (CI images and fresh machines). */
export function ensureNginx() {
  const found = spawnSync('sh', ['-c', 'command -v nginx || test -x /usr/sbin/nginx && echo /usr/sbin/nginx'], { encoding: 'utf8' });
  const bin = found.stdout.trim().split('\n')[0];
  if (bin) return bin;
  console.log("nginx is missing: installing Debian's package (apt-get install nginx)");
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) =>
    spawnSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['apt-get', 'update', '-qq']);
  if (run(['apt-get', 'install', '-y', '-qq', 'nginx']).status !== 0) throw new Error('could not install nginx');
  return '/usr/sbin/nginx';
}

/** Creates the database of DATABASE_URL when it does not exist (connecting to the server's `postgres` database). */
export async function ensureDatabase(databaseUrl) {
  const pg = requireFromApi('pg');
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await c.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await c.end();
  }
}

const dist = (dir) => path.join(root, dir, 'dist');
const q = (s) => `"${String(s).replace(/["\\]/g, '\\$&')}"`;

/**
 * nginx.conf of the cluster. One site server: the shell at /, each remote under /mf/<dir>/ (their manifests use
 * publicPath 'auto', so chunks load from beside the manifest), /remotes.json pointing everything here, /api to the
 * upstream. A second server for the back office (its build expects to live at /). Precompressed .gz files beside
 * the built ones are sent by gzip_static.
 */
export function nginxConfig({ runDir, ports, env = process.env, down = new Set() }) {
  const isRoot = process.getuid?.() === 0;
  const siteRemotes = (origin) => ({
    timeoutMs: Number(env.REMOTE_TIMEOUT_MS ?? 10_000),
    remotes: Object.fromEntries(APPS.filter((a) => a.kind === 'remote').map((a) => [a.name, `${origin}/mf/${a.dir}/mf-manifest.json`])),
    api: origin,
  });
  const siteJson = JSON.stringify(siteRemotes(`http://{hostname}:${ports.nginx}`));
  const boJson = JSON.stringify(siteRemotes(`http://{hostname}:${ports.backoffice}`));
  fs.writeFileSync(path.join(runDir, 'remotes.json'), siteJson);
  fs.writeFileSync(path.join(runDir, 'backoffice-remotes.json'), boJson);

  // The page's Content-Security-Policy as serve-static makes it, with nginx's per-request values in place of
  // the host name and the nonce ($request_id is 32 hex characters, fresh per request).
  const HOSTNAME = 'khelaclusterhost';
  const NONCE = 'khelaclusternonce';
  const csp = (html, remotesJson, sandboxEnv) =>
    contentSecurityPolicy({ sources: cspSources(remotesJson, sandboxEnv), hostname: HOSTNAME, nonce: NONCE, html })
      .split(HOSTNAME)
      .join('$host')
      .split(NONCE)
      .join('$request_id');
  const cspEnv = { ...env, SANDBOX_PORT: String(ports.sandbox) };
  const readHtml = (dir) => fs.readFileSync(path.join(dist(dir), 'index.html'), 'utf8');

  const security = `
      add_header X-Content-Type-Options nosniff always;
      add_header Referrer-Policy strict-origin-when-cross-origin always;
      add_header X-Frame-Options DENY always;`;
  const page = (html, json) => `
      gzip_static off;
      sub_filter_once on;
      sub_filter '<head>' '<head><meta name="csp-nonce" content="$request_id">';
      add_header Cache-Control no-cache always;
      add_header Content-Security-Policy ${q(csp(html, json, cspEnv))} always;${security}`;
  const files = `
      gzip_static on;
      add_header Vary Accept-Encoding always;
      add_header Access-Control-Allow-Origin * always;${security}`;
  const caching = `
    location ~ "(^|/)(mf-manifest\\.json|remoteEntry\\.js|index\\.html)$" {${files}
      add_header Cache-Control no-cache always;
    }
    location ~ "\\.[0-9a-f]{8}\\.(js|css)$" {${files}
      add_header Cache-Control "public, max-age=31536000, immutable" always;
    }`;
  const proxyCommon = `
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_connect_timeout 2s;
      # A process that refuses the connection or dies before answering: nginx tries the next one. nginx never
      # resends a POST/PATCH once it reached a process (non_idempotent is not set): clients retry those with
      # their Idempotency-Key.
      proxy_next_upstream error timeout http_503;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 10s;`;
  const apiLocations = `
    location = /api/push/stream {${proxyCommon}
      proxy_pass http://khela_api;
      # Server-Sent Events: every event goes out as it is written, and a quiet stream is not cut
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
    location = /api/operator/stream {${proxyCommon}
      proxy_pass http://khela_api;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
    location ^~ /api/ {${proxyCommon}
      proxy_pass http://khela_api;
      proxy_read_timeout 60s;
      client_max_body_size 12m;
      # a market's bets go to one process, by a consistent hash of the market id, so they queue in one market writer
      # (api/src/exchange/README.md, "One writer per market across processes"); the writer's lease is the fence, and a
      # process that gets a bet for a market another process writes passes it there. A process out of the upstream
      # (down, or failing) moves its share of markets to the next one on the ring.
      location ~ "^/api/exchange/markets/(?<market>[^/]+)/bets$" {${proxyCommon}
        proxy_pass http://khela_api_market;
        proxy_read_timeout 60s;
      }
    }
    location = /nginx/status {
      stub_status;
      allow 127.0.0.1;
      deny all;
    }`;
  const remotes = APPS.filter((a) => a.kind === 'remote')
    .map(
      (a) => `
    location ^~ /mf/${a.dir}/ {
      alias ${dist(a.dir)}/;${files}
      location ~ "(mf-manifest\\.json|remoteEntry\\.js)$" {${files}
        add_header Cache-Control no-cache always;
      }
      location ~ "\\.[0-9a-f]{8}\\.(js|css)$" {${files}
        add_header Cache-Control "public, max-age=31536000, immutable" always;
      }
    }`,
    )
    .join('');
  // the shell's pages: to the render servers (their answer carries its own CSP with a nonce, its security headers and
  // its compression); a render server that refuses the connection or answers 502/503 (draining) is skipped for the next
  const rendered = `
    location @render {${proxyCommon.replace('proxy_next_upstream error timeout http_503;', 'proxy_next_upstream error timeout http_502 http_503;')}
      proxy_pass http://khela_render;
      proxy_read_timeout 30s;
    }
    # the render servers' own /ready and /metrics are not public (scrape each process on its port)
    location = /ready {
      return 404;
    }
    location = /metrics {
      return 404;
    }`;
  const spa = (dir, json, remotesFile, render = false) => `
    root ${dist(dir)};
    location = /remotes.json {
      alias ${path.join(runDir, remotesFile)};
      default_type application/json;
      add_header Cache-Control no-cache always;
    }${
      render
        ? `
    location = /index.html {
      try_files /nonexistent @render;
    }
    # client routes (no extension, and the legacy .jsp pages): a page, from a render server; a file is sent by nginx
    location / {
      try_files $uri @render;
    }
    location ~ "\\.jsp$" {
      try_files /nonexistent @render;
    }${rendered}`
        : `
    location = /index.html {${page(readHtml(dir), json)}
    }
    # client routes (no extension, and the legacy .jsp pages) are the single-page app
    location / {
      try_files $uri /index.html;
    }
    location ~ "\\.jsp$" {
      try_files /index.html =404;
    }`
    }
    location ~ "\\.[A-Za-z0-9]+$" {${files}
      try_files $uri ${render ? '@render' : '=404'};
    }${caching}${apiLocations}`;

  // `down`: a process being rolled gets no new requests (nginx -s reload) before it is told to stop
  const upstream = ports.api.map((p) => `    server ${HOST}:${p} max_fails=1 fail_timeout=3s${down.has(p) ? ' down' : ''};`).join('\n');
  return `# generated by scripts/cluster/start.mjs: edits are lost at the next start
${isRoot ? 'user root;\n' : ''}worker_processes 2;
pid ${path.join(runDir, 'nginx.pid')};
error_log ${path.join(runDir, 'nginx-error.log')} warn;
daemon off;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  server_tokens off;
  client_body_temp_path ${path.join(runDir, 'tmp/body')};
  proxy_temp_path ${path.join(runDir, 'tmp/proxy')};
  fastcgi_temp_path ${path.join(runDir, 'tmp/fastcgi')};
  uwsgi_temp_path ${path.join(runDir, 'tmp/uwsgi')};
  scgi_temp_path ${path.join(runDir, 'tmp/scgi')};
  # upstream_addr lists every process tried ("a, b" = nginx moved the request on); the fault tests count those
  log_format khela '$remote_addr [$time_iso8601] "$request" $status $body_bytes_sent $request_time '
                   'up=$upstream_addr upstatus=$upstream_status uptime=$upstream_response_time id=$request_id';
  access_log ${path.join(runDir, 'nginx-access.log')} khela;

  upstream khela_api {
${upstream}
    keepalive 64;
    # nginx drops an idle connection before the API would (Node keeps them 72 s), so a request is never sent on a
    # connection the process is closing
    keepalive_timeout 4s;
  }

${
  ports.render.length
    ? `  # the shell's render servers: the one with the fewest pages in flight (a render is CPU work of ~10-100 ms)
  upstream khela_render {
    least_conn;
${ports.render.map((p) => `    server ${HOST}:${p} max_fails=1 fail_timeout=3s${down.has(p) ? ' down' : ''};`).join('\n')}
    keepalive 16;
    keepalive_timeout 4s;
  }

`
    : ''
}  upstream khela_api_market {
    hash $market consistent;
${upstream}
    keepalive 64;
    keepalive_timeout 4s;
  }

  server {
    listen ${HOST}:${ports.nginx};
    ${spa('shell', siteJson, 'remotes.json', ports.render.length > 0)}${remotes}
  }

  server {
    listen ${HOST}:${ports.backoffice};
    ${spa('backoffice', boJson, 'backoffice-remotes.json')}
  }
}
`;
}

/**
 * A child process with its output prefixed (or appended to a log file), restartable by name.
 * @typedef {{ name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string }} Spec
 */
export class Cluster {
  /** @param {{ apiCount?: number, renderCount?: number, databaseUrl: string, runDir: string, env?: NodeJS.ProcessEnv, compiled?: boolean, logDir?: string, quiet?: boolean }} o */
  constructor(o) {
    this.o = o;
    this.env = o.env ?? process.env;
    this.ports = clusterPorts(this.env, o.apiCount ?? 2, o.renderCount ?? 2);
    this.siteUrl = url(this.ports.nginx);
    this.backofficeUrl = url(this.ports.backoffice);
    this.sandboxUrl = url(this.ports.sandbox);
    this.apiUrls = this.ports.api.map(url);
    this.renderUrls = this.ports.render.map(url);
    /** @type {Map<string, import('node:child_process').ChildProcess>} */
    this.children = new Map();
    this.stopping = false;
  }

  apiSpec(i) {
    // the compiled API (api's build: dist/server/main.js) with --compiled or NODE_ENV=production; tsx otherwise
    const compiledMain = ['api/dist/server/main.js', 'api/dist/main.js'].map((f) => path.join(root, f)).find((f) => fs.existsSync(f));
    const compiled = Boolean(compiledMain) && (this.o.compiled || this.env.NODE_ENV === 'production');
    return {
      name: `api${i + 1}`,
      // node itself runs the server (tsx as a loader, not its CLI wrapper), so a signal reaches the server's process
      cmd: process.execPath,
      args: compiled ? [compiledMain] : ['--import', 'tsx', path.join(root, 'api/src/main.ts')],
      cwd: path.join(root, 'api'),
      env: {
        ...this.env,
        HOST,
        PORT: String(this.ports.api[i]),
        DATABASE_URL: this.o.databaseUrl,
        // the gateway's callbacks and the site's links go through nginx, so any live process takes them
        PUBLIC_URL: this.siteUrl,
        SITE_URL: this.siteUrl,
        SANDBOX_URL: this.sandboxUrl,
        // nginx on loopback sets X-Forwarded-For: per-address limits see the player, not nginx
        TRUST_PROXY: this.env.TRUST_PROXY ?? '127.0.0.1',
        // uploads and receipts on one disk every process reads (a shared volume when on several machines)
        STORAGE_DIR: this.env.STORAGE_DIR ?? path.join(this.o.runDir, 'storage'),
        RECEIPTS_DIR: this.env.RECEIPTS_DIR ?? path.join(this.o.runDir, 'receipts'),
        KHELA_INSTANCE: `api${i + 1}`,
      },
    };
  }

  /**
   * A render server of the shell (shell/server/main.mjs on the shell's dist): the cluster's remotes.json (everything
   * through nginx), read at nginx's own address (SSR_READ_HOST), whatever host name the page was asked by, so its API
   * reads and the remotes' Node containers go through nginx on loopback.
   */
  renderSpec(i) {
    return {
      name: `render${i + 1}`,
      cmd: process.execPath,
      args: [path.join(root, 'shell/server/main.mjs'), dist('shell'), '--port', String(this.ports.render[i])],
      env: {
        ...this.env,
        HOST,
        KHELA_REMOTES_JSON: fs.readFileSync(path.join(this.o.runDir, 'remotes.json'), 'utf8'),
        SSR_READ_HOST: this.env.SSR_READ_HOST ?? HOST,
        // the page's CSP names the sandbox (odds host, game provider, score board) of this cluster
        SANDBOX_PORT: String(this.ports.sandbox),
        KHELA_INSTANCE: `render${i + 1}`,
        // after a remote's redeploy the render servers recycle one after the other (20 s apart), never all at once
        SSR_RECYCLE_DELAY_MS: this.env.SSR_RECYCLE_DELAY_MS ?? String(i * 20_000),
      },
      // drained after a remote's redeploy (RECYCLE_EXIT_CODE): started again with the new container
      restartOn: RECYCLE_EXIT_CODE,
    };
  }

  sandboxSpec() {
    return {
      name: 'sandbox',
      cmd: process.execPath,
      args: ['--import', 'tsx', path.join(root, 'sandbox/src/main.ts')],
      cwd: path.join(root, 'sandbox'),
      env: {
        ...this.env,
        HOST,
        PORT: String(this.ports.sandbox),
        API_URL: this.siteUrl,
        SANDBOX_PUBLIC_URL: this.sandboxUrl,
        SITE_URL: this.siteUrl,
        // pending gateway callbacks survive a restart of the sandbox
        SANDBOX_DATA_DIR: this.env.SANDBOX_DATA_DIR ?? path.join(this.o.runDir, 'sandbox-data'),
      },
    };
  }

  spawn(spec) {
    const child = spawn(spec.cmd, spec.args, { cwd: spec.cwd ?? root, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = `[${spec.name}]`.padEnd(10);
    const logFile = this.o.logDir ? fs.createWriteStream(path.join(this.o.logDir, `${spec.name}.log`), { flags: 'a' }) : null;
    const pipe = (stream, out) => {
      let buf = '';
      stream.on('data', (d) => {
        buf += d;
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        for (const l of lines) {
          if (logFile) logFile.write(`${l}\n`);
          if (!this.o.quiet) out.write(`${prefix}${l}\n`);
        }
      });
    };
    pipe(child.stdout, process.stdout);
    pipe(child.stderr, process.stderr);
    child.on('exit', (code, signal) => {
      logFile?.end();
      if (this.stopping || this.children.get(spec.name) !== child) return;
      if (spec.restartOn !== undefined && code === spec.restartOn) {
        if (!this.o.quiet) console.log(`${prefix}exited (${code}: recycled), starting it again`);
        this.spawn(spec);
      } else if (!this.o.quiet) console.error(`${prefix}exited (${signal ?? code})`);
    });
    child.spec = spec;
    this.children.set(spec.name, child);
    return child;
  }

  async waitFor(u, ms = 120_000, ok = (r) => r.ok) {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      try {
        if (ok(await fetch(u, { signal: AbortSignal.timeout(2000) }))) return true;
      } catch {}
      await new Promise((r) => setTimeout(r, 200));
    }
    return false;
  }

  /** /ready when the API has it (database, feed, migrations), else /health; false at once if the process exited. */
  async waitReady(apiUrl, ms = 120_000) {
    const until = Date.now() + ms;
    const child = this.children.get(`api${this.apiUrls.indexOf(apiUrl) + 1}`);
    while (Date.now() < until) {
      if (child && (child.exitCode !== null || child.signalCode !== null)) return false;
      try {
        const r = await fetch(`${apiUrl}/ready`, { signal: AbortSignal.timeout(2000) });
        if (r.ok) return true;
        if (r.status === 404 && (await fetch(`${apiUrl}/health`)).ok) return true;
      } catch {}
      await new Promise((r) => setTimeout(r, 200));
    }
    return false;
  }

  async start() {
    // a port already taken (another copy of the site on the same offset) would leave that copy answering in our place
    const ports = [this.ports.nginx, this.ports.backoffice, ...this.ports.api, ...this.ports.render, this.ports.sandbox];
    const busy = (await Promise.all(ports.map(async (p) => ((await portFree(p)) ? null : p)))).filter((p) => p !== null);
    if (busy.length) {
      throw new Error(`port(s) ${busy.join(', ')} already in use on ${HOST}: stop what holds them or move the cluster (KHELA_PORT_OFFSET)`);
    }
    const nginxBin = ensureNginx();
    for (const d of ['tmp', 'storage', 'receipts']) fs.mkdirSync(path.join(this.o.runDir, d), { recursive: true });
    if (this.o.logDir) fs.mkdirSync(this.o.logDir, { recursive: true });
    const confPath = path.join(this.o.runDir, 'nginx.conf');
    this.nginxBin = nginxBin;
    this.confPath = confPath;
    this.writeNginxConfig();
    this.nginxSpec = { name: 'nginx', cmd: nginxBin, args: ['-c', confPath, '-p', this.o.runDir], env: this.env };
    this.spawn(this.nginxSpec);
    this.spawn(this.sandboxSpec());
    // the first process migrates and seeds alone (the others would wait on the migration lock anyway)
    this.spawn(this.apiSpec(0));
    if (!(await this.waitReady(this.apiUrls[0], 180_000))) throw new Error('the first API process did not become ready');
    for (let i = 1; i < this.ports.api.length; i++) this.spawn(this.apiSpec(i));
    const rest = await Promise.all(this.apiUrls.slice(1).map((u) => this.waitReady(u, 180_000)));
    if (rest.some((ok) => !ok))
      throw new Error(
        `API process(es) ${rest
          .map((ok, i) => (ok ? '' : `api${i + 2}`))
          .filter(Boolean)
          .join(', ')} did not become ready (see their log)`,
      );
    await this.waitFor(`${this.sandboxUrl}/health`, 60_000);
    await this.waitFor(`${this.siteUrl}/api/health`, 10_000, (r) => r.status < 500);
    // the render servers once the API answers through nginx (they load the remotes' containers through it at start)
    for (let i = 0; i < this.ports.render.length; i++) this.spawn(this.renderSpec(i));
    const renders = await Promise.all(this.renderUrls.map((u) => this.waitFor(`${u}/ready`, 60_000)));
    if (renders.some((ok) => !ok)) throw new Error('a render server did not become ready (see its log)');
    return this;
  }

  /** Writes nginx.conf (with the processes in `down` taken out) and checks it. */
  writeNginxConfig(down = new Set()) {
    fs.writeFileSync(this.confPath, nginxConfig({ runDir: this.o.runDir, ports: this.ports, env: this.env, down }));
    const check = spawnSync(this.nginxBin, ['-t', '-q', '-c', this.confPath, '-p', this.o.runDir], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
  }

  /** nginx -s reload: new workers take the new upstream list; the old ones finish what they carry. */
  async reloadNginx(down) {
    this.writeNginxConfig(down);
    spawnSync(this.nginxBin, ['-s', 'reload', '-c', this.confPath, '-p', this.o.runDir]);
    await new Promise((r) => setTimeout(r, 500));
  }

  child(name) {
    return this.children.get(name);
  }

  /** Kills a child (SIGKILL by default) and resolves when it is gone. */
  async kill(name, signal = 'SIGKILL') {
    const c = this.children.get(name);
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    await gone;
  }

  /** Starts a stopped child again with its previous command. */
  restart(name) {
    const c = this.children.get(name);
    return this.spawn(c.spec);
  }

  /**
   * Restarts every API process in turn: out of nginx's upstream (reload), SIGTERM (graceful shutdown: in-flight
   * requests finish, streams are told to reconnect), start again, wait for /ready, back into the upstream, next.
   */
  async roll({ graceMs = 30_000 } = {}) {
    for (let i = 0; i < this.ports.api.length; i++) {
      const name = `api${i + 1}`;
      const started = Date.now();
      await this.reloadNginx(new Set([this.ports.api[i]]));
      const c = this.children.get(name);
      if (c && c.exitCode === null && c.signalCode === null) {
        const gone = new Promise((r) => c.once('exit', r));
        c.kill('SIGTERM');
        const timer = setTimeout(() => c.kill('SIGKILL'), graceMs);
        await gone;
        clearTimeout(timer);
      }
      this.spawn(this.apiSpec(i));
      const ready = await this.waitReady(this.apiUrls[i], 120_000);
      await this.reloadNginx(new Set());
      console.log(`[roll]    ${name} ${ready ? 'ready' : 'NOT ready'} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (!ready) throw new Error(`${name} did not come back; the roll stops here`);
    }
  }

  async stop() {
    this.stopping = true;
    const all = [...this.children.values()].filter((c) => c.exitCode === null && c.signalCode === null);
    await Promise.all(
      all.map(
        (c) =>
          new Promise((resolve) => {
            const t = setTimeout(() => c.kill('SIGKILL'), 10_000);
            c.once('exit', () => {
              clearTimeout(t);
              resolve();
            });
            c.kill(c.spec.name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
          }),
      ),
    );
  }
}

async function main(argv = process.argv.slice(2)) {
  const arg = (name, fallback) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : fallback;
  };
  const apiCount = Number(arg('--api', process.env.CLUSTER_API ?? 2));
  if (!Number.isInteger(apiCount) || apiCount < 1) throw new Error('--api takes a whole number of processes');
  const renderCount = Number(arg('--render', process.env.CLUSTER_RENDER ?? 2));
  if (!Number.isInteger(renderCount) || renderCount < 0) throw new Error('--render takes a whole number of processes');
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  if (!process.env.DATABASE_URL) console.log(`DATABASE_URL is not set: using ${databaseUrl} (created when missing)`);
  await ensureDatabase(databaseUrl);
  const ports = clusterPorts(process.env, apiCount, renderCount);
  const runDir = process.env.CLUSTER_RUN_DIR ?? path.join(os.tmpdir(), `khela-cluster-${ports.nginx}`);
  fs.mkdirSync(runDir, { recursive: true });
  const cluster = new Cluster({ apiCount, renderCount, databaseUrl, runDir, compiled: argv.includes('--compiled') });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    fs.rmSync(path.join(runDir, 'cluster.pid'), { force: true });
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  let rolling = false;
  process.on('SIGHUP', () => {
    if (rolling) return console.log('[roll]    a roll is already under way');
    rolling = true;
    console.log('[roll]    SIGHUP: restarting the API processes one by one');
    cluster
      .roll()
      .catch((err) => console.error(`[roll]    ${err.message}`))
      .finally(() => (rolling = false));
  });
  fs.writeFileSync(path.join(runDir, 'cluster.pid'), String(process.pid));
  try {
    await cluster.start();
  } catch (err) {
    // nothing half-started is left behind (nginx, the sandbox, the processes that did start)
    await cluster.stop();
    fs.rmSync(path.join(runDir, 'cluster.pid'), { force: true });
    throw err;
  }
  console.log(`
  Khela cluster is running: ${apiCount} API processes on PostgreSQL and ${renderCount} render servers behind nginx
    site        ${cluster.siteUrl}
    back office ${cluster.backofficeUrl}
    api docs    ${cluster.siteUrl}/api/docs is not routed; each process: ${cluster.apiUrls.map((u) => `${u}/docs`).join(', ')}
    metrics     ${cluster.apiUrls.map((u) => `${u}/metrics`).join(', ')}   nginx: ${cluster.siteUrl}/nginx/status
    render      ${cluster.renderUrls.map((u) => `${u}/metrics`).join(', ')} (and /ready)
    sandbox     ${cluster.sandboxUrl}
    database    ${databaseUrl.replace(/\/\/[^@/]*@/, '//***@')}
    run dir     ${runDir} (nginx.conf, nginx-access.log, nginx-error.log)
  Demo player: demo1234 / demo1234. Back office (development): admin / admin123, operator / operator123.
  Rolling restart: node scripts/cluster/roll.mjs (or kill -HUP ${process.pid}). Ctrl+C stops everything.
`);
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err.message ?? err);
    process.exit(1);
  });
}
