import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { EVENTS, eventDetail, matchOdds, sportsEvents, type Sport } from './feed';

const SPORTS = new Set<Sport>(['cricket', 'soccer', 'tennis']);

export interface OddsPluginOptions {
  /** Clock for the price drift (tests freeze it). */
  now?: () => number;
}

/**
 * The exchange odds host of spec section 7: sports event lists, match odds, event detail
 * (fancy + bookmaker) and a score board. Read-only JSON; the browser calls it directly.
 */
export function oddsPlugin(opts: OddsPluginOptions = {}): FastifyPluginAsync {
  const now = opts.now ?? Date.now;
  return async (app: FastifyInstance) => {
    // the odds view polls every 300 ms: keep per-request logs out of the console
    app.addHook('onRoute', (route) => {
      route.logLevel ??= 'warn';
    });
    app.addHook('onSend', async (_req, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    app.get('/', async (_req, reply) =>
      reply
        .type('text/html')
        .send(
          `<!doctype html><meta charset="utf-8"><title>Odds feed</title><h1>Exchange odds feed (sandbox)</h1><ul>${EVENTS.map(
            (e) => `<li>${e.sport} · ${e.name} · event ${e.eventId} · market ${e.marketId}${e.inplay ? ' · in-play' : ''}</li>`,
          ).join('')}</ul>`,
        ),
    );

    app.get('/api/sports-events/:sport', async (req, reply) => {
      const sport = (req.params as { sport: string }).sport as Sport;
      if (!SPORTS.has(sport)) return reply.code(404).send({ message: 'Unknown sport' });
      return sportsEvents(sport, now());
    });

    app.get('/api/match-odds/:marketId', async (req, reply) => {
      const odds = matchOdds((req.params as { marketId: string }).marketId, now());
      return odds ?? reply.code(404).send({ message: 'Unknown market' });
    });

    app.get('/api/event/:eventId', async (req, reply) => {
      const detail = eventDetail((req.params as { eventId: string }).eventId, now());
      return detail ?? reply.code(404).send({ message: 'Unknown event' });
    });

    // HTML the legacy client scrapes a frame address out of
    app.get('/api/score/board/:eventId', async (req, reply) => {
      const { eventId } = req.params as { eventId: string };
      if (!EVENTS.some((e) => e.eventId === eventId)) return reply.code(404).send({ message: 'Unknown event' });
      const src = `${req.protocol}://${req.host}${app.prefix}/score/${encodeURIComponent(eventId)}`;
      return reply.type('text/html').send(`<div class="score-board"><iframe src="${src}" width="100%" height="120"></iframe></div>`);
    });

    // the score frame itself: a small live card
    app.get('/score/:eventId', async (req, reply) => {
      const e = EVENTS.find((x) => x.eventId === (req.params as { eventId: string }).eventId);
      if (!e) return reply.code(404).send('Unknown event');
      const minute = Math.floor(now() / 60_000) % 90;
      const body =
        e.sport === 'cricket'
          ? `${e.runners[0]!.name} ${100 + (minute % 60)}/${minute % 7} (${Math.floor(minute / 3)}.${minute % 6} ov)`
          : `${e.name} · ${minute}'`;
      return reply
        .type('text/html')
        .send(
          `<!doctype html><meta charset="utf-8"><body style="margin:0;font:14px sans-serif;background:#0b3d2e;color:#fff;padding:8px">${body}</body>`,
        );
    });
  };
}

export default oddsPlugin();
