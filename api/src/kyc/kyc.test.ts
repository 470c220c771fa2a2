// Identity checks (KYC, issue 32): the upload's validation (bytes, size, metadata), who reaches a document, the review
// (ask again, reject, approve with the NID's birthday, which then locks), the retention purge, the withdrawal gate and
// the payout-number confirmation. Both databases (the gate and the payout are money paths).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KYC_MESSAGES, KYC_UPLOAD_PATH, WALLET_MESSAGES as M, type KycKind } from '@khela/contracts';
import { checkLedger, getPlayerBalance, toMinor } from '../ledger';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { paymentMethodId, readyPlayer, staffTokens, type ReadyPlayer } from '../testing/fixtures';
import { purgeExpiredDocuments } from './retention';
import { DirectoryStore } from './store';

/** A multipart body with one file field, as a browser sends it. */
function multipart(file: Buffer, filename: string, type: string) {
  const boundary = `----khela${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A small photo-like JPEG carrying EXIF (camera, a GPS-looking marker) the store must not keep. */
async function jpegWithExif(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 64 + seed, height: 48, channels: 3, background: { r: seed % 255, g: 90, b: 140 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SECRETCAM', Copyright: 'GPS 23.8103N 90.4125E' } })
    .toBuffer();
}

describeEachDatabase('identity checks on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let bkash: number;
  let ops: Record<'risk' | 'payments' | 'support', string>;
  const MAX = 150_000;
  const storeDir = mkdtempSync(path.join(os.tmpdir(), `kyc-test-${engine.name}-`));
  afterAll(() => rmSync(storeDir, { recursive: true, force: true }));
  suiteDatabase(engine, (t) => ({ db, app } = t), {
    env: {
      KYC_STORE_DIR: storeDir,
      KYC_MAX_BYTES: String(MAX),
      KYC_PURGE_INTERVAL_MS: '0',
      KYC_WITHDRAWAL_ABOVE_BDT: '5000',
      CDD_THRESHOLD_BDT: '20000',
      WALLET_MAX_PENDING: '5',
      OPERATOR_TOTP_REQUIRED: '0',
    },
  });
  beforeAll(async () => {
    bkash = await paymentMethodId(db, 'bkash');
    ops = await staffTokens(app, ['risk', 'payments', 'support']);
  });

  type P = ReadyPlayer;
  let seq = 0;
  const player = (balance = '0'): Promise<P> => readyPlayer(db, { balance, phone: '015' });
  const upload = (p: P, kind: KycKind, file: Buffer, filename = 'photo.jpg', type = 'image/jpeg') => {
    const m = multipart(file, filename, type);
    return app.inject({
      method: 'POST',
      url: `${KYC_UPLOAD_PATH}/${kind}`,
      headers: { ...p.auth, 'content-type': m.contentType },
      payload: m.payload,
    });
  };
  const state = async (p: P) => (await app.inject({ url: '/api/kyc', headers: p.auth })).json();
  const staff = (role: keyof typeof ops, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${ops[role]}` }, ...(payload ? { payload } : {}) });
  const audit = async (action: string, entityId: string | number) =>
    (
      await db.query<{ username: string; before: unknown; after: any; reason: string | null }>(
        'SELECT username, before, after, reason FROM operator_audit WHERE action = $1 AND entity_id = $2 ORDER BY id',
        [action, String(entityId)],
      )
    ).rows;
  async function submitAll(p: P) {
    for (const [i, kind] of (['nid_front', 'nid_back', 'selfie'] as const).entries()) {
      const r = await upload(p, kind, await jpegWithExif(++seq + i));
      expect(r.statusCode, r.body).toBe(200);
    }
  }
  const docIds = async (p: P) =>
    (await db.query<{ id: string }>('SELECT id FROM kyc_documents WHERE player_id = $1 ORDER BY id', [p.id])).rows.map((r) => Number(r.id));

  it('refuses a file that is not an image by its bytes, a broken image and a too large one; stores a photo without its EXIF', async () => {
    const p = await player();
    expect(await state(p)).toMatchObject({ status: 'none', requested: ['nid_front', 'nid_back', 'selfie'], documents: [], max_bytes: MAX });
    // a text file named and typed as a JPEG: the first bytes decide
    const text = await upload(p, 'nid_front', Buffer.from('<?php echo "not a photo"; ?>'.repeat(10)), 'id.jpg', 'image/jpeg');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'kyc_file_type', message: KYC_MESSAGES.fileType });
    // a GIF is an image, but not one of the accepted types
    expect(
      (await upload(p, 'nid_front', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'a.gif', 'image/gif')).json().code,
    ).toBe('kyc_file_type');
    // JPEG's first bytes over a body that is not a JPEG: the decode refuses it
    const broken = await upload(p, 'nid_front', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().code).toBe('kyc_unreadable');
    // larger than KYC_MAX_BYTES: refused while it streams
    const big = await upload(p, 'nid_front', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(MAX + 10, 1)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('kyc_file_size');
    expect(await docIds(p)).toEqual([]);

    const photo = await jpegWithExif(1);
    expect(photo.includes(Buffer.from('SECRETCAM'))).toBe(true);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const ok = await upload(p, 'nid_front', photo, 'IMG_0001.jpg', 'application/octet-stream');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'none', requested: ['nid_back', 'selfie'] });
    const row = (
      await db.query<{ sha256: string; content_type: string }>('SELECT sha256, content_type FROM kyc_documents WHERE player_id = $1', [
        p.id,
      ])
    ).rows[0]!;
    expect(row.content_type).toBe('image/jpeg');
    const stored = await new DirectoryStore(storeDir).get(row.sha256);
    expect(stored).not.toBeNull();
    expect(stored!.includes(Buffer.from('SECRETCAM'))).toBe(false);
    expect(stored!.includes(Buffer.from('GPS 23.8103N'))).toBe(false);
    expect(stored!.includes(Buffer.from('Exif\0'))).toBe(false);
    const meta = await sharp(stored!).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe('jpeg');
    // not under the public /storage/ files
    expect((await app.inject({ url: `/storage/${row.sha256}` })).statusCode).toBe(404);
  });

  it('a document reaches reviewing staff only: not a player (its owner or another), not support or payments; each view is audited', async () => {
    const owner = await player();
    const other = await player();
    await submitAll(owner);
    expect((await state(owner)).status).toBe('pending');
    const [id] = await docIds(owner);
    const url = `/api/operator/kyc/documents/${id}`;
    expect((await app.inject({ url })).statusCode).toBe(401);
    expect((await app.inject({ url, headers: owner.auth })).statusCode).toBe(401);
    expect((await app.inject({ url, headers: other.auth })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/operator/kyc/${owner.id}`, headers: other.auth })).statusCode).toBe(401);
    // the other player's own state says nothing of the owner's
    expect(await state(other)).toMatchObject({ status: 'none', documents: [] });
    for (const role of ['support', 'payments'] as const) {
      const r = await staff(role, 'GET', url);
      expect(r.statusCode, role).toBe(403);
      expect((await staff(role, 'GET', `/api/operator/kyc/${owner.id}`)).statusCode).toBe(403);
      expect((await staff(role, 'GET', '/api/operator/kyc')).statusCode).toBe(403);
    }
    expect(await audit('kyc.document_view', id!)).toEqual([]);
    const forbidden = await db.query(`SELECT 1 FROM operator_audit WHERE action = 'staff.forbidden' AND entity_id = $1`, [
      'GET /api/operator/kyc/documents/{id}',
    ]);
    expect(forbidden.rows.length).toBeGreaterThanOrEqual(2);

    const seen = await staff('risk', 'GET', url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(seen.rawPayload).metadata()).format).toBe('jpeg');
    await staff('risk', 'GET', url);
    const views = await audit('kyc.document_view', id!);
    expect(views.map((v) => v.username)).toEqual(['risk', 'risk']);
    expect(views[0]!.after).toMatchObject({ player_id: owner.id, kind: 'nid_front' });
    // the queue lists the submission for risk
    const queue = (await staff('risk', 'GET', '/api/operator/kyc?status=pending&per_page=200')).json();
    expect(queue.data.some((r: { player_id: number; documents: number }) => r.player_id === owner.id && r.documents === 3)).toBe(true);
  });

  it('ask again, reject, then approve with the NID birthday, which replaces the player’s and locks it', async () => {
    const p = await player();
    await db.query(`UPDATE players SET dofb = '1990-01-01' WHERE id = $1`, [p.id]);
    await submitAll(p);
    // ask for a new NID back: only that one is requested, the reason reaches the player
    expect(
      (await staff('payments', 'POST', `/api/operator/kyc/${p.id}/request`, { kinds: ['nid_back'], reason: 'Blurred' })).statusCode,
    ).toBe(403);
    const asked = await staff('risk', 'POST', `/api/operator/kyc/${p.id}/request`, { kinds: ['nid_back'], reason: 'The back is blurred.' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await state(p)).toMatchObject({ status: 'rejected', reason: 'The back is blurred.', requested: ['nid_back'] });
    // a decision needs a pending submission
    expect((await staff('risk', 'POST', `/api/operator/kyc/${p.id}/approve`, { dofb: '1985-05-05' })).statusCode).toBe(409);
    expect((await upload(p, 'nid_back', await jpegWithExif(++seq))).json()).toMatchObject({ status: 'pending', requested: [] });
    // rejected: every document again
    expect((await staff('risk', 'POST', `/api/operator/kyc/${p.id}/reject`, { reason: 'x' })).statusCode).toBe(422);
    expect((await staff('risk', 'POST', `/api/operator/kyc/${p.id}/reject`, { reason: 'The photo is not of this NID.' })).statusCode).toBe(
      200,
    );
    expect(await state(p)).toMatchObject({ status: 'rejected', requested: ['nid_front', 'nid_back', 'selfie'] });
    await submitAll(p);
    expect((await state(p)).status).toBe('pending');
    const detail = (await staff('risk', 'GET', `/api/operator/kyc/${p.id}`)).json();
    expect(detail.documents.filter((d: { current: boolean }) => d.current)).toHaveLength(3);
    expect(detail.documents.length).toBe(7);
    // approve: a birthday that is not a date is refused
    expect((await staff('risk', 'POST', `/api/operator/kyc/${p.id}/approve`, { dofb: '1985-02-30' })).statusCode).toBe(422);
    const ok = await staff('risk', 'POST', `/api/operator/kyc/${p.id}/approve`, { dofb: '1985-05-05' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await state(p)).toMatchObject({ status: 'verified', birthday_locked: true, reason: null });
    const dofb = (await db.query<{ d: string }>(`SELECT to_char(dofb, 'YYYY-MM-DD') AS d FROM players WHERE id = $1`, [p.id])).rows[0]!.d;
    expect(dofb).toBe('1985-05-05');
    const user = (await app.inject({ url: '/api/user/show', headers: p.auth })).json().user;
    expect(user.dofb).toBe('1985-05-05');
    // locked: the profile refuses a birthday, uploads are refused
    const change = await app.inject({ method: 'POST', url: '/api/user/profile/update', headers: p.auth, payload: { dofb: '1999-09-09' } });
    expect(change.statusCode).toBe(422);
    expect(change.json().errors.dofb[0]).toMatch(/verified from your NID/);
    expect((await upload(p, 'selfie', await jpegWithExif(++seq))).statusCode).toBe(409);
    // audited: each decision with before/after
    expect((await audit('kyc.request_document', p.id)).map((a) => a.reason)).toEqual(['The back is blurred.']);
    expect((await audit('kyc.reject', p.id)).map((a) => a.reason)).toEqual(['The photo is not of this NID.']);
    const approve = await audit('kyc.approve', p.id);
    expect(approve).toHaveLength(1);
    expect(approve[0]).toMatchObject({
      username: 'risk',
      before: { status: 'pending', dofb: '1990-01-01' },
      after: { status: 'verified', dofb: '1985-05-05' },
    });
    // the players table filters by the state
    const rows = async (kyc: string) =>
      ((await staff('risk', 'GET', `/api/operator/players?kyc=${kyc}&per_page=200`)).json().data as Array<{ id: number; kyc: string }>).map(
        (r) => r.id,
      );
    expect(await rows('verified')).toContain(p.id);
    expect(await rows('pending')).not.toContain(p.id);
    expect(await rows('none')).not.toContain(p.id);
    expect((await staff('risk', 'GET', '/api/operator/players?kyc=maybe')).statusCode).toBe(422);
    // the player page says it too (for support as well: it reads players, not documents)
    expect((await staff('support', 'GET', `/api/operator/players/${p.id}`)).json()).toMatchObject({
      dofb: '1985-05-05',
      kyc: { status: 'verified', birthday_locked: true },
    });
    const inbox = await db.query<{ title: string }>('SELECT title FROM inbox_messages WHERE player_id = $1 ORDER BY id', [p.id]);
    expect(inbox.rows.map((r) => r.title)).toEqual(['New identity document needed', 'Identity check not approved', 'Identity verified']);
  });

  it('retention: documents decided longer ago than the period go (file and access), undecided ones stay', async () => {
    const decided = await player();
    const waiting = await player();
    await submitAll(decided);
    await submitAll(waiting);
    expect((await staff('risk', 'POST', `/api/operator/kyc/${decided.id}/approve`, { dofb: '1980-01-01' })).statusCode).toBe(200);
    const store = new DirectoryStore(storeDir);
    // a period not yet over removes nothing
    expect((await purgeExpiredDocuments(db, store, 1)).documents).toBe(0);
    const r = await purgeExpiredDocuments(db, store, 0);
    expect(r.documents).toBeGreaterThanOrEqual(3);
    const rows = await db.query<{ sha256: string; purged: boolean; player_id: string }>(
      'SELECT sha256, purged_at IS NOT NULL AS purged, player_id FROM kyc_documents WHERE player_id = ANY($1::bigint[])',
      [[decided.id, waiting.id]],
    );
    for (const row of rows.rows) {
      const mine = Number(row.player_id) === decided.id;
      expect(row.purged).toBe(mine);
      expect((await store.get(row.sha256)) === null).toBe(mine);
    }
    const [first] = await docIds(decided);
    expect((await staff('risk', 'GET', `/api/operator/kyc/documents/${first}`)).statusCode).toBe(404);
    expect((await state(decided)).status).toBe('verified');
  });

  // --- money paths -------------------------------------------------------------------------------------

  let key = 0;
  const withdraw = (p: P, amount: string, account = p.phone) =>
    app.inject({
      method: 'POST',
      url: '/api/submit-withdraw',
      headers: { ...p.auth, 'idempotency-key': `kyc-wd-${++key}` },
      payload: { amount, account_number: account, payment_id: bkash },
    });
  const txId = async (publicId: string) =>
    Number((await db.query<{ id: string }>('SELECT id FROM wallet_transactions WHERE public_id = $1', [publicId])).rows[0]!.id);
  const main = async (p: P) => (await getPlayerBalance(db, p.id)).balanceMinor;
  const verify = (p: P) => db.query(`INSERT INTO player_kyc (player_id, status) VALUES ($1, 'verified')`, [p.id]);

  it('withdrawals above the amount, or past the due-diligence threshold, need a verified identity', async () => {
    const p = await player('30000');
    // at the amount: fine without KYC
    const at = await withdraw(p, '5000');
    expect(at.statusCode, at.body).toBe(200);
    expect(await main(p)).toBe(toMinor('25000'));
    // above it: refused with the code the wallet screen links to /profile; nothing held
    const above = await withdraw(p, '5001');
    expect(above.statusCode).toBe(403);
    expect(above.json()).toMatchObject({ code: 'kyc_required', message: KYC_MESSAGES.kycRequired });
    expect(await main(p)).toBe(toMinor('25000'));
    // past the CDD threshold (20,000 approved deposits in the window), even a small one is refused
    const q = await player('1000');
    await db.query(
      `INSERT INTO wallet_transactions (public_id, player_id, action, mode, amount_minor, currency, payment_method_id, status, payer_number)
       VALUES ($1, $2, 'deposit', 'manual', $3, 'BDT', $4, 1, $5)`,
      [`D${Date.now()}${q.id}`, q.id, toMinor('20000').toString(), bkash, q.phone],
    );
    const small = await withdraw(q, '500');
    expect(small.statusCode).toBe(403);
    expect(small.json().code).toBe('kyc_required');
    // verified: both go through (the threshold's own CDD hold still applies after)
    await verify(p);
    await verify(q);
    expect((await withdraw(p, '6000')).statusCode).toBe(200);
    const after = await withdraw(q, '500');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().verification_required).toBe(true);
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('a payout to a number that is not the player’s waits for a payments operator to confirm it', async () => {
    const p = await player('3000');
    await verify(p);
    // the player's own phone: no confirmation
    const own = await withdraw(p, '500');
    expect(own.json()).toMatchObject({ success: true, message: M.withdrawSuccess, payout_confirmation_required: false });
    expect(
      (await staff('payments', 'POST', `/api/operator/payments/${await txId(own.json().transaction_id)}/approve`, {})).statusCode,
    ).toBe(200);
    // a number a gateway deposit of theirs was paid from counts too (+880 spelling)
    await db.query(
      `INSERT INTO wallet_transactions (public_id, player_id, action, mode, amount_minor, currency, payment_method_id, status, payer_number)
       VALUES ($1, $2, 'deposit', 'ewallet', 10000, 'BDT', $3, 1, '01888000111')`,
      [`E${Date.now()}${p.id}`, p.id, bkash],
    );
    const paidFrom = await withdraw(p, '500', '8801888000111');
    expect(paidFrom.json().payout_confirmation_required).toBe(false);
    await staff('payments', 'POST', `/api/operator/payments/${await txId(paidFrom.json().transaction_id)}/reject`, { reason: 'test over' });

    const other = await withdraw(p, '1000', '01799999999');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().payout_confirmation_required).toBe(true);
    const id = await txId(other.json().transaction_id);
    const before = await getPlayerBalance(db, p.id);
    const refused = await staff('payments', 'POST', `/api/operator/payments/${id}/approve`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('payout_unconfirmed');
    expect((await getPlayerBalance(db, p.id)).heldMinor).toBe(before.heldMinor);
    const row = (await staff('payments', 'GET', `/api/operator/payments/${id}`)).json();
    expect(row.payment).toMatchObject({ payout_unverified: true, payout_confirmed_by: null });
    expect(row.events.map((e: { event: string }) => e.event)).toContain('payout_number_unverified');
    // support cannot confirm; a reason is required; payments confirms once, audited
    expect(
      (await staff('support', 'POST', `/api/operator/payments/${id}/confirm-payout`, { reason: 'Called the player' })).statusCode,
    ).toBe(403);
    expect((await staff('payments', 'POST', `/api/operator/payments/${id}/confirm-payout`, {})).statusCode).toBe(422);
    const confirmed = await staff('payments', 'POST', `/api/operator/payments/${id}/confirm-payout`, {
      reason: 'Called the player: their wife’s bKash',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().payout_confirmed_by).toBe('operator');
    expect((await staff('payments', 'POST', `/api/operator/payments/${id}/confirm-payout`, { reason: 'again' })).statusCode).toBe(409);
    expect(await audit('payment.payout_confirm', id)).toEqual([
      expect.objectContaining({
        username: 'operator',
        reason: 'Called the player: their wife’s bKash',
        after: expect.objectContaining({ account_number: '01799999999' }),
      }),
    ]);
    const paid = await staff('payments', 'POST', `/api/operator/payments/${id}/approve`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await getPlayerBalance(db, p.id)).heldMinor).toBe(0n);
    expect((await checkLedger(db)).problems).toEqual([]);
  });
});
