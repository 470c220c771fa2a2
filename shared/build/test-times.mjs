// Test-file times for `pnpm test`'s closing list of the ten slowest files (scripts/run-suites.mjs).
// Each runner's reporter appends one JSON line per test file to the file named by KHELA_TEST_TIMES:
// { suite, file, seconds }. Without the variable (a package's tests run alone) they record nothing.
import { appendFileSync } from 'node:fs';
import path from 'node:path';

export const TEST_TIMES_VAR = 'KHELA_TEST_TIMES';
const repoRoot = path.resolve(import.meta.dirname, '../..');

function record(suite, file, seconds) {
  const out = process.env[TEST_TIMES_VAR];
  if (!out) return;
  appendFileSync(out, JSON.stringify({ suite, file: path.relative(repoRoot, file), seconds }) + '\n');
}

/** Vitest reporter: each test module's duration as vitest reports it (its `diagnostic().duration`). */
export class VitestFileTimes {
  onTestRunEnd(testModules) {
    for (const m of testModules) record('unit', m.moduleId, m.diagnostic().duration / 1000);
  }
}

/** The reporters every package's vitest config uses: vitest's own, and the file times. */
export const vitestReporters = () => ['default', new VitestFileTimes()];

/** Playwright reporter: a spec file's time is the sum of its tests' attempts (retries included). */
export class PlaywrightFileTimes {
  files = new Map();
  onTestEnd(test, result) {
    const file = test.location.file;
    this.files.set(file, (this.files.get(file) ?? 0) + result.duration / 1000);
  }
  onEnd() {
    for (const [file, seconds] of this.files) record('e2e', file, seconds);
  }
  printsToStdio() {
    return false;
  }
}

/** The `count` slowest test files of the recorded JSON lines, as lines to print. */
export function slowestFiles(lines, count = 10) {
  const rows = lines
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
  return rows.map((r) => `  ${r.seconds.toFixed(1).padStart(7)} s  ${r.suite.padEnd(5)} ${r.file}`);
}
