import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  DEPOSIT_REFERENCE_PATTERN,
  MAKE_PAYMENT_PATH,
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_FILES,
  checkPayerTrx,
  RECEIPT_TYPES,
} from '@khela/contracts';
import { sha256Hex } from '@khela/contracts/signing';
import { authHook } from '../http/endpoint';
import { IMAGE_EXTENSIONS, sniffImageType } from '../http/image-type';
import { HttpError } from '../errors';
import { reserveAttempt } from '../infra/throttle';
import type { WalletConfig } from './config';
import { attachDepositConfirmation, RECEIPT_MESSAGES } from './deposit-confirmation';
import { normalizeReference } from './deposits';

/** Receipt images are recognised by their first bytes, never by the name or the browser's claimed type. */
export function sniffImage(buf: Buffer): { type: (typeof RECEIPT_TYPES)[number]; ext: string } | null {
  const type = sniffImageType(buf, RECEIPT_TYPES);
  return type ? { type, ext: IMAGE_EXTENSIONS[type] } : null;
}

interface Upload {
  buffer: Buffer;
  type: string;
  ext: string;
}

/**
 * POST /api/make-payment (multipart, not guarded): phone (11 digits, the deposit owner's), transaction_id (7-64),
 * reference (the single-use deposit reference; required when not logged in), receipts (images, up to 5 x 5 MB).
 * Attaches the details to that pending manual deposit. Attempts are limited per address (anonymous) or per
 * player before the upload is read.
 */
export function makePaymentRoute(app: FastifyInstance, config: WalletConfig) {
  mkdirSync(config.receiptsDir, { recursive: true });
  app.post(
    MAKE_PAYMENT_PATH,
    {
      onRequest: authHook('optional'),
      // counted before the body is read: every attempt costs an upload
      preHandler: async (req) => {
        const limits = config.makePaymentLimits;
        await reserveAttempt(app.db, [
          req.player
            ? { bucket: 'make-payment:player', key: String(req.player.id), rule: limits.perPlayer }
            : { bucket: 'make-payment:ip', key: req.ip, rule: limits.perIp },
        ]);
      },
      schema: {
        tags: ['wallet'],
        summary: 'Deposit confirmation: multipart phone, transaction_id, reference, receipts[] (images)',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new HttpError(415, 'Send multipart/form-data.');
      const fields: Record<string, string> = {};
      const uploads: Upload[] = [];
      try {
        for await (const part of req.parts({
          limits: { fileSize: RECEIPT_MAX_BYTES, files: RECEIPT_MAX_FILES, fields: 10, fieldSize: 1024 },
        })) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value ?? '');
            continue;
          }
          const buffer = await part.toBuffer();
          if (part.file.truncated) throw new HttpError(413, RECEIPT_MESSAGES.fileSize);
          if (buffer.length === 0) continue;
          const kind = sniffImage(buffer);
          if (!kind) throw new HttpError(415, RECEIPT_MESSAGES.fileType);
          uploads.push({ buffer, ...kind });
        }
      } catch (err) {
        if (err instanceof HttpError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, RECEIPT_MESSAGES.fileSize);
        if (code === 'FST_FILES_LIMIT') throw new HttpError(413, RECEIPT_MESSAGES.tooMany);
        throw err;
      }

      const phone = (fields.phone ?? '').trim();
      const trx = fields.transaction_id ?? '';
      if (!/^\d{11}$/.test(phone)) throw new HttpError(422, RECEIPT_MESSAGES.phone, { errors: { phone: [RECEIPT_MESSAGES.phone] } });
      // the spec's rule on the normalised id (invisible characters do not count); the deposit's method's own format
      // is checked once the deposit is found (attachDepositConfirmation)
      const trxCheck = checkPayerTrx(trx, { required: true });
      if (!trxCheck.ok) {
        const message = trxCheck.problem === 'chars' ? trxCheck.message.en : RECEIPT_MESSAGES.trx;
        throw new HttpError(422, message, { errors: { transaction_id: [message] } });
      }
      const reference = normalizeReference((fields.reference ?? '').slice(0, 64));
      if (!req.player && !DEPOSIT_REFERENCE_PATTERN.test(reference)) {
        throw new HttpError(422, RECEIPT_MESSAGES.referenceRequired, { errors: { reference: [RECEIPT_MESSAGES.referenceRequired] } });
      }

      // Files go to disk before the transaction; if it fails they are removed again.
      const written: string[] = [];
      const removeWritten = () => Promise.all(written.map((f) => unlink(path.join(config.receiptsDir, f)).catch(() => undefined)));
      const stored = await Promise.all(
        uploads.map(async (u) => {
          const fileName = `${Date.now().toString(36)}-${randomBytes(12).toString('hex')}.${u.ext}`;
          await writeFile(path.join(config.receiptsDir, fileName), u.buffer, { flag: 'wx' });
          written.push(fileName);
          return { fileName, type: u.type, size: u.buffer.length, sha256: sha256Hex(u.buffer) };
        }),
      ).catch(async (err) => {
        await removeWritten();
        throw err;
      });
      try {
        const playerId = await attachDepositConfirmation(app.db, {
          phone,
          trx,
          player: req.player?.id ?? null,
          reference: reference || null,
          receipts: stored,
        });
        req.log.info({ playerId, receipts: stored.length }, 'deposit confirmation received');
      } catch (err) {
        await removeWritten();
        throw err;
      }
      return { success: true, message: RECEIPT_MESSAGES.success };
    },
  );
}
