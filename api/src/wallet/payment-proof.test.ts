import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { WALLET_MESSAGES as M } from '@khela/contracts';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { paymentMethodId, readyPlayer } from '../testing/fixtures';
import { RECEIPT_MESSAGES as R } from './deposit-confirmation';
import { newPayerTrx } from '../testing/payer-trx';

// Issue 10 items 3 and 4: a payer's transaction id is used once, and /make-payment is bound to its deposit.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001', 'hex');

function multipart(fields: Record<string, string>, withReceipt = false) {
  const boundary = '----khela' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (withReceipt) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="receipts"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let trxCounter = 0;
/** 10 digits: a bKash and a Rocket id alike (Nagad's are 8 characters: newPayerTrx('nagad')). */
const newTrx = () => String(1_000_000_000 + ((Date.now() * 1000 + ++trxCounter) % 9_000_000_000));

describeEachDatabase('payment proofs on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  suiteDatabase(engine, (t) => ({ db, app } = t));

  const player = () => readyPlayer(db, { phone: '018' });
  type P = Awaited<ReturnType<typeof player>>;
  const methodId = (code: string) => paymentMethodId(db, code);
  const deposit = (p: P, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/submit-deposit', headers: p.auth, payload: { amount: '500', ...body } });
  const makePayment = (fields: Record<string, string>, opts: { auth?: Record<string, string>; ip?: string; receipt?: boolean } = {}) => {
    const m = multipart(fields, opts.receipt);
    return app.inject({
      method: 'POST',
      url: '/api/make-payment',
      payload: m.payload,
      headers: { ...m.headers, ...opts.auth },
      remoteAddress: opts.ip ?? freshIp(),
    });
  };
  const row = async (publicId: string) =>
    (
      await db.query<{ payer_trx_id: string | null; payer_number: string | null; status: number }>(
        'SELECT payer_trx_id, payer_number, status FROM wallet_transactions WHERE public_id = $1',
        [publicId],
      )
    ).rows[0]!;

  describe('a payment transaction id is used once (item 3)', () => {
    it('submit-deposit refuses a transaction id of an approved or pending deposit on the same method, any case', async () => {
      const bkash = await methodId('bkash');
      const a = await player();
      const trx = newTrx();
      const first = await deposit(a, { payment_id: bkash, transaction_id: trx });
      expect(first.statusCode).toBe(200);
      await db.query('UPDATE wallet_transactions SET status = 1 WHERE public_id = $1', [first.json().transaction_id]);
      const b = await player();
      const again = await deposit(b, { payment_id: bkash, transaction_id: trx.toLowerCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: M.trxReused, code: 'trx_reused' });
      // another payment method has its own ids
      expect((await deposit(b, { payment_id: await methodId('rocket'), transaction_id: trx })).statusCode).toBe(200);
    });

    it('a rejected deposit frees its transaction id', async () => {
      const rocket = await methodId('rocket');
      const a = await player();
      const trx = newTrx();
      const first = await deposit(a, { payment_id: rocket, transaction_id: trx });
      await db.query('UPDATE wallet_transactions SET status = 2 WHERE public_id = $1', [first.json().transaction_id]);
      expect((await deposit(await player(), { payment_id: rocket, transaction_id: trx })).statusCode).toBe(200);
    });

    it('make-payment refuses a transaction id already used by another deposit', async () => {
      const rocket = await methodId('rocket');
      const trx = newTrx();
      expect((await deposit(await player(), { payment_id: rocket, transaction_id: trx })).statusCode).toBe(200);
      const b = await player();
      const dep = await deposit(b, { payment_id: rocket } /* not an agent method: the id may come later */);
      const res = await makePayment({ phone: b.phone, transaction_id: trx, reference: dep.json().reference });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(M.trxReused);
      expect((await row(dep.json().transaction_id)).payer_trx_id).toBeNull();
    });

    it('the database itself refuses a second use (unique index)', async () => {
      const bkash = await methodId('rocket');
      const trx = newTrx();
      await deposit(await player(), { payment_id: bkash, transaction_id: trx });
      const other = await deposit(await player(), { payment_id: bkash });
      await expect(
        db.query('UPDATE wallet_transactions SET payer_trx_id = $1 WHERE public_id = $2', [trx.toLowerCase(), other.json().transaction_id]),
      ).rejects.toThrow(/wallet_transactions_payer_trx_once|duplicate key/);
    });

    it('parallel submits of one transaction id: exactly one is accepted', async () => {
      const nagad = await methodId('nagad');
      const players = await Promise.all(Array.from({ length: 6 }, () => player()));
      const trx = newPayerTrx('nagad');
      const res = await Promise.all(players.map((p) => deposit(p, { payment_id: nagad, transaction_id: trx })));
      expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      for (const r of res.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(M.trxReused);
      const n = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM wallet_transactions WHERE lower(payer_trx_id) = lower($1)', [
        trx,
      ]);
      expect(n.rows[0]!.n).toBe(1);
    });

    it('parallel make-payments of one transaction id for two deposits: exactly one is accepted', async () => {
      const bkash = await methodId('rocket');
      const [a, b] = [await player(), await player()];
      const [da, dbb] = [await deposit(a, { payment_id: bkash }), await deposit(b, { payment_id: bkash })];
      const trx = newTrx();
      const res = await Promise.all([
        makePayment({ phone: a.phone, transaction_id: trx, reference: da.json().reference }),
        makePayment({ phone: b.phone, transaction_id: trx, reference: dbb.json().reference }),
      ]);
      expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });
  });

  describe('make-payment is bound to its deposit (item 4)', () => {
    it('anonymous without a reference: one answer whatever the phone, and nothing changes', async () => {
      const victim = await player();
      const dep = await deposit(victim, { payment_id: await methodId('rocket') });
      const known = await makePayment({ phone: victim.phone, transaction_id: newTrx() });
      const unknown = await makePayment({ phone: '01999999990', transaction_id: newTrx() });
      expect(known.statusCode).toBe(422);
      expect(known.json().message).toBe(R.referenceRequired);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      expect((await row(dep.json().transaction_id)).payer_trx_id).toBeNull();
    });

    it("knowing a phone is not enough to rewrite someone else's deposit; answers do not tell phones apart", async () => {
      const victim = await player();
      const dep = await deposit(victim, { payment_id: await methodId('bkash'), transaction_id: newTrx() });
      const before = await row(dep.json().transaction_id);
      const guesses = [
        await makePayment({ phone: victim.phone, transaction_id: newTrx(), reference: 'ABCDEFGH12' }),
        await makePayment({ phone: '01999999991', transaction_id: newTrx(), reference: 'ABCDEFGH12' }),
        // the right reference with a phone that is not the owner's
        await makePayment({ phone: '01999999992', transaction_id: newTrx(), reference: dep.json().reference }),
      ];
      for (const g of guesses) {
        expect(g.statusCode).toBe(404);
        expect(g.json()).toEqual({ message: R.noMatch });
      }
      // a logged-in attacker with the victim's reference fares no better
      const attacker = await player();
      const asOther = await makePayment(
        { phone: victim.phone, transaction_id: newTrx(), reference: dep.json().reference },
        { auth: attacker.auth },
      );
      expect(asOther.json()).toEqual({ message: R.noMatch });
      expect(await row(dep.json().transaction_id)).toEqual(before);
    });

    it('the reference confirms its deposit once, anonymously; the logged-in owner needs none', async () => {
      const owner = await player();
      const dep = await deposit(owner, { payment_id: await methodId('rocket') });
      const reference = dep.json().reference as string;
      expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
      const trx = newTrx();
      const ok = await makePayment(
        { phone: owner.phone, transaction_id: trx, reference: `${reference.slice(0, 5).toLowerCase()}-${reference.slice(5)}` },
        { receipt: true },
      );
      expect(ok.statusCode).toBe(200);
      expect(await row(dep.json().transaction_id)).toMatchObject({ payer_trx_id: trx, payer_number: owner.phone });
      // spent: the same reference cannot rewrite it again
      const replay = await makePayment({ phone: owner.phone, transaction_id: newTrx(), reference });
      expect(replay.json()).toEqual({ message: R.noMatch });
      expect((await row(dep.json().transaction_id)).payer_trx_id).toBe(trx);
      // the owner, logged in, may still correct it; with a phone not theirs, the same single answer
      const trx2 = newTrx();
      expect((await makePayment({ phone: '01999999993', transaction_id: trx2 }, { auth: owner.auth })).json()).toEqual({
        message: R.noMatch,
      });
      expect((await makePayment({ phone: owner.phone, transaction_id: trx2 }, { auth: owner.auth })).statusCode).toBe(200);
      expect((await row(dep.json().transaction_id)).payer_trx_id).toBe(trx2);
    });

    it('anonymous uploads are limited per address (before the body is read)', async () => {
      const ip = freshIp();
      const codes: number[] = [];
      for (let i = 0; i < 11; i++)
        codes.push(
          (await makePayment({ phone: '01999999994', transaction_id: newTrx(), reference: 'ABCDEFGH12' }, { ip, receipt: true }))
            .statusCode,
        );
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(404));
      expect(codes[10]).toBe(429);
      // another address is not affected
      expect((await makePayment({ phone: '01999999994', transaction_id: newTrx(), reference: 'ABCDEFGH12' })).statusCode).toBe(404);
      // nor is a logged-in player on the same address (counted per player instead)
      const p = await player();
      expect((await makePayment({ phone: p.phone, transaction_id: newTrx() }, { ip, auth: p.auth })).statusCode).toBe(404);
    });
  });
});
