import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  exchangeLimits,
  listExchangeNotices,
  readExchangeNotices,
  EXCHANGE_MESSAGES as M,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  cancelExchangeBet,
  cancelAllExchangeBets,
  cancelAllExchangeMarketBets,
  editExchangeBet,
  addExchangePin,
  exchangeActivity,
  exchangeCashOut,
  exchangeProfitLoss,
  exchangeResults,
  fromMinor,
  listExchangePins,
  removeExchangePin,
  exchangeHub,
  exchangeMarketPosition,
  exchangeMarketState,
  exchangeRunnerLadder,
  getExchangeSettings,
  updateExchangeSettings,
  listExchangeBets,
  placeExchangeBet,
  placeExchangeMarketBet,
} from '@khela/contracts';
import type { FastifyRequest } from 'fastify';
import { idempotent, requestHash, requestIdempotencyKey, storedResponse } from '../core/idempotency';
import { HttpError, ServiceBusy } from '../errors';
import { exchangeBetsMatched, exchangeBetsPlaced } from '../ops/metrics';
import { registerEndpoint, requirePlayer } from '../http/endpoint';
import { getPlayerBalance, toMinor, walletFigures } from '../ledger';
import { BetRefused, cancelBet, listBets, placeBet, readBet, type PlaceBetInput } from './bets';
import { exchangeConfig, type ExchangeConfig } from './config';
import { readMarket } from './markets';
import { openMarketIds, pendingBetMarket, playerBetHead, playerBetMarket, playerOpenOrderMarkets } from './market-of';
import { quoteCashOut, type Hedge } from './cash-out';
import { activity, addPin, listPins, profitLoss, removePin, results } from './account';
import { publishBetChanges } from './notify';
import { cancelOpenOrders } from './protection-hook';
import { readLiabilityLimits } from './liability-limits';
import { listNotices, readNotices } from './notices';
import { PendingBets } from './pending';
import { ladderView, marketView, positionView } from './views';
import { readSettings, updateSettings } from './settings';
import { databaseUnavailable } from '../db/unavailable';
import { MarketWriters, registerWriters, writerSettings } from './writer/market-writer';
import { LOCAL_LEASE, MarketLeases, leaseSettings } from './writer/lease';
import { BALANCED_HEADER, FORWARDED_HEADER, forwardToHolder } from './writer/forward';
import type { BetOutcome } from './bets';

/**
 * Where the browser reads exchange odds from. ODDS_URL points at a real feed; by default it is the
 * sandbox's stand-in (SANDBOX_URL + /odds), which speaks the same paths (the spec's odds host: docs/README.md#spec-7).
 */
