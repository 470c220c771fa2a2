// Types of serving.mjs for the TypeScript tests.
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { RenderedPage, RenderRequest } from '../../shared/build/serve-static.mjs';

type Env = Record<string, string | undefined>;
export function addresses(
  remotesJson: string | null | undefined,
  hostname: string,
): { api: string; remotes: Record<string, string> } | null;
export function contentVersions(o: {
  intervalMs: number;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}): (api: string) => Promise<string | null>;
export interface ServingState {
  started: boolean;
  remotesTried: boolean;
  draining: boolean;
  inFlight: number;
}
export function createServing(o: {
  // the input is render.tsx's RenderInput (with `report`)
  renderPage: (input: never) => Promise<RenderedPage | null>;
  isPhone: (userAgent: string | undefined, cookie?: string) => boolean;
  /** The routes named in the metrics; `renders(path)`, when given, says which paths are rendered (else `has`). */
  rendered: Set<string> & { renders?: (path: string) => boolean };
  env?: Env;
  renderSettings?: Record<string, number>;
  fetchImpl?: typeof fetch;
}): {
  render: (req: RenderRequest) => Promise<RenderedPage | null>;
  routes: (app: FastifyInstance) => void;
  state: ServingState;
  registry: Registry;
  cache: Map<string, unknown>;
};
export function watchRedeploys(o: {
  manifests: Record<string, string>;
  intervalMs: number;
  onChange: (remote: string) => void;
  fetchImpl?: typeof fetch;
}): { first: Promise<void>; check: () => Promise<void>; stop: () => void };
