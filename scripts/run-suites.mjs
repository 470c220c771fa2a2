#!/usr/bin/env node
// `pnpm test`: every suite in turn, stopping at the first failure, with each suite's time printed
// (CI must stay well under its limit as the suites grow; this shows where the minutes go).
import { spawnSync } from 'node:child_process';

// test:cluster: the cluster mode's fault-injection suite (nginx, two API processes, a private PostgreSQL)
// bench:smoke: one short iteration of every part of `pnpm bench` (timings are not tests: it fails only when a part cannot run)
const suites = ['typecheck', 'lint', 'format:check', 'test:unit', 'test:e2e', 'test:cluster', 'bench:smoke'];
const times = [];
const report = () => {
  console.log('\nSuite times:');
  for (const [name, seconds, ok] of times) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(14)} ${seconds.toFixed(1)} s`);
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
