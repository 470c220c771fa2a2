// Exchange test fixture: a sandbox odds World driven by hand, whose image and control deltas are applied to the
// API's database as the feed consumer would (markets mirrored, reactions run), plus funded players with tokens.
import type { FastifyInstance } from 'fastify';
import type { FeedDelta, FeedImage, FeedMarket } from '@khela/contracts';
import { World } from '../../../sandbox/src/odds/world';
import type { Db } from '../db';
import { houseAccount, playerAccounts, toMinor, transfer } from '../ledger';
import { applyFeedMarket } from '../exchange/markets';
import { lapseUnpersisted, sweepCrossing } from '../exchange/bets';
import { settleMarket } from '../exchange/settlement';
import { exchangeConfig } from '../exchange/config';
import { publishBetChanges } from '../exchange/notify';
import { createPlayer, tokenFor } from './helpers';

export const WORLD_START = Date.parse('2026-11-23T06:00:00Z');

/** Market ids of the sandbox world (sandbox/src/odds/feed.ts). */
export const MARKETS = {
  /** Pakistan v Sri Lanka, starts in 6 h: pre-play Match Odds, runners 100301 and 100302. */
  preplay: '1.230001003',
  preplayBookmaker: '34001003-BM',
  /** Bangladesh v India, in play: Match Odds, runners 100101 and 100102. */
  inplay: '1.230001001',
  inplayBookmaker: '34001001-BM',
  /** In-play Fancy "6 over runs" (selection 100151). */
  inplayFancy: '34001001-F1',
  /** Australia v England, starts in 30 h: Fancy rows 100451.. */
  preplayFancy: '34001004-F1',
  preplayLottery: '34001004-F6',
  preplayOddEven: '34001004-F7',
} as const;

export class ExchangeFeed {
  readonly world: World;
  private readonly names = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly app?: FastifyInstance,
    seed = 7,
  ) {
    this.world = new World({ seed, startMs: WORLD_START });
  }

  /** The image, as the consumer applies it on connect. */
  async load(): Promise<void> {
    const img: FeedImage = this.world.image();
    for (const e of img.events) this.names.set(e.eventId, e.name);
    for (const m of img.markets) await this.apply(m, img.clk);
  }

  async control(marketId: string, action: Parameters<World['control']>[1], body?: unknown): Promise<FeedDelta> {
    const d = this.world.control(marketId, action, body);
    for (const m of d.mc) await this.apply(m, d.clk);
    return d;
  }

  market(id: string): FeedMarket {
    return this.world.market(id)!;
  }

  private async apply(m: FeedMarket, clk: number): Promise<void> {
    const cfg = exchangeConfig();
    const affected = await this.db.tx(async (q) => {
      const change = await applyFeedMarket(q, m, { name: this.names.get(m.eventId) ?? '' }, clk);
      if (!change) return [];
      const { before, after } = change;
      const out: number[] = [];
      if (before && !before.inplay && after.inplay) out.push(...(await lapseUnpersisted(q, after)));
      if (after.kind === 'MATCH_ODDS' && after.status === 'OPEN') out.push(...(await sweepCrossing(q, after, cfg)));
      if (after.status === 'CLOSED' && (after.result || after.voided)) out.push(...(await settleMarket(q, after, cfg)));
      return out;
    });
    if (this.app && affected.length) await publishBetChanges(this.app, m.marketId, affected);
  }
}

/** A player with `amount` (major units) in their main wallet and a session token. */
export async function fundedPlayer(
  db: Db,
  amount: string,
  currency: 'BDT' | 'INR' | 'PKR' = 'BDT',
): Promise<{ id: number; token: string }> {
  const id = await createPlayer(db, { currency });
  if (toMinor(amount) > 0n)
    await db.tx(async (q) => {
      const acc = await playerAccounts(q, id);
      await transfer(q, {
        idempotencyKey: `test:fund:${id}`,
        kind: 'seed',
        legs: [
          { account: await houseAccount(q, 'cash', currency), amountMinor: -toMinor(amount) },
          { account: acc.main, amountMinor: toMinor(amount) },
        ],
      });
    });
  return { id, token: await tokenFor(db, id) };
}
