import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_MESSAGES,
  STAFF_IMAGE_UPLOAD_PATH,
  STAFF_IMAGE_UPLOAD_ROLES,
  staffLogo,
  staffMarquee,
  staffPopups,
  staffPromotions,
  staffSettings,
  staffSliders,
  staffSocialLinks,
  staffUpdateLogo,
  staffUpdateSettings,
  CONTENT_IMAGE_TYPES,
  type ContentSection,
} from '@khela/contracts';
import { sha256Hex } from '@khela/contracts/signing';
import { registerEndpoint } from '../../http/endpoint';
import { IMAGE_EXTENSIONS, sniffImageType } from '../../http/image-type';
import { HttpError } from '../../errors';
import { auditActor } from '../../core/audit';
import { staffAuthHook } from '../../auth/staff';
import * as staff from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The directory served at /storage/* (app.ts). */
    storageDir: string;
  }
}

type ImageType = (typeof CONTENT_IMAGE_TYPES)[number];

/** PNG, JPEG or WebP by the file's first bytes (never the name or the browser's claim); SVG and the rest: null. */
export function sniffContentImage(buf: Buffer): { type: ImageType; ext: string } | null {
  const type = sniffImageType(buf, CONTENT_IMAGE_TYPES);
  return type ? { type, ext: IMAGE_EXTENSIONS[type] } : null;
}

/** Where uploads go under the storage dir (served as /storage/uploads/<name>). */
export const UPLOAD_SUBDIR = 'uploads';

/** Back office, content (sliders, promotions, popups, marquee, social links, logos, general settings, images). */
export default async function contentStaffRoutes(app: FastifyInstance) {
  const db = app.db;

  // each list and the part of the player's content it changes (popups and the marquee come with the general settings)
  const lists = [
    [staffSliders, staff.RESOURCES.slider, 'sliders'],
    [staffPromotions, staff.RESOURCES.promotion, 'promotions'],
    [staffPopups, staff.RESOURCES.popup, 'general'],
    [staffMarquee, staff.RESOURCES.marquee, 'general'],
    [staffSocialLinks, staff.RESOURCES.socialLink, 'sociallink'],
  ] as const;
  /** After the commit: the players' open pages read `section` again (push topic `content`). */
  const published = async <T>(section: ContentSection, work: Promise<T>): Promise<T> => {
    const result = await work;
    await app.push.publishContent({ section });
    return result;
  };
  for (const [e, def, section] of lists) {
    // one generic implementation per list; the contracts give each its own body and row schema
    // the five lists share one generic handler over their parsed bodies (typed by each endpoint's schema)
    registerEndpoint(app, e.list as any, async (req: any) => staff.listResource(db, def, req.query));
    registerEndpoint(app, e.create as any, async (req: any) =>
      published(
        section,
        db.tx((q) => staff.createResource(q, auditActor(req), def, req.body)),
      ),
    );
    registerEndpoint(app, e.update as any, async (req: any) =>
      published(
        section,
        db.tx((q) => staff.updateResource(q, auditActor(req), def, req.params.id, req.body)),
      ),
    );
    registerEndpoint(app, e.remove as any, async (req: any) => {
      await published(
        section,
        db.tx((q) => staff.deleteResource(q, auditActor(req), def, req.params.id)),
      );
      return { message: 'Deleted' };
    });
    registerEndpoint(app, e.reorder as any, async (req: any) =>
      published(
        section,
        db.tx((q) => staff.reorder(q, auditActor(req), def.table, def.entity, req.body.ids, req.body.note)),
      ),
    );
  }

  registerEndpoint(app, staffLogo, async () => staff.currentLogo(db));
  registerEndpoint(app, staffUpdateLogo, async (req) =>
    published(
      'logo',
      db.tx((q) => staff.updateLogo(q, auditActor(req), req.body)),
    ),
  );
  registerEndpoint(app, staffSettings, async () => staff.staffSettings(db));
  registerEndpoint(app, staffUpdateSettings, async (req) =>
    published(
      'general',
      db.tx((q) => staff.updateSettings(q, auditActor(req), req.body)),
    ),
  );

  // Image upload: multipart with one file; checked by its bytes; a random name under storage/uploads.
  const uploadDir = path.join(app.storageDir, UPLOAD_SUBDIR);
  app.post(
    STAFF_IMAGE_UPLOAD_PATH,
    {
      onRequest: staffAuthHook(STAFF_IMAGE_UPLOAD_ROLES, STAFF_IMAGE_UPLOAD_PATH),
      schema: {
        tags: ['operator-content'],
        summary: 'Back office: upload an image (multipart field `file`: PNG, JPEG or WebP, at most 2 MB); answers its /storage path',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new HttpError(415, CONTENT_MESSAGES.imageMissing);
      let upload: { buffer: Buffer; type: ImageType; ext: string } | null = null;
      try {
        for await (const part of req.parts({ limits: { fileSize: CONTENT_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 } })) {
          if (part.type === 'field') continue;
          const buffer = await part.toBuffer();
          if (part.file.truncated) throw new HttpError(413, CONTENT_MESSAGES.imageSize);
          const kind = sniffContentImage(buffer);
          if (!kind) throw new HttpError(415, CONTENT_MESSAGES.imageType);
          upload = { buffer, ...kind };
        }
      } catch (err) {
        if (err instanceof HttpError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, CONTENT_MESSAGES.imageSize);
        if (code === 'FST_FILES_LIMIT') throw new HttpError(413, CONTENT_MESSAGES.imageMissing);
        throw err;
      }
      if (!upload || upload.buffer.length === 0) throw new HttpError(422, CONTENT_MESSAGES.imageMissing);
      await mkdir(uploadDir, { recursive: true });
      const name = `${Date.now().toString(36)}-${randomBytes(12).toString('hex')}.${upload.ext}`;
      const file = path.join(uploadDir, name);
      await writeFile(file, upload.buffer, { flag: 'wx' });
      const publicPath = `/storage/${UPLOAD_SUBDIR}/${name}`;
      try {
        await db.tx((q) =>
          staff.recordImage(q, auditActor(req), {
            path: publicPath,
            mime: upload.type,
            size: upload.buffer.length,
            sha256: sha256Hex(upload.buffer),
          }),
        );
      } catch (err) {
        await unlink(file).catch(() => undefined);
        throw err;
      }
      return { path: publicPath, type: upload.type, size: upload.buffer.length };
    },
  );
}
