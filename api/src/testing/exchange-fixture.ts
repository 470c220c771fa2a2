// Exchange test fixture: a sandbox odds World driven by hand, whose image and control deltas go through the API's
// feed sync (markets mirrored, reactions run, pushes sent), plus funded players with tokens.
import type { FastifyInstance } from 'fastify';
import type { FeedDelta, FeedMarket } from '@khela/contracts';
import { World } from '../../../sandbox/src/odds/world';
import type { Db } from '../db';
import { toMinor } from '../ledger';
import { exchangeConfig } from '../exchange/config';
import { FeedSync, type ApplyOutcome, type FeedPush } from '../exchange/feed/sync';
import { writersOf } from '../exchange/writer/market-writer';
import { createPlayer, fund, tokenFor } from './helpers';

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

/** The sandbox World applied through the API's own feed sync (feed/sync.ts), as the stream consumer would. */
export class ExchangeFeed {
  readonly world: World;
  private readonly sync: FeedSync;

  /** `pricesPushed`: the sync relays through the app's market push (prices in the push), as the app's consumer does. */
  constructor(db: Db, app?: FastifyInstance, seed = 7, opts: { pricesPushed?: boolean } = {}) {
    this.world = new World({ seed, startMs: WORLD_START });
    const noPush: FeedPush = { publish: async () => undefined, publishBalance: async () => undefined, broadcast: () => undefined };
    this.sync = new FeedSync({
      db,
      push: app?.push ?? noPush,
      cfg: exchangeConfig(),
      marketPush: opts.pricesPushed ? app?.exchangeMarketPush : undefined,
      // through the app's market writers, as the app's consumer does (issue 28 item 5)
      writer: app ? () => writersOf(app) : undefined,
    });
  }

  /** The image, as the consumer applies it on connect. */
  async load(): Promise<void> {
    check(await this.sync.applyImage(this.world.image()));
  }

  async control(marketId: string, action: Parameters<World['control']>[1], body?: unknown): Promise<FeedDelta> {
    const d = this.world.control(marketId, action, body);
    check(await this.sync.applyDelta(d));
    return d;
  }

  /**
   * One tick of the world's automatic life (prices drift, markets turn in play at their start), if anything changed;
   * `only`: applies the tick's changes of these markets alone (a bench's hot market).
   */
  async step(only?: (marketId: string) => boolean): Promise<FeedDelta | null> {
    const d = this.world.step();
    if (!d) return d;
    const applied = only ? { ...d, mc: d.mc.filter((m) => only(m.marketId)) } : d;
    if (applied.mc.length) check(await this.sync.applyDelta(applied));
    return d;
  }

  market(id: string): FeedMarket {
    return this.world.market(id)!;
  }
}

/** The sync retries a failed market later; a test wants to know now. */
function check(outcome: ApplyOutcome) {
  if (outcome.failed) throw new Error(`${outcome.failed} market(s) failed to apply (see the feed sync's log)`);
}

/** A player with `amount` (major units) in their main wallet and a session token. */
export async function fundedPlayer(
  db: Db,
  amount: string,
  currency: 'BDT' | 'INR' | 'PKR' = 'BDT',
): Promise<{ id: number; token: string }> {
  const id = await createPlayer(db, { currency });
  if (toMinor(amount) > 0n) await fund(db, id, amount);
  return { id, token: await tokenFor(db, id) };
}
