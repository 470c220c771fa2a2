#!/usr/bin/env node
// Start-up probe for comparing ways of running the API (tsx vs compiled JavaScript):
//   node scripts/start-probe.mjs --port 4050 [--settle 500] -- <command ...>
// starts the command with PORT set, times it until GET /health answers 200, waits --settle ms, sums the resident
// memory of the command's whole process tree (tsx runs the API in a child process), sends SIGTERM, waits for the
// exit and prints one JSON line: { "readyMs": ..., "rssMiB": ..., "exitCode": ... }.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const sep = args.indexOf('--');
if (sep < 0 || sep === args.length - 1) {
  console.error('usage: start-probe.mjs --port N [--settle MS] -- command [args]');
  process.exit(2);
}
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && i < sep ? Number(args[i + 1]) : dflt;
};
const port = opt('--port', 4050);
const settleMs = opt('--settle', 500);
const [cmd, ...cmdArgs] = args.slice(sep + 1);

const rssKiB = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};
const children = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const treeRssKiB = (pid) => rssKiB(pid) + children(pid).reduce((n, c) => n + treeRssKiB(c), 0);

const started = performance.now();
const child = spawn(cmd, cmdArgs, { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));

let readyMs = null;
while (readyMs === null) {
  if (child.exitCode !== null) break;
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1000) });
    if (res.status === 200) readyMs = performance.now() - started;
    await res.arrayBuffer();
  } catch {
    // not listening yet
  }
  if (readyMs === null) await new Promise((r) => setTimeout(r, 10));
}
await new Promise((r) => setTimeout(r, settleMs));
const rssMiB = treeRssKiB(child.pid) / 1024;
child.kill('SIGTERM');
const exitCode = await exited;
console.log(JSON.stringify({ readyMs: readyMs && Math.round(readyMs), rssMiB: Math.round(rssMiB * 10) / 10, exitCode }));
