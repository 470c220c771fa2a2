import type { FastifyInstance } from 'fastify';
import {
  EXCHANGE_MESSAGES as M,
  cancelExchangeBet,
  exchangeHub,
  exchangeMarketPosition,
  exchangeMarketState,
  listExchangeBets,
  placeExchangeBet,
} from '@khela/contracts';
import { idempotent, requestIdempotencyKey } from '../core/idempotency';
import { registerEndpoint, requirePlayer } from '../http/endpoint';
import { getPlayerBalance, walletFigures } from '../ledger';
import { BetRefused, cancelBet, listBets, placeBet, readBet, type PlaceBetInput } from './bets';
import { exchangeConfig, type ExchangeConfig } from './config';
import { readMarket } from './markets';
import { publishBetChanges } from './notify';
import { PendingBets } from './pending';
import { marketView, positionView } from './views';

/**
 * Where the browser reads exchange odds from. ODDS_URL points at a real feed; by default it is the
 * sandbox's stand-in (SANDBOX_URL + /odds), which speaks the same paths (spec 7, exchange odds host).
 */
export function oddsUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ODDS_URL) return env.ODDS_URL.replace(/\/$/, '');
  return `${(env.SANDBOX_URL ?? 'http://127.0.0.1:4100').replace(/\/$/, '')}/odds`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bet delay's timers and sweep of this process. */
    exchangePending: PendingBets;
  }
}

export interface ExchangeRouteOptions {
  config?: ExchangeConfig;
}

/** The exchange domain: the odds host address, bets (place, cancel, list), positions, market state. */
export default async function exchangeRoutes(app: FastifyInstance, opts: ExchangeRouteOptions = {}) {
  const cfg = opts.config ?? exchangeConfig();
  const { db } = app;
  const pending = new PendingBets(app, cfg);
  app.decorate('exchangePending', pending);
  app.addHook('onReady', async () => pending.start());
  app.addHook('onClose', async () => pending.stop());

  registerEndpoint(app, exchangeHub, async () => ({ data: { odds_url: oddsUrl() } }));

  const answer = async (betId: number, playerId: number) => {
    const [bet, b] = await Promise.all([readBet(db, betId), getPlayerBalance(db, playerId)]);
    const { balance, available, exposure } = walletFigures(b);
    return { bet, balance, available, exposure };
  };

  registerEndpoint(app, placeExchangeBet, async (req) => {
    const player = requirePlayer(req);
    const key = requestIdempotencyKey(req);
    if (!key) throw new BetRefused(400, M.idempotencyKeyRequired, { code: 'idempotency_key' });
    const outcome = await db.tx((q) =>
      idempotent(q, { playerId: player.id, endpoint: 'exchange.bet', key, body: req.body }, () =>
        placeBet(q, player.id, req.body as PlaceBetInput, cfg),
      ),
    );
    if (outcome.delayMs !== null) pending.schedule(outcome.betId, outcome.delayMs);
    await publishBetChanges(app, req.body.market_id, outcome.affected);
    return answer(outcome.betId, player.id);
  });

  registerEndpoint(app, cancelExchangeBet, async (req) => {
    const player = requirePlayer(req);
    const outcome = await db.tx((q) => cancelBet(q, player.id, req.params.id));
    const bet = await readBet(db, outcome.betId);
    await publishBetChanges(app, bet.market_id, outcome.affected);
    return answer(outcome.betId, player.id);
  });

  registerEndpoint(app, listExchangeBets, async (req) => {
    const player = requirePlayer(req);
    const { status, market_id, page, per_page } = req.query;
    return listBets(db, player.id, { status, marketId: market_id, page, perPage: per_page });
  });

  registerEndpoint(app, exchangeMarketPosition, async (req) => {
    const player = requirePlayer(req);
    const market = await readMarket(db, req.params.marketId);
    if (!market) throw new BetRefused(404, M.marketNotFound, { code: 'market' });
    return positionView(db, market, player.id, player.currency);
  });

  registerEndpoint(app, exchangeMarketState, async (req) => {
    const market = await readMarket(db, req.params.marketId);
    if (!market) throw new BetRefused(404, M.marketNotFound, { code: 'market' });
    return marketView(db, market, req.player?.currency ?? 'BDT', cfg);
  });
}
