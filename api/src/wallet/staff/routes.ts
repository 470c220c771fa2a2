import type { FastifyInstance } from 'fastify';

/** Back office, payments (deposit and withdrawal decisions, payment methods and numbers, the withdrawal switch): the staff endpoints of this domain (contracts: shared/contracts/src/schemas/backoffice/payments.ts). */
export default async function paymentStaffRoutes(_app: FastifyInstance) {}
