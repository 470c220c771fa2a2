// Types of serve-static.mjs for the TypeScript files that start it (the shell's render server tests).
import type { FastifyInstance } from 'fastify';

type Env = Record<string, string | undefined>;
export interface RenderRequest {
  url: string;
  hostname: string;
  userAgent: string | undefined;
  cookie: string | undefined;
  nonce: string;
  remotesJson: string | null;
  authorization: boolean;
}
export interface RenderedPage {
  head: string;
  html: string;
  title?: string;
  lang?: string;
}
export interface CspSources {
  remotes: string[];
  api: string[];
  connect: string[];
  frame: string[];
}
export function inlineHashes(html: string): { scripts: string[]; styles: string[] };
export function cspSources(remotesJson: string | null | undefined, env?: Env): CspSources;
export function contentSecurityPolicy(o: {
  sources: CspSources;
  hostname?: string;
  nonce?: string;
  html?: string;
  images?: string[];
}): string;
export function remotesHead(remotesJson: string | null | undefined, hostname: string | undefined): string;
export function consoleSources(sources: CspSources, env?: Env): { sources: CspSources; images: string[] };
export function createStaticServer(o: {
  dir: string;
  spa?: boolean;
  console?: boolean;
  remotesJson?: string;
  logLevel?: string;
  env?: Env;
  render?: (r: RenderRequest) => Promise<RenderedPage | null>;
}): FastifyInstance;
export function main(
  argv?: string[],
  env?: Env,
  render?: (r: RenderRequest) => Promise<RenderedPage | null>,
  extra?: { routes?: (app: FastifyInstance) => void; onStop?: () => void },
): Promise<{ server: FastifyInstance; address: string; dir: string; stop: (code?: number) => Promise<never> }>;
