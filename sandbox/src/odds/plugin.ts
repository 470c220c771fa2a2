import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FeedMessage } from '@khela/contracts';
import {
  feedBallRunningBodySchema,
  feedInPlayBodySchema,
  feedLiquidityBodySchema,
  feedNewEventBodySchema,
  feedResultBodySchema,
} from '@khela/contracts';
import type { Sport } from './feed';
import { StreamWriter } from './stream';
import { CONTROL_ACTIONS, ControlError, World, type ControlAction } from './world';

const SPORTS = new Set<Sport>(['cricket', 'soccer', 'tennis']);

export interface OddsPluginOptions {
  /** Clock the world follows (tests drive it by hand). */
  now?: () => number;
  /** World seed (default ODDS_SEED or 1). */
  seed?: number | string;
  /** A world to serve (tests and the API's tests build their own). */
  world?: World;
  /** Heartbeat on an idle stream (default 5 s; a stream may ask for ?heartbeatMs= between minHeartbeatMs and 30 s). */
  heartbeatMs?: number;
  minHeartbeatMs?: number;
  /** How often the server moves the world to now() and pushes deltas (default 500 ms; 0 = only on requests). */
  advanceEveryMs?: number;
}

/**
 * The exchange odds host: the spec's polling endpoints (docs/README.md#spec-7), a change stream and a control API.
 *
 * Polling (spec shapes):  GET /api/sports-events/{cricket|soccer|tennis} · GET /api/match-odds/{marketId}
 *                         GET /api/event/{eventId} · GET /api/score/board/{eventId} (HTML) · GET /score/{eventId}
 *                         · GET /live/{eventId} (the live stream stand-in, HTML)
 * Stream (NDJSON):        GET /stream[?since=<clk>][&heartbeatMs=<ms>][&once=1]
 *                         first line: {op:'img'} (whole world) or, when `since` is still in the backlog, the missed
 *                         {op:'mcm'} deltas; then deltas as they happen and {op:'hb',clk} when idle. once=1 ends after
 *                         the image/backlog (catch-up without holding a connection). A slow reader gets one conflated
 *                         {op:'mcm',con:true} (latest state per market, last clk) instead of a backlog. Shapes: @khela/contracts feed.ts.
 * Read one market:        GET /markets/{marketId}
 * Control (each answers {clk, market} and is one delta on the stream; 404 unknown market, 400 wrong body, 409 closed):
 *   POST /markets/{marketId}/suspend          status SUSPENDED until resume
 *   POST /markets/{marketId}/resume           status OPEN, ends ball-running
 *   POST /markets/{marketId}/in-play          the whole event turns in play ({ "on": false } turns it back)
 *   POST /markets/{marketId}/ball-running     BookMaker and Fancy ({ "on": false } ends it)
 *   POST /markets/{marketId}/freeze|unfreeze  stop / restart automatic movement (prices, lines, phases)
 *   POST /markets/{marketId}/liquidity        { selectionId, back?: [{price,size}], lay?: [...] } sets a Match Odds
 *                                             runner's offer (omitted side = cleared; it stops drifting);
 *                                             { selectionId, auto: true } hands it back to the drift
 *   POST /markets/{marketId}/result           { "winner": selectionId } or, for Fancy, { "runs": n }; again = corrected
 *   POST /markets/{marketId}/void             market CLOSED and voided
 * New event:              POST /events { sport, name, runners: [{ name, basePrice }] (2-3), startsInHours? (24) } answers
 *                         { eventId, marketId, clk }: a Match Odds market no fixture user touches (a test's own); readers
 *                         get a fresh image carrying it. 400 wrong body, 409 when the world is full.
 * Market ids: Match Odds = the event's MarketId, BookMaker = {eventId}-BM, Fancy row n = {eventId}-F{n}.
 */
