import { signCall } from '@khela/contracts/signing';
import type { TransferConfig } from './config';

/**
 * What a provider call came to: an answer (HTTP 200 with a status), or unknown — a timeout, a dropped connection, a
 * 5xx or a body that is not JSON. Unknown is never a refusal: the provider may have applied it.
 */
export type ProviderAnswer = { kind: 'answer'; status: string; body: Record<string, unknown> } | { kind: 'unknown'; error: string };

export type ProviderOp = 'balance' | 'transfer' | 'status' | 'bets' | 'launch';

/** Signed calls to the transfer-wallet provider (the sandbox's `/transfer` protocol, its README). */
export class TransferProviderClient {
  constructor(
    private readonly cfg: Pick<TransferConfig, 'url' | 'secret' | 'timeoutMs'>,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async call(provider: string, op: ProviderOp, payload: Record<string, unknown>): Promise<ProviderAnswer> {
    const url = new URL(`${this.cfg.url}/api/${encodeURIComponent(provider)}/${op}`);
    const body = JSON.stringify(payload);
    try {
      const res = await this.fetchImpl(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...signCall(this.cfg.secret, { method: 'POST', path: url.pathname, body }) },
        signal: AbortSignal.timeout(this.cfg.timeoutMs),
      });
      const text = await res.text();
      if (res.status >= 500) return { kind: 'unknown', error: `HTTP ${res.status}` };
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return { kind: 'unknown', error: `HTTP ${res.status}: not JSON` };
      }
      const o = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
      if (typeof o.status !== 'string') return { kind: 'unknown', error: `HTTP ${res.status}: no status` };
      return { kind: 'answer', status: o.status, body: o };
    } catch (err) {
      return { kind: 'unknown', error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
    }
  }
}
