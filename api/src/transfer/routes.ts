import type { FastifyInstance } from 'fastify';
import {
  dhakaDateRange,
  getProviderWallets,
  marketBlock,
  providerBets,
  providerLaunch,
  providerLaunchQuote,
  providerTransfers,
  recallAllProviders,
  recallProvider,
  setProviderWalletSettings,
  staffPendingProviderTransfers,
  staffPlayerProviderWallets,
  staffQueryProviderTransfer,
  staffResolveProviderTransfer,
} from '@khela/contracts';
import { requestIdempotencyKey } from '../core/idempotency';
import { registerEndpoint, requirePlayer } from '../http/endpoint';
import { Conflict, Forbidden, HttpError, NotFound } from '../errors';
import { availableMinor, fromMinor, getPlayerBalance, parseMinor, toMinor } from '../ledger';
import { auditActor, writeAudit } from '../core/audit';
import { launchableGame, launchingPlayer } from '../casino/service';
import { BLOCKED_MESSAGE } from '../casino/routes';
import { protectionConfig } from '../protection/config';
import { TransferProviderClient } from './client';
import { transferConfig, type TransferConfig } from './config';
import { ensureTransferCatalogue } from './catalogue';
import {
  ledgerProviderBalances,
  reportedProviderWallets,
  transferPlayerId,
  TransferWallets,
  type TransferRow,
  type WalletView,
} from './service';

export interface TransferRoutesOptions {
  config?: TransferConfig;
  fetchImpl?: typeof fetch;
}

const walletOut = (w: WalletView) => ({
  provider: w.provider,
  name: w.name,
  balance: w.balanceMinor === null ? null : fromMinor(w.balanceMinor),
  checked_at: w.checkedAt,
  state: w.state,
  ...(w.inTransitMinor !== undefined ? { in_transit: fromMinor(w.inTransitMinor) } : {}),
});

/**
 * Transfer wallets (issue 30): the player's provider wallets, Recall and Recall All, the launch that moves money in,
 * records; the back office's views and resolution; the reconciler (at start, then every TRANSFER_RECONCILE_MS).
 */
