import { DEFAULT_COMMISSION_BPS, EXCHANGE_STAKE_LIMITS, type ExchangeMarketKind } from '@khela/contracts';
import type { Currency } from '../ledger';
import { protectionConfig, type ProtectionConfig } from '../protection/config';

/** Exchange settings from the environment (tests shorten the delays and intervals). */
export interface ExchangeConfig {
  /**
   * Bet delay per market kind in ms, overriding the feed's `betDelay` seconds when set
   * (EXCHANGE_BET_DELAY_MS="MATCH_ODDS:50,BOOKMAKER:20,FANCY:10", or one number for all).
   */
  betDelayMs: Partial<Record<ExchangeMarketKind, number>>;
  /** How often a process looks for PENDING bets whose delay ended elsewhere (a process died during it). */
  pendingSweepMs: number;
  /** Commission on net winnings per kind, basis points (EXCHANGE_COMMISSION_BPS="MATCH_ODDS:500,BOOKMAKER:0,FANCY:0"). */
  commissionBps: Record<ExchangeMarketKind, number>;
  /** Stake limits per currency, minor units. */
  /** Per bet, by currency and market kind (minor units). */
  stakeLimits: Record<Currency, Record<ExchangeMarketKind, { min: bigint; max: bigint }>>;
  /** The feed's sizes are major units of the bet's currency; this scales them (1 = as sent). */
  liquidityScale: number;
  /** Responsible gambling (limits, the session-time clock): every bet asks the protection service with these. */
  protection: ProtectionConfig;
}

const KINDS: ExchangeMarketKind[] = ['MATCH_ODDS', 'BOOKMAKER', 'FANCY'];

function perKind(v: string | undefined): Partial<Record<ExchangeMarketKind, number>> {
  if (!v) return {};
  if (/^\d+$/.test(v.trim())) return Object.fromEntries(KINDS.map((k) => [k, Number(v)]));
  const out: Partial<Record<ExchangeMarketKind, number>> = {};
  for (const part of v.split(',')) {
    const [k, n] = part.split(':').map((s) => s.trim());
    if (KINDS.includes(k as ExchangeMarketKind) && n !== undefined && /^\d+$/.test(n)) out[k as ExchangeMarketKind] = Number(n);
  }
  return out;
}

export function exchangeConfig(env: NodeJS.ProcessEnv = process.env): ExchangeConfig {
  const minOverride = env.EXCHANGE_MIN_STAKE && /^\d+$/.test(env.EXCHANGE_MIN_STAKE) ? BigInt(env.EXCHANGE_MIN_STAKE) * 100n : null;
  const stakeLimits = Object.fromEntries(
    (Object.keys(EXCHANGE_STAKE_LIMITS) as Currency[]).map((c) => [
      c,
      Object.fromEntries(
        KINDS.map((k) => [
          k,
          { min: minOverride ?? BigInt(EXCHANGE_STAKE_LIMITS[c][k].min) * 100n, max: BigInt(EXCHANGE_STAKE_LIMITS[c][k].max) * 100n },
        ]),
      ),
    ]),
  ) as ExchangeConfig['stakeLimits'];
  return {
    betDelayMs: perKind(env.EXCHANGE_BET_DELAY_MS),
    pendingSweepMs: Math.max(50, Number(env.EXCHANGE_PENDING_SWEEP_MS ?? 1000) || 1000),
    commissionBps: { ...DEFAULT_COMMISSION_BPS, ...perKind(env.EXCHANGE_COMMISSION_BPS) },
    stakeLimits,
    liquidityScale: Number(env.EXCHANGE_LIQUIDITY_SCALE ?? 1) || 1,
    protection: protectionConfig(env),
  };
}
