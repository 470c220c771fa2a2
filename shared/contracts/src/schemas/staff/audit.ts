// Staff: the audit log and its hash chain (admin; console: areas/audit).
import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { staffListQuery, staffPage } from './common';

const dhakaDate = z
  .string()
  .max(10, 'Dates are YYYY-MM-DD (Dhaka time).')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD (Dhaka time).');

export const auditRowSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  operator_id: z.number().int().nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  entity_type: z.string().nullable(),
  entity_id: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type StaffAuditRow = z.infer<typeof auditRowSchema>;

/**
 * GET /api/operator/audit (admin): newest first, server-paged. `operator` is a username (exact, any case), `action` a
 * prefix ('payment.' or 'staff.login'), `from`/`to` Dhaka dates (both included); q searches action, username,
 * entity id and reason.
 */
export const staffAudit = endpoint({
  method: 'GET',
  path: '/api/operator/audit',
  auth: 'staff',
  roles: ['admin'],
  query: staffListQuery(['id'] as const).extend({
    operator: z.string().trim().max(64).optional(),
    action: z.string().trim().max(64).optional(),
    entity_type: z.string().trim().max(64).optional(),
    entity_id: z.string().trim().max(64).optional(),
    from: dhakaDate.optional(),
    to: dhakaDate.optional(),
  }),
  response: staffPage(auditRowSchema),
  tags: ['staff'],
});

/**
 * GET /api/operator/audit/chain (admin): the audit's hash chain checked now (the job seals rows after they commit;
 * `pnpm --filter api audit:verify` does the same from the server). `problems` names every changed or missing row and
 * cut seal; a row sealed late (its transaction committed after a later one was sealed) is listed but not a failure.
 */
export const staffAuditChain = endpoint({
  method: 'GET',
  path: '/api/operator/audit/chain',
  auth: 'staff',
  roles: ['admin'],
  response: z.object({
    ok: z.boolean(),
    sealed: z.number().int(),
    unsealed: z.number().int(),
    head: z.number().int(),
    problems: z.array(z.string()),
    checked_at: z.string(),
  }),
  tags: ['staff'],
});
