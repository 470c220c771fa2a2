import type { ServerResponse } from 'node:http';
import { pushConnections } from './metrics';

/** The routes that answer with a Server-Sent Events stream, and their `stream` label. */
export const SSE_ROUTES = new Map<string | undefined, string>([
  ['/api/push/stream', 'player'],
  ['/api/operator/stream', 'staff'],
]);

/** What a stream hears before a shutdown ends it: the client reconnects, through the balancer, to another process. */
export const RECONNECT_FRAME = `event: reconnect\ndata: {"reason":"shutdown"}\n\n`;

/**
 * The open SSE responses of this process: counted in `khela_push_connections`, told to reconnect on shutdown.
 * The push domain still owns each stream (and ends it on close); this only watches the raw responses.
 */
export class SseStreams {
  private readonly open = new Set<ServerResponse>();

  track(kind: string, res: ServerResponse): void {
    this.open.add(res);
    pushConnections.inc({ stream: kind });
    res.once('close', () => {
      this.open.delete(res);
      pushConnections.dec({ stream: kind });
    });
  }

  get size(): number {
    return this.open.size;
  }

  /** Writes the reconnect event to every stream that is open; returns how many heard it. */
  sayReconnect(): number {
    let told = 0;
    for (const res of this.open) {
      // a refused stream (401) has answered and ended; an open one has sent its 200 head and stays writable
      if (!res.headersSent || res.writableEnded || res.statusCode !== 200) continue;
      res.write(RECONNECT_FRAME);
      told++;
    }
    return told;
  }
}
