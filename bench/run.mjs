#!/usr/bin/env node
// `pnpm bench` (after `pnpm run build`) and `pnpm bench:smoke`: starts what it needs on its own ports, measures,
// prints every figure beside its target, writes bench/report.md + bench/report.html, appends one line to
// bench/history.jsonl, and stops what it started. See bench/README.md.
//
//   node bench/run.mjs [--smoke] [--only lighthouse,monolith,api-throughput,exchange-placement,ledger-transfers,push-fanout]
//                      [--runs 3] [--out <dir>] [--db pglite|postgres|both] [--part-timeout 480]
//
// --smoke: one short iteration of each part (one Lighthouse run per page, the API scripts' own --smoke); the
// report goes to a temporary folder and bench/history.jsonl is left alone. Exit code: non-zero only when a part
// failed to run; a missed target is a figure, not a failure.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { at_most, figure, formatTarget, formatValue, metText, parsePartJson } from './figures.mjs';
import { historyLine, readHistory, renderHtml, renderMarkdown } from './report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

/** The API bench scripts (api/bench/<name>.ts), run with the figure contract of bench/figures.mjs. */
export const API_PARTS = [
  { name: 'api-throughput', title: 'API throughput (autocannon)' },
  // issue 28's targets: one hot Match Odds market (closed loop beside /api/balance, open loop at 1,000 bets/s)
  // (its full suite took 8-9 min on a machine at load 25 on 2 cores: closed loops, 2 processes, the in-play burst
  // of 2,000 with its 5 s delay, the open loop at 1,000/s; its smoke 2.7 min at load 30: it gets 900 s and 300 s
  // unless --part-timeout says otherwise)
  { name: 'exchange-placement', title: 'Exchange: one hot market (issue 28)', timeoutS: 900, smokeTimeoutS: 300 },
  { name: 'ledger-transfers', title: 'Ledger transfers' },
  { name: 'push-fanout', title: 'Push fan-out (SSE)' },
];
export const PARTS = ['lighthouse', 'monolith', ...API_PARTS.map((p) => p.name)];

/** Port offset of the site this run starts (KHELA_PORT_OFFSET): its own, so it never meets a dev copy or e2e. */
const PORT_OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 90);
const MONOLITH_PORT = Number(process.env.BENCH_MONOLITH_PORT ?? 5000 + PORT_OFFSET);
// the sandbox's default port plus 90 is 4190, one of the ports browsers and Node's fetch refuse (the fetch
// standard's "bad ports"): the sandbox gets the port after the monolith's
const SANDBOX_PORT = Number(process.env.BENCH_SANDBOX_PORT ?? MONOLITH_PORT + 1);

/** The pages measured, with their targets (issue 15). `session`: opened as the logged-in demo player. */
export const PAGES = [
  {
    key: 'home',
    title: 'Home /',
    path: () => '/',
    targets: { lcp: at_most(1500, '≤ 1.5 s'), tbt: at_most(150, '≤ 150 ms'), cls: at_most(0.05, '≤ 0.05'), jsKb: at_most(170, '≤ 170 KB') },
  },
  { key: 'games', title: '/games?type=SLOT', path: () => '/games?type=SLOT', targets: { lcp: at_most(2000, '≤ 2.0 s') } },
  {
    key: 'odds',
    title: '/odds-view (logged in)',
    session: true,
    // an open cricket match of the sandbox feed, as the in-play list links it
    path: (ctx) => `/odds-view?marketId=${ctx.event.MarketId}&eventId=${ctx.event.EventId}&sport=cricket`,
    targets: { lcp: at_most(2000, '≤ 2.0 s') },
  },
];

const METRICS = [
  { key: 'lcp', label: 'LCP', unit: 'ms' },
  { key: 'tbt', label: 'TBT', unit: 'ms' },
  { key: 'cls', label: 'CLS', unit: '' },
  { key: 'fcp', label: 'FCP', unit: 'ms' },
  { key: 'jsKb', label: 'JavaScript transferred', unit: 'KB', id: 'js_kb' },
  { key: 'score', label: 'Performance score', unit: 'score' },
  { key: 'benchmarkIndex', label: 'Lighthouse benchmark index (machine speed)', unit: 'score', id: 'benchmark_index' },
];

const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log('[bench]', ...a);

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {}
    await sleep(300);
  }
  throw new Error(`${url} did not answer within ${Math.round(ms / 1000)} s`);
}

