import type { FastifyPluginAsync } from 'fastify';
import gameProvider from './provider/plugin';
import outbox from './outbox/plugin';
import paymentGateway from './gateway/plugin';
import odds from './odds/plugin';

export interface SandboxPart {
  prefix: string;
  description: string;
  plugin: FastifyPluginAsync;
}

// Each part registers itself here (one line per part).
export const sandboxParts: SandboxPart[] = [
  { prefix: '/outbox', description: 'SMS and e-mail outbox: verification codes and OTPs the API sent', plugin: outbox },
  { prefix: '/odds', description: 'Exchange odds host: sports events, match odds, fancy and bookmaker lines, score board', plugin: odds },
  { prefix: '/provider', description: 'Game provider: playable slot and crash games on the seamless wallet', plugin: gameProvider },
  {
    prefix: '/gateway',
    description: 'Payment gateway: e-wallet payment pages (approve/decline) with signed callbacks',
    plugin: paymentGateway,
  },
];
