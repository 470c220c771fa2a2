import type { FastifyPluginAsync } from 'fastify';
import gameProvider from './provider/plugin';
import outbox from './outbox/plugin';
import paymentGateway from './gateway/plugin';
import odds from './odds/plugin';
import transferProvider from './transfer/plugin';
import { fetchWithRequestId } from './request-id';

export interface SandboxPart {
  prefix: string;
  description: string;
  plugin: FastifyPluginAsync<any>;
  /** The part's options (besides its prefix). */
  options?: Record<string, unknown>;
}

// Each part registers itself here (one line per part).
export const sandboxParts: SandboxPart[] = [
  { prefix: '/outbox', description: 'SMS and e-mail outbox: verification codes and OTPs the API sent', plugin: outbox },
  { prefix: '/odds', description: 'Exchange odds host: sports events, match odds, fancy and bookmaker lines, score board', plugin: odds },
  { prefix: '/provider', description: 'Game provider: playable slot and crash games on the seamless wallet', plugin: gameProvider },
  {
    prefix: '/transfer',
    description:
      "Transfer-wallet provider: sportsbooks and a live table that keep the player's money in their own wallet (transfer in/out, status by id, faults)",
    plugin: transferProvider,
  },
  {
    prefix: '/gateway',
    description: 'Payment gateway: e-wallet payment pages (approve/decline) with signed callbacks',
    plugin: paymentGateway,
    // callbacks carry the id of the request that decided the payment
    options: { fetchImpl: fetchWithRequestId },
  },
];
