// The Lighthouse part of `pnpm bench`: the real `lighthouse` package (mobile preset defaults: simulated slow 4G,
// 4x CPU slowdown, Moto G Power screen), performance category only, on Debian's Chromium. Each run gets a fresh
// Chromium with a fresh profile (chrome-launcher makes a new user-data-dir per launch), so every run starts with
// a cold HTTP cache and empty storage.
//
// A logged-in page (/odds-view) needs the player's session in localStorage before the page runs, the way the
// login screen leaves it (@khela/web's player session reads `token`, `remote_id` and `username`). Lighthouse
// clears the origin's storage before it navigates unless `disableStorageReset` is set, so for such a page the
// session is written into the fresh profile through puppeteer first and the reset is turned off; the profile is
// new, so the cache is still cold. Pages without a session keep Lighthouse's own reset.
//
//   node bench/lighthouse.mjs http://127.0.0.1:3090/ [--runs 3]
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

// puppeteer-core is lighthouse's own dependency (the same version lighthouse drives Chromium with)
const puppeteer = createRequire(fileURLToPath(import.meta.resolve('lighthouse')))('puppeteer-core');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The figures of one Lighthouse run (times in ms, sizes in KB of 1024 bytes). */
export function figuresOf(lhr) {
  const num = (id) => {
    const v = lhr.audits[id]?.numericValue;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scriptBytes = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    fcp: num('first-contentful-paint'),
    jsKb: scriptBytes / 1024,
    score: typeof lhr.categories?.performance?.score === 'number' ? lhr.categories.performance.score * 100 : null,
    // Lighthouse's measure of how fast this machine ran the page's CPU work at that moment (higher is faster;
    // a mid-range desktop is about 1000): TBT scales with it, so a loaded machine shows here first
    benchmarkIndex: typeof lhr.environment?.benchmarkIndex === 'number' ? lhr.environment.benchmarkIndex : null,
    // where the JavaScript comes from: every script request, largest first (the report lists them for the home page)
    scripts: requests
      .filter((r) => r.resourceType === 'Script')
      .map((r) => ({ url: r.url, kb: (r.transferSize ?? 0) / 1024 }))
      .sort((a, b) => b.kb - a.kb),
    // the LCP element and where its time went (Lighthouse's phases: TTFB, load delay, load time, render delay)
    lcpElement: lcpElementOf(lhr),
    lcpPhases: lcpPhasesOf(lhr),
    warnings: lhr.runWarnings ?? [],
    error: lhr.runtimeError?.code ?? null,
  };
}

/** A short description of the LCP element (its selector, or its text when it has none). */
function lcpElementOf(lhr) {
  const tables = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  if (!node) return null;
  return String(node.selector || node.snippet || '').slice(0, 80);
}

/** { phase: ms } of the LCP (TTFB, Load Delay, Load Time, Render Delay), rounded. */
function lcpPhasesOf(lhr) {
  const tables = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const rows = tables[1]?.items ?? [];
  const phases = {};
  for (const row of rows) if (typeof row.timing === 'number') phases[row.phase] = Math.round(row.timing);
  return Object.keys(phases).length ? phases : null;
}

/** The middle value (mean of the two middle ones for an even count); null when there is none. */
export function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** Writes `storage` into the origin's localStorage of the running Chromium (before Lighthouse navigates). */
async function prepareStorage(port, origin, storage) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    // any same-origin URL that is not the app itself (no script of the site runs)
    await page.goto(`${origin}/favicon.svg`, { waitUntil: 'load' });
    await page.evaluate((entries) => {
      for (const [k, v] of entries) localStorage.setItem(k, v);
    }, Object.entries(storage));
    await page.close();
  } finally {
    // leaves Chromium running: only the puppeteer connection closes
    await browser.disconnect();
  }
}

/**
 * One Lighthouse run of `url` in a fresh Chromium.
 * @param {{ url: string, storage?: Record<string,string>, timeoutMs?: number }} o
 */
export async function lighthouseOnce(o) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    if (o.storage) await prepareStorage(chrome.port, new URL(o.url).origin, o.storage);
    const result = await lighthouse(o.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(o.storage),
      maxWaitForLoad: o.timeoutMs ?? 60_000,
    });
    if (!result?.lhr) throw new Error(`lighthouse returned nothing for ${o.url}`);
    // LH_REPORT_DIR: each run's whole report kept there too (its long tasks, main-thread work and script timings)
    if (process.env.LH_REPORT_DIR) {
      const name = `${new URL(o.url).pathname.replace(/\W+/g, '_') || '_'}-${Date.now()}.json`;
      await writeFile(path.join(process.env.LH_REPORT_DIR, name), JSON.stringify(result.lhr));
    }
    return figuresOf(result.lhr);
  } finally {
    await chrome.kill();
  }
}

/** Median figures of several runs (failed runs left out), plus each run's figures. */
export function summarise(runs) {
  const keys = ['lcp', 'tbt', 'cls', 'fcp', 'jsKb', 'score', 'benchmarkIndex'];
  const ok = runs.filter((r) => !r.failed);
  return {
    median: Object.fromEntries(keys.map((k) => [k, median(ok.map((r) => r[k]))])),
    runs,
  };
}

/**
 * One unmeasured visit of every URL in a plain Chromium, so the servers' first answers (the API's first queries,
 * the static servers' first file reads) are not part of the first measured run; a production site is warm.
 */
export async function warmUp(visits) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    for (const v of visits) {
      const page = await browser.newPage();
      try {
        if (v.storage) {
          await page.goto(`${new URL(v.url).origin}/favicon.svg`);
          await page.evaluate((entries) => {
            for (const [k, val] of entries) localStorage.setItem(k, val);
          }, Object.entries(v.storage));
        }
        await page.goto(v.url, { waitUntil: 'networkidle2', timeout: 60_000 });
      } catch {
        // a slow warm-up visit is not a failure: the measured runs say how the page does
      } finally {
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const url = args.find((a) => /^https?:/.test(a)) ?? 'http://127.0.0.1:3000/';
  const i = args.indexOf('--runs');
  const n = i >= 0 ? Number(args[i + 1]) : 3;
  const runs = [];
  for (let r = 0; r < n; r++) {
    runs.push(await lighthouseOnce({ url }));
    console.log(JSON.stringify(runs.at(-1)));
  }
  console.log('median', summarise(runs).median);
}
