import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  marketBlock,
  SEAMLESS_ACTIONS,
  addGameFavourite,
  bettingRecords,
  gameRun,
  isTransferWalletPlatform,
  getGameFavourites,
  getGameTypes,
  removeGameFavourite,
  seamlessRequests,
  type SeamlessAction,
} from '@khela/contracts';
import { checkCall } from '@khela/contracts/signing';
import { assertOwnRemoteId, registerEndpoint, requirePlayer } from '../http/endpoint';
import { Conflict, Forbidden, NotFound } from '../errors';
import { exchangeRecords } from '../exchange/records';
import { protectionConfig, type ProtectionConfig } from '../protection/config';
import { assertMayPlay } from '../protection/service';
import { casinoConfig, type CasinoConfig } from './config';
import { syncProviderArt } from './provider-art';
import { settledBets } from './records';
import { SeamlessWallet } from './seamless';
import {
  addFavourite,
  createLaunch,
  endLaunches,
  favouriteCodes,
  launchableGame,
  launchingPlayer,
  recordFilters,
  removeFavourite,
} from './service';

export const BLOCKED_MESSAGE = (section: string) =>
  `Your selected section "${section}" is currently blocked by Your Upline. Please Contact Customer Support for further assistance.`;

const safeLobbyUrl = (v: string | undefined) => (v && /^https?:\/\//i.test(v) ? v : undefined);

export interface CasinoOptions {
  config?: CasinoConfig;
  /** Responsible gambling settings (default from the environment, read once). */
  protection?: ProtectionConfig;
}

/** Casino domain: launch, favourites, betting records, and the seamless wallet the game provider calls. */
export default async function casinoRoutes(app: FastifyInstance, opts: CasinoOptions = {}) {
  const config = opts.config ?? casinoConfig();
  const protection = opts.protection ?? protectionConfig();
  const db = app.db;
  const wallet = new SeamlessWallet(db, config, protection);
  // a risk hold ends the player's launch tokens in its transaction (protection/hooks.ts)
  app.protectionHooks.register({ held: endLaunches });

  registerEndpoint(app, gameRun, async (req) => {
    assertOwnRemoteId(req, req.body.userId);
    const game = await launchableGame(db, req.body.gameCode);
    if (!game || (req.body.platform !== game.platform && req.body.platform !== game.provider)) throw new NotFound('Game not found');
    // a transfer-wallet provider's game plays from its own wallet, opened through POST /api/provider-wallets/launch
    // (the amount moved in first); a seamless launch here would let it play from the main wallet
    if (isTransferWalletPlatform(game.platform))
      throw new Conflict('This game plays from its own wallet: open it from the games list and choose how much to move in.', {
        code: 'transfer_wallet_game',
      });
    const player = await launchingPlayer(db, req.player.id);
    if (marketBlock(player).casino) throw new Forbidden(BLOCKED_MESSAGE(game.type_name));

    const partner = config.partners.get(config.defaultPartner)!;
    const token = randomBytes(32).toString('base64url');
    // responsible gambling: no launch during an exclusion or time-out, under age, or once the session limit is reached
    // (the refusal is the API's JSON error: 403 with code, message, until; app.ts records a session limit reached now)
    await db.tx(async (q) => {
      await assertMayPlay(q, req.player.id, protection);
      await createLaunch(q, {
        token,
        playerId: req.player.id,
        provider: partner.id,
        gameCode: game.code,
        currency: player.currency,
        ttlMinutes: config.tokenTtlMinutes,
        maxMinutes: config.tokenMaxMinutes,
        sessionHash: req.player.session!.hash,
      });
    });
    const lobby = safeLobbyUrl(req.body.externalURL);
    const params = new URLSearchParams({
      token,
      game_code: game.code,
      game_name: game.name,
      game_type: game.type,
      currency: player.currency,
      lang: req.body.lang ?? 'en',
      platform: req.body.isMobileLogin === false || req.body.isMobileLogin === 0 || req.body.isMobileLogin === '0' ? 'desktop' : 'mobile',
      ...(lobby ? { lobby_url: lobby } : {}),
    });
    return { url: `${partner.launchUrl}/play?${params}` };
  });

  registerEndpoint(app, getGameFavourites, async (req) => ({ codes: await favouriteCodes(db, requirePlayer(req).id) }));

  registerEndpoint(app, addGameFavourite, async (req) => {
    const playerId = requirePlayer(req).id;
    await addFavourite(db, playerId, req.body.gameCode);
    return { codes: await favouriteCodes(db, playerId) };
  });

  registerEndpoint(app, removeGameFavourite, async (req) => {
    const playerId = requirePlayer(req).id;
    await removeFavourite(db, playerId, req.params.code);
    return { codes: await favouriteCodes(db, playerId) };
  });

  // Betting Records: the Settled tab (casino rounds) and the Exchange tab (exchange/records.ts) share the route
  registerEndpoint(app, bettingRecords, async (req) => {
    const playerId = requirePlayer(req).id;
    const { tab, date, platform, game_type } = req.query;
    if (tab === 'exchange') return { data: await exchangeRecords(db, playerId, { date: date ?? 'all' }) };
    // "all" is refused on the Settled tab by the query schema
    return { data: await settledBets(db, playerId, { platform, game_type, date: date === undefined || date === 'all' ? 'today' : date }) };
  });

  registerEndpoint(app, getGameTypes, async () => recordFilters(db));

  // The seamless wallet reads the raw body: the signature covers the exact bytes the provider sent.
  await app.register(async (sub) => {
    sub.removeAllContentTypeParsers();
    sub.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    sub.post(
      '/api/seamless/:provider/:action',
      {
        schema: {
          tags: ['seamless-wallet'],
          summary: 'Seamless wallet for game providers: authenticate, balance, bet, win, rollback',
          description:
            'Body: JSON of the action (see shared/contracts/src/schemas/casino.ts seamlessRequests). Headers X-Timestamp (unix seconds, within 300 s) and X-Signature: hex HMAC-SHA256 with the partner secret of `POST\\n{path}\\n{timestamp}\\n{raw body}`. ' +
            'Answers HTTP 200 with a status (OK, NOT_ENOUGH_MONEY, DUPLICATE_TRANSACTION, ...); 401 INVALID_SIGNATURE / INVALID_PARTNER; 400 WRONG_SYNTAX for a body that is not JSON.',
        },
      },
      async (req, reply) => {
        const { provider, action } = req.params as { provider: string; action: string };
        const partner = config.partners.get(provider);
        if (!partner) return reply.code(401).send({ status: 'INVALID_PARTNER', message: 'Unknown partner.' });
        const raw = typeof req.body === 'string' ? req.body : '';
        const check = checkCall(partner.secret, { method: req.method, path: req.url, body: raw }, req.headers);
        if (check !== 'ok') {
          const message =
            check === 'stale' ? 'The request timestamp is missing or outside the 300 s window.' : 'The request signature is not valid.';
          return reply.code(401).send({ status: 'INVALID_SIGNATURE', message });
        }
        if (!(SEAMLESS_ACTIONS as readonly string[]).includes(action)) {
          return reply.code(404).send({ status: 'WRONG_SYNTAX', message: `Unknown action ${action}.` });
        }
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          return reply.code(400).send({ status: 'WRONG_SYNTAX', message: 'The body is not JSON.' });
        }
        const parsed = seamlessRequests[action as SeamlessAction].safeParse(json);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const request_uuid = (json as { request_uuid?: unknown })?.request_uuid;
          return {
            status: 'WRONG_SYNTAX',
            message: issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid request.',
            ...(typeof request_uuid === 'string' ? { request_uuid } : {}),
          };
        }
        try {
          const out = await wallet.handle(provider, action as SeamlessAction, parsed.data as never);
          if (out.movedFor) await app.push.publishBalance(out.movedFor);
          return out.response;
        } catch (err) {
          req.log.error({ err, provider, action }, 'seamless wallet failed');
          return reply.code(500).send({ status: 'UNKNOWN', message: 'Internal error; retry the same request.' });
        }
      },
    );
  });
  // the studio's game art, mirrored at start (retried while the provider is not up yet) and then every artSyncHours
  if (config.artSyncHours > 0) {
    const partner = config.partners.get(config.defaultPartner)!;
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const run = async (attempt: number) => {
      try {
        const result = await syncProviderArt(db, { partner, storageDir: app.storageDir });
        app.log.info({ ...result }, 'casino: provider art synced');
        timer = setTimeout(() => void run(0), config.artSyncHours * 3_600_000);
      } catch (err) {
        if (attempt < 5) timer = setTimeout(() => void run(attempt + 1), config.artSyncRetryMs);
        else app.log.warn({ err }, 'casino: provider art not synced; tiles keep their pictures');
      }
      if (closed) clearTimeout(timer);
      timer?.unref();
    };
    app.addHook('onReady', async () => void run(0));
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
    });
  }
}
