import type { FastifyInstance } from 'fastify';
import { exchangeHub } from '@khela/contracts';
import { registerEndpoint } from '../http/endpoint';

/**
 * Where the browser reads exchange odds from. ODDS_URL points at a real feed; by default it is the
 * sandbox's stand-in (SANDBOX_URL + /odds), which speaks the same paths (spec 7, exchange odds host).
 */
export function oddsUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ODDS_URL) return env.ODDS_URL.replace(/\/$/, '');
  return `${(env.SANDBOX_URL ?? 'http://127.0.0.1:4100').replace(/\/$/, '')}/odds`;
}

export default async function exchangeRoutes(app: FastifyInstance) {
  registerEndpoint(app, exchangeHub, async () => ({ data: { odds_url: oddsUrl() } }));
}
