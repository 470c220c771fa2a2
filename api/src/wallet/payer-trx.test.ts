import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { PAYER_TRX_FORMATS, PAYER_TRX_MESSAGES, WALLET_MESSAGES as M } from '@khela/contracts';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { paymentMethodId, readyPlayer } from '../testing/fixtures';
import { newPayerTrx } from '../testing/payer-trx';
import { RECEIPT_MESSAGES as R } from './deposit-confirmation';

/**
 * Issue 27 item 3: the payer's transaction id is normalised (NFKC, no format characters, upper case) before the
 * method's format and the uniqueness check, so `8N7A6B5C4D` followed by U+200B is the same id; each method's own
 * format; required for agent deposits. Migration 0740 brings stored ids to the same spelling.
 */

const ZWSP = '\u200B';

function multipart(fields: Record<string, string>) {
  const boundary = '----khela' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return {
    payload: Buffer.from(parts.join('') + `--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describeEachDatabase('payer transaction ids on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let ip = 0;
  suiteDatabase(engine, (t) => ({ db, app } = t));

  const player = () => readyPlayer(db, { phone: '017' });
  type P = Awaited<ReturnType<typeof player>>;
  const methodId = (code: string) => paymentMethodId(db, code);
  const deposit = async (p: P, code: string, trx?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/submit-deposit',
      headers: p.auth,
      payload: { amount: '500', payment_id: await methodId(code), ...(trx === undefined ? {} : { transaction_id: trx }) },
    });
  const makePayment = (p: P, trx: string, reference: string) => {
    const m = multipart({ phone: p.phone, transaction_id: trx, reference });
    return app.inject({ method: 'POST', url: '/api/make-payment', ...m, remoteAddress: `10.77.0.${++ip}` });
  };
  const stored = async (publicId: string) =>
    (
      await db.query<{ id: string; payer_trx_id: string | null }>('SELECT id, payer_trx_id FROM wallet_transactions WHERE public_id = $1', [
        publicId,
      ])
    ).rows[0]!;

  it('the same id with an invisible character, another case or full-width digits is refused as used', async () => {
    const trx = newPayerTrx('bkash');
    const first = await deposit(await player(), 'bkash', trx);
    expect(first.statusCode, first.body).toBe(200);
    for (const variant of [
      `${trx}${ZWSP}`,
      `${ZWSP}${trx.toLowerCase()}`,
      `\uFEFF${trx.slice(0, 4)}\u200D${trx.slice(4)}`,
      ` ${trx.slice(0, 5)} ${trx.slice(5)} `,
      trx.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d))), // full width
    ]) {
      const again = await deposit(await player(), 'bkash', variant);
      expect(again.statusCode, JSON.stringify(variant)).toBe(409);
      expect(again.json()).toMatchObject({ message: M.trxReused, code: 'trx_reused' });
    }
  });

  it('stores the normalised id; the spelling as typed is kept in the timeline', async () => {
    const trx = newPayerTrx('nagad');
    const res = await deposit(await player(), 'nagad', `${trx.toLowerCase()}${ZWSP}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(res.json().transaction_id);
    expect(row.payer_trx_id).toBe(trx);
    const ev = await db.query<{ detail: { trx_id: string; trx_id_as_typed?: string } }>(
      `SELECT detail FROM wallet_transaction_events WHERE transaction_id = $1 AND event = 'information_received'`,
      [row.id],
    );
    expect(ev.rows[0]!.detail).toEqual({ trx_id: trx, trx_id_as_typed: `${trx.toLowerCase()}${ZWSP}` });
  });

  it("checks each method's own format and changes nothing when refused", async () => {
    const p = await player();
    const cases: Array<[string, string]> = [
      ['bkash', '8N7A6B5C4'], // 9
      ['bkash', '8N7A-6B5C4D'],
      ['bkash', `8N7\u0410B5C4D`], // a Cyrillic A that looks like a Latin one
      ['nagad', '8N7A6B5C4D'], // 10, Nagad has 8
      ['rocket', '34215589A3'], // Rocket: digits only
    ];
    for (const [code, trx] of cases) {
      const res = await deposit(p, code, trx);
      expect(res.statusCode, `${code} ${trx}`).toBe(422);
      expect(res.json()).toMatchObject({ message: PAYER_TRX_FORMATS[code]!.message.en, code: 'trx_format' });
    }
    expect((await db.query('SELECT 1 FROM wallet_transactions WHERE player_id = $1', [p.id])).rows).toHaveLength(0);
    expect((await deposit(p, 'rocket', '3421558943')).statusCode).toBe(200);
  });

  it('an agent deposit needs the id (blank or invisible is none); other methods may send it later', async () => {
    const p = await player();
    for (const trx of [undefined, '', `  ${ZWSP} `]) {
      const res = await deposit(p, 'bkash', trx);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message: PAYER_TRX_MESSAGES.required.en, code: 'trx_required' });
    }
    expect((await deposit(p, 'nagad')).statusCode).toBe(200);
  });

  it("make-payment: normalised before the uniqueness check, and the deposit's method's format", async () => {
    const used = newPayerTrx('rocket');
    expect((await deposit(await player(), 'rocket', used)).statusCode).toBe(200);
    const b = await player();
    const dep = await deposit(b, 'rocket');
    const reference = dep.json().reference as string;
    const reused = await makePayment(b, `${used}${ZWSP}`, reference);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(M.trxReused);
    // letters in a Rocket id: the method's format, with the field named
    const wrong = await makePayment(b, 'ABCD123456', reference);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: PAYER_TRX_FORMATS.rocket!.message.en,
      errors: { transaction_id: [PAYER_TRX_FORMATS.rocket!.message.en] },
    });
    // invisible padding does not make a short id long enough (the spec's rule)
    const short = await makePayment(b, `123${ZWSP.repeat(6)}`, reference);
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe(R.trx);
    expect((await stored(dep.json().transaction_id)).payer_trx_id).toBeNull();
    const fresh = newPayerTrx('rocket');
    expect((await makePayment(b, ` ${fresh}${ZWSP}`, reference)).statusCode).toBe(200);
    expect((await stored(dep.json().transaction_id)).payer_trx_id).toBe(fresh);
  });

  it('staff find a deposit by its id pasted in any case or with an invisible character', async () => {
    const trx = newPayerTrx('bkash');
    const dep = await deposit(await player(), 'bkash', trx);
    expect(dep.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/operator/login',
      payload: { username: 'operator', password: 'operator123' },
    });
    expect(login.statusCode).toBe(200);
    const res = await app.inject({
      method: 'GET',
      url: `/api/operator/payments?status=all&q=${encodeURIComponent(`${trx.toLowerCase()}${ZWSP}`)}`,
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { public_id: string }) => r.public_id)).toEqual([dep.json().transaction_id]);
  });

  it('migration 0740 normalises stored ids and flags deposits that turn out to share one', async () => {
    // the table as it was before 0740: the old index (lower() only), no duplicate mark
    await db.exec(`DROP INDEX wallet_transactions_payer_trx_once;
      ALTER TABLE wallet_transactions DROP COLUMN payer_trx_duplicate_of;
      CREATE UNIQUE INDEX wallet_transactions_payer_trx_once ON wallet_transactions (payment_method_id, lower(payer_trx_id))
        WHERE action = 'deposit' AND mode = 'manual' AND payer_trx_id IS NOT NULL AND status <> 2;`);
    const trx = newPayerTrx('bkash');
    const ids: string[] = [];
    for (const spelling of [trx.toLowerCase(), `${trx}${ZWSP}`, `\u202E${trx}`, `${trx.slice(0, 5)} ${trx.slice(5)}`]) {
      const res = await deposit(await player(), 'nagad');
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().transaction_id);
      await db.query(`UPDATE wallet_transactions SET payer_trx_id = $2, payment_method_id = $3 WHERE public_id = $1`, [
        res.json().transaction_id,
        spelling,
        await methodId('bkash'),
      ]);
    }
    // a rejected one with the id is no duplicate; a full-width one on another method is only normalised
    await db.query(`UPDATE wallet_transactions SET status = 2 WHERE public_id = $1`, [ids[3]]);
    const other = await deposit(await player(), 'nagad');
    await db.query(`UPDATE wallet_transactions SET payer_trx_id = $2 WHERE public_id = $1`, [other.json().transaction_id, '７１m4pz3k']);

    const sql = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'sql/0740_payer_trx_normalised.sql'), 'utf8');
    await db.tx((q) => q.exec(sql));

    const rows = await db.query<{ public_id: string; payer_trx_id: string; dup_of: string | null }>(
      `SELECT t.public_id, t.payer_trx_id, f.public_id AS dup_of FROM wallet_transactions t
       LEFT JOIN wallet_transactions f ON f.id = t.payer_trx_duplicate_of WHERE t.public_id = ANY($1::text[]) ORDER BY t.id`,
      [[...ids, other.json().transaction_id]],
    );
    expect(rows.rows.map((r) => [r.payer_trx_id, r.dup_of])).toEqual([
      [trx, null],
      [trx, ids[0]],
      [trx, ids[0]],
      [trx, null], // rejected
      ['71M4PZ3K', null],
    ]);
    const events = await db.query<{ public_id: string; event: string; detail: Record<string, string> }>(
      `SELECT t.public_id, e.event, e.detail FROM wallet_transaction_events e JOIN wallet_transactions t ON t.id = e.transaction_id
       WHERE t.public_id = $1 AND e.event LIKE 'payer_trx_%' ORDER BY e.id`,
      [ids[1]],
    );
    expect(events.rows.map((e) => [e.event, e.detail])).toEqual([
      ['payer_trx_normalised', { as_stored: `${trx}${ZWSP}`, trx_id: trx }],
      ['payer_trx_duplicate', { trx_id: trx, of: ids[0] }],
    ]);
    // the new index holds, and the API refuses the id against any of them
    const again = await deposit(await player(), 'bkash', trx);
    expect(again.statusCode).toBe(409);
  });
});
