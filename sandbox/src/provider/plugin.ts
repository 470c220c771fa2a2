import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { config } from '../config';
import { GameError, GameProvider, fromMinor, toMinor } from './engine';
import { checkCall } from '@khela/contracts/signing';
import { STUDIO_GAMES, catalogue, gameArtSvg } from './catalogue';
import { crashPage, errorPage, logPage, slotPage } from './pages';
import { WalletClient, fetchTransport, type WalletTransport } from './wallet-client';

export const PROVIDER_ID = 'sandbox';

export interface ProviderPluginOptions {
  /** Overrides how the provider reaches the operator's wallet (tests). */
  transport?: WalletTransport;
  secret?: string;
  provider?: GameProvider;
}

const stakeBody = z.object({ bet: z.string() });
const crashBody = z.object({ bet: z.string(), auto_cashout: z.number().nullable().optional() });

function fail(reply: FastifyReply, err: unknown) {
  if (err instanceof GameError) {
    const http = err.code === 'SESSION_NOT_FOUND' || err.code === 'TRANSACTION_DOES_NOT_EXIST' ? 404 : err.code === 'UNKNOWN' ? 502 : 400;
    return reply.code(http).send({
      code: err.code,
      message: err.message,
      ...(err.balanceMinor !== undefined ? { balance: fromMinor(err.balanceMinor) } : {}),
    });
  }
  throw err;
}

/**
 * The game provider: GET /provider/play?token=... is the launch URL the operator hands to its iframe.
 * It authenticates the token with the operator, then serves a playable slot or crash game whose rounds
 * go through the operator's seamless wallet. GET /provider/rounds is the provider's round log.
 */
export function providerPlugin(opts: ProviderPluginOptions = {}): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const provider =
      opts.provider ??
      new GameProvider({
        providerId: PROVIDER_ID,
        wallet: new WalletClient(opts.transport ?? fetchTransport(config.apiUrl), PROVIDER_ID, opts.secret ?? config.providerSecret),
      });
    app.addHook('onClose', async () => provider.close());
    app.decorate('gameProvider', provider);

    // The taka sign and Bangla need a Bengali font that phones may lack; a studio ships its own assets.
    const fontFile = fileURLToPath(new URL('../../../shell/public/fonts/NotoSansBengali-Regular.ttf', import.meta.url));
    app.get('/assets/bengali.ttf', async (_req, reply) => {
      if (!existsSync(fontFile)) return reply.code(404).send({ message: 'font not bundled' });
      return reply.type('font/ttf').header('cache-control', 'public, max-age=86400').send(readFileSync(fontFile));
    });

    app.get('/', async (_req, reply) => reply.type('text/html').send(logPage(provider.rounds())));

    // The catalogue with each game's art (signed like every partner call); the URLs are on the host the caller used.
    app.get('/api/games', async (req, reply) => {
      const check = checkCall(opts.secret ?? config.providerSecret, { method: 'GET', path: req.url, body: '' }, req.headers);
      if (check !== 'ok') return reply.code(401).send({ code: 'INVALID_SIGNATURE', message: 'Signature check failed' });
      const prefix = req.url.slice(0, req.url.indexOf('/api/games'));
      return catalogue(`${req.protocol}://${req.headers.host}${prefix}/art`);
    });
    app.get('/art/:file', async (req, reply) => {
      const code = (req.params as { file: string }).file.replace(/\.svg$/, '');
      const game = STUDIO_GAMES.find((g) => g.game_code === code);
      if (!game) return reply.code(404).send({ message: 'no art for this game' });
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(gameArtSvg(game));
    });

    app.get('/rounds', async (req) => {
      const q = req.query as { user?: string; game_code?: string };
      return { provider: PROVIDER_ID, rounds: provider.rounds({ user: q.user, game_code: q.game_code }) };
    });

    app.get('/play', async (req, reply) => {
      const q = z
        .object({
          token: z.string().min(1),
          game_code: z.string().min(1),
          game_name: z.string().optional(),
          game_type: z.string().optional(),
          lobby_url: z.string().optional(),
          lang: z.string().optional(),
        })
        .safeParse(req.query);
      reply.type('text/html');
      if (!q.success) return reply.code(400).send(errorPage('The launch link is incomplete.', 'WRONG_SYNTAX'));
      try {
        const session = await provider.openSession({
          token: q.data.token,
          gameCode: q.data.game_code,
          gameName: q.data.game_name,
          gameType: q.data.game_type,
          lobbyUrl: q.data.lobby_url ?? null,
          lang: q.data.lang,
        });
        return reply.send(session.engine === 'crash' ? crashPage(session) : slotPage(session));
      } catch (err) {
        if (err instanceof GameError) {
          const text =
            err.code === 'TOKEN_EXPIRED'
              ? 'This game link has expired. Close the game and open it again.'
              : err.code === 'INVALID_TOKEN'
                ? 'This game link is not valid. Close the game and open it again.'
                : err.message;
          return reply.code(403).send(errorPage(text, err.code));
        }
        req.log.error({ err }, 'provider: launch failed');
        return reply.code(502).send(errorPage('The casino could not be reached. Try again later.', 'UNKNOWN'));
      }
    });

    app.get('/api/sessions/:sid/balance', async (req, reply) => {
      const { sid } = req.params as { sid: string };
      try {
        const minor = await provider.refreshBalance(sid);
        return { balance: fromMinor(minor) };
      } catch (err) {
        return fail(reply, err);
      }
    });

    app.post('/api/sessions/:sid/spin', async (req, reply) => {
      const { sid } = req.params as { sid: string };
      const body = stakeBody.safeParse(req.body);
      if (!body.success) return reply.code(400).send({ code: 'WRONG_SYNTAX', message: 'bet is required' });
      try {
        return await provider.spin(sid, toMinor(body.data.bet));
      } catch (err) {
        return fail(reply, err);
      }
    });

    app.post('/api/sessions/:sid/crash/start', async (req, reply) => {
      const { sid } = req.params as { sid: string };
      const body = crashBody.safeParse(req.body);
      if (!body.success) return reply.code(400).send({ code: 'WRONG_SYNTAX', message: 'bet is required' });
      try {
        return await provider.crashStart(sid, toMinor(body.data.bet), body.data.auto_cashout ?? null);
      } catch (err) {
        return fail(reply, err);
      }
    });

    app.post('/api/sessions/:sid/crash/:round/cashout', async (req, reply) => {
      const { sid, round } = req.params as { sid: string; round: string };
      try {
        return await provider.crashCashout(sid, round);
      } catch (err) {
        return fail(reply, err);
      }
    });

    app.get('/api/sessions/:sid/crash/:round', async (req, reply) => {
      const { sid, round } = req.params as { sid: string; round: string };
      try {
        return provider.crashState(sid, round);
      } catch (err) {
        return fail(reply, err);
      }
    });
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    gameProvider?: GameProvider;
  }
}

export default providerPlugin();
