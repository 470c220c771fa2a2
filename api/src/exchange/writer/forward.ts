// A bet or cancel for a market another API process writes is passed to that process (the holder of the market's
// lease, at the address in its lease row) as the client sent it: same method, path, bearer token, Idempotency-Key and
// body, so the holder authenticates and answers it exactly as if the client had called it (the token is the player's).
// It is signed as an internal call (http/internal-call.ts): the request limits counted it here and the holder does not
// count it again. The holder's answer is the answer. A forwarded request carries
// `x-khela-forwarded` and is never forwarded again.
//
// When the holder cannot answer, the command is taken here instead (this process then takes the lease through the
// writer): the holder refused the connection or broke it (killed), its lease lapsed while we waited (hung: stopped,
// paused past its lease; the request is abandoned, and if the hung holder wakes its batch fails the fence), or it
// answered 503 other than for a full queue (a rolling restart drains it, its server is closing, or it lost the market). A client retrying with the same
// Idempotency-Key gets the stored bet wherever the first attempt was written.
import { DEVICE_ID_HEADER } from '@khela/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../errors';
import { internalCallHeaders, internalCallKey } from '../../http/internal-call';
import { exchangeWriterForwarded } from '../../ops/metrics';
import type { WriterLease } from './lease';

export const FORWARDED_HEADER = 'x-khela-forwarded';
/** On a forwarded bet: the balancer sent it to the forwarding process by its market (the market's own route). */
export const BALANCED_HEADER = 'x-khela-balanced';

let internalKey: string | undefined;

/** The holder's answer, other than a 200: passed to the client as it came (status, body, Retry-After). */
class HolderAnswer extends HttpError {
  constructor(
    status: number,
    private readonly json: Record<string, unknown>,
  ) {
    super(status, typeof json.message === 'string' ? json.message : 'The market writer refused the request.');
  }
  override body(): Record<string, unknown> {
    return this.json;
  }
}

/**
 * The holder's 200 answer, or null when the command is to run here (this process holds the market, nobody does, the
 * request was already forwarded, or the holder failed as above). Another answer of the holder is thrown as it came.
 */
export async function forwardToHolder(
  req: FastifyRequest,
  marketId: string,
  path: string,
  lease: WriterLease,
  balanced = false,
): Promise<unknown> {
  if (req.headers[FORWARDED_HEADER]) return null;
  // the database away (a restart): taken here, where the writer answers 503 until it is back
  const holder = await lease.holder(marketId).catch(() => null);
  if (!holder || holder.self || !holder.address) return null;
  const stop = new AbortController();
  const lapsed = lease.lapsed(marketId, holder.epoch, stop.signal).then(() => 'lapsed' as const);
  const headers: Record<string, string> = { [FORWARDED_HEADER]: lease.owner, 'x-forwarded-for': req.ip };
  if (balanced) headers[BALANCED_HEADER] = '1';
  // the caller as the holder must see it: the player's token, the bet's key, the request id, the device (linked accounts)
  for (const h of ['authorization', 'idempotency-key', 'x-request-id', DEVICE_ID_HEADER, 'user-agent']) {
    const v = req.headers[h];
    if (typeof v === 'string') headers[h] = v;
  }
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, internalCallHeaders((internalKey ??= internalCallKey()), req.method, path, headers));
  try {
    const sent = fetch(`${holder.address}${path}`, {
      method: req.method,
      headers,
      body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
      signal: stop.signal,
    }).then(
      async (res) => ({ res, text: await res.text() }),
      () => 'failed' as const,
    );
    const got = await Promise.race([sent, lapsed]);
    if (got === 'lapsed' || got === 'failed') {
      exchangeWriterForwarded.inc({ outcome: got === 'lapsed' ? 'holder_lapsed' : 'holder_unreachable' });
      return null;
    }
    const { res, text } = got;
    const why = res.headers.get('x-khela-writer');
    // closing, moved, or a 503 not from the writer (the holder's server is shutting down): taken here; a full queue
    // ('full') is the holder's answer (back pressure)
    if (res.status === 503 && why !== 'full') {
      exchangeWriterForwarded.inc({ outcome: `holder_${why ?? 'closing'}` });
      return null;
    }
    exchangeWriterForwarded.inc({ outcome: 'answered' });
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = { message: text };
    }
    if (res.ok) return json;
    const err = new HolderAnswer(res.status, json);
    const retryAfter = res.headers.get('retry-after');
    if (retryAfter) err.headers = { 'retry-after': retryAfter };
    throw err;
  } finally {
    stop.abort();
  }
}
