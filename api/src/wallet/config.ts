import os from 'node:os';
import path from 'node:path';
import { DEFAULT_EWALLET_TIMER_MINUTES } from '@khela/contracts';
import { secret } from '../config';
import type { RateRule } from '../infra/throttle';
import { API_ROOT } from '../db';

/** Wallet settings from the environment; the secret comes from ../config.ts (dev default shared with the sandbox). */
export interface WalletConfig {
  /** Shared secret of the payment gateway (signed calls, answers and callbacks). */
  gatewaySecret: string;
  /** Base URL of the payment gateway's API (the sandbox stand-in by default). */
  gatewayUrl: string;
  /** This API as the gateway reaches it (callback URL). */
  publicUrl: string;
  /** The player site (where the gateway sends the player back). */
  siteUrl: string;
  /** Where receipt images of /make-payment are stored: beside the database directory (DATA_DIR is PGlite's own PGDATA). */
  receiptsDir: string;
  /** Minutes an e-wallet payment stays open (docs/README.md#spec-9: default 10). */
  ewalletTimerMinutes: number;
  /**
   * Pending requests of one action a player may have at once. The spec blocks a second one (1);
   * the HTTP concurrency test raises it to prove the ledger alone never overdraws.
   */
  maxPendingPerAction: number;
  /** /make-payment attempts (multipart uploads) per hour: per address when anonymous, per player when logged in. */
  makePaymentLimits: { perIp: RateRule; perPlayer: RateRule };
}

const positive = (v: string | undefined, dflt: number) => (Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : dflt);

export function walletConfig(env: NodeJS.ProcessEnv = process.env): WalletConfig {
  const port = env.PORT ?? '4000';
  const sandboxUrl = (env.SANDBOX_URL ?? 'http://127.0.0.1:4100').replace(/\/$/, '');
  const dataDir = env.DATA_DIR && env.DATA_DIR !== 'memory' ? path.resolve(env.DATA_DIR) : null;
  return {
    gatewaySecret: secret('GATEWAY_SECRET', env),
    gatewayUrl: (env.GATEWAY_URL ?? `${sandboxUrl}/gateway`).replace(/\/$/, ''),
    publicUrl: (env.PUBLIC_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, ''),
    siteUrl: (env.SITE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, ''),
    receiptsDir:
      env.RECEIPTS_DIR ??
      (dataDir
        ? `${dataDir}-receipts`
        : env.DATA_DIR === 'memory'
          ? path.join(os.tmpdir(), 'khela-receipts')
          : path.join(API_ROOT, '.data/receipts')),
    ewalletTimerMinutes: Number(env.EWALLET_TIMER_MINUTES ?? DEFAULT_EWALLET_TIMER_MINUTES),
    maxPendingPerAction: Math.max(1, Number(env.WALLET_MAX_PENDING ?? 1)),
    makePaymentLimits: {
      // RATE_LIMIT_SCALE raises every limit at once (e2e), as in identity/config.ts
      perIp: {
        max: Math.max(1, Math.round(positive(env.RATE_LIMIT_MAKE_PAYMENT_PER_IP, 10) * positive(env.RATE_LIMIT_SCALE, 1))),
        windowSeconds: 3600,
      },
      perPlayer: {
        max: Math.max(1, Math.round(positive(env.RATE_LIMIT_MAKE_PAYMENT_PER_PLAYER, 30) * positive(env.RATE_LIMIT_SCALE, 1))),
        windowSeconds: 3600,
      },
    },
  };
}
