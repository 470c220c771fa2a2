import { ofetch, createFetch, FetchError } from 'ofetch';
import type { Endpoint, QueryOf, BodyOf, ParamsOf, ResponseOf } from '@khela/contracts';
import { storage } from '../storage';
import { deviceHeader } from './device';

export const DEFAULT_ERROR = 'An unexpected error occurred';
export const NETWORK_ERROR = 'Network error, please try again later.';

/** An API failure carrying the text to show: the server's message when it sent one, else the spec's fallback. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown,
    readonly network = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The `errors` object of a validation failure (sign-up form shape), if any. */
  get fieldErrors(): Record<string, string[]> | undefined {
    const d = this.data as { errors?: Record<string, string[]> } | undefined;
    return d?.errors && typeof d.errors === 'object' ? d.errors : undefined;
  }
}

export interface CallOptions<E> {
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  params?: ParamsOf<E>;
  signal?: AbortSignal;
  /** Header for idempotent money requests; the same key twice moves money once. */
  idempotencyKey?: string;
  /** Extra request headers (e.g. a solved proof-of-work challenge, X-Challenge). */
  headers?: Record<string, string>;
  /** Overrides the endpoint's fallback error text. */
  fallbackError?: string;
  /**
   * 'exchange': send the scoped exchange token of POST /api/player-login (docs/README.md#spec-3, stored as `exchangeToken`) when
   * the session holds one, else the player's own token. A refused exchange token is dropped and the call made again
   * with the player's token.
   */
  token?: 'exchange';
}

export interface ApiClient {
  readonly baseURL: string;
  call<E extends Endpoint<any, any, any, any>>(endpoint: E, options?: CallOptions<E>): Promise<ResponseOf<E>>;
  /** Absolute URL of a path on the API host (images under /storage, the push stream). */
  url(path: string): string;
  /**
   * A raw request to a path on the API host with the player's bearer token, for what an endpoint
   * declaration cannot carry (multipart uploads). The caller reads the Response itself.
   */
  send(path: string, init: { method: 'POST' | 'PUT'; body: FormData }): Promise<Response>;
}

export interface ApiClientOptions {
  baseURL: string;
  getToken?: () => string | null;
  /** The scoped exchange token, for calls made with `token: 'exchange'`. */
  getExchangeToken?: () => string | null;
  /**
   * Called when a bearer call is answered 401, with the token that was refused: on a bearer endpoint
   * the server answers 401 only for a missing, expired or revoked token, so the session has ended.
   */
  onUnauthorized?: (refusedToken: string) => void;
  /**
   * The player's language, sent as `Accept-Language` on every call: the API answers its messages (and bilingual
   * content) in it. The page runtime passes the session's `locale$`; without it no header is set (the staff console).
   */
  getLocale?: () => string | null | undefined;
  fetchImpl?: typeof fetch;
}

function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = params?.[k];
    if (v === undefined || v === null) throw new Error(`Missing path parameter ${k} for ${path}`);
    return encodeURIComponent(String(v));
  });
}

function serverMessage(data: unknown): string | undefined {
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    for (const k of ['message', 'error']) {
      if (typeof d[k] === 'string' && d[k]) return d[k] as string;
    }
  }
  return undefined;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseURL = options.baseURL.replace(/\/$/, '');
  const getToken = options.getToken ?? (() => storage.get('token'));
  const getExchangeToken = options.getExchangeToken ?? (() => storage.get('exchangeToken'));
  const onUnauthorized = options.onUnauthorized ?? (() => undefined);
  const $fetch = options.fetchImpl ? createFetch({ fetch: options.fetchImpl }) : ofetch;
  const url = (path: string) => (/^https?:/.test(path) ? path : `${baseURL}${path.startsWith('/') ? '' : '/'}${path}`);

  const client: ApiClient = {
    baseURL,
    url,
    send(path, init) {
      const token = getToken();
      const locale = options.getLocale?.();
      const headers: Record<string, string> = locale ? { 'Accept-Language': locale } : {};
      if (token) headers.Authorization = `Bearer ${token}`;
      return (options.fetchImpl ?? fetch)(url(path), { ...init, headers });
    },
    async call(endpoint, opts = {}) {
      const headers: Record<string, string> = { Accept: 'application/json' };
      const locale = options.getLocale?.();
      if (locale) headers['Accept-Language'] = locale;
      const exchangeToken = endpoint.auth !== 'none' && opts.token === 'exchange' ? getExchangeToken() : null;
      const token = endpoint.auth === 'none' ? null : (exchangeToken ?? getToken());
      if (token) headers.Authorization = `Bearer ${token}`;
      if (token) Object.assign(headers, deviceHeader());
      if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
      if (opts.headers) Object.assign(headers, opts.headers);
      const path = fillPath(endpoint.path, opts.params as Record<string, unknown> | undefined);
      const fallback = opts.fallbackError ?? endpoint.fallbackError ?? DEFAULT_ERROR;
      let raw: unknown;
      try {
        raw = await $fetch(path, {
          baseURL,
          method: endpoint.method,
          headers,
          query: opts.query as Record<string, unknown> | undefined,
          body: opts.body as Record<string, unknown> | undefined,
          signal: opts.signal,
          retry: 0,
        });
      } catch (err) {
        if (err instanceof FetchError) {
          const status = err.response?.status ?? 0;
          if (status === 401 && (endpoint.auth === 'bearer' || endpoint.auth === 'staff') && token) {
            onUnauthorized(token);
            // an expired or revoked exchange token: nothing was done; ask again with the player's own token
            if (token === exchangeToken) return client.call(endpoint, { ...opts, token: undefined });
          }
          if (!err.response) throw new ApiError(NETWORK_ERROR, 0, undefined, true);
          throw new ApiError(serverMessage(err.data) ?? fallback, status, err.data);
        }
        if ((err as Error)?.name === 'AbortError') throw err;
        throw new ApiError(NETWORK_ERROR, 0, undefined, true);
      }
      const parsed = endpoint.response.safeParse(raw);
      if (!parsed.success) {
        console.error(`[api] ${endpoint.method} ${endpoint.path}: unexpected response`, parsed.error.issues);
        throw new ApiError(fallback, 200, raw);
      }
      return parsed.data as ResponseOf<typeof endpoint>;
    },
  };
  return client;
}
