import type { FastifyPluginAsync } from 'fastify';

export interface SandboxPart {
  prefix: string;
  description: string;
  plugin: FastifyPluginAsync;
}

// Each part registers itself here (one line per part).
export const sandboxParts: SandboxPart[] = [];
