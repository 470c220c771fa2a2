import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { memoryDb, createPlayer, testApp, tokenFor } from '../testing/helpers';

/** The Responsible gaming page's limits over HTTP: a decrease at once, an increase pending for the cooling-off. */
describe('money limits', () => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await memoryDb();
    app = await testApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  async function player() {
    const id = await createPlayer(db);
    await db.query(`UPDATE players SET phone_verified = true, dofb = '1990-01-01' WHERE id = $1`, [id]);
    return { id, auth: { authorization: `Bearer ${await tokenFor(db, id)}` } };
  }

  it('applies a new limit at once and keeps a raise pending for 24 hours', async () => {
    const p = await player();
    const set = (amount: string | null) =>
      app.inject({
        method: 'PUT',
        url: '/api/responsible-gaming/limits',
        headers: p.auth,
        payload: { kind: 'deposit', period: '24h', amount },
      });
    const first = await set('1000.00');
    expect(first.statusCode).toBe(200);
    const limit = () => first.json().limits.find((l: { kind: string; period: string }) => l.kind === 'deposit' && l.period === '24h');
    expect(limit()).toMatchObject({ amount: '1000.00', used: '0.00', pending: null });
    expect(first.json().message).toBe('Your new limit applies now.');

    const raise = await set('5000.00');
    const raised = raise.json().limits.find((l: { kind: string; period: string }) => l.kind === 'deposit' && l.period === '24h');
    expect(raised.amount).toBe('1000.00');
    expect(raised.pending.amount).toBe('5000.00');
    const wait = Date.parse(raised.pending.effective_at) - Date.now();
    expect(wait).toBeGreaterThan(23.9 * 3600_000);
    expect(wait).toBeLessThanOrEqual(24 * 3600_000);

    const lower = await set('500.00');
    const lowered = lower.json().limits.find((l: { kind: string; period: string }) => l.kind === 'deposit' && l.period === '24h');
    expect(lowered).toMatchObject({ amount: '500.00', pending: null });
  });
});
