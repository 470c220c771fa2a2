import type { FastifyInstance } from 'fastify';

/** Back office, exchange markets (liability, suspend, resume, settle, void, re-settle): the staff endpoints of this domain (contracts: shared/contracts/src/schemas/backoffice/markets.ts). */
export default async function marketStaffRoutes(_app: FastifyInstance) {}