export function oddsPlugin(opts: OddsPluginOptions = {}): FastifyPluginAsync {
  const now = opts.now ?? Date.now;
  const heartbeatMs = opts.heartbeatMs ?? 5_000;
  const minHeartbeatMs = opts.minHeartbeatMs ?? 500;
  const advanceEveryMs = opts.advanceEveryMs ?? 500;
  return async (app: FastifyInstance) => {
    const world = opts.world ?? new World({ seed: opts.seed ?? process.env.ODDS_SEED ?? 1, startMs: now() });
    const sync = () => world.advanceTo(now());

    // the odds view polls every 300 ms: keep per-request logs out of the console
    app.addHook('onRoute', (route) => {
      route.logLevel ??= 'warn';
    });
    app.addHook('onRequest', async () => sync());
    app.addHook('onSend', async (_req, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });
    let ticker: NodeJS.Timeout | undefined;
    const streams = new Set<() => void>();
    app.addHook('onReady', async () => {
      if (advanceEveryMs > 0) ticker = setInterval(sync, advanceEveryMs).unref();
    });
    // Streams never end on their own: end them before the server waits for its connections (onClose comes after that).
    app.addHook('preClose', async () => {
      for (const end of [...streams]) end();
    });
    app.addHook('onClose', async () => clearInterval(ticker));

    app.get('/', async (_req, reply) =>
      reply.type('text/html').send(
        `<!doctype html><meta charset="utf-8"><title>Odds feed</title><h1>Exchange odds feed (sandbox)</h1><p>seed ${String(world.seed)} · clk ${world.clk}</p><ul>${world
          .eventList()
          .map(
            (e) =>
              `<li>${e.sport} · ${e.name} · event ${e.eventId} · markets ${e.marketIds.join(', ')}${e.inplay ? ' · in-play' : ''}</li>`,
          )
          .join('')}</ul>`,
      ),
    );

    app.get('/api/sports-events/:sport', async (req, reply) => {
      const sport = (req.params as { sport: string }).sport as Sport;
      if (!SPORTS.has(sport)) return reply.code(404).send({ message: 'Unknown sport' });
      return world.sportsEvents(sport);
    });

    app.get('/api/match-odds/:marketId', async (req, reply) => {
      const odds = world.matchOdds((req.params as { marketId: string }).marketId);
      return odds ?? reply.code(404).send({ message: 'Unknown market' });
    });

    app.get('/api/event/:eventId', async (req, reply) => {
      const detail = world.eventDetail((req.params as { eventId: string }).eventId);
      return detail ?? reply.code(404).send({ message: 'Unknown event' });
    });

    // HTML the legacy client scrapes a frame address out of
    app.get('/api/score/board/:eventId', async (req, reply) => {
      const { eventId } = req.params as { eventId: string };
      if (!world.eventDetail(eventId)) return reply.code(404).send({ message: 'Unknown event' });
      const src = `${req.protocol}://${req.host}${app.prefix}/score/${encodeURIComponent(eventId)}`;
      return reply.type('text/html').send(`<div class="score-board"><iframe src="${src}" width="100%" height="120"></iframe></div>`);
    });

    // the score frame itself: a small live card
    app.get('/score/:eventId', async (req, reply) => {
      const e = world.eventList().find((x) => x.eventId === (req.params as { eventId: string }).eventId);
      if (!e) return reply.code(404).send('Unknown event');
      const first = world.market(e.marketIds[0]!)!.runners[0]!.name;
      const minute = Math.floor(now() / 60_000) % 90;
      const body =
        e.sport === 'cricket'
          ? `${first} ${100 + (minute % 60)}/${minute % 7} (${Math.floor(minute / 3)}.${minute % 6} ov)`
          : `${e.name} · ${minute}'`;
      return reply
        .type('text/html')
        .send(
          `<!doctype html><meta charset="utf-8"><body style="margin:0;font:14px sans-serif;background:#0b3d2e;color:#fff;padding:8px">${body}</body>`,
        );
    });

    // the live stream stand-in (a real feed's video player): a moving picture of the ground, no media, no requests
    app.get('/live/:eventId', async (req, reply) => {
      const e = world.eventList().find((x) => x.eventId === (req.params as { eventId: string }).eventId);
      if (!e) return reply.code(404).send('Unknown event');
      const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      return reply
        .type('text/html')
        .send(
          `<!doctype html><meta charset="utf-8"><title>Live</title><style>` +
            `html,body{margin:0;height:100%;background:#0b3d2e;color:#fff;font:14px sans-serif;overflow:hidden}` +
            `.g{position:absolute;inset:8% 6%;border:2px solid #ffffff55;border-radius:50%/40%;background:radial-gradient(#1f7a4c,#14583a)}` +
            `.p{position:absolute;left:47%;top:30%;width:6%;height:40%;background:#c8a96a;border-radius:3px}` +
            `.b{position:absolute;width:10px;height:10px;border-radius:50%;background:#e33;top:48%;left:10%;animation:m 2.4s ease-in-out infinite alternate}` +
            `@keyframes m{to{left:88%;top:40%}}.l{position:absolute;left:8px;top:8px;background:#e11d48;padding:2px 6px;border-radius:3px;font-weight:700}` +
            `.n{position:absolute;left:8px;bottom:8px;right:8px}</style>` +
            `<div class="g"></div><div class="p"></div><div class="b"></div><span class="l">LIVE</span><span class="n">${esc(e.name)}</span>`,
        );
    });

    app.get('/stream', async (req, reply) => {
      const q = req.query as { since?: string; heartbeatMs?: string; once?: string };
      const since = q.since === undefined || q.since === '' ? null : world.since(Number(q.since));
      const first: FeedMessage[] = since ?? [world.image()];
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'cache-control': 'no-store',
        'access-control-allow-origin': '*',
        'x-accel-buffering': 'no',
      });
      const out = new StreamWriter((line) => res.write(line));
      res.on('drain', () => out.drain());
      const write = (msg: FeedMessage) => out.send(msg);
      for (const m of first) write(m);
      if (q.once === '1' || q.once === 'true') {
        res.end();
        return;
      }
      const hb = Math.max(minHeartbeatMs, Math.min(30_000, Number(q.heartbeatMs) || heartbeatMs));
      const unsubscribe = world.subscribe(write, write);
      const timer = setInterval(
        () => {
          if (!out.behind && Date.now() - out.lastWriteAt >= hb) write({ op: 'hb', clk: world.clk, pt: world.now() });
        },
        Math.max(10, Math.floor(hb / 2)),
      );
      const end = () => {
        clearInterval(timer);
        unsubscribe();
        streams.delete(end);
        if (!res.writableEnded) res.end();
      };
      streams.add(end);
      res.on('close', end);
    });

    app.get('/markets/:marketId', async (req, reply) => {
      const m = world.market((req.params as { marketId: string }).marketId);
      return m ?? reply.code(404).send({ message: 'Unknown market' });
    });

    app.post('/events', async (req, reply) => {
      const parsed = feedNewEventBodySchema.safeParse(req.body ?? undefined);
      if (!parsed.success) return reply.code(400).send({ message: 'Bad event body', issues: parsed.error.issues });
      try {
        return { ...world.addEvent(parsed.data), clk: world.clk };
      } catch (e) {
        if (e instanceof ControlError) return reply.code(e.statusCode).send({ message: e.message });
        throw e;
      }
    });

    app.post('/markets/:marketId/:action', async (req, reply) => {
      const { marketId, action } = req.params as { marketId: string; action: string };
      if (!(CONTROL_ACTIONS as readonly string[]).includes(action)) return reply.code(404).send({ message: `Unknown action ${action}` });
      const schema =
        action === 'liquidity'
          ? feedLiquidityBodySchema
          : action === 'result'
            ? feedResultBodySchema
            : action === 'ball-running'
              ? feedBallRunningBodySchema
              : action === 'in-play'
                ? feedInPlayBodySchema
                : null;
      let body: unknown = {};
      if (schema) {
        const parsed = schema.safeParse(req.body ?? undefined);
        if (!parsed.success) return reply.code(400).send({ message: `Bad ${action} body`, issues: parsed.error.issues });
        body = parsed.data;
      }
      try {
        const d = world.control(marketId, action as ControlAction, body);
        return { clk: d.clk, market: world.market(marketId) };
      } catch (e) {
        if (e instanceof ControlError) return reply.code(e.statusCode).send({ message: e.message });
        throw e;
      }
    });
  };
}

export default oddsPlugin();
