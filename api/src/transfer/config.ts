import { secret } from '../config';

import { TRANSFER_WALLET_PROVIDERS } from '@khela/contracts';

/** A transfer-wallet provider the site offers (the sandbox's vendors stand in for the real ones). */
export interface TransferProviderInfo {
  code: string;
  name: string;
}

/** The sports menu's providers (docs/README.md#spec-2) and one live-casino table; the codes are the catalogue's platforms. */
export const TRANSFER_PROVIDERS: readonly TransferProviderInfo[] = TRANSFER_WALLET_PROVIDERS;

export interface TransferConfig {
  /** Base of the provider's signed API: `${url}/api/{provider}/{op}` (TRANSFER_PROVIDER_URL, default the sandbox's /transfer). */
  url: string;
  /** TRANSFER_PROVIDER_SECRET, else the game provider's PROVIDER_SECRET (one sandbox plays both). */
  secret: string;
  /** A provider call not answered in this long is unknown (TRANSFER_PROVIDER_TIMEOUT_MS, default 8000). */
  timeoutMs: number;
  /** How often the reconciler looks for pending transfers (TRANSFER_RECONCILE_MS, default 15000; 0: only at start). */
  reconcileMs: number;
  /** A balance shown is at most this old (ms): older, the provider is asked again (TRANSFER_BALANCE_MAX_AGE_MS, 30000). */
  balanceMaxAgeMs: number;
  providers: readonly TransferProviderInfo[];
}

const num = (v: string | undefined, fallback: number) => (v !== undefined && v !== '' && Number(v) >= 0 ? Number(v) : fallback);

export function transferConfig(env: NodeJS.ProcessEnv = process.env): TransferConfig {
  const sandboxUrl = (env.SANDBOX_URL ?? 'http://127.0.0.1:4100').replace(/\/$/, '');
  return {
    url: (env.TRANSFER_PROVIDER_URL ?? `${sandboxUrl}/transfer`).replace(/\/$/, ''),
    secret: env.TRANSFER_PROVIDER_SECRET || secret('PROVIDER_SECRET', env),
    timeoutMs: Math.max(50, num(env.TRANSFER_PROVIDER_TIMEOUT_MS, 8000)),
    reconcileMs: num(env.TRANSFER_RECONCILE_MS, 15_000),
    balanceMaxAgeMs: num(env.TRANSFER_BALANCE_MAX_AGE_MS, 30_000),
    providers: TRANSFER_PROVIDERS,
  };
}
