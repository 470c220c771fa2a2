/** Ledger settings from the environment. */
export interface LedgerConfig {
  /**
   * Rows each house account (house:cash, house:games, ...) is split into per currency; a transfer posts to one shard
   * picked at random, so concurrent transfers rarely wait for the same row lock. Lowering it later is safe: older
   * shards keep their balances and every reader sums by code.
   */
  houseShards: number;
  /**
   * How long a player's balance read may answer `POST /api/balance` from this process's memory
   * (BALANCE_CACHE_TTL_MS, default 1000; 0 turns it off). Every balance push drops it at once in every process;
   * this bound covers a lost notice.
   */
  balanceCacheTtlMs: number;
  /** Most balances kept per process (BALANCE_CACHE_MAX, default 50,000). */
  balanceCacheMax: number;
}

export function ledgerConfig(env: NodeJS.ProcessEnv = process.env): LedgerConfig {
  const shards = Number(env.LEDGER_HOUSE_SHARDS ?? 16);
  if (!Number.isInteger(shards) || shards < 1 || shards > 256) throw new Error('LEDGER_HOUSE_SHARDS must be an integer 1..256');
  const num = (v: string | undefined, fallback: number) => (v !== undefined && v !== '' && Number(v) >= 0 ? Number(v) : fallback);
  return {
    houseShards: shards,
    balanceCacheTtlMs: num(env.BALANCE_CACHE_TTL_MS, 1000),
    balanceCacheMax: Math.max(1, num(env.BALANCE_CACHE_MAX, 50_000)),
  };
}