/** Process groups this run started and has not stopped yet: Ctrl+C (or a SIGTERM) ends them before exiting. */
const liveGroups = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const pid of liveGroups) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {}
    }
    console.error(`[bench] ${signal}: stopped what this run started`);
    process.exit(130);
  });
}

/** A child process of this run, its output in `logFile`; stop() ends it and everything it started. */
function startProcess(name, cmd, args, env, logFile) {
  const out = fs.openSync(logFile, 'a');
  // its own process group, so stop() reaches the API and the sandbox behind start-all's tsx wrappers
  const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', out, out], detached: true });
  let exited = false;
  liveGroups.add(child.pid);
  child.on('exit', () => {
    exited = true;
    liveGroups.delete(child.pid);
  });
  return {
    name,
    child,
    async stop() {
      if (exited) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      for (let i = 0; i < 50 && !exited; i++) await sleep(100);
      if (!exited) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }
    },
  };
}

/** The built site (shell + remotes, `pnpm run build`) must be there: this script does not build it. */
function checkBuilt(appsModule) {
  const missing = appsModule.APPS.filter((a) => a.kind === 'host' || a.kind === 'remote').filter(
    (a) => !fs.existsSync(path.join(root, a.dir, 'dist', 'index.html')),
  );
  if (missing.length)
    throw new Error(`not built: ${missing.map((a) => a.dir).join(', ')} (run \`pnpm run build\`, or \`pnpm bench\` which builds first)`);
}

