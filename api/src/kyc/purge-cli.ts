import { createDb } from '../db';
import { kycConfig } from './config';
import { purgeExpiredDocuments } from './retention';
import { createDocumentStore } from './store';
import { runCli } from '../ops/cli';

/*
 * Removes identity documents past their retention (kyc/retention.ts), as the API's job does:
 *   pnpm --filter api kyc:purge [-- --days N]
 * Uses the API's database and document-store variables; --days overrides KYC_RETENTION_DAYS for this run.
 */
async function run(): Promise<number> {
  const cfg = kycConfig();
  const i = process.argv.indexOf('--days');
  const days = i > 0 ? Number(process.argv[i + 1]) : cfg.retentionDays;
  if (!Number.isFinite(days) || days < 0) throw new Error('--days must be a number >= 0');
  const db = await createDb();
  try {
    const r = await purgeExpiredDocuments(db, createDocumentStore(cfg), days);
    process.stdout.write(`Purged ${r.documents} document(s) decided more than ${days} day(s) ago; ${r.files} file(s) removed.\n`);
    return 0;
  } finally {
    await db.close();
  }
}

runCli('kyc:purge', run);
