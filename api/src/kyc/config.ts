import os from 'node:os';
import path from 'node:path';
import { KYC_DEFAULT_MAX_BYTES } from '@khela/contracts';
import { API_ROOT } from '../db';
import type { Currency } from '../ledger';

/** Identity checks' settings from the environment (README.md beside this file). */
export interface KycConfig {
  /** `directory` (development, one machine) or `s3` (any S3-compatible object store: every API process reaches it). */
  store: 'directory' | 's3';
  /** The directory store's root (KYC_STORE_DIR). */
  storeDir: string;
  s3: { bucket: string; prefix: string; endpoint?: string; region: string; forcePathStyle: boolean };
  /** Largest photo accepted, bytes (KYC_MAX_BYTES). */
  maxBytes: number;
  /** Longest side of the stored image: a larger photo is scaled down when re-encoded (KYC_MAX_SIDE). */
  maxSide: number;
  /** Days a document is kept after the review that decided on it (KYC_RETENTION_DAYS; fractions allowed, 0 in tests). */
  retentionDays: number;
  /** How often each API process runs the retention purge (KYC_PURGE_INTERVAL_MS, 0 off). */
  purgeIntervalMs: number;
  /** Withdrawals strictly above this amount (minor units) need a verified identity (KYC_WITHDRAWAL_ABOVE_<currency>, whole units). */
  withdrawalAboveMinor: Record<Currency, bigint>;
  /** Uploads per player per hour (KYC_UPLOADS_PER_HOUR). */
  uploadsPerHour: number;
}

const num = (v: string | undefined, dflt: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : dflt);
const units = (v: string | undefined, dflt: number) => BigInt(Math.round(num(v, dflt))) * 100n;

export function kycConfig(env: NodeJS.ProcessEnv = process.env): KycConfig {
  const dataDir = env.DATA_DIR && env.DATA_DIR !== 'memory' ? path.resolve(env.DATA_DIR) : null;
  return {
    store: env.KYC_STORE === 's3' ? 's3' : 'directory',
    storeDir: path.resolve(
      env.KYC_STORE_DIR ??
        (dataDir
          ? `${dataDir}-documents`
          : env.DATA_DIR === 'memory'
            ? path.join(os.tmpdir(), 'khela-documents')
            : path.join(API_ROOT, '.data/documents')),
    ),
    s3: {
      bucket: env.KYC_S3_BUCKET ?? '',
      prefix: (env.KYC_S3_PREFIX ?? 'kyc/').replace(/^\/+/, ''),
      endpoint: env.KYC_S3_ENDPOINT || undefined,
      region: env.KYC_S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
      // MinIO, Ceph and most S3-compatible stores want path-style URLs; AWS accepts both
      forcePathStyle: env.KYC_S3_FORCE_PATH_STYLE !== '0',
    },
    maxBytes: Math.max(1024, num(env.KYC_MAX_BYTES, KYC_DEFAULT_MAX_BYTES)),
    maxSide: Math.max(256, num(env.KYC_MAX_SIDE, 2400)),
    // Bangladesh's Money Laundering Prevention Act keeps customer identification records five years
    retentionDays: Math.max(0, num(env.KYC_RETENTION_DAYS, 5 * 365)),
    purgeIntervalMs: Math.max(0, num(env.KYC_PURGE_INTERVAL_MS, 6 * 3600_000)),
    withdrawalAboveMinor: {
      BDT: units(env.KYC_WITHDRAWAL_ABOVE_BDT, 10_000),
      INR: units(env.KYC_WITHDRAWAL_ABOVE_INR, 7_500),
      PKR: units(env.KYC_WITHDRAWAL_ABOVE_PKR, 35_000),
    },
    uploadsPerHour: Math.max(1, num(env.KYC_UPLOADS_PER_HOUR, 30)),
  };
}
