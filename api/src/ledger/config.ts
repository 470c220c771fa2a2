/** Ledger settings from the environment. */
export interface LedgerConfig {
  /**
   * Rows each house account (house:cash, house:games, ...) is split into per currency; a transfer posts to one shard
   * picked at random, so concurrent transfers rarely wait for the same row lock. Lowering it later is safe: older
   * shards keep their balances and every reader sums by code.
   */
  houseShards: number;
}

export function ledgerConfig(env: NodeJS.ProcessEnv = process.env): LedgerConfig {
  const shards = Number(env.LEDGER_HOUSE_SHARDS ?? 16);
  if (!Number.isInteger(shards) || shards < 1 || shards > 256) throw new Error('LEDGER_HOUSE_SHARDS must be an integer 1..256');
  return { houseShards: shards };
}
