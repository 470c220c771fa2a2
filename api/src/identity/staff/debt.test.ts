import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { toMinor } from '@khela/contracts';
import { fromMinor, getPlayerOwed, houseAccount, playerOwedAccount, transfer } from '../../ledger';
import { createStaffAccount } from '../../staff/staff-accounts';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../../testing/both-databases';
import { staffTokens } from '../../testing/fixtures';
import { createPlayer } from '../../testing/helpers';

/**
 * A debt write-off (issue 32): payments staff write off what a player owes (never more); above the maker–checker
 * amount it waits for a second operator (refused to its maker), whose approval writes it off once; audited.
 */
describeEachDatabase('debt write-off on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { MAKER_CHECKER_ABOVE_BDT: '1000', AUDIT_SEAL_INTERVAL_MS: '0' } });
  beforeAll(async () => {
    await createStaffAccount(db, { username: 'cashier2', password: 'second-cashier-pass', role: 'payments' });
    Object.assign(tokens, await staffTokens(app, ['operator', 'cashier2', 'support'], { cashier2: 'second-cashier-pass' }));
  }, 90_000);

  const as = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[who]}`, ...headers },
      ...(payload ? { payload: payload as object } : {}),
    });
  /** A player who owes `amount` (a re-settlement took back spent winnings). */
  async function indebted(amount: string): Promise<number> {
    return db.tx(async (q) => {
      const id = await createPlayer(q);
      await transfer(q, {
        idempotencyKey: `debt-test:${id}`,
        kind: 'exchange.resettle',
        legs: [
          { account: await playerOwedAccount(q, id, 'BDT'), amountMinor: -toMinor(amount) },
          { account: await houseAccount(q, 'exchange', 'BDT'), amountMinor: toMinor(amount) },
        ],
      });
      return id;
    });
  }
  const owed = async (id: number) => fromMinor(await getPlayerOwed(db, id));

  it('at or below the amount it is done at once (never more than owed, once per form); support may not', async () => {
    const id = await indebted('1500');
    const url = `/api/operator/players/${id}/write-off`;
    expect((await as('support', 'POST', url, { amount: '10.00', reason: 'bad debt' }, { 'idempotency-key': 'x1' })).statusCode).toBe(403);
    expect((await as('operator', 'POST', url, { amount: '10.00', reason: 'bad debt' })).statusCode).toBe(422);
    const more = await as('operator', 'POST', url, { amount: '1500.01', reason: 'bad debt' }, { 'idempotency-key': `more-${id}` });
    expect(more.statusCode).toBe(422);
    const r = await as(
      'operator',
      'POST',
      url,
      { amount: '600.00', reason: 'goodwill after the correction' },
      { 'idempotency-key': `w-${id}` },
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ owed_before: '1500.00', owed_after: '900.00' });
    const again = await as(
      'operator',
      'POST',
      url,
      { amount: '600.00', reason: 'goodwill after the correction' },
      { 'idempotency-key': `w-${id}` },
    );
    expect(again.json().message).toContain('Already done');
    expect(await owed(id)).toBe('900.00');
    const line = await db.query<{ username: string; reason: string; before: any; after: any }>(
      `SELECT username, reason, before, after FROM operator_audit WHERE action = 'player.write_off' AND entity_id = $1`,
      [String(id)],
    );
    expect(line.rows).toEqual([
      expect.objectContaining({
        username: 'operator',
        reason: 'goodwill after the correction',
        before: { owed: '1500.00', currency: 'BDT' },
        after: expect.objectContaining({ owed: '900.00', amount: '600.00' }),
      }),
    ]);
  });

  it('above the amount it waits for a second operator, is refused to its maker, and the checker’s approval writes it off', async () => {
    const id = await indebted('5000');
    const url = `/api/operator/players/${id}/write-off`;
    const asked = await as('operator', 'POST', url, { amount: '4000.00', reason: 'uncollectable' }, { 'idempotency-key': `big-${id}` });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'approval_pending' });
    const approvalId = asked.json().approval_id as number;
    expect(await owed(id)).toBe('5000.00');
    const queue = await as('cashier2', 'GET', '/api/operator/approvals?status=pending');
    expect(queue.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: approvalId, kind: 'debt_write_off', amount: '4000.00', currency: 'BDT' })]),
    );
    const self = await as('operator', 'POST', `/api/operator/approvals/${approvalId}/approve`, {});
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('same_operator');
    const ok = await as('cashier2', 'POST', `/api/operator/approvals/${approvalId}/approve`, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await owed(id)).toBe('1000.00');
    const line = await db.query<{ username: string; reason: string }>(
      `SELECT username, reason FROM operator_audit WHERE action = 'player.write_off' AND entity_id = $1`,
      [String(id)],
    );
    expect(line.rows).toEqual([{ username: 'cashier2', reason: `uncollectable (approval #${approvalId}, asked by operator)` }]);
    const t = await db.query<{ kind: string }>(`SELECT kind FROM ledger_transfers WHERE reference = $1 AND kind = 'staff.write_off'`, [
      `player:${id}`,
    ]);
    expect(t.rows).toHaveLength(1);
  });
});
