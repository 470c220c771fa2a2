import type { FastifyInstance } from 'fastify';

/** Back office, the support desk (queue, assignment, replies, read state, canned replies): the staff endpoints of this domain (contracts: shared/contracts/src/schemas/backoffice/desk.ts). */
export default async function deskStaffRoutes(_app: FastifyInstance) {}
