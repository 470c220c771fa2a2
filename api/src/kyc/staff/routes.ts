// Identity checks (KYC, issue 32), staff's HTTP: the queue, a submission, a document's image (reviewing staff only,
// each view audited), and the decisions. SQL in service.ts.
import type { FastifyInstance } from 'fastify';
import {
  KYC_REVIEW_ROLES,
  STAFF_KYC_DOCUMENT_PATH,
  staffKycApprove,
  staffKycPlayer,
  staffKycQueue,
  staffKycReject,
  staffKycRequest,
} from '@khela/contracts';
import { z } from 'zod';
import { registerEndpoint, toFastifyPath } from '../../http/endpoint';
import { NotFound } from '../../errors';
import { auditActor } from '../../core/audit';
import { staffAuthHook, requireStaff } from '../../auth/staff';
import { publishProtection } from '../../protection/notify';
import { protectionConfig } from '../../protection/config';
import type { KycConfig } from '../config';
import type { DocumentStore } from '../store';
import { approveKyc, documentForView, kycDetail, kycQueue, refuseKyc } from './service';

export default async function kycStaffRoutes(app: FastifyInstance, opts: { config: KycConfig; store: DocumentStore }) {
  const db = app.db;
  const { store } = opts;

  registerEndpoint(app, staffKycQueue, async (req) => kycQueue(db, req.query));
  registerEndpoint(app, staffKycPlayer, async (req) => kycDetail(db, req.params.id));

  // The image itself (binary, so not a JSON endpoint): the same operator auth hook and roles; the audit line first.
  app.get(
    toFastifyPath(STAFF_KYC_DOCUMENT_PATH),
    {
      onRequest: staffAuthHook(KYC_REVIEW_ROLES, STAFF_KYC_DOCUMENT_PATH),
      schema: { tags: ['staff'], params: z.object({ id: z.coerce.number().int().positive() }) },
    },
    async (req, reply) => {
      requireStaff(req);
      const { id } = req.params as { id: number };
      const doc = await documentForView(db, auditActor(req), id);
      const bytes = await store.get(doc.sha256);
      if (!bytes) throw new NotFound('Document not found');
      return reply
        .type(doc.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('content-disposition', 'inline')
        .send(bytes);
    },
  );

  registerEndpoint(app, staffKycApprove, async (req) => {
    requireStaff(req);
    const { alert } = await approveKyc(db, auditActor(req), req.params.id, req.body);
    if (alert) {
      await app.push.publishStaff('alert', alert);
      await publishProtection(app, req.params.id, protectionConfig());
    }
    return { message: 'Identity verified; the birthday is the NID’s and locked.' };
  });

  registerEndpoint(app, staffKycReject, async (req) => {
    requireStaff(req);
    await refuseKyc(db, auditActor(req), req.params.id, { reason: req.body.reason });
    return { message: 'Identity check rejected; the player reads the reason.' };
  });

  registerEndpoint(app, staffKycRequest, async (req) => {
    requireStaff(req);
    await refuseKyc(db, auditActor(req), req.params.id, { reason: req.body.reason, kinds: req.body.kinds });
    return { message: 'New document asked for; the player reads the reason.' };
  });
}
