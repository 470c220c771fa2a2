import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pushTicket } from '@khela/contracts';
import { registerEndpoint, requirePlayer } from '../http/endpoint';
import { BadRequest, Unauthenticated } from '../http/errors';
import type { PushTopic } from './broker';
import { balanceEvent, TICKET_TTL_SECONDS } from './service';

export const HEARTBEAT_MS = 20_000;

export default async function pushRoutes(app: FastifyInstance) {
  registerEndpoint(app, pushTicket, async (req) => ({
    ticket: await app.push.issueTicket(requirePlayer(req).id),
    expires_in: TICKET_TTL_SECONDS,
  }));

  const open = new Set<() => void>();
  // SSE responses never end on their own; end them so app.close() does not wait forever.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/api/push/stream',
    {
      schema: {
        querystring: z.object({ ticket: z.string().min(1, 'The ticket field is required.') }),
        tags: ['push'],
        summary: 'Server-Sent Events: `event: balance` (later inbox, chat, odds); heartbeat comment every 20 s',
      },
    },
    async (req, reply) => {
      const { ticket } = req.query as { ticket: string };
      const playerId = await app.push.redeemTicket(ticket);
      if (!playerId) throw new Unauthenticated();
      const initial = await balanceEvent(app.db, playerId).catch(() => {
        throw new BadRequest('Unknown player');
      });

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

      const unsubscribe = app.push.subscribe(playerId, send);
      const heartbeat = setInterval(() => res.write(`: ping\n\n`), HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      req.raw.on('close', end);
      res.on('error', end);
    },
  );
}
