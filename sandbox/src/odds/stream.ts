import type { FeedDelta, FeedMarket, FeedMessage } from '@khela/contracts';

/**
 * One consumer's side of the stream. Lines go out as NDJSON; when the socket pushes back (write answers false)
 * the deltas that follow are conflated per market until it drains, then sent as one `{ op: 'mcm', con: true }`
 * carrying the last clk: deltas hold whole markets, so the reader ends in the same state without a backlog.
 */
export class StreamWriter {
  private pending: Map<string, FeedMarket> | null = null;
  private last: FeedDelta | null = null;
  lastWriteAt = 0;

  constructor(
    private readonly write: (line: string) => boolean,
    private readonly clock: () => number = Date.now,
  ) {}

  send(msg: FeedMessage): void {
    if (msg.op === 'img') {
      // a whole world supersedes whatever was conflated
      this.pending = null;
      this.last = null;
    } else if (this.pending) {
      if (msg.op !== 'mcm') return; // a heartbeat is pointless while data waits
      for (const m of msg.mc) this.pending.set(m.marketId, m);
      this.last = msg;
      return;
    }
    this.lastWriteAt = this.clock();
    if (!this.write(`${JSON.stringify(msg)}\n`)) this.pending = new Map();
  }

  /** The socket drained: send what was conflated (if anything). */
  drain(): void {
    const pending = this.pending;
    const last = this.last;
    this.pending = null;
    this.last = null;
    if (pending && last && pending.size) this.send({ ...last, con: true, mc: [...pending.values()] });
  }

  get behind(): boolean {
    return this.pending !== null;
  }
}
