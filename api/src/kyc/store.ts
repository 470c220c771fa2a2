// The document store: identity photos live outside the database, by the sha256 of their (cleaned) bytes, in a store
// every API process reaches. `directory` (development, tests, a single machine) or `s3` (any S3-compatible object
// store: AWS S3, MinIO, Ceph RGW, Cloudflare R2; the cluster's choice). README.md beside this file says why.
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import type { KycConfig } from './config';

export interface DocumentStore {
  readonly kind: 'directory' | 's3';
  /** Writes the bytes under their hash (a second put of the same hash writes the same bytes: harmless). */
  put(sha256: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when absent. */
  get(sha256: string): Promise<Buffer | null>;
  /** Removes the object; absent is fine. */
  delete(sha256: string): Promise<void>;
}

const HASH = /^[0-9a-f]{64}$/;
function checkKey(sha256: string): string {
  if (!HASH.test(sha256)) throw new Error('document key must be a sha256 hex');
  return sha256;
}

/** Files at <root>/<ab>/<cd>/<sha256> (two levels, so no directory holds millions), written atomically (temp + rename). */
export class DirectoryStore implements DocumentStore {
  readonly kind = 'directory' as const;
  constructor(readonly root: string) {}
  private file(sha256: string): string {
    const k = checkKey(sha256);
    return path.join(this.root, k.slice(0, 2), k.slice(2, 4), k);
  }
  async put(sha256: string, bytes: Buffer): Promise<void> {
    const file = this.file(sha256);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, bytes, { mode: 0o600 });
    await rename(tmp, file);
  }
  async get(sha256: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(sha256));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
  async delete(sha256: string): Promise<void> {
    await unlink(this.file(sha256)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}

/**
 * Objects `<prefix><sha256>` in one bucket. Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID /
 * AWS_SECRET_ACCESS_KEY, a web identity token, an instance role), never from this code. Checksums only when the
 * service requires them, so S3-compatible stores that do not know the newer CRC headers work too.
 */
export class S3Store implements DocumentStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  constructor(
    private readonly cfg: KycConfig['s3'],
    clientConfig: Partial<S3ClientConfig> = {},
  ) {
    if (!cfg.bucket) throw new Error('KYC_STORE=s3 needs KYC_S3_BUCKET');
    this.client = new S3Client({
      region: cfg.region,
      endpoint: cfg.endpoint,
      forcePathStyle: cfg.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...clientConfig,
    });
  }
  private key(sha256: string): string {
    return `${this.cfg.prefix}${checkKey(sha256)}`;
  }
  async put(sha256: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.cfg.bucket,
        Key: this.key(sha256),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }
  async get(sha256: string): Promise<Buffer | null> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.cfg.bucket, Key: this.key(sha256) }));
      if (!r.Body) return null;
      return Buffer.from(await r.Body.transformToByteArray());
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') return null;
      throw err;
    }
  }
  async delete(sha256: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: this.key(sha256) }));
  }
  destroy(): void {
    this.client.destroy();
  }
}

export function createDocumentStore(cfg: KycConfig): DocumentStore {
  return cfg.store === 's3' ? new S3Store(cfg.s3) : new DirectoryStore(cfg.storeDir);
}
