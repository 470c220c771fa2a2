// Issue 27 item 1: a casino launch token dies with the log-in session that made it (logout, password change or reset,
// staff disable), has a fixed maximum life (no sliding past it), and every seamless debit checks the player's status
// and protection state. Both databases: the launch lookup joins the sessions table.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { signCall } from '@khela/contracts/signing';
import { hashPassword } from '../auth';
import { fromMinor, getPlayerBalance, houseAccount, playerAccounts, toMinor, transfer } from '../ledger';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { createPlayer, testApp, tokenFor } from '../testing/helpers';
import { setPlayerStatus } from '../identity/staff/service';

const SECRET = 'dev-provider-secret';

describeEachDatabase('casino launch tokens and the session on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { CASINO_TOKEN_TTL_MINUTES: '60', CASINO_TOKEN_MAX_MINUTES: '90' } });

  const balanceOf = async (id: number) => fromMinor((await getPlayerBalance(db, id)).balanceMinor);

  async function launched() {
    const playerId = await createPlayer(db);
    await db.tx(async (q) => {
      const { main, currency } = await playerAccounts(q, playerId);
      const cash = await houseAccount(q, 'cash', currency);
      await transfer(q, {
        idempotencyKey: `test-fund:${randomUUID()}`,
        kind: 'seed',
        legs: [
          { account: cash, amountMinor: -toMinor('100.00') },
          { account: main, amountMinor: toMinor('100.00') },
        ],
      });
    });
    const bearer = await tokenFor(db, playerId);
    const res = await app.inject({
      method: 'POST',
      url: '/api/game-run',
      headers: { authorization: `Bearer ${bearer}` },
      payload: { gameCode: 'sandbox-slot', gameType: 'SLOT', platform: 'SANDBOX', userId: playerId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = new URL(res.json().url).searchParams.get('token')!;
    return { playerId, user: String(playerId), token, bearer };
  }

  async function call(action: string, body: Record<string, unknown>) {
    const raw = JSON.stringify({ request_uuid: randomUUID(), ...body });
    const url = `/api/seamless/sandbox/${action}`;
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...signCall(SECRET, { method: 'POST', path: url, body: raw }) },
      payload: raw,
    });
    return res.json() as { status: string; balance?: string; message?: string };
  }

  const bet = (p: { token: string; user: string }) =>
    call('bet', {
      token: p.token,
      user: p.user,
      transaction_uuid: `bet-${randomUUID()}`,
      round: `r-${randomUUID()}`,
      round_closed: false,
      game_code: 'sandbox-slot',
      amount: '10.00',
      currency: 'BDT',
    });

  it('a launch token works while its session lives', async () => {
    const p = await launched();
    expect((await bet(p)).status).toBe('OK');
    expect(await balanceOf(p.playerId)).toBe('90.00');
  });

  it('logout ends the launch token: a signed bet with it is refused and debits nothing', async () => {
    const p = await launched();
    const out = await app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${p.bearer}` } });
    expect(out.statusCode).toBe(200);
    expect((await bet(p)).status).toBe('TOKEN_EXPIRED');
    expect((await call('authenticate', { token: p.token })).status).toBe('TOKEN_EXPIRED');
    expect(await balanceOf(p.playerId)).toBe('100.00');
  });

  it('a password change ends the launch token', async () => {
    const p = await launched();
    await db.query('UPDATE players SET password_hash = $2 WHERE id = $1', [p.playerId, await hashPassword('oldpass123')]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user-pwd',
      headers: { authorization: `Bearer ${p.bearer}` },
      payload: { old_password: 'oldpass123', new_password: 'newpass123', new_password_confirmation: 'newpass123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await bet(p)).status).toBe('TOKEN_EXPIRED');
    expect(await balanceOf(p.playerId)).toBe('100.00');
  });

  it('staff disabling the player ends the launch token (USER_DISABLED), and enabling again does not revive it', async () => {
    const p = await launched();
    const actor = { staffId: null, username: 'test', ip: null };
    await db.tx((q) => setPlayerStatus(q, actor, p.playerId, { status: 'disabled', reason: 'test disable' }));
    expect((await bet(p)).status).toBe('USER_DISABLED');
    await db.tx((q) => setPlayerStatus(q, actor, p.playerId, { status: 'active', reason: 'test enable' }));
    expect((await bet(p)).status).toBe('TOKEN_EXPIRED');
    expect(await balanceOf(p.playerId)).toBe('100.00');
  });

  it('has a fixed maximum life: use does not slide its expiry past it', async () => {
    const p = await launched();
    // launched 89 minutes ago (maximum 90): a bet now slides the idle expiry only up to the maximum
    await db.query(
      `UPDATE casino_launches SET created_at = now() - interval '89 minutes', max_expires_at = now() + interval '1 minute'
       WHERE player_id = $1`,
      [p.playerId],
    );
    expect((await bet(p)).status).toBe('OK');
    const row = await db.query<{ left_s: string }>(
      `SELECT extract(epoch FROM expires_at - now())::int AS left_s FROM casino_launches WHERE player_id = $1`,
      [p.playerId],
    );
    expect(Number(row.rows[0]!.left_s)).toBeLessThanOrEqual(60);
    await db.query(`UPDATE casino_launches SET max_expires_at = now() - interval '1 second' WHERE player_id = $1`, [p.playerId]);
    expect((await bet(p)).status).toBe('TOKEN_EXPIRED');
    expect(await balanceOf(p.playerId)).toBe('90.00');
  });

  it('a new launch is capped at the maximum life even when the idle time is longer', async () => {
    const r = await testApp(db, { CASINO_TOKEN_TTL_MINUTES: '600', CASINO_TOKEN_MAX_MINUTES: '30' });
    try {
      const playerId = await createPlayer(db);
      const res = await r.inject({
        method: 'POST',
        url: '/api/game-run',
        headers: { authorization: `Bearer ${await tokenFor(db, playerId)}` },
        payload: { gameCode: 'sandbox-slot', gameType: 'SLOT', platform: 'SANDBOX', userId: playerId },
      });
      expect(res.statusCode).toBe(200);
      const row = await db.query<{ left_s: string; max_s: string }>(
        `SELECT extract(epoch FROM expires_at - now())::int AS left_s, extract(epoch FROM max_expires_at - now())::int AS max_s
         FROM casino_launches WHERE player_id = $1`,
        [playerId],
      );
      expect(Number(row.rows[0]!.left_s)).toBeLessThanOrEqual(30 * 60);
      expect(Number(row.rows[0]!.max_s)).toBeLessThanOrEqual(30 * 60);
    } finally {
      await r.close();
    }
  });
});
