import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pushTicket } from '@khela/contracts';
import { registerEndpoint, requirePlayer } from '../http/endpoint';
import { BadRequest, Unauthenticated } from '../http/errors';
import type { PushTopic } from './broker';
import { balanceEvent, TICKET_TTL_SECONDS } from './service';
import { staffStreamRoutes } from './staff-stream';

export default async function pushRoutes(app: FastifyInstance) {
  registerEndpoint(app, pushTicket, async (req) => {
    const player = requirePlayer(req);
    return { ticket: await app.push.issueTicket(player.id, player.session!.hash), expires_in: TICKET_TTL_SECONDS };
  });

  const open = new Set<() => void>();
  // SSE responses never end on their own; end them so app.close() does not wait forever.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  // the back office's staff stream (its own tickets, operator sessions), beside the players'
  staffStreamRoutes(app, open);

  app.get(
    '/api/push/stream',
    {
      schema: {
        querystring: z.object({ ticket: z.string().min(1, 'The ticket field is required.') }),
        tags: ['push'],
        summary:
          'Server-Sent Events: `event: balance`, `event: odds` (every market change, to every stream; `bets: true` to the player whose bets changed; later inbox, chat); heartbeat comment every 20 s; ends with its session; at most 5 per session and 20 per player (the oldest closes; PUSH_STREAMS_PER_SESSION, PUSH_STREAMS_PER_PLAYER) and 10,000 per client address (then 429; PUSH_STREAMS_PER_ADDRESS)',
      },
    },
    async (req, reply) => {
      const { ticket } = req.query as { ticket: string };
      const redeemed = await app.push.redeemTicket(ticket);
      if (!redeemed) throw new Unauthenticated();
      const { playerId, sessionHash } = redeemed;
      const initial = await balanceEvent(app.db, playerId).catch(() => {
        throw new BadRequest('Unknown player');
      });
      // the client address as the app resolves it (behind nginx: from X-Forwarded-For of a trusted proxy only)
      const streamId = await app.push.openStream(playerId, sessionHash, req.ip);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>), // CORS headers set by the onRequest hook
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (topic: PushTopic, payload: unknown) => {
        res.write(`event: ${topic}\ndata: ${JSON.stringify(payload)}\n\n`);
      };
      res.write(`retry: 3000\n\n`);
      send('balance', initial);

      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        unsubscribeBroadcast();
        open.delete(end);
        if (!res.writableEnded) res.end();
        void app.push.closeStream(streamId).catch(() => undefined);
      };
      // log-out, password change, disable (by session) and the per-session cap (by stream id), from any process
      const unsubscribe = app.push.subscribe(playerId, send, (e) => {
        const mine = e.streams ? e.streams.includes(streamId) : e.sessions ? e.sessions.includes(sessionHash) : true;
        if (mine) end();
      });
      // public topics (odds) this process relays to all of its streams, serialised once and gathered per write
      const unsubscribeBroadcast = app.push.subscribeBroadcastFrames((frames) => res.write(frames));
      // the heartbeat re-checks the session too: an end notice lost between processes still ends the stream
      const heartbeat = setInterval(() => {
        res.write(`: ping\n\n`);
        app.push.touchStream(streamId).then(
          (live) => live || end(),
          () => undefined,
        );
      }, app.push.limits.heartbeatMs);
      // a log-out between the ticket and the subscription above is seen here
      app.push.touchStream(streamId).then(
        (live) => live || end(),
        () => undefined,
      );
      open.add(end);
      req.raw.on('close', end);
      res.on('error', end);
    },
  );
}
