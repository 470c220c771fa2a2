// The proof-of-work challenge's cost for a script: `pnpm --filter api exec tsx bench/challenge.ts [runs]` creates
// challenges at the configured difficulty (CHALLENGE_COST, CHALLENGE_MAX_NUMBER; defaults in
// src/infra/challenge.ts) and solves each in this process on one thread with Node's native PBKDF2, as a
// script would; prints the CPU time per solve. Also the PBKDF2 rate, to estimate other devices from their own rate.
import { pbkdf2Sync } from 'node:crypto';
import { challengeConfig, newChallenge } from '../src/infra/challenge';
import { solveInNode } from '../src/infra/challenge-solve';

const runs = Number(process.argv[2] ?? 10);
const cfg = challengeConfig();
let n = 0;
const started = Date.now();
while (Date.now() - started < 2000) {
  pbkdf2Sync(Buffer.alloc(20), Buffer.alloc(16), cfg.cost, 32, 'sha256');
  n++;
}
const perSecond = n / 2;
console.log(`PBKDF2/SHA-256 x${cfg.cost}: ${perSecond.toFixed(0)} keys/s on one thread; max number ${cfg.maxNumber}`);
console.log(`expected solve: ${(cfg.maxNumber / 2 / perSecond).toFixed(2)} s mean, ${(cfg.maxNumber / perSecond).toFixed(2)} s at most`);
const cpu: number[] = [];
for (let i = 0; i < runs; i++) {
  const before = process.cpuUsage();
  const { ms, counter } = await solveInNode(await newChallenge(cfg));
  const used = process.cpuUsage(before);
  cpu.push((used.user + used.system) / 1e6);
  console.log(`run ${i + 1}: counter ${counter}, ${(ms / 1000).toFixed(2)} s wall, ${cpu.at(-1)!.toFixed(2)} CPU-s`);
}
const sorted = [...cpu].sort((a, b) => a - b);
const mean = cpu.reduce((a, b) => a + b, 0) / cpu.length;
console.log(
  `CPU-seconds per solve over ${runs}: mean ${mean.toFixed(2)}, median ${sorted[Math.floor(runs / 2)]!.toFixed(2)}, min ${sorted[0]!.toFixed(2)}, max ${sorted.at(-1)!.toFixed(2)}`,
);
