import type { FastifyInstance } from 'fastify';
import { challengeEndpoint } from '@khela/contracts';
import { registerEndpoint } from '../../http/endpoint';
import type { IdentityContext } from '../context';
import { newChallenge } from '../../infra/challenge';

/** GET /api/challenge: a fresh proof-of-work challenge (no state kept until a solution is spent). */
export function challengeRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  registerEndpoint(app, challengeEndpoint, async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    return newChallenge(ctx.config.challenge);
  });
}
