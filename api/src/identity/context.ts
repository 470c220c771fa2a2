import type { IdentityConfig } from './config';
import type { Messenger } from './verification/messaging';

/** What the identity parts share: settings read once at registration, and the code messenger. */
export interface IdentityContext {
  config: IdentityConfig;
  messenger: Messenger;
}
