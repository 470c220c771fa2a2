import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { newPayerTrx } from '../testing/payer-trx';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { paymentMethodId, readyPlayer, staffTokens } from '../testing/fixtures';

/**
 * Fraud and AML alerts (issue 32), the deposit velocity rule: risk staff set it (audited); a burst of deposit requests
 * from a new account raises one alert with its evidence; an old account or a smaller sum raises none; a risk alert is
 * resolved only with a note. PGlite and PostgreSQL.
 */
describeEachDatabase('deposit velocity on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { WALLET_MAX_PENDING: '10', AUDIT_SEAL_INTERVAL_MS: '0' } });
  beforeAll(async () => {
    Object.assign(tokens, await staffTokens(app, ['risk', 'support']));
  });

  const staff = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` }, ...(payload ? { payload: payload as object } : {}) });
  const rule = { enabled: true, window_minutes: 60, amounts: { BDT: 30_000, INR: 20_000, PKR: 90_000 }, account_days: 30 };

  async function newPlayer(ageDays = 0) {
    const p = await readyPlayer(db, { phone: '019' });
    await db.query('UPDATE players SET created_at = now() - make_interval(days => $2) WHERE id = $1', [p.id, ageDays]);
    return p;
  }
  const bkash = () => paymentMethodId(db, 'bkash');
  const deposit = async (p: { auth: Record<string, string> }, amount: string) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/submit-deposit',
      headers: p.auth,
      payload: { amount, payment_id: await bkash(), transaction_id: newPayerTrx('bkash') },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().transaction_id as string;
  };
  const alertsOf = async (playerId: number) =>
    (
      await db.query<{ id: string; message: string; evidence: any }>(
        `SELECT id, message, evidence FROM staff_alerts WHERE kind = 'risk.deposit_velocity' AND ref = $1 ORDER BY id`,
        [`player:${playerId}`],
      )
    ).rows;

  it('risk staff set the rule (audited); support may not', async () => {
    expect((await staff('support', 'GET', '/api/operator/risk/rules')).statusCode).toBe(403);
    expect(
      (await staff('support', 'POST', '/api/operator/risk/rules/deposit_velocity', { ...rule, reason: 'x'.repeat(5) })).statusCode,
    ).toBe(403);
    const set = await staff('risk', 'POST', '/api/operator/risk/rules/deposit_velocity', { ...rule, reason: 'tighter for the launch' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ ...rule, updated_by: 'risk' });
    const line = await db.query<{ reason: string; before: any; after: any }>(
      `SELECT reason, before, after FROM operator_audit WHERE action = 'risk.rule' ORDER BY id DESC LIMIT 1`,
    );
    expect(line.rows[0]).toMatchObject({
      reason: 'tighter for the launch',
      before: { amounts: { BDT: 100000 } },
      after: { amounts: { BDT: 30000 } },
    });
  });

  it('a burst of deposits from a new account raises one alert with its evidence; an old account or a smaller sum none', async () => {
    const fresh = await newPlayer();
    const first = await deposit(fresh, '20000');
    expect(await alertsOf(fresh.id)).toEqual([]);
    const second = await deposit(fresh, '15000');
    const [alert, ...more] = await alertsOf(fresh.id);
    expect(more).toEqual([]);
    expect(alert!.message).toContain('35,000.00 BDT in 2 deposit requests within 60 minutes');
    expect(alert!.evidence).toMatchObject({ rule: 'deposit_velocity', total: '35000.00', count: 2, threshold: '30000', currency: 'BDT' });
    expect(alert!.evidence.transactions.map((t: { id: string; amount: string }) => [t.id, t.amount])).toEqual([
      [first, '20000.00'],
      [second, '15000.00'],
    ]);
    // a third deposit: still one open alert
    await deposit(fresh, '5000');
    expect(await alertsOf(fresh.id)).toHaveLength(1);

    const old = await newPlayer(90);
    await deposit(old, '20000');
    await deposit(old, '20000');
    expect(await alertsOf(old.id)).toEqual([]);
    const small = await newPlayer();
    await deposit(small, '10000');
    await deposit(small, '10000');
    expect(await alertsOf(small.id)).toEqual([]);

    // the risk queue lists it; it is resolved only with a note
    const list = await staff('risk', 'GET', '/api/operator/risk/alerts?state=open');
    const row = list.json().data.find((a: { ref: string }) => a.ref === `player:${fresh.id}`);
    expect(row).toMatchObject({ kind: 'risk.deposit_velocity', evidence: { count: 2 }, resolved_at: null });
    const bare = await staff('risk', 'POST', `/api/operator/alerts/${row.id}/resolve`, {});
    expect(bare.statusCode).toBe(422);
    const ok = await staff('risk', 'POST', `/api/operator/alerts/${row.id}/resolve`, {
      reason: 'Salary deposits, payslip seen; limits set',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const resolved = await staff('risk', 'GET', '/api/operator/risk/alerts?state=resolved');
    expect(resolved.json().data.find((a: { id: number }) => a.id === row.id)).toMatchObject({
      resolved_by: 'risk',
      resolution: 'Salary deposits, payslip seen; limits set',
    });
  });
});
