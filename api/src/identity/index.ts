import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes';
import { challengeRoutes } from './challenge/routes';
import { identityConfig, type IdentityConfig } from './config';
import type { IdentityContext } from './context';
import { inboxRoutes } from './inbox/routes';
import { profileRoutes } from './profile/routes';
import { rewardsRoutes } from './rewards/routes';
import { verificationRoutes } from './verification/routes';
import { httpMessenger, type Messenger } from './verification/messaging';

export interface IdentityOptions {
  messenger?: Messenger;
  config?: IdentityConfig;
}

/**
 * The identity domain, one folder per responsibility (each routes.ts = HTTP, service.ts = SQL):
 * auth (log in, sign up, passwords), profile, verification (one-time codes), inbox, rewards (money).
 */
export default async function identityRoutes(app: FastifyInstance, opts: IdentityOptions = {}): Promise<void> {
  // read at registration, not import, so a test's environment is seen
  const config = opts.config ?? identityConfig();
  const ctx: IdentityContext = { config, messenger: opts.messenger ?? httpMessenger(config.messagingUrl, config.messagingSecret) };
  authRoutes(app, ctx);
  challengeRoutes(app, ctx);
  profileRoutes(app);
  verificationRoutes(app, ctx);
  inboxRoutes(app);
  rewardsRoutes(app);
}
