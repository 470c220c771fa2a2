import { parseArgs } from 'node:util';
import { createDb } from '../db';
import { sealAudit, sealConfig, verifyAuditChain } from './audit-chain';
import { runCli } from '../ops/cli';

/*
 * Verifies the audit log's hash chain (staff/audit-chain.ts):
 *   pnpm --filter api audit:verify [-- --seal]
 * Uses the API's database variables. --seal first seals what has committed (as the job does). Prints the chain's
 * head and every problem; exits 1 when a row was changed or deleted after sealing or a seal was tampered with.
 */
async function run(): Promise<number> {
  const { values } = parseArgs({ options: { seal: { type: 'boolean' } }, allowPositionals: true });
  const db = await createDb();
  try {
    if (values.seal) process.stdout.write(`Sealed ${await sealAudit(db, sealConfig())} row(s).\n`);
    const report = await verifyAuditChain(db);
    for (const p of report.problems) process.stdout.write(`${p}\n`);
    process.stdout.write(
      `${report.ok ? 'OK' : 'BROKEN'}: ${report.sealed} sealed row(s) up to audit id ${report.head}; ${report.unsealed} not sealed yet.\n`,
    );
    return report.ok ? 0 : 1;
  } finally {
    await db.close();
  }
}

runCli('audit:verify', run);