/** Starts the site (start-all.mjs on PORT_OFFSET with a fresh data folder) and the monolith's server. */
async function startSite(work, withMonolith) {
  const apps = await import('../shared/build/apps.mjs');
  checkBuilt(apps);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'khela-bench-data-'));
  const env = { ...process.env, KHELA_PORT_OFFSET: String(PORT_OFFSET), DATA_DIR: dataDir };
  // every port follows the offset: an outright port variable of the caller's shell (SHELL_PORT, ...) would not
  for (const a of apps.APPS) delete env[a.portVar];
  delete env.PORT;
  env.SANDBOX_PORT = String(SANDBOX_PORT);
  const ports = apps.ports(env);
  const logFile = path.join(work, 'site.log');
  const started = [];
  const stopAll = async () => {
    for (const p of started.reverse()) await p.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    log(`starting the site on port offset ${PORT_OFFSET} (shell ${ports.shell}, api ${ports.api}); log: ${logFile}`);
    started.push(startProcess('site', process.execPath, [path.join(root, 'e2e/scripts/start-all.mjs')], env, logFile));
    if (withMonolith) {
      const { MONOLITH_DIST } = await import('./monolith/build.mjs');
      const remotesJson = JSON.stringify(apps.remotesConfig(env));
      // served the way the federated shell is (issue 31: the comparison is of two server-rendered sites): by the
      // shell's render server (its Node build renders the same components; the monolith's browser code hydrates
      // them, remote areas included), or by the static server when SSR=0 serves the shell statically too
      const server = env.SSR === '0' ? 'shared/build/serve-static.mjs' : 'shell/server/main.mjs';
      started.push(
        startProcess(
          'monolith',
          process.execPath,
          [path.join(root, server), MONOLITH_DIST, '--port', String(MONOLITH_PORT), '--spa'],
          { ...env, HOST: '127.0.0.1', PORT: String(MONOLITH_PORT), KHELA_REMOTES_JSON: remotesJson },
          path.join(work, 'monolith.log'),
        ),
      );
    }
    const base = (p) => `http://127.0.0.1:${p}`;
    await waitFor(`${base(ports.api)}/health`, 180_000);
    await waitFor(`${base(ports.sandbox)}/health`, 60_000);
    await waitFor(`${base(ports.shell)}/`, 60_000);
    for (const r of apps.REMOTES) await waitFor(`${base(ports[r.name])}/mf-manifest.json`, 60_000);
    if (withMonolith) await waitFor(`${base(MONOLITH_PORT)}/`, 60_000);
    return { ports, base, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** The demo player's session as the login screen stores it (docs/README.md#spec-4), and an open cricket match of the feed. */
async function pageContext(site) {
  const api = site.base(site.ports.api);
  const res = await fetch(`${api}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo1234', password: 'demo1234' }),
  });
  if (!res.ok) throw new Error(`demo login: HTTP ${res.status} ${await res.text()}`);
  const login = await res.json();
  const storage = { token: login.token, remote_id: String(login.remote_id), username: login.username, popup: '0', regPopup: '0' };
  let events = [];
  for (let i = 0; i < 30 && !events.length; i++) {
    events = await fetch(`${site.base(site.ports.sandbox)}/odds/api/sports-events/cricket`)
      .then((r) => (r.ok ? r.json() : []))
      .catch(() => []);
    if (!events.length) await sleep(1000);
  }
  if (!events.length) throw new Error('the sandbox odds feed lists no cricket event');
  return { storage, event: events[0] };
}

/** Every page of PAGES on the federated site (and the monolith), runs interleaved so both see the same machine. */
async function measurePages({ site, ctx, runs, withMonolith }) {
  const { lighthouseOnce, summarise, warmUp } = await import('./lighthouse.mjs');
  const builds = [
    { name: 'federated', origin: site.base(site.ports.shell) },
    ...(withMonolith ? [{ name: 'monolith', origin: site.base(MONOLITH_PORT) }] : []),
  ];
  await warmUp(
    builds.flatMap((b) => PAGES.map((p) => ({ url: `${b.origin}${p.path(ctx)}`, storage: p.session ? ctx.storage : undefined }))),
  );
  const results = {};
  for (const p of PAGES) {
    for (const b of builds) results[`${b.name}.${p.key}`] = [];
    for (let r = 0; r < runs; r++) {
      for (const b of builds) {
        const url = `${b.origin}${p.path(ctx)}`;
        const t0 = Date.now();
        let fig;
        try {
          fig = await lighthouseOnce({ url, storage: p.session ? ctx.storage : undefined });
        } catch (err) {
          // one crashed run (Chromium killed, a timeout) leaves the median to the others
          fig = { failed: String(err?.message ?? err).slice(0, 300) };
          log(`lighthouse ${b.name} ${p.key} run ${r + 1}/${runs} failed: ${fig.failed}`);
          results[`${b.name}.${p.key}`].push(fig);
          continue;
        }
        results[`${b.name}.${p.key}`].push(fig);
        log(
          `lighthouse ${b.name} ${p.key} run ${r + 1}/${runs}: LCP ${fmt(fig.lcp)} ms, TBT ${fmt(fig.tbt)} ms, CLS ${fig.cls?.toFixed(3)}, FCP ${fmt(fig.fcp)} ms, JS ${fmt(fig.jsKb)} KB, benchmark index ${fmt(fig.benchmarkIndex)}${
            fig.lcpPhases
              ? `, LCP ${fig.lcpElement ?? '?'} ${Object.entries(fig.lcpPhases)
                  .map(([k, v]) => `${k} ${v}`)
                  .join(' / ')}`
              : ''
          } (${Math.round((Date.now() - t0) / 1000)} s)${fig.error ? ` error ${fig.error}` : ''}`,
        );
      }
    }
  }
  return Object.fromEntries(Object.entries(results).map(([k, v]) => [k, summarise(v)]));
}

/**
 * INP of a tap on a price on /odds-view under 4x CPU throttling (issue 31: at most 200 ms), `runs` times per build
 * (bench/inp.mjs: web-vitals' onINP with its attribution, in a fresh Playwright context each run).
 */
async function measureInp({ site, ctx, runs, withMonolith }) {
  const { inpOnce, summariseInp } = await import('./inp.mjs');
  const odds = PAGES.find((p) => p.key === 'odds');
  const builds = [
    { name: 'federated', origin: site.base(site.ports.shell) },
    ...(withMonolith ? [{ name: 'monolith', origin: site.base(MONOLITH_PORT) }] : []),
  ];
  const figures = [];
  for (const b of builds) {
    const all = [];
    for (let r = 0; r < runs; r++) {
      const fig = await inpOnce({ url: `${b.origin}${odds.path(ctx)}`, storage: ctx.storage });
      all.push(fig);
      log(
        fig.failed
          ? `INP ${b.name} run ${r + 1}/${runs} failed: ${fig.failed}`
          : `INP ${b.name} run ${r + 1}/${runs}: ${fmt(fig.inp)} ms (input delay ${fmt(fig.inputDelay)}, handlers ${fmt(fig.processingDuration)}, to the next frame ${fmt(fig.presentationDelay)})`,
      );
    }
    const { median: m } = summariseInp(all);
    const note = `median of ${all.length}: ${all.map((r) => (r.failed ? 'failed' : fmt(r.inp))).join(', ')}`;
    const prefix = b.name === 'federated' ? 'inp' : 'monolith_inp';
    const title = `${b.name === 'federated' ? '' : 'Monolith '}/odds-view tap on a price (slip opens), 4x CPU`;
    figures.push(
      figure(`${prefix}.odds.tap`, `${title}: INP`, m.inp, 'ms', b.name === 'federated' ? at_most(200, '≤ 200 ms') : null, note),
    );
    figures.push(figure(`${prefix}.odds.input_delay`, `${title}: input delay`, m.inputDelay, 'ms', null));
    figures.push(figure(`${prefix}.odds.processing`, `${title}: handlers`, m.processingDuration, 'ms', null));
    figures.push(figure(`${prefix}.odds.presentation`, `${title}: to the next frame`, m.presentationDelay, 'ms', null));
  }
  return figures;
}

/** Where the home page's JavaScript comes from (the first successful run): every script, largest first. */
function scriptsDetails(summaries, build) {
  const run = summaries[`${build}.home`]?.runs.find((r) => !r.failed);
  if (!run?.scripts?.length) return undefined;
  const rows = run.scripts.map((sc) => {
    const u = new URL(sc.url);
    return `| ${u.port ? `:${u.port}` : u.host}${u.pathname} | ${sc.kb.toFixed(1)} |`;
  });
  return [`Home page scripts (${build}, one run), KB transferred:`, '', '| Script | KB |', '|---|---:|', ...rows].join('\n');
}

const fmt = (v) => (v === null || v === undefined ? '—' : Math.round(v));

/** The Lighthouse part's figures: every page's medians beside the issue's targets. */
export function lighthouseFigures(summaries, prefix = 'lighthouse', build = 'federated', withTargets = true) {
  const figures = [];
  for (const p of PAGES) {
    const s = summaries[`${build}.${p.key}`];
    if (!s) continue;
    for (const m of METRICS) {
      figures.push(
        figure(
          `${prefix}.${p.key}.${m.id ?? m.key}`,
          `${p.title} ${m.label}`,
          s.median[m.key],
          m.unit,
          withTargets ? (p.targets[m.key] ?? null) : null,
          `median of ${s.runs.length}: ${s.runs.map((r) => (m.key === 'cls' ? (r[m.key]?.toFixed(3) ?? '—') : fmt(r[m.key]))).join(', ')}`,
        ),
      );
    }
  }
  return figures;
}

/** The Module Federation overhead: monolith medians and the federated / monolith ratios (issue 15 targets). */
export function monolithFigures(summaries) {
  const figures = lighthouseFigures(summaries, 'monolith', 'monolith', false).filter((f) => !/\.(score|benchmark_index)$/.test(f.id));
  const ratio = (a, b) => (a === null || b === null || b === 0 ? null : a / b);
  for (const p of PAGES) {
    const fed = summaries[`federated.${p.key}`]?.median;
    const mono = summaries[`monolith.${p.key}`]?.median;
    if (!fed || !mono) continue;
    figures.push(
      figure(`mf_ratio.${p.key}.lcp`, `${p.title} LCP federated / monolith`, ratio(fed.lcp, mono.lcp), 'ratio', at_most(1.1, '≤ 1.10')),
    );
    figures.push(
      figure(
        `mf_ratio.${p.key}.tbt`,
        `${p.title} TBT federated / monolith`,
        ratio(fed.tbt, mono.tbt),
        'ratio',
        null,
        mono.tbt === 0 ? 'monolith TBT is 0' : undefined,
      ),
    );
    figures.push(
      figure(
        `mf_ratio.${p.key}.js_kb`,
        `${p.title} JavaScript KB federated / monolith`,
        ratio(fed.jsKb, mono.jsKb),
        'ratio',
        at_most(1.15, '≤ 1.15'),
      ),
    );
  }
  return figures;
}

/** Runs `pnpm --filter api exec tsx bench/<name>.ts` with --json and returns the part's result. */
async function runApiPart(part, { smoke, db, work, timeoutMs }) {
  const script = path.join(root, 'api/bench', `${part.name}.ts`);
  if (!fs.existsSync(script)) return { status: 'skipped', note: `api/bench/${part.name}.ts does not exist (yet); no figures`, figures: [] };
  const jsonFile = path.join(work, `${part.name}.json`);
  const args = ['--filter', 'api', 'exec', 'tsx', `bench/${part.name}.ts`, ...(smoke ? ['--smoke'] : []), '--db', db, '--json', jsonFile];
  log(`${part.name}: pnpm ${args.join(' ')}`);
  const logFile = path.join(work, `${part.name}.log`);
  const code = await new Promise((resolve) => {
    const child = spawn('pnpm', args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    liveGroups.add(child.pid);
    const out = fs.createWriteStream(logFile);
    const relay = (d) => {
      out.write(d);
      for (const line of String(d).split('\n')) if (line.trim()) console.log(`[${part.name}] ${line}`);
    };
    child.stdout.on('data', relay);
    child.stderr.on('data', relay);
    const timer = setTimeout(() => {
      relay(`timed out after ${Math.round(timeoutMs / 1000)} s: stopping it\n`);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }, 5000).unref();
    }, timeoutMs);
    child.on('close', (c, signal) => {
      liveGroups.delete(child.pid);
      clearTimeout(timer);
      out.end();
      resolve(c ?? (signal ? 128 : 1));
    });
  });
  return readPartJson(part, jsonFile, code, logFile);
}

/** A finished API script's result: its figures if the JSON is there and sound; failed otherwise. */
export function readPartJson(part, jsonFile, exitCode, logFile) {
  if (!fs.existsSync(jsonFile))
    return { status: 'failed', note: `exited with ${exitCode} and wrote no JSON (log: ${logFile})`, figures: [] };
  try {
    const parsed = parsePartJson(JSON.parse(fs.readFileSync(jsonFile, 'utf8')), part.name);
    if (exitCode !== 0)
      return { status: 'failed', note: `exited with ${exitCode} (log: ${logFile}); figures it wrote are kept`, figures: parsed.figures };
    return { status: 'ok', figures: parsed.figures };
  } catch (err) {
    return { status: 'failed', note: `${jsonFile}: ${err.message} (log: ${logFile})`, figures: [] };
  }
}

function printFigures(run) {
  console.log('');
  for (const p of run.parts) {
    console.log(`== ${p.title}: ${p.status}${p.note ? ` — ${p.note}` : ''}`);
    for (const f of p.figures) {
      const target = formatTarget(f);
      console.log(
        `   ${f.label.padEnd(60)} ${formatValue(f.value, f.unit).padStart(14)}   ${target ? `${target.padEnd(10)} ${metText(f)}` : ''}`,
      );
    }
  }
}

export async function main(argv = process.argv.slice(2)) {
  const { values } = parseArgs({
    args: argv,
    options: {
      smoke: { type: 'boolean', default: false },
      only: { type: 'string' },
      runs: { type: 'string' },
      out: { type: 'string' },
      db: { type: 'string', default: 'both' },
      'part-timeout': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      `node bench/run.mjs [--smoke] [--only ${PARTS.join(',')}] [--runs 3] [--out <dir>] [--db pglite|postgres|both] [--part-timeout <s>]`,
    );
    return 0;
  }
  const started = Date.now();
  const smoke = values.smoke;
  const only = values.only ? values.only.split(',').map((s) => s.trim()) : PARTS;
  const unknown = only.filter((p) => !PARTS.includes(p));
  if (unknown.length) throw new Error(`unknown part(s): ${unknown.join(', ')}; parts are ${PARTS.join(', ')}`);
  const runs = Number(values.runs ?? (smoke ? 1 : 3));
  // each API script gets this long before it is stopped (and reported failed): the whole run stays under 20 minutes
  const partTimeoutMs = Number(values['part-timeout'] ?? (smoke ? 180 : 480)) * 1000;
  // a smoke run writes its report and history to a temporary folder: its figures are not comparable
  const outDir = path.resolve(values.out ?? (smoke ? fs.mkdtempSync(path.join(os.tmpdir(), 'khela-bench-smoke-')) : here));
  fs.mkdirSync(outDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'khela-bench-work-'));
  const historyFile = path.join(outDir, 'history.jsonl');
  if (smoke && !values.out && fs.existsSync(path.join(here, 'history.jsonl')))
    fs.copyFileSync(path.join(here, 'history.jsonl'), historyFile);

  const run = {
    date: new Date().toISOString(),
    commit: git('rev-parse', 'HEAD') || 'unknown',
    dirty: git('status', '--porcelain').length > 0,
    smoke,
    seconds: 0,
    cores: os.cpus().length,
    loadavg: { start: loadavg(), end: '' },
    parts: [],
  };
  log(`${smoke ? 'smoke' : 'full'} run of ${only.join(', ')}; load average ${run.loadavg.start}; work files in ${work}`);

  const wantPages = only.includes('lighthouse') || only.includes('monolith');
  if (wantPages) {
    const withMonolith = only.includes('monolith');
    const t0 = Date.now();
    let site;
    const lhPart = {
      name: 'lighthouse',
      title: 'Lighthouse (mobile preset: simulated slow 4G, 4x CPU; federated site)',
      status: 'ok',
      figures: [],
    };
    const monoPart = {
      name: 'monolith',
      title: 'Module Federation overhead (the same apps built as one application)',
      status: 'ok',
      figures: [],
    };
    try {
      if (withMonolith) {
        const { buildMonolith } = await import('./monolith/build.mjs');
        const b = await buildMonolith();
        log(`monolith built in ${b.seconds.toFixed(1)} s: ${b.dist}`);
      }
      site = await startSite(work, withMonolith);
      const ctx = await pageContext(site);
      const summaries = await measurePages({ site, ctx, runs, withMonolith });
      lhPart.figures = lighthouseFigures(summaries);
      lhPart.figures.push(...(await measureInp({ site, ctx, runs, withMonolith })));
      lhPart.note = `Median of ${runs} run${runs === 1 ? '' : 's'} per page, each in a fresh Chromium profile (cold cache). Load average after the runs: ${loadavg()}.`;
      lhPart.details = scriptsDetails(summaries, 'federated');
      const failedRuns = Object.entries(summaries).flatMap(([k, s]) => s.runs.filter((r) => r.failed).map((r) => `${k}: ${r.failed}`));
      if (failedRuns.length) lhPart.note += ` Failed runs (left out of the medians): ${failedRuns.join('; ')}.`;
      const noRun = Object.entries(summaries).filter(([, s]) => s.runs.every((r) => r.failed));
      if (noRun.length) {
        for (const p of [lhPart, monoPart]) p.status = 'failed';
        lhPart.note += ` No successful run of ${noRun.map(([k]) => k).join(', ')}.`;
      }
      if (withMonolith) {
        monoPart.figures = monolithFigures(summaries);
        monoPart.note = `Monolith: bench/monolith (the shell's build without Module Federation, each remote's exposed app a dynamic import), served on its own port by the same kind of server as the shell (the render server; the static one with SSR=0) with the same API; runs interleaved with the federated ones.`;
        monoPart.details = scriptsDetails(summaries, 'monolith');
      }
    } catch (err) {
      console.error(err);
      for (const p of [lhPart, monoPart]) Object.assign(p, { status: 'failed', note: String(err?.message ?? err) });
    } finally {
      if (site) await site.stop();
    }
    const seconds = (Date.now() - t0) / 1000;
    if (only.includes('lighthouse')) run.parts.push({ ...lhPart, seconds: withMonolith ? undefined : seconds });
    if (withMonolith) run.parts.push({ ...monoPart, seconds });
  }

  for (const part of API_PARTS.filter((p) => only.includes(p.name))) {
    const t0 = Date.now();
    let result;
    try {
      const own = smoke ? part.smokeTimeoutS : part.timeoutS;
      const timeoutMs = values['part-timeout'] || !own ? partTimeoutMs : own * 1000;
      result = await runApiPart(part, { smoke, db: values.db, work, timeoutMs });
    } catch (err) {
      result = { status: 'failed', note: String(err?.message ?? err), figures: [] };
    }
    run.parts.push({ name: part.name, title: part.title, ...result, seconds: (Date.now() - t0) / 1000 });
  }

  run.seconds = (Date.now() - started) / 1000;
  run.loadavg.end = loadavg();
  const line = historyLine(run);
  fs.appendFileSync(historyFile, `${JSON.stringify(line)}\n`);
  const history = readHistory(historyFile).filter((h) => h.smoke === smoke);
  fs.writeFileSync(path.join(outDir, 'report.md'), renderMarkdown(run));
  fs.writeFileSync(path.join(outDir, 'report.html'), renderHtml(run, history));
  printFigures(run);
  console.log(
    `\n[bench] report: ${path.join(outDir, 'report.md')} and report.html; history: ${historyFile}; total ${Math.round(run.seconds)} s`,
  );
  const failed = run.parts.filter((p) => p.status === 'failed');
  // the logs of a failed part stay for reading
  if (failed.length) console.error(`[bench] failed part(s): ${failed.map((p) => p.name).join(', ')}; logs in ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
  return failed.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(2);
    },
  );
}
