import { DAY_MS, LIMIT_COOLING_OFF_HOURS } from '@khela/contracts';
import { toMinor, type Currency } from '../ledger';

/** Responsible-gambling settings from the environment (the test-time settings shorten the clocks). */
export interface ProtectionConfig {
  /** How long an increase or removal of a limit waits (24 hours; RG_COOLING_OFF_MS in tests). */
  coolingOffMs: number;
  /** Milliseconds in one "minute" of a reality-check interval (60,000; RG_REALITY_CHECK_MINUTE_MS shortens it). */
  realityCheckMinuteMs: number;
  /** Milliseconds in one "minute" of the session-time limit (60,000; RG_SESSION_MINUTE_MS shortens it). */
  sessionMinuteMs: number;
  /** Customer due diligence: deposits or withdrawals over this in the window hold withdrawals for a check. */
  cddThresholdMinor: Record<Currency, bigint>;
  cddWindowDays: number;
}

const positive = (v: string | undefined, dflt: number) => (Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : dflt);

/**
 * CDD thresholds: EUR 2,000 (the EU's occasional-transaction threshold for gambling) is about BDT 260,000; INR and
 * PKR defaults are the same sum at late-2026 rates. CDD_THRESHOLD_BDT / _INR / _PKR override (whole units).
 */
export function protectionConfig(env: NodeJS.ProcessEnv = process.env): ProtectionConfig {
  return {
    coolingOffMs: positive(env.RG_COOLING_OFF_MS, LIMIT_COOLING_OFF_HOURS * 3_600_000),
    realityCheckMinuteMs: positive(env.RG_REALITY_CHECK_MINUTE_MS, 60_000),
    sessionMinuteMs: positive(env.RG_SESSION_MINUTE_MS, 60_000),
    cddThresholdMinor: {
      BDT: toMinor(String(positive(env.CDD_THRESHOLD_BDT, 260_000))),
      INR: toMinor(String(positive(env.CDD_THRESHOLD_INR, 190_000))),
      PKR: toMinor(String(positive(env.CDD_THRESHOLD_PKR, 620_000))),
    },
    cddWindowDays: positive(env.CDD_WINDOW_DAYS, 180),
  };
}

export const CDD_WINDOW_MS = (cfg: ProtectionConfig) => cfg.cddWindowDays * DAY_MS;
