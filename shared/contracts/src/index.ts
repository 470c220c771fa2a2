// @khela/contracts: what the browser and the server agree on. No React, no DOM, no Node: only zod.
// (Node-only helpers live under src/node and are imported by subpath, e.g. '@khela/contracts/signing'.)
// player.ts is the player site's part (the federated apps share only that); the staff schemas (schemas/staff/) complete it.
export * from './player';
export * from './schemas/staff/index';
// the API's player-facing messages in English and Bangla (the API only: the browser receives them translated)
export * from './rules/api-messages';
