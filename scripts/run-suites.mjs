#!/usr/bin/env node
// `pnpm test`: every suite in turn, stopping at the first failure, with each suite's time printed
// (CI must stay well under its limit as the suites grow; this shows where the minutes go).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_TIMES_VAR, slowestFiles } from '../shared/build/test-times.mjs';

// test:cluster:built: the cluster mode's fault-injection suite (nginx, two API processes, a private PostgreSQL) on the
// build test:e2e just made (`pnpm test:cluster` builds first when run alone)
// bench:smoke: one short iteration of every part of `pnpm bench` (timings are not tests: it fails only when a part cannot run)
const suites = ['typecheck', 'lint', 'format:check', 'deps', 'cpd', 'test:unit', 'test:e2e', 'test:cluster:built', 'bench:smoke'];
const times = [];
// every vitest and Playwright run appends its files' times here (shared/build/test-times.mjs)
const timesFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'khela-test-times-')), 'files.jsonl');
process.env[TEST_TIMES_VAR] = timesFile;
const report = () => {
  console.log('\nSuite times:');
  for (const [name, seconds, ok] of times) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(14)} ${seconds.toFixed(1)} s`);
  let recorded = '';
  try {
    recorded = readFileSync(timesFile, 'utf8');
  } catch {}
  if (recorded) console.log('\nThe ten slowest test files:\n' + slowestFiles(recorded).join('\n'));
};
for (const suite of suites) {
  const started = Date.now();
  console.log(`\n=== ${suite} ===`);
  const { status } = spawnSync('pnpm', ['run', suite], { stdio: 'inherit' });
  times.push([suite, (Date.now() - started) / 1000, status === 0]);
  if (status !== 0) {
    report();
    process.exit(status ?? 1);
  }
}
report();
