import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  SEAMLESS_ACTIONS,
  SEAMLESS_SIGNATURE_HEADER,
  addGameFavourite,
  gameRun,
  getBettingRecord,
  getGameFavourites,
  getGameTypes,
  removeGameFavourite,
  seamlessRequests,
  type SeamlessAction,
} from '@khela/contracts';
import type { Queryable } from '../db';
import { assertOwnRemoteId, registerEndpoint } from '../http/endpoint';
import { Forbidden, NotFound, Unauthenticated } from '../http/errors';
import type { AuthPlayer } from '../auth/sessions';
import { casinoConfig, type CasinoConfig } from './config';
import { SeamlessWallet, casinoBlocked, hashLaunchToken } from './seamless';
import { settledBets } from './records';
import { sign } from './signature';

export const BLOCKED_MESSAGE = (section: string) =>
  `Your selected section "${section}" is currently blocked by Your Upline. Please Contact Customer Support for further assistance.`;

async function favouriteCodes(q: Queryable, playerId: number): Promise<string[]> {
  const r = await q.query<{ game_code: string }>(
    'SELECT game_code FROM casino_favourites WHERE player_id = $1 ORDER BY created_at DESC, game_code',
    [playerId],
  );
  return r.rows.map((x) => x.game_code);
}

/** Bearer endpoints always have a player; this narrows the type. */
function me(req: { player: AuthPlayer | null }): AuthPlayer {
  if (!req.player) throw new Unauthenticated();
  return req.player;
}

const safeLobbyUrl = (v: string | undefined) => (v && /^https?:\/\//i.test(v) ? v : undefined);

/** Casino domain: launch, favourites, betting records, and the seamless wallet the game provider calls. */
export function casinoPlugin(config: CasinoConfig = casinoConfig()) {
  return async function casinoRoutes(app: FastifyInstance) {
    const db = app.db;
    const wallet = new SeamlessWallet(db, config);

    registerEndpoint(app, gameRun, async (req) => {
      assertOwnRemoteId(req, req.body.userId);
      const g = await db.query<{ code: string; name: string; type: string; platform: string; provider: string | null; type_name: string }>(
        `SELECT g.code, g.name, g.type, g.platform, g.provider, t.name AS type_name
         FROM games g JOIN game_types t ON t.code = g.type JOIN game_systems s ON s.platform = g.platform
         WHERE g.code = $1 AND g.status = 'active' AND s.status = 'active'`,
        [req.body.gameCode],
      );
      const game = g.rows[0];
      if (!game || (req.body.platform !== game.platform && req.body.platform !== game.provider)) throw new NotFound('Game not found');
      const p = await db.query<{ cs_market: number; player_status: string; currency: string }>(
        'SELECT cs_market, status AS player_status, currency FROM players WHERE id = $1',
        [req.player.id],
      );
      const player = p.rows[0]!;
      if (casinoBlocked(player)) throw new Forbidden(BLOCKED_MESSAGE(game.type_name));

      const partner = config.partners.get(config.defaultPartner)!;
      const token = randomBytes(32).toString('base64url');
      await db.query(
        `INSERT INTO casino_launches (token_hash, player_id, provider, game_code, currency, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
        [hashLaunchToken(token), req.player.id, partner.id, game.code, player.currency, config.tokenTtlMinutes],
      );
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

    registerEndpoint(app, getGameFavourites, async (req) => ({ codes: await favouriteCodes(db, me(req).id) }));

    registerEndpoint(app, addGameFavourite, async (req) => {
      const exists = await db.query('SELECT 1 FROM games WHERE code = $1', [req.body.gameCode]);
      if (!exists.rows.length) throw new NotFound('Game not found');
      await db.query(
        'INSERT INTO casino_favourites (player_id, game_code) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [me(req).id, req.body.gameCode],
      );
      return { codes: await favouriteCodes(db, me(req).id) };
    });

    registerEndpoint(app, removeGameFavourite, async (req) => {
      await db.query('DELETE FROM casino_favourites WHERE player_id = $1 AND game_code = $2', [me(req).id, req.params.code]);
      return { codes: await favouriteCodes(db, me(req).id) };
    });

    registerEndpoint(app, getBettingRecord, async (req) => ({
      data: await settledBets(db, me(req).id, req.query),
    }));

    registerEndpoint(app, getGameTypes, async () => {
      const types = await db.query<{ code: string; name: string }>(
        `SELECT code, name FROM game_types WHERE code <> 'SPORTS' ORDER BY sort_order, code`,
      );
      const platforms = await db.query<{ platform: string; name: string }>(
        `SELECT platform, name FROM game_systems WHERE status = 'active' ORDER BY sort_order, id`,
      );
      return { types: types.rows, platforms: platforms.rows };
    });

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
              'Body: JSON of the action (see shared/contracts/src/schemas/casino.ts seamlessRequests). Header X-Signature: hex HMAC-SHA256 of the raw body with the partner secret. ' +
              'Answers HTTP 200 with a status (OK, NOT_ENOUGH_MONEY, DUPLICATE_TRANSACTION, ...); 401 INVALID_SIGNATURE / INVALID_PARTNER; 400 WRONG_SYNTAX for a body that is not JSON.',
          },
        },
        async (req, reply) => {
          const { provider, action } = req.params as { provider: string; action: string };
          const partner = config.partners.get(provider);
          if (!partner) return reply.code(401).send({ status: 'INVALID_PARTNER', message: 'Unknown partner.' });
          const raw = typeof req.body === 'string' ? req.body : '';
          const given = String(req.headers[SEAMLESS_SIGNATURE_HEADER] ?? '');
          const expected = sign(partner.secret, raw);
          if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
            return reply.code(401).send({ status: 'INVALID_SIGNATURE', message: 'The request signature is not valid.' });
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
  };
}

export default casinoPlugin();
