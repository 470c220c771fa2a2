import { z } from 'zod';
import { MONEY_PATTERN } from './rules/money';

/**
 * 'none': no token. 'optional': a player's token if sent. 'bearer': a player's token is required.
 * 'staff': a staff member's (back-office) token is required (a player's token never counts), and their role must
 * be one of `roles` (admins pass every role check). The staff endpoints' URLs keep their public prefix /api/operator/.
 */
export type AuthMode = 'none' | 'optional' | 'bearer' | 'staff';

/** Staff roles (the staff contracts, schemas/staff/, describe what each may do). */
export const STAFF_ROLES = ['support', 'payments', 'content', 'risk', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/**
 * One call of the spec (docs/README.md#spec-7), declared once and used on both sides of the wire:
 * the browser client parses responses with `response`, the API server validates requests
 * with `query`/`body`/`params` and documents everything in OpenAPI.
 */
export interface Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends AuthMode = AuthMode,
> {
  method: HttpMethod;
  /** Path with `{param}` placeholders, exactly as the spec writes it. */
  path: string;
  auth: A;
  /** auth 'staff' only: the roles allowed besides admin (absent: every staff member). Enforced by the API. */
  roles?: readonly StaffRole[];
  query?: Q;
  body?: B;
  params?: P;
  response: R;
  /** The spec's section-8 text shown when the server sends no message of its own. */
  fallbackError?: string;
  summary?: string;
  tags?: string[];
}

export function endpoint<
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
  const A extends AuthMode = AuthMode,
>(e: Endpoint<Q, B, P, R, A>): Endpoint<Q, B, P, R, A> {
  for (const field of SCHEMA_FIELDS) {
    const given: unknown = e[field];
    if (typeof given !== 'object' || given === null || !(LAZY in given)) continue;
    const build = (given as Lazy)[LAZY];
    let built: z.ZodType | undefined;
    Object.defineProperty(e, field, { enumerable: true, configurable: true, get: () => (built ??= build()) });
  }
  return e;
}

const SCHEMA_FIELDS = ['query', 'body', 'params', 'response'] as const;
const LAZY = Symbol('lazy schema');
type Lazy = { [LAZY]: () => z.ZodType };

/**
 * An endpoint's schema built on first use rather than at import (issue 31, less main-thread work): a page's start
 * evaluates every contract the apps share, and building zod schemas is most of that cost, while a page calls a few of
 * the endpoints. Only as an `endpoint()` field (`query`, `body`, `params`, `response`), which `endpoint()` turns into a
 * getter that builds it once; readers see the schema as before (`e.response.parse(...)`). Typed as the schema itself.
 */
export function lazy<T extends z.ZodType>(build: () => T): T {
  return { [LAZY]: build } as unknown as T;
}

export type QueryOf<E> = E extends Endpoint<infer Q, any, any, any> ? (Q extends z.ZodUndefined ? undefined : z.input<Q>) : never;
export type BodyOf<E> = E extends Endpoint<any, infer B, any, any> ? (B extends z.ZodUndefined ? undefined : z.input<B>) : never;
export type ParamsOf<E> = E extends Endpoint<any, any, infer P, any> ? (P extends z.ZodUndefined ? undefined : z.input<P>) : never;
export type ResponseOf<E> = E extends Endpoint<any, any, any, infer R> ? z.output<R> : never;

/** Exact decimal string of a money amount at the API edge, e.g. "1000.00". Never a float. */
export const money = z.string().regex(MONEY_PATTERN, 'Amount must be a decimal with at most 2 places');
export const messageResponse = z.lazy(() => z.object({ message: z.string() }).loose());
export const isoDate = z.string();
