import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
// By path: '@khela/contracts' does not re-export the type and '@khela/web' pulls in browser code.
import type { Endpoint } from '@khela/contracts';
import type { Db } from '../db';
import '../auth/session-cache';
import { bearerToken, playerForToken, type AuthPlayer } from '../auth/sessions';
import { deviceIdOf, deviceRecorder } from '../core/linked';
import { acceptsExchangeToken, EXCHANGE_TOKEN_REFUSED } from '../auth/exchange-scope';
import { Forbidden, Unauthenticated } from '../errors';
import { staffAuthHook } from '../auth/staff';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
  interface FastifyRequest {
    /** Set by bearer/optional auth; null for visitors. */
    player: AuthPlayer | null;
  }
}

type Out<S> = S extends z.ZodUndefined ? undefined : S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** What a handler sees: Fastify's request with the endpoint's parsed query/body/params. */
export type EndpointRequest<E extends Endpoint<any, any, any, any>> = Omit<FastifyRequest, 'query' | 'body' | 'params'> &
  (E extends Endpoint<infer Q, infer B, infer P, any> ? { query: Out<Q>; body: Out<B>; params: Out<P> } : never);

export type EndpointHandler<E extends Endpoint<any, any, any, any>> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E extends Endpoint<any, any, any, infer R> ? In<R> : never>;

/** '/api/promotions/{id}' -> '/api/promotions/:id' */
export const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Resolves the bearer token to `req.player`; 401 when required and missing/invalid. An exchange token
 * (POST /api/player-login) counts only on the exchange's calls: 403 on other bearer calls, a visitor on optional ones.
 */
export function authHook(mode: Endpoint['auth'], endpoint?: Pick<Endpoint, 'method' | 'path'>): onRequestHookHandler {
  const exchangeOk = endpoint ? acceptsExchangeToken(endpoint) : false;
  return async function (req) {
    req.player = null;
    if (mode === 'none') return;
    const token = bearerToken(req.headers.authorization);
    // the process's session cache (auth/session-cache.ts) when the app has one
    const player = token ? await (this.sessions ? this.sessions.playerForToken(this.db, token) : playerForToken(this.db, token)) : null;
    if (player?.session?.scope === 'exchange' && !exchangeOk) {
      if (mode === 'bearer') throw new Forbidden(EXCHANGE_TOKEN_REFUSED);
    } else {
      req.player = player;
    }
    if (mode === 'bearer' && !req.player) throw new Unauthenticated();
    // the first-party device id the site sends: links accounts of one person (core/linked.ts); never fails a request
    const device = req.player ? deviceIdOf(req.headers) : null;
    if (device && req.player) {
      await deviceRecorder(this.db)
        .record(this.db, req.player.id, device)
        .catch((err: unknown) => req.log.error({ err }, 'recording the device id failed'));
    }
  };
}

/**
 * Registers one shared `Endpoint` as a route: zod validation of query/body/params (422 on failure),
 * zod-checked 200 response, auth, and OpenAPI docs. The handler returns the 200 body;
 * throw an HttpError for anything else.
 */
export function registerEndpoint<E extends Endpoint<any, any, any, any>>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
): void {
  const tags = endpoint.tags ?? [endpoint.path.split('/')[2] ?? 'api'];
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    schema: {
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: { 200: endpoint.response },
      tags,
      ...(endpoint.summary ? { summary: endpoint.summary } : {}),
      ...(endpoint.auth !== 'none' ? { security: [{ bearer: [] }] } : {}),
    },
    onRequest: endpoint.auth === 'staff' ? staffAuthHook(endpoint.roles, endpoint.path) : authHook(endpoint.auth, endpoint),
    handler: (req, reply) => handler(req as unknown as EndpointRequest<E>, reply),
  });
}

/**
 * The authenticated player. On 'bearer' endpoints the auth hook has already answered 401
 * for visitors, so this only narrows the type (`Endpoint.auth` is not a literal type).
 */
export function requirePlayer(req: { player: AuthPlayer | null }): AuthPlayer {
  if (!req.player) throw new Unauthenticated();
  return req.player;
}

/**
 * 403 when a `remote_id` sent by the client is not the token's own player (absent is fine:
 * handlers always act on `req.player.id`, never on the remote_id itself).
 */
export function assertOwnRemoteId(req: { player: AuthPlayer | null }, remoteId: unknown): asserts req is { player: AuthPlayer } {
  if (!req.player) throw new Unauthenticated();
  if (remoteId === undefined || remoteId === null || remoteId === '') return;
  if (String(remoteId) !== String(req.player.id)) throw new Forbidden();
}
