// INP of a tap on a price on /odds-view (issue 31's target: at most 200 ms under 4x CPU throttling), measured the way
// the field measures it: web-vitals' onINP (its attribution build, so the report says where the time went: the wait
// before the handlers ran, the handlers, and the wait for the next frame) in a Playwright page on Debian's Chromium,
// the CPU slowed 4x through the DevTools protocol as Lighthouse's mobile preset does. Each run: a fresh context (cold
// cache), the player's session in localStorage before the page runs, the page loaded and idle, then one tap on the
// first runner's best back price, which opens the bet slip.
//
//   node bench/inp.mjs 'http://127.0.0.1:3090/odds-view?marketId=...&eventId=...&sport=cricket' [--runs 3]
//   (without a session in KHELA_BENCH_SESSION='{"token":...}' the page is opened as a visitor)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { chromium, devices } from 'playwright-core';
import { CHROME_FLAGS, CHROMIUM, median } from './lighthouse.mjs';

const require = createRequire(import.meta.url);
const WEB_VITALS = readFileSync(path.join(path.dirname(require.resolve('web-vitals')), 'web-vitals.attribution.iife.js'), 'utf8');
// every interaction reported (durationThreshold 0: a fast tap is reported too, not only those over 40 ms)
const OBSERVE = `${WEB_VITALS};
webVitals.onINP((m) => { window.__khelaInp = { value: m.value, attribution: m.attribution && {
  inputDelay: m.attribution.inputDelay, processingDuration: m.attribution.processingDuration,
  presentationDelay: m.attribution.presentationDelay, interactionTarget: m.attribution.interactionTarget } }; },
  { reportAllChanges: true, durationThreshold: 0 });`;

/**
 * One run: the INP of the tap (ms) and its parts, or `failed` with the reason.
 * @param {{ url: string, storage?: Record<string,string>, cpuSlowdown?: number, settleMs?: number }} o
 */
export async function inpOnce(o) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
    if (o.storage)
      await context.addInitScript((entries) => {
        for (const [k, v] of entries) localStorage.setItem(k, v);
      }, Object.entries(o.storage));
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: o.cpuSlowdown ?? 4 });
    await page.goto(o.url, { waitUntil: 'load', timeout: 60_000 });
    // the first runner's best back price (its row's "Back <runner> <price> <size>" button)
    const price = page
      .getByTestId('match-odds-runner')
      .first()
      .locator('button', { hasText: /^Back / })
      .first();
    await price.waitFor({ state: 'visible', timeout: 60_000 });
    // hydrated and idle, as a player who reads the prices before tapping one
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    await page.waitForTimeout(o.settleMs ?? 2_000);
    await price.tap();
    await page.getByTestId('bet-slip').waitFor({ state: 'visible', timeout: 30_000 });
    // the event's entry is reported after the frame that followed it
    const inp = await page
      .waitForFunction(() => globalThis.__khelaInp, undefined, { timeout: 10_000, polling: 100 })
      .then((h) => h.jsonValue());
    return { inp: inp.value, ...inp.attribution };
  } catch (err) {
    return {
      failed: String(err?.message ?? err)
        .split('\n')[0]
        .slice(0, 300),
    };
  } finally {
    await browser.close();
  }
}

/** Median figures of several runs (failed ones left out), plus each run. */
export function summariseInp(runs) {
  const ok = runs.filter((r) => !r.failed);
  const keys = ['inp', 'inputDelay', 'processingDuration', 'presentationDelay'];
  return { median: Object.fromEntries(keys.map((k) => [k, median(ok.map((r) => r[k]))])), runs };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '3' } } });
  const storage = process.env.KHELA_BENCH_SESSION ? JSON.parse(process.env.KHELA_BENCH_SESSION) : undefined;
  const runs = [];
  for (let i = 0; i < Number(values.runs); i++) {
    const r = await inpOnce({ url: positionals[0], storage });
    console.log(
      `run ${i + 1}: ${r.failed ? `failed: ${r.failed}` : `INP ${Math.round(r.inp)} ms (input delay ${Math.round(r.inputDelay)}, handlers ${Math.round(r.processingDuration)}, to the next frame ${Math.round(r.presentationDelay)})`}`,
    );
    runs.push(r);
  }
  console.log('median', summariseInp(runs).median);
}
