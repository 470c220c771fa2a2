import type { MarketFlags } from '../schemas/content';

/**
 * docs/README.md#spec-6, the upline block: a section is closed to a player whose upline set its flag to 0 while the
 * player's status is not `active`. The one place this rule is written; the API (seamless wallet, and
 * every future money path) and the shell's session service both call it, remotes receive its result.
 */

export interface MarketBlock {
  exchange: boolean;
  casino: boolean;
}

export const NO_MARKET_BLOCK: MarketBlock = Object.freeze({ exchange: false, casino: false });

export function marketBlock(flags: Pick<MarketFlags, 'exchange_market' | 'cs_market' | 'status'>): MarketBlock {
  const restricted = flags.status !== 'active';
  return { exchange: restricted && flags.exchange_market === 0, casino: restricted && flags.cs_market === 0 };
}
