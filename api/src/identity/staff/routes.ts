import type { FastifyInstance } from 'fastify';

/** Back office, players (search, profile, status and market flags, notes, sessions, balance adjustments): the staff endpoints of this domain (contracts: shared/contracts/src/schemas/backoffice/players.ts). */
export default async function playerStaffRoutes(_app: FastifyInstance) {}
