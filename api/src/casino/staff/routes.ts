import type { FastifyInstance } from 'fastify';

/** Back office, casino catalogue (games and providers enabled, featured, ordered): the staff endpoints of this domain (contracts: shared/contracts/src/schemas/backoffice/content.ts). */
export default async function catalogueStaffRoutes(_app: FastifyInstance) {}