export default async function transferRoutes(app: FastifyInstance, opts: TransferRoutesOptions = {}) {
  const cfg = opts.config ?? transferConfig();
  const db = app.db;
  const service = new TransferWallets({
    db,
    cfg,
    client: new TransferProviderClient(cfg, opts.fetchImpl),
    protection: protectionConfig(),
    publishBalance: (id) => app.push.publishBalance(id),
    log: app.log,
  });
  app.decorate('transferWallets', service);
  // play closed (self-exclusion, time-out, a staff disable): every provider wallet is recalled at once; what fails
  // stays where it is and the reconciler's passes recall it until done (closedPlayersWithMoney)
  const stopListening = app.playClosed.on(async (playerId, reason) => {
    const results = await service.recallAll(playerId, 'protection');
    const left = results.filter((r) => r.status === 'pending' || r.status === 'failed');
    if (left.length)
      app.log.warn({ playerId, reason, left: left.map((r) => `${r.provider}:${r.status}`) }, 'transfer: play closed, recall not done yet');
  });
  await ensureTransferCatalogue(db, { storageDir: app.storageDir });

  const overview = async (playerId: number, fresh = false) => {
    const [b, wallets, auto] = await Promise.all([
      getPlayerBalance(db, playerId),
      service.wallets(playerId, { fresh }),
      service.autoTransfer(playerId),
    ]);
    return { currency: b.currency, available: fromMinor(availableMinor(b)), wallets: wallets.map(walletOut), auto_transfer: auto };
  };

  registerEndpoint(app, getProviderWallets, async (req) => overview(requirePlayer(req).id, req.query?.fresh === '1'));

  registerEndpoint(app, recallProvider, async (req) => {
    const playerId = requirePlayer(req).id;
    if (!service.isProvider(req.body.provider)) throw new NotFound('Unknown provider');
    const result = await service.recall(playerId, req.body.provider);
    return { results: [result], ...(await overview(playerId)) };
  });

  registerEndpoint(app, recallAllProviders, async (req) => {
    const playerId = requirePlayer(req).id;
    const results = await service.recallAll(playerId);
    return { results, ...(await overview(playerId)) };
  });

  registerEndpoint(app, setProviderWalletSettings, async (req) => ({
    auto_transfer: await service.setAutoTransfer(requirePlayer(req).id, req.body.auto_transfer),
  }));

  const providerGame = async (playerId: number, code: string) => {
    const game = await launchableGame(db, code);
    if (!game || !service.isProvider(game.platform)) throw new NotFound('Game not found');
    const player = await launchingPlayer(db, playerId);
    if (marketBlock(player).casino) throw new Forbidden(BLOCKED_MESSAGE(game.type_name));
    return game;
  };

  registerEndpoint(app, providerLaunchQuote, async (req) => {
    const playerId = requirePlayer(req).id;
    const game = await providerGame(playerId, req.query.gameCode);
    const q = await service.launchQuote(playerId, game.platform);
    return {
      provider: game.platform,
      name: service.names.get(game.platform)!,
      game_name: game.name,
      currency: q.currency,
      available: fromMinor(q.availableMinor),
      max: fromMinor(q.maxMinor),
      capped_by: q.cappedBy,
      wallet: fromMinor(q.walletMinor),
      auto_transfer: await service.autoTransfer(playerId),
    };
  });

  registerEndpoint(app, providerLaunch, async (req) => {
    const player = requirePlayer(req);
    const game = await providerGame(player.id, req.body.gameCode);
    const provider = game.platform;
    const name = service.names.get(provider)!;
    // auto transfer: the other providers' money comes back first (a failure keeps it there and does not stop the launch)
    const recalled = (await service.autoTransfer(player.id))
      ? (await service.recallAll(player.id, 'auto_transfer', provider)).filter((r) => r.status !== 'nothing')
      : [];
    const amountMinor =
      req.body.amount !== undefined ? toMinor(req.body.amount) : (await service.launchQuote(player.id, provider)).maxMinor;
    let transfer: TransferRow | null = null;
    if (amountMinor > 0n) {
      const key = requestIdempotencyKey(req);
      transfer = await service.transferIn(player.id, provider, amountMinor, {
        reason: 'launch',
        clientKey: key ? `launch:${key}` : undefined,
      });
    }
    const url = transfer?.state === 'pending' ? null : await service.launchUrl(player.id, provider, game.code, req.body.lang ?? 'en');
    const message =
      transfer?.state === 'pending'
        ? `${name} has not confirmed the transfer yet. Your money is safe; open the game again in a moment.`
        : transfer?.state === 'reversed'
          ? `${name} refused the transfer; the money is back in your main wallet.`
          : url === null
            ? `${name} is not answering. Try again later.`
            : undefined;
    return {
      url,
      provider,
      name,
      transfer: transfer ? { id: transfer.id, state: transfer.state, amount: fromMinor(transfer.amount_minor) } : null,
      recalled,
      ...(message ? { message } : {}),
    };
  });

  registerEndpoint(app, providerTransfers, async (req) => {
    const playerId = requirePlayer(req).id;
    const range = req.query.date ? dhakaDateRange(req.query.date) : null;
    const rows = await service.transfersOf(playerId, { from: range?.from, to: range?.to ?? null });
    return {
      data: rows.map((t) => ({
        id: t.id,
        type: 'Transfer' as const,
        provider: t.provider,
        name: service.names.get(t.provider) ?? t.provider,
        direction: t.direction,
        amount: fromMinor(t.amount_minor),
        state: t.state,
        reason: t.reason,
        created_at: t.created_at,
        resolved_at: t.resolved_at,
      })),
    };
  });

  registerEndpoint(app, providerBets, async (req) => {
    const playerId = requirePlayer(req).id;
    if (req.query.provider && !service.isProvider(req.query.provider)) throw new NotFound('Unknown provider');
    return service.bets(playerId, req.query.provider);
  });

  // --- back office ------------------------------------------------------------------------------------

  const staffRow = (t: TransferRow & { username?: string }) => ({
    id: t.id,
    player_id: t.player_id,
    ...(t.username ? { username: t.username } : {}),
    provider: t.provider,
    name: service.names.get(t.provider) ?? t.provider,
    direction: t.direction,
    amount: fromMinor(t.amount_minor),
    currency: t.currency,
    state: t.state,
    reason: t.reason,
    provider_state: t.provider_state,
    attempts: t.attempts,
    last_error: t.last_error,
    created_at: t.created_at,
    resolved_at: t.resolved_at,
    resolved_by: t.resolved_by,
  });

  registerEndpoint(app, staffPlayerProviderWallets, async (req) => {
    const playerId = req.params.id;
    const ledger = await ledgerProviderBalances(db, playerId);
    const reported = await reportedProviderWallets(db, playerId);
    return {
      wallets: reported.map((w) => ({
        provider: w.provider,
        name: service.names.get(w.provider) ?? w.provider,
        ledger_balance: fromMinor(ledger.get(w.provider) ?? 0n),
        reported: w.reported === null ? null : fromMinor(parseMinor(w.reported)),
        reported_at: w.reported_at ? new Date(w.reported_at as string).toISOString() : null,
      })),
      transfers: (await service.transfersOf(playerId, { limit: 200 })).map(staffRow),
    };
  });

  registerEndpoint(app, staffPendingProviderTransfers, async (req) => ({
    data: (await service.pendingOlderThan(req.query.older_than)).map(staffRow),
  }));

  const oneTransfer = async (id: string) => {
    const playerId = await transferPlayerId(db, id);
    if (playerId === null) throw new NotFound('Unknown transfer');
    return (await service.transfersOf(playerId, { limit: 10_000 })).find((x) => x.id === id)!;
  };

  registerEndpoint(app, staffQueryProviderTransfer, async (req) => {
    const t = await oneTransfer(req.params.id);
    if (t.state !== 'pending') throw new Conflict('This transfer is already resolved.');
    await service.queryStatus(t);
    await db.tx((q) =>
      writeAudit(q, auditActor(req), {
        action: 'provider_transfer.query',
        entityType: 'provider_transfer',
        entityId: t.id,
        before: { state: t.state },
      }),
    );
    return { transfer: staffRow(await oneTransfer(t.id)) };
  });

  registerEndpoint(app, staffResolveProviderTransfer, async (req) => {
    const t = await oneTransfer(req.params.id);
    if (t.state !== 'pending') throw new Conflict('This transfer is already resolved.');
    // only what the provider answered: applied -> confirmed; refused, or an id it never saw (now closed) -> reversed
    if (!t.provider_state) throw new HttpError(409, 'Query the provider first: a transfer is resolved only by its answer.');
    const outcome = t.provider_state === 'applied' ? 'confirmed' : 'reversed';
    const done = await service.resolve(t.id, outcome, `staff:${req.staff?.username ?? '?'}`, undefined, (q, after) =>
      writeAudit(q, auditActor(req), {
        action: 'provider_transfer.resolve',
        entityType: 'provider_transfer',
        entityId: t.id,
        reason: req.body.reason,
        before: { state: t.state, provider_state: t.provider_state },
        after: { state: after.state },
      }),
    );
    return { transfer: staffRow(done) };
  });

  // --- the reconciler: at start (every pending transfer, whatever its next check), then on its interval ------

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let closed = false;
  const pass = (all = false) => {
    if (running || closed) return running;
    running = service
      .reconcileOnce({ all })
      .catch((err) => app.log.error({ err }, 'transfer: reconciler pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    void pass(true);
    if (cfg.reconcileMs > 0) {
      timer = setInterval(() => void pass(), cfg.reconcileMs);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => {
    closed = true;
    stopListening();
    if (timer) clearInterval(timer);
    await Promise.all([running, app.playClosed.idle()]);
  });
}

// not encapsulated: app.transferWallets is the root app's (the reconciler's pass, other domains, tests)
(transferRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

declare module 'fastify' {
  interface FastifyInstance {
    transferWallets: TransferWallets;
  }
}
