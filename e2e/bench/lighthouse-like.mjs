#!/usr/bin/env node
// Measures LCP and CLS of a page on a throttled mobile profile, the way Lighthouse's mobile preset
// sets up Chromium (150 ms RTT, 1.6 Mbps down / 750 kbps up, 4x CPU slowdown), using Chromium's own
// PerformanceObserver entries. Prints the figures of every run and their median; it is not a test.
//
//   node e2e/bench/lighthouse-like.mjs [url] [--runs 3] [--path /promotions] [--locale bn]
//   SITE_URL=http://127.0.0.1:53000 node e2e/bench/lighthouse-like.mjs
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const base = args.find((a) => /^https?:/.test(a)) ?? process.env.SITE_URL ?? 'http://127.0.0.1:3000';
const url = new URL(opt('path', '/'), base).toString();
const runs = Number(opt('runs', 3));
const locale = opt('locale', 'en');

const PROFILE = {
  latencyMs: 150,
  downloadBytesPerSec: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSec: (750 * 1024) / 8,
  cpuSlowdown: 4,
  viewport: { width: 390, height: 844 },
};

// Runs in the page before any of its scripts: collects LCP candidates and layout shifts.
function observe() {
  const w = window;
  w.__vitals = { lcp: 0, lcpElement: '', cls: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.__vitals.lcp = e.startTime;
      const el = e.element;
      w.__vitals.lcpElement = el ? `${el.tagName.toLowerCase()}${el.getAttribute('src') ? ` ${el.getAttribute('src')}` : ''}` : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // CLS as Chromium defines it: the largest session window (gaps < 1 s, windows <= 5 s) of unexpected shifts
  let session = 0;
  let first = 0;
  let last = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      if (session && e.startTime - last < 1000 && e.startTime - first < 5000) {
        session += e.value;
      } else {
        session = e.value;
        first = e.startTime;
      }
      last = e.startTime;
      w.__vitals.cls = Math.max(w.__vitals.cls, session);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});

const results = [];
for (let i = 0; i < runs; i++) {
  // a fresh context per run: cold cache, like a first visit
  const context = await browser.newContext({ viewport: PROFILE.viewport, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });
  await context.addInitScript((l) => localStorage.setItem('locale', l), locale);
  await context.addInitScript(observe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: PROFILE.downloadBytesPerSec,
    uploadThroughput: PROFILE.uploadBytesPerSec,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
  // LCP stops at the first input; give late paints a moment, then read
  await page.waitForTimeout(3000);
  const v = await page.evaluate(() => window.__vitals);
  results.push({ ...v, bytes, wallMs: Date.now() - t0 });
  console.log(
    `run ${i + 1}: LCP ${(v.lcp / 1000).toFixed(2)} s (${v.lcpElement || 'text'})  CLS ${v.cls.toFixed(3)}  transferred ${(bytes / 1024).toFixed(0)} KiB`,
  );
  await context.close();
}
await browser.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const lcp = median(results.map((r) => r.lcp)) / 1000;
const cls = median(results.map((r) => r.cls));
console.log(`\n${url} (${locale}), mobile profile: 150 ms RTT, 1.6 Mbps down, 4x CPU, ${runs} cold runs`);
console.log(`median LCP ${lcp.toFixed(2)} s (target < 2.5 s)  ${lcp < 2.5 ? 'OK' : 'OVER'}`);
console.log(`median CLS ${cls.toFixed(3)} (target < 0.1)  ${cls < 0.1 ? 'OK' : 'OVER'}`);
