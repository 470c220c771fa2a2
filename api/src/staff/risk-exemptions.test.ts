import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { toMinor } from '@khela/contracts';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { staffTokens } from '../testing/fixtures';
import { createPlayer } from '../testing/helpers';
import { evaluateRiskEvents } from './risk-evaluator';

/**
 * Per-rule exemptions (issue 32): a risk operator exempts a player from one rule with a reason (audited); while it
 * runs, the player's own events raise nothing for that rule (an evaluated rule, and the in-transaction velocity
 * trigger) while the other rules still fire; ending it (audited) brings the rule back. Support may not.
 */
describeEachDatabase('risk rule exemptions on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { AUDIT_SEAL_INTERVAL_MS: '0' } });
  beforeAll(async () => {
    Object.assign(tokens, await staffTokens(app, ['risk', 'support']));
  }, 90_000);

  const staff = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` }, ...(payload ? { payload: payload as object } : {}) });
  let seq = 0;
  const deposit = (playerId: number, amount: string, status: 0 | 1) =>
    db.query(
      `INSERT INTO wallet_transactions (public_id, player_id, action, amount_minor, currency, status, payment_method_id, channel, payer_trx_id, decided_at)
       VALUES ($1, $2, 'deposit', $3, 'BDT', $4, (SELECT id FROM payment_methods WHERE code = 'bkash'), 'Personal', $5, now())`,
      [`DX${Date.now().toString(36)}${++seq}`, playerId, String(toMinor(amount)), status, `TRXX${Date.now().toString(36)}${seq}`],
    );
  const alerts = async (kind: string, playerId: number) =>
    (await db.query('SELECT id FROM staff_alerts WHERE kind = $1 AND ref = $2', [`risk.${kind}`, `player:${playerId}`])).rows.length;

  it('an exempt player raises nothing for that rule (evaluated and trigger rules); other rules still fire; ending it restores the rule', async () => {
    const vip = await createPlayer(db);
    const url = `/api/operator/players/${vip}/risk-exemptions`;
    expect((await staff('support', 'POST', url, { kind: 'large_first_deposit', reason: 'known customer' })).statusCode).toBe(403);
    expect((await staff('risk', 'POST', url, { kind: 'large_first_deposit', reason: 'x' })).statusCode).toBe(422);
    expect((await staff('risk', 'POST', url, { kind: 'no_such_rule', reason: 'known customer' })).statusCode).toBe(422);
    const added = await staff('risk', 'POST', url, { kind: 'large_first_deposit', reason: 'Known high roller, documents on file' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ kind: 'large_first_deposit', created_by: 'risk', ended_at: null });
    expect((await staff('risk', 'POST', url, { kind: 'large_first_deposit', reason: 'again please' })).statusCode).toBe(409);
    const velocity = await staff('risk', 'POST', url, { kind: 'deposit_velocity', reason: 'Known high roller, documents on file' });
    expect(velocity.statusCode).toBe(200);

    // a large first deposit: no alert for the exempt rule
    await deposit(vip, '90000', 1);
    await evaluateRiskEvents(db);
    expect(await alerts('large_first_deposit', vip)).toBe(0);
    // the velocity trigger (in the request's transaction) skips the exempt player too; a player without an
    // exemption is still caught by it
    await deposit(vip, '90000', 0);
    await deposit(vip, '90000', 0);
    expect(await alerts('deposit_velocity', vip)).toBe(0);
    const other = await createPlayer(db);
    await deposit(other, '90000', 0);
    await deposit(other, '90000', 0);
    expect(await alerts('deposit_velocity', other)).toBe(1);

    // ended: the rule applies again (a new player's first deposit after the end raises)
    const list = (await staff('risk', 'GET', url)).json().data as Array<{ id: number; kind: string; ended_at: string | null }>;
    expect(list.map((e) => e.kind).sort()).toEqual(['deposit_velocity', 'large_first_deposit']);
    const id = list.find((e) => e.kind === 'deposit_velocity')!.id;
    expect((await staff('support', 'POST', `/api/operator/risk-exemptions/${id}/end`, { reason: 'no longer' })).statusCode).toBe(403);
    const ended = await staff('risk', 'POST', `/api/operator/risk-exemptions/${id}/end`, { reason: 'Review found a mule pattern' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ ended_by: 'risk', end_reason: 'Review found a mule pattern' });
    expect((await staff('risk', 'POST', `/api/operator/risk-exemptions/${id}/end`, { reason: 'twice over' })).statusCode).toBe(409);
    expect((await staff('risk', 'POST', `/api/operator/risk-exemptions/999999/end`, { reason: 'unknown one' })).statusCode).toBe(404);
    await deposit(vip, '90000', 0);
    expect(await alerts('deposit_velocity', vip)).toBe(1);
    // the running one stays first in the list
    expect(((await staff('risk', 'GET', url)).json().data as Array<{ ended_at: string | null }>)[0]!.ended_at).toBeNull();

    const audit = await db.query<{ action: string; username: string; reason: string; after: any }>(
      `SELECT action, username, reason, after FROM operator_audit WHERE action LIKE 'risk.exemption%' AND entity_id = $1 ORDER BY id`,
      [String(vip)],
    );
    expect(audit.rows.map((a) => [a.action, a.after.kind])).toEqual([
      ['risk.exemption', 'large_first_deposit'],
      ['risk.exemption', 'deposit_velocity'],
      ['risk.exemption_end', 'deposit_velocity'],
    ]);
    expect(audit.rows.every((a) => a.username === 'risk')).toBe(true);
  });
});
