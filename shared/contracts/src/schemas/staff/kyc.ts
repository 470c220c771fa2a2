// Back office, area 'kyc' (issue 32): the identity-check queue. Reviewing staff (risk, and admin) list submissions,
// look at the documents (each view audited), approve with the NID's birthday (it replaces and locks the player's),
// reject with a reason the player reads, or ask for a new document. Nobody else reaches a document.
import { z } from 'zod';
import { endpoint, messageResponse, type StaffRole } from '../../endpoint';
import { KYC_STATUSES, kycKind, kycStatus } from '../kyc';
import { staffListQuery, staffPage, staffReason } from './common';

/** Who reviews identity documents and sees them. */
export const KYC_REVIEW_ROLES: readonly StaffRole[] = ['risk'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
export const KYC_SORTS = ['submitted_at', 'player_id'] as const;

export const staffKycRow = z.object({
  player_id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  status: kycStatus,
  /** The birthday the player typed (null: none yet). */
  dofb: z.string().nullable(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  documents: z.number().int(),
});
export type StaffKycRow = z.infer<typeof staffKycRow>;

/** GET /api/operator/kyc: submissions by status (default pending, oldest first). */
export const staffKycQueue = endpoint({
  method: 'GET',
  path: '/api/operator/kyc',
  auth: 'staff',
  roles: KYC_REVIEW_ROLES,
  query: staffListQuery(KYC_SORTS).extend({
    status: z
      .enum([...KYC_STATUSES, 'all'])
      .optional()
      .default('pending'),
  }),
  response: staffPage(staffKycRow),
  tags: ['staff'],
});

export const staffKycDocument = z.object({
  id: z.number().int(),
  kind: kycKind,
  content_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  uploaded_at: z.string(),
  /** The player's newest of this kind (older ones were replaced). */
  current: z.boolean(),
  /** The retention job removed the file; only the record is left. */
  purged: z.boolean(),
});
export type StaffKycDocument = z.infer<typeof staffKycDocument>;

export const staffKycDetail = z.object({
  player: z.object({
    id: z.number().int(),
    username: z.string(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    phone_verified: z.boolean(),
    dofb: z.string().nullable(),
    created_at: z.string(),
  }),
  status: kycStatus,
  reason: z.string().nullable(),
  requested: z.array(kycKind),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  nid_dofb: z.string().nullable(),
  documents: z.array(staffKycDocument),
});
export type StaffKycDetail = z.infer<typeof staffKycDetail>;

/** GET /api/operator/kyc/{id} (player id): the submission and its documents (metadata; the images by STAFF_KYC_DOCUMENT_PATH). */
export const staffKycPlayer = endpoint({
  method: 'GET',
  path: '/api/operator/kyc/{id}',
  auth: 'staff',
  roles: KYC_REVIEW_ROLES,
  params: idParams,
  response: staffKycDetail,
  tags: ['staff'],
});

/**
 * GET /api/operator/kyc/documents/{id}: the image itself (binary, `Cache-Control: no-store`), for reviewing staff
 * only; every answer is audited (`kyc.document_view`). The console loads it with the bearer token into a blob URL.
 */
export const STAFF_KYC_DOCUMENT_PATH = '/api/operator/kyc/documents/{id}';

/** POST /api/operator/kyc/{id}/approve: the NID's birthday (YYYY-MM-DD) replaces the player's and locks it. */
export const staffKycApprove = endpoint({
  method: 'POST',
  path: '/api/operator/kyc/{id}/approve',
  auth: 'staff',
  roles: KYC_REVIEW_ROLES,
  params: idParams,
  body: z.object({
    dofb: z
      .string()
      .max(10, 'Type the birthday printed on the NID (YYYY-MM-DD).')
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Type the birthday printed on the NID (YYYY-MM-DD).'),
    reason: z.string().trim().max(500).optional(),
  }),
  response: messageResponse,
  tags: ['staff'],
});

/** POST /api/operator/kyc/{id}/reject: the reason is shown to the player, who may send every document again. */
export const staffKycReject = endpoint({
  method: 'POST',
  path: '/api/operator/kyc/{id}/reject',
  auth: 'staff',
  roles: KYC_REVIEW_ROLES,
  params: idParams,
  body: z.object({ reason: staffReason }),
  response: messageResponse,
  tags: ['staff'],
});

/** POST /api/operator/kyc/{id}/request: ask the player for a new document of the named kinds (the reason says why). */
export const staffKycRequest = endpoint({
  method: 'POST',
  path: '/api/operator/kyc/{id}/request',
  auth: 'staff',
  roles: KYC_REVIEW_ROLES,
  params: idParams,
  body: z.object({ kinds: z.array(kycKind).min(1, 'Name at least one document.'), reason: staffReason }),
  response: messageResponse,
  tags: ['staff'],
});
