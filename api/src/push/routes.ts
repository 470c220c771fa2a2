import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pushTicket } from '@khela/contracts';
import { registerEndpoint, requirePlayer } from '../http/endpoint';
import { BadRequest, Unauthenticated } from '../errors';
import { balanceEvent, TICKET_TTL_SECONDS } from './service';
import { openSseStream } from './sse-stream';
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

      const stream = openSseStream(req, reply, { open, heartbeatMs: app.push.limits.heartbeatMs });
      stream.send('balance', initial);
      stream.onEnd(() => void app.push.closeStream(streamId).catch(() => undefined));
      // log-out, password change, disable (by session) and the per-session cap (by stream id), from any process
      stream.onEnd(
        app.push.subscribe(playerId, stream.send, (e) => {
          const mine = e.streams ? e.streams.includes(streamId) : e.sessions ? e.sessions.includes(sessionHash) : true;
          if (mine) stream.end();
        }),
      );
      // public topics (odds) this process relays to all of its streams, serialised once and gathered per write
      stream.onEnd(app.push.subscribeBroadcastFrames(stream.write));
      // the heartbeat re-checks the session too: an end notice lost between processes still ends the stream
      stream.watch(() => app.push.touchStream(streamId));
    },
  );
}
