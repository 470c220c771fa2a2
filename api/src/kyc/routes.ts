// Identity checks (KYC, issue 32), the player's HTTP: the state (GET /api/kyc) and the upload (multipart, one photo
// per request: POST /api/kyc/documents/{kind}). The document store and the retention job start here too; staff's
// endpoints are staff/routes.ts. SQL in service.ts.
import type { FastifyInstance } from 'fastify';
import { KYC_KINDS, KYC_MESSAGES, KYC_UPLOAD_PATH, kycStateEndpoint, type KycKind } from '@khela/contracts';
import { sha256Hex } from '@khela/contracts/signing';
import { z } from 'zod';
import { authHook, registerEndpoint, requirePlayer } from '../http/endpoint';
import { HttpError } from '../errors';
import { reserveAttempt } from '../infra/throttle';
import { kycConfig, type KycConfig } from './config';
import { cleanImage, sniffKycImage, UnreadableImage } from './images';
import { purgeExpiredDocuments } from './retention';
import { assertMayUpload, kycState, recordUpload } from './service';
import { createDocumentStore, type DocumentStore } from './store';
import kycStaffRoutes from './staff/routes';

export interface KycRouteOptions {
  config?: KycConfig;
  store?: DocumentStore;
}

const refuse = (status: number, message: string, code: string) => new HttpError(status, message, { code, errors: { file: [message] } });

export default async function kycRoutes(app: FastifyInstance, opts: KycRouteOptions = {}) {
  const db = app.db;
  const cfg = opts.config ?? kycConfig();
  const store = opts.store ?? createDocumentStore(cfg);
  const mb = Math.round((cfg.maxBytes / 1024 / 1024) * 10) / 10;

  registerEndpoint(app, kycStateEndpoint, async (req) => kycState(db, requirePlayer(req).id, cfg.maxBytes));

  app.post(
    `${KYC_UPLOAD_PATH}/:kind`,
    {
      onRequest: authHook('bearer'),
      // counted before the body is read: every attempt costs an upload
      preHandler: async (req) => {
        const player = requirePlayer(req);
        await reserveAttempt(db, [
          { bucket: 'kyc-upload', key: String(player.id), rule: { max: cfg.uploadsPerHour, windowSeconds: 3600 } },
        ]);
        await assertMayUpload(db, player.id);
      },
      schema: {
        tags: ['kyc'],
        summary: 'Identity document upload: multipart, one image field `file` (JPEG, PNG or WebP by its bytes)',
        consumes: ['multipart/form-data'],
        params: z.object({ kind: z.enum(KYC_KINDS) }),
        security: [{ bearer: [] }],
      },
    },
    async (req) => {
      const player = requirePlayer(req);
      const kind = (req.params as { kind: KycKind }).kind;
      if (!req.isMultipart()) throw new HttpError(415, 'Send multipart/form-data.');
      let input: Buffer | null = null;
      try {
        for await (const part of req.parts({ limits: { fileSize: cfg.maxBytes, files: 1, fields: 2, fieldSize: 256 } })) {
          if (part.type === 'field') continue;
          const buffer = await part.toBuffer();
          if (part.file.truncated) throw refuse(413, KYC_MESSAGES.fileSize(mb), 'kyc_file_size');
          input = buffer;
        }
      } catch (err) {
        if (err instanceof HttpError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(413, KYC_MESSAGES.fileSize(mb), 'kyc_file_size');
        if (code === 'FST_FILES_LIMIT') throw refuse(413, KYC_MESSAGES.noFile, 'kyc_no_file');
        throw err;
      }
      if (!input || input.length === 0) throw refuse(422, KYC_MESSAGES.noFile, 'kyc_no_file');
      const type = sniffKycImage(input);
      if (!type) throw refuse(415, KYC_MESSAGES.fileType, 'kyc_file_type');
      let clean;
      try {
        clean = await cleanImage(input, type, cfg.maxSide);
      } catch (err) {
        if (err instanceof UnreadableImage) {
          req.log.info({ player: player.id, err: err.message }, 'kyc upload: unreadable image');
          throw refuse(422, KYC_MESSAGES.unreadable, 'kyc_unreadable');
        }
        throw err;
      }
      const sha256 = sha256Hex(clean.buffer);
      // the bytes go to the store first (by hash: a retry writes the same object); the row then points at them
      await store.put(sha256, clean.buffer, clean.type);
      const { state } = await recordUpload(
        db,
        { id: player.id, ip: req.ip ?? null },
        kind,
        { sha256, contentType: clean.type, size: clean.buffer.length, width: clean.width, height: clean.height },
        cfg.maxBytes,
      );
      return state;
    },
  );

  await app.register(kycStaffRoutes, { config: cfg, store });

  // the retention job: every process runs it (the UPDATE skips rows another process holds)
  if (cfg.purgeIntervalMs > 0) {
    const timer = setInterval(() => {
      purgeExpiredDocuments(db, store, cfg.retentionDays).then(
        (r) => r.documents && app.log.info(r, 'kyc: documents past retention purged'),
        (err: unknown) => app.log.error({ err }, 'kyc: retention purge failed'),
      );
    }, cfg.purgeIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
