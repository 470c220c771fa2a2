// The benchmarks' lean HTTP/1.1 client: keep-alive sockets written to and read from directly, one request at a time
// per socket (as many sockets as requests in flight, like that many separate callers). On this 2-core machine the
// callers share the cores with the API and PostgreSQL; node:http's client cost them ~0.35 ms of CPU a request (its
// ClientRequest, header validation and IncomingMessage stream per call), a third of a core at 1,000 requests a
// second taken from the system being measured. This one does what a load generator needs and no more: it sends a
// request built as one string and reads the status, the Content-Length (or chunked) body, and JSON.
import net from 'node:net';

export interface RawAnswer {
  status: number;
  json: Record<string, unknown>;
}

const HEADER_END = Buffer.from('\r\n\r\n');

class Conn {
  readonly socket: net.Socket;
  private buf: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (a: RawAnswer) => void; reject: (e: Error) => void } | null = null;
  dead = false;

  constructor(host: string, port: number, onDead: (c: Conn) => void) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
      this.parse();
    });
    const fail = (err: Error) => {
      if (this.dead) return;
      this.dead = true;
      onDead(this);
      this.waiting?.reject(err);
      this.waiting = null;
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('socket closed')));
  }

  send(head: string, body: string): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(body ? head + body : head);
    });
  }

  /** One whole answer in the buffer: hand it over (an answer that is not whole yet waits for more data). */
  private parse(): void {
    const end = this.buf.indexOf(HEADER_END);
    if (end < 0 || !this.waiting) return;
    const head = this.buf.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let body: string;
    let used: number;
    if (length) {
      const n = Number(length[1]);
      if (this.buf.length < end + 4 + n) return;
      body = this.buf.toString('utf8', end + 4, end + 4 + n);
      used = end + 4 + n;
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const parts: Buffer[] = [];
      let at = end + 4;
      for (;;) {
        const line = this.buf.indexOf('\r\n', at);
        if (line < 0) return;
        const size = parseInt(this.buf.toString('latin1', at, line), 16);
        if (this.buf.length < line + 2 + size + 2) return;
        if (size === 0) {
          used = line + 4;
          break;
        }
        parts.push(this.buf.subarray(line + 2, line + 2 + size));
        at = line + 2 + size + 2;
      }
      body = Buffer.concat(parts).toString('utf8');
    } else {
      body = '';
      used = end + 4;
    }
    this.buf = this.buf.length === used ? Buffer.alloc(0) : this.buf.subarray(used);
    let json: Record<string, unknown> = {};
    try {
      json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    } catch {
      // not JSON: no message
    }
    const w = this.waiting;
    this.waiting = null;
    w.resolve({ status, json });
    if (/\r\nconnection: *close/i.test(head)) this.socket.destroy();
  }
}

/** A pool of keep-alive connections to one server: a request takes an idle one or opens another. */
export class RawHttpPool {
  private readonly idle: Conn[] = [];
  private readonly host: string;
  private readonly port: number;
  private readonly hostHeader: string;

  constructor(base: string) {
    const u = new URL(base);
    this.host = u.hostname;
    this.port = Number(u.port || 80);
    this.hostHeader = u.host;
  }

  async post(path: string, headers: Record<string, string>, body = '', signal?: AbortSignal): Promise<RawAnswer> {
    // a connection that dies leaves `idle` at once (onDead), so an idle one is alive
    const conn =
      this.idle.pop() ??
      new Conn(this.host, this.port, (c) => {
        const i = this.idle.indexOf(c);
        if (i >= 0) this.idle.splice(i, 1);
      });
    let head = `POST ${path} HTTP/1.1\r\nhost: ${this.hostHeader}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
    for (const k in headers) head += `${k}: ${headers[k]}\r\n`;
    head += '\r\n';
    const abort = () => conn.socket.destroy(new Error('aborted'));
    signal?.addEventListener('abort', abort, { once: true });
    try {
      const answer = await conn.send(head, body);
      if (!conn.dead) this.idle.push(conn);
      return answer;
    } finally {
      signal?.removeEventListener('abort', abort);
    }
  }
}
