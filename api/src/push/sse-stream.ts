import type { FastifyReply, FastifyRequest } from 'fastify';

/** An open Server-Sent Events response: named events, raw frames, and its one way to end. */
export interface SseStream {
  /** `event: <topic>` with its JSON (nothing once ended). */
  send(topic: string, payload: unknown): void;
  /** Frames already serialised (the broadcast topics, gathered per write). */
  write(frames: string): void;
  /** Ends the response and runs every `onEnd` once; safe to call again. */
  end(): void;
  /** Runs when the stream ends, whatever ended it (unsubscribe, forget the stream). */
  onEnd(cleanup: () => void): void;
  /**
   * Starts the heartbeat (a comment line every `heartbeatMs`, which also asks `isLive` and ends the stream when it
   * answers false) and asks `isLive` once at once: an end notice sent between the caller's checks and its
   * subscriptions is seen there. Call after subscribing.
   */
  watch(isLive: () => Promise<boolean>): void;
}

/**
 * The players' stream and the staff stream open and end their responses the same way: headers that keep proxies from
 * buffering or transforming them, a reconnect delay, a heartbeat that re-checks the session behind the stream, and an
 * end on log-out notices, client disconnects, socket errors and the server's close (`open` holds every live stream's
 * end so a preClose hook can end them: SSE responses never end on their own).
 */
export function openSseStream(req: FastifyRequest, reply: FastifyReply, opts: { open: Set<() => void>; heartbeatMs: number }): SseStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>), // CORS headers set by the onRequest hook
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(`retry: 3000\n\n`);

  const cleanups: Array<() => void> = [];
  let heartbeat: NodeJS.Timeout | undefined;
  let ended = false;
  const stream: SseStream = {
    send(topic, payload) {
      if (!res.writableEnded) res.write(`event: ${topic}\ndata: ${JSON.stringify(payload)}\n\n`);
    },
    write(frames) {
      if (!res.writableEnded) res.write(frames);
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      opts.open.delete(stream.end);
      for (const cleanup of cleanups) cleanup();
      if (!res.writableEnded) res.end();
    },
    onEnd(cleanup) {
      if (ended) cleanup();
      else cleanups.push(cleanup);
    },
    watch(isLive) {
      const check = () =>
        isLive().then(
          (live) => live || stream.end(),
          () => undefined,
        );
      heartbeat = setInterval(() => {
        stream.write(`: ping\n\n`);
        void check();
      }, opts.heartbeatMs);
      void check();
    },
  };
  opts.open.add(stream.end);
  req.raw.on('close', stream.end);
  res.on('error', stream.end);
  return stream;
}
