import { secret } from '../config';

/** Casino settings from the environment; the provider secret comes from ../config.ts (dev default shared with the sandbox). */
export interface ProviderPartner {
  /** Partner id in the seamless-wallet path: /api/seamless/{id}/... */
  id: string;
  /** Shared secret of the signed seamless-wallet calls (X-Timestamp, X-Signature). */
  secret: string;
  /** Base of the provider's launch URL; the game page is `${launchUrl}/play?token=...`. */
  launchUrl: string;
}

export interface CasinoConfig {
  partners: Map<string, ProviderPartner>;
  /** Every catalogue game is served by this partner (the sandbox stands in for all studios). */
  defaultPartner: string;
  /** A launch token lives this long after its last bet or authenticate (sliding, never past tokenMaxMinutes). */
  tokenTtlMinutes: number;
  /** A launch token's fixed maximum life from its launch (no sliding past it), and never past its log-in session. */
  tokenMaxMinutes: number;
  /** VIP points: one point per this much settled turnover, in paisa (documented rate: 1 VP per 100.00). */
  turnoverPerVipPointMinor: bigint;
  /** How often the provider's game art is mirrored (CASINO_ART_SYNC_HOURS, default 24; 0: never, as in the API's tests). */
  artSyncHours: number;
  /** Wait before retrying a failed art sync at start (CASINO_ART_SYNC_RETRY_MS, default 10000; the sandbox may still be starting). */
  artSyncRetryMs: number;
}

export function casinoConfig(env: NodeJS.ProcessEnv = process.env): CasinoConfig {
  const sandboxUrl = (env.SANDBOX_URL ?? 'http://127.0.0.1:4100').replace(/\/$/, '');
  const sandbox: ProviderPartner = {
    id: 'sandbox',
    secret: secret('PROVIDER_SECRET', env),
    launchUrl: (env.GAME_PROVIDER_URL ?? `${sandboxUrl}/provider`).replace(/\/$/, ''),
  };
  return {
    partners: new Map([[sandbox.id, sandbox]]),
    defaultPartner: sandbox.id,
    tokenTtlMinutes: Math.max(1, Number(env.CASINO_TOKEN_TTL_MINUTES ?? 60)),
    tokenMaxMinutes: Math.max(1, Number(env.CASINO_TOKEN_MAX_MINUTES ?? 240)),
    turnoverPerVipPointMinor: 10_000n,
    artSyncHours: Math.max(0, Number(env.CASINO_ART_SYNC_HOURS ?? 24)),
    artSyncRetryMs: Math.max(10, Number(env.CASINO_ART_SYNC_RETRY_MS ?? 10_000)),
  };
}
