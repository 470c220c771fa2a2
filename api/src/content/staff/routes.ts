import type { FastifyInstance } from 'fastify';

/** Back office, content (sliders, promotions, popups, notice, marquee, logos, general settings, images): the staff endpoints of this domain (contracts: shared/contracts/src/schemas/backoffice/content.ts). */
export default async function contentStaffRoutes(_app: FastifyInstance) {}