export function oddsUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ODDS_URL) return env.ODDS_URL.replace(/\/$/, '');
  return `${(env.SANDBOX_URL ?? 'http://127.0.0.1:4100').replace(/\/$/, '')}/odds`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bet delay's timers and sweep of this process. */
    exchangePending: PendingBets;
    /** One writer per market in this process (writer/): bets, delay ends and cancels in batches. */
    exchangeWriters: MarketWriters;
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
  // a time-out, self-exclusion or risk hold cancels the player's unmatched orders (protection/hooks.ts)
  app.protectionHooks.register({ cancelOpen: (playerId, why, log) => cancelOpenOrders(app, playerId, why, log) });

  const settings = writerSettings();
  // this process's own address, once it listens (asked for every bet that reaches the holder check: Server.address()
  // was 1% of the API's CPU under a hot market)
  let ownAddress = '';
  // across processes (PostgreSQL) one process at a time writes a market: the lease (writer/lease.ts); PGlite is one
  // process, its lease trivially held
  const lease =
    settings.enabled && db.kind === 'postgres'
      ? new MarketLeases(
          db,
          leaseSettings(process.env, () => {
            if (ownAddress) return ownAddress;
            const a = app.server.address();
            if (!a || typeof a === 'string') return '';
            const host = a.address === '0.0.0.0' || a.address === '::' ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address;
            return (ownAddress = `http://${host}:${a.port}`);
          }),
          app.log,
        )
      : LOCAL_LEASE;
  lease.start();
  const writers = new MarketWriters(
    db,
    cfg,
    settings,
    {
      committed: (marketId, outcome, begunAt) => {
        // a delay_until was stamped when the batch began: its timer is shortened by the time the batch took
        const taken = Date.now() - begunAt;
        const after = (delayMs: number) => Math.max(0, delayMs - taken);
        for (const r of outcome.results) {
          if (r.ok === true && 'betId' in r && r.delayMs !== null) pending.schedule(r.betId, after(r.delayMs), marketId);
          // a cash-out's hedges in their delay
          if (r.ok === true && 'cashOut' in r) for (const h of r.cashOut.pending) pending.schedule(h.betId, after(h.delayMs), marketId);
        }
      },
      push: (marketId, players) => publishBetChanges(app, marketId, players),
    },
    app.log,
    lease,
  );
  app.decorate('exchangeWriters', writers);
  // the staff routes, the protection hooks and the feed consumer find them from their own scopes
  registerWriters(app, writers);
  // a closing process writes what it queued before its database goes (a rolling restart drains, then hands over)
  app.addHook('preClose', async () => writers.close());
  app.addHook('onClose', async () => lease.stop());
  if (writers.settings.enabled)
    pending.endThrough(async (betId, marketId) => {
      const market = marketId ?? (await pendingBetMarket(db, betId));
      if (!market) return;
      // a market another process writes: its holder's timers and sweep end the delay
      const holder = await lease.holder(market);
      if (holder && !holder.self) return;
      const r = await writers.submit(market, { kind: 'activate', betId });
      if (r.ok === false) throw r.error;
    });

  registerEndpoint(app, exchangeHub, async () => ({ data: { odds_url: oddsUrl() } }));

  // While this process's feed is down its stored prices may be stale: no bet or cash-out is taken at them (house
  // BookMaker/Fancy rates come through the same feed, so every market kind waits). Refused before any transaction.
  const assertPricesLive = () => {
    if (!app.oddsFeed.available) throw new BetRefused(503, M.pricesUnavailable, { code: 'prices_unavailable' });
  };
  // Open pages learn of an outage (and its end) at once: an `odds` change for every market not closed, so the market
  // pages refetch and show "prices unavailable" (or the prices again).
  const stopWatching = app.oddsFeed.onChange((available) => {
    openMarketIds(db)
      .then((ids) => {
        for (const marketId of ids) app.push.broadcast('odds', { marketId, prices: available });
      })
      .catch((err: unknown) => app.log.warn({ err }, 'odds feed: could not tell the open pages'));
  });
  app.addHook('onClose', async () => stopWatching());

  const answer = async (betId: number, playerId: number) => {
    const [bet, b] = await Promise.all([readBet(db, betId), getPlayerBalance(db, playerId)]);
    const { balance, available, exposure } = walletFigures(b);
    return { bet, balance, available, exposure };
  };

  /** `byMarket`: the market's own route (a balancer may route it by market). */
  const place = async (req: FastifyRequest, body: PlaceBetInput, byMarket = false) => {
    const player = requirePlayer(req);
    const key = requestIdempotencyKey(req);
    if (!key) throw new BetRefused(400, M.idempotencyKeyRequired, { code: 'idempotency_key' });
    assertPricesLive();
    let view: Awaited<ReturnType<typeof answer>>;
    if (writers.settings.enabled) {
      // another process writes this market: its writer takes the bet (answered as it answers); taken here only if
      // that process is gone, hung past its lease or closing (then this process takes the lease)
      const forwarded = await forwardToHolder(
        req,
        body.market_id,
        `/api/exchange/markets/${encodeURIComponent(body.market_id)}/bets`,
        lease,
        byMarket,
      );
      if (forwarded) return forwarded as Awaited<ReturnType<typeof answer>>;
      if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw new HttpError(422, 'Idempotency-Key is too long.');
      const hash = requestHash(req.body);
      const r = await writers.submit(body.market_id, { kind: 'place', playerId: player.id, input: body, key, hash });
      if (r.ok === false) throw r.error;
      if (r.ok !== true) throw new Error('a deferred command was answered');
      if ('replayOf' in r) {
        const stored = await storedResponse<BetOutcome>(db, { playerId: player.id, endpoint: 'exchange.bet', key, hash });
        view = await answer(stored.betId, player.id);
      } else if ('betId' in r) view = r.answer ?? (await answer(r.betId, player.id));
      else throw new Error('a bet was not answered');
    } else {
      // the emergency path (EXCHANGE_WRITER=off): one transaction per bet
      const outcome = await db.tx((q) =>
        idempotent(q, { playerId: player.id, endpoint: 'exchange.bet', key, body: req.body }, () => placeBet(q, player.id, body, cfg)),
      );
      if (outcome.delayMs !== null) pending.schedule(outcome.betId, outcome.delayMs, body.market_id);
      await publishBetChanges(app, body.market_id, outcome.affected);
      view = await answer(outcome.betId, player.id);
    }
    // counted after the commit (a refused or rolled-back bet is not); a replayed key counts again
    exchangeBetsPlaced.inc({ side: view.bet.side });
    if (Number(view.bet.matched_stake) > 0) exchangeBetsMatched.inc();
    return view;
  };

  /** A bet's answer; the database away (restart, failover) is 503 with Retry-After (nothing answered: retry the key). */
  const placeOr503 = (req: FastifyRequest, body: PlaceBetInput, byMarket = false) =>
    place(req, body, byMarket).catch((err: unknown) => {
      if (!(err instanceof HttpError) && writers.settings.enabled && databaseUnavailable(err))
        throw new ServiceBusy(M.marketBusy, writers.settings.retryAfterSeconds, { code: 'busy' });
      throw err;
    });

  registerEndpoint(app, placeExchangeBet, async (req) => placeOr503(req as unknown as FastifyRequest, req.body as PlaceBetInput));
  // the market's own route (nginx sends a market's bets to one process by it): same body and answer
  registerEndpoint(app, placeExchangeMarketBet, async (req) => {
    const body = req.body as PlaceBetInput;
    if (body.market_id !== req.params.marketId) throw new HttpError(422, M.marketIdInvalid, { errors: { market_id: [M.marketIdInvalid] } });
    // where the balancer sends this market's bets: straight here, or to the process that forwarded this one
    const from = req.headers[FORWARDED_HEADER];
    if (typeof from !== 'string') writers.noteBalanced(body.market_id, null);
    else if (req.headers[BALANCED_HEADER]) writers.noteBalanced(body.market_id, from);
    return placeOr503(req as unknown as FastifyRequest, body, true);
  });

  registerEndpoint(app, cancelExchangeBet, async (req) => {
    const player = requirePlayer(req);
    if (writers.settings.enabled) {
      const marketId = await playerBetMarket(db, player.id, req.params.id);
      if (!marketId) throw new BetRefused(404, M.betNotFound, { code: 'bet' });
      const forwarded = await forwardToHolder(req as unknown as FastifyRequest, marketId, req.url, lease);
      if (forwarded) return forwarded as Awaited<ReturnType<typeof answer>>;
      const r = await writers.submit(marketId, { kind: 'cancel', playerId: player.id, publicId: req.params.id });
      if (r.ok === false) throw r.error;
      if (r.ok !== true || !('betId' in r)) throw new Error('a cancel was not answered');
      return r.answer ?? answer(r.betId, player.id);
    }
    const outcome = await db.tx((q) => cancelBet(q, player.id, req.params.id));
    const bet = await readBet(db, outcome.betId);
    await publishBetChanges(app, bet.market_id, outcome.affected);
    return answer(outcome.betId, player.id);
  });

  // Issue 33: edits of an unmatched bet and cancel all, through the market's writer like a bet (forwarded to the
  // process that writes the market; EXCHANGE_WRITER=off still runs them as the writer's commands, one batch each)
  registerEndpoint(app, editExchangeBet, async (req) => {
    const player = requirePlayer(req);
    const key = requestIdempotencyKey(req);
    if (!key) throw new BetRefused(400, M.editIdempotencyKeyRequired, { code: 'idempotency_key' });
    if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw new HttpError(422, 'Idempotency-Key is too long.');
    const row = await playerBetHead(db, player.id, req.params.id);
    if (!row) throw new BetRefused(404, M.betNotFound, { code: 'bet' });
    const marketId = row.market_id;
    // a new price or a higher stake is a new bet: not at stale prices; a decrease is a partial cancel and, like a
    // cancel, is taken while the feed is down (the writer decides on the bet as it is then)
    const decrease =
      (req.body.price === undefined || Math.round(req.body.price * 100) === Number(row.price)) &&
      req.body.stake !== undefined &&
      toMinor(req.body.stake) < BigInt(row.remaining_minor);
    if (!decrease) assertPricesLive();
    const forwarded = await forwardToHolder(req as unknown as FastifyRequest, marketId, req.url, lease);
    if (forwarded) return forwarded as Awaited<ReturnType<typeof answer>> & { replaced: null };
    // one key is one edit of one bet: the bet's id is part of what the key stands for
    const hash = requestHash({ id: req.params.id, ...req.body });
    const r = await writers.submit(marketId, {
      kind: 'edit',
      playerId: player.id,
      publicId: req.params.id,
      price: req.body.price,
      stake: req.body.stake,
      key,
      hash,
    });
    if (r.ok === false) throw r.error;
    if (r.ok !== true) throw new Error('a deferred command was answered');
    let betId: number;
    let replaced: number | null;
    let view: Awaited<ReturnType<typeof answer>> | null = null;
    if ('replayOf' in r) {
      const stored = await storedResponse<{ betId: number; replaced: number | null }>(db, {
        playerId: player.id,
        endpoint: 'exchange.edit',
        key,
        hash,
      });
      betId = stored.betId;
      replaced = stored.replaced ?? null;
    } else if ('betId' in r) {
      betId = r.betId;
      replaced = r.replaced ?? null;
      view = r.answer;
    } else throw new Error('an edit was not answered');
    return { ...(view ?? (await answer(betId, player.id))), replaced: replaced === null ? null : await readBet(db, replaced) };
  });

  type CancelAllAnswer = { cancelled: Awaited<ReturnType<typeof readBet>>[]; balance: string; available: string; exposure: string };
  /** One market's cancel all, by its writer here or by the process that writes it. */
  const cancelAllIn = async (req: FastifyRequest, playerId: number, marketId: string): Promise<CancelAllAnswer> => {
    const forwarded = await forwardToHolder(req, marketId, `/api/exchange/markets/${encodeURIComponent(marketId)}/bets/cancel-all`, lease);
    if (forwarded) return forwarded as CancelAllAnswer;
    const r = await writers.submit(marketId, { kind: 'cancelAll', playerId });
    if (r.ok === false) throw r.error;
    if (r.ok !== true || !('cancelled' in r)) throw new Error('a cancel all was not answered');
    const figures = r.figures ?? walletFigures(await getPlayerBalance(db, playerId));
    const cancelled = await Promise.all(r.cancelled.map((id) => readBet(db, id)));
    return { cancelled, balance: figures.balance, available: figures.available, exposure: figures.exposure };
  };

  registerEndpoint(app, cancelAllExchangeMarketBets, async (req) => {
    const player = requirePlayer(req);
    return cancelAllIn(req as unknown as FastifyRequest, player.id, req.params.marketId);
  });

  registerEndpoint(app, cancelAllExchangeBets, async (req) => {
    const player = requirePlayer(req);
    const only = req.body?.market_id;
    const markets = await playerOpenOrderMarkets(db, player.id, only ?? null);
    // markets side by side (each through its own writer); one failing answers its error after the others were written
    const done = await Promise.allSettled(markets.map((m) => cancelAllIn(req as unknown as FastifyRequest, player.id, m)));
    const failed = done.find((d) => d.status === 'rejected');
    if (failed) throw failed.reason;
    const { balance, available, exposure } = walletFigures(await getPlayerBalance(db, player.id));
    return {
      cancelled: done.flatMap((d) => (d.status === 'fulfilled' ? d.value.cancelled : [])),
      balance,
      available,
      exposure,
    };
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
    return { ...(await marketView(db, market, req.player?.currency ?? 'BDT', cfg)), prices_available: app.oddsFeed.available };
  });

  // the desktop ladder of one runner: its whole book in the viewer's currency
  registerEndpoint(app, exchangeRunnerLadder, async (req) => {
    const market = await readMarket(db, req.params.marketId);
    if (!market) throw new BetRefused(404, M.marketNotFound, { code: 'market' });
    const view = await ladderView(db, market, req.query.selection_id, req.player?.currency ?? 'BDT', cfg);
    if (!view) throw new BetRefused(404, M.selectionNotFound, { code: 'selection' });
    return view;
  });

  registerEndpoint(app, exchangeCashOut, async (req) => {
    const player = requirePlayer(req);
    const marketId = req.params.marketId;
    const body = req.body ?? { take: false };
    // issue 33: one runner's position and/or a share of it
    const scope = { selectionId: body.selection_id ?? null, percent: body.percent ?? 100 };
    const scoped = { selection_id: scope.selectionId, percent: scope.percent };
    const runnersView = (after: Map<string, number>) => [...after].map(([id, v]) => ({ selection_id: id, profit_loss: fromMinor(v) }));
    const hedgeView = (h: { selectionId: string; side: 'BACK' | 'LAY'; price: number; stake: number }) => ({
      selection_id: h.selectionId,
      side: h.side,
      price: h.price / 100,
      stake: fromMinor(h.stake),
    });
    const figures = async () => {
      const { balance, available, exposure } = walletFigures(await getPlayerBalance(db, player.id));
      return { balance, available, exposure };
    };
    if (!body.take) {
      const market = await readMarket(db, marketId);
      if (!market) throw new BetRefused(404, M.marketNotFound, { code: 'market' });
      const quote = await quoteCashOut(db, market, player.id, player.currency, cfg, scope);
      return {
        market_id: marketId,
        value: fromMinor(quote.value),
        ...scoped,
        hedges: quote.hedges.map(hedgeView),
        runners: runnersView(quote.after),
        bets: [],
        ...(await figures()),
      };
    }
    assertPricesLive();
    const minValue = body.min_value !== undefined ? Number(toMinor(body.min_value)) : null;
    // the hedges go through the market's writer like any order (issue 28 item 5): forwarded to the process that
    // writes the market, decided in arrival order with its bets, priced from the book the batch holds
    const forwarded = await forwardToHolder(req as unknown as FastifyRequest, marketId, req.url, lease);
    if (forwarded) return forwarded as never;
    // a cash-out sent without a key is taken once and cannot be replayed (the UI always sends one)
    const key = requestIdempotencyKey(req) ?? `unkeyed:${randomUUID()}`;
    if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw new HttpError(422, 'Idempotency-Key is too long.');
    const hash = requestHash({ marketId, ...body });
    const r = await writers.submit(marketId, {
      kind: 'cashOut',
      playerId: player.id,
      selectionId: scope.selectionId,
      percent: scope.percent,
      minValue,
      key,
      hash,
    });
    if (r.ok === false) throw r.error;
    if (r.ok !== true) throw new Error('a deferred command was answered');
    type Taken = { value: number; hedges: Hedge[]; after: [string, number][]; betIds?: number[]; outcomes?: { betId: number }[] };
    let done: Taken;
    if ('replayOf' in r) done = await storedResponse<Taken>(db, { playerId: player.id, endpoint: 'exchange.cash-out', key, hash });
    else if ('cashOut' in r) done = r.cashOut;
    else throw new Error('a cash-out was not answered');
    // (a cash-out stored before the writer took them kept its hedges as `outcomes`)
    const betIds = done.betIds ?? done.outcomes?.map((o) => o.betId) ?? [];
    return {
      market_id: marketId,
      value: fromMinor(done.value),
      ...scoped,
      hedges: done.hedges.map(hedgeView),
      runners: runnersView(new Map(done.after ?? [])),
      bets: await Promise.all(betIds.map((id) => readBet(db, id))),
      ...(await figures()),
    };
  });

  // ---- the exchange account ----
  registerEndpoint(app, listExchangePins, async (req) => ({ data: await listPins(db, requirePlayer(req).id) }));
  registerEndpoint(app, addExchangePin, async (req) => ({ data: await db.tx((q) => addPin(q, requirePlayer(req).id, req.body)) }));
  registerEndpoint(app, removeExchangePin, async (req) => ({ data: await removePin(db, requirePlayer(req).id, req.params.marketId) }));
  registerEndpoint(app, exchangeProfitLoss, async (req) => profitLoss(db, requirePlayer(req).id, req.query));
  registerEndpoint(app, exchangeActivity, async (req) => activity(db, requirePlayer(req).id, req.query.page));
  registerEndpoint(app, exchangeResults, async (req) => results(db, req.query.sport));
  registerEndpoint(app, exchangeLimits, async (req) => readLiabilityLimits(db, requirePlayer(req).id));
  // the player's betting settings (issue 33): stake presets, keep in-play, one-click
  registerEndpoint(app, getExchangeSettings, async (req) => readSettings(db, requirePlayer(req).id));
  registerEndpoint(app, updateExchangeSettings, async (req) => {
    const player = requirePlayer(req);
    return db.tx((q) => updateSettings(q, player.id, player.currency, req.body));
  });
  registerEndpoint(app, listExchangeNotices, async (req) => listNotices(db, requirePlayer(req).id, req.query.page, req.query.per_page));
  registerEndpoint(app, readExchangeNotices, async (req) => readNotices(db, requirePlayer(req).id, req.body.ids));
}
