// The document store's two implementations behave alike: put by hash, get, delete, absent = null. The S3 one runs
// against a small S3-compatible stand-in (path-style PUT/GET/DELETE of one bucket, as MinIO answers them), so the
// SDK's real requests are checked: bucket, key under the prefix, content type, bytes.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '@khela/contracts/signing';
import { DirectoryStore, S3Store, type DocumentStore } from './store';

const objects = new Map<string, { body: Buffer; type: string | undefined }>();
const seen: string[] = [];
let server: http.Server;
let endpoint = '';
let dir = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const key = decodeURIComponent(url.pathname);
      seen.push(`${req.method} ${key}`);
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) {
        res.writeHead(403).end();
        return;
      }
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: req.headers['content-type'] });
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) {
          res.writeHead(404, { 'content-type': 'application/xml' });
          res.end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
          return;
        }
        res.writeHead(200, { 'content-type': o.type ?? 'application/octet-stream', 'content-length': o.body.length }).end(o.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(os.tmpdir(), 'kyc-store-'));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const stores: Array<[string, () => DocumentStore]> = [
  ['directory', () => new DirectoryStore(dir)],
  [
    's3',
    () =>
      new S3Store(
        { bucket: 'khela-docs', prefix: 'kyc/', endpoint, region: 'us-east-1', forcePathStyle: true },
        { credentials: { accessKeyId: 'test', secretAccessKey: 'test-secret' } },
      ),
  ],
];

describe.each(stores)('%s document store', (kind, makeStore) => {
  it('puts by hash, gets the same bytes, deletes; an absent key is null; a key that is not a hash is refused', async () => {
    const store = makeStore();
    const bytes = Buffer.from(`photo bytes of ${kind} ${Math.random()}`);
    const key = sha256Hex(bytes);
    expect(await store.get(key)).toBeNull();
    await store.put(key, bytes, 'image/jpeg');
    await store.put(key, bytes, 'image/jpeg'); // the same hash again: harmless
    expect((await store.get(key))?.equals(bytes)).toBe(true);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key); // absent: fine
    await expect(store.put('../../etc/passwd', bytes, 'image/jpeg')).rejects.toThrow(/sha256/);
    if (kind === 's3') {
      expect(seen).toContain(`PUT /khela-docs/kyc/${key}`);
      expect(seen).toContain(`DELETE /khela-docs/kyc/${key}`);
    }
  });
});

it('an S3 store without a bucket does not start', () => {
  expect(() => new S3Store({ bucket: '', prefix: '', region: 'us-east-1', forcePathStyle: true })).toThrow(/KYC_S3_BUCKET/);
});
