// Back office, players: search, profile and lists, status semantics (log-in, tokens, push), notes, sessions, and
// reasoned balance adjustments (on both databases, with parallel debits that cannot overdraw).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '@khela/contracts';
import type { Db } from '../../db';
import { hashPassword } from '../../auth';
import { checkLedger, fromMinor, getPlayerBalance, houseAccount, playerAccounts, toMinor, transfer } from '../../ledger';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../../testing/both-databases';
import { createPlayer, memoryDb, testApp, tokenFor } from '../../testing/helpers';

const STAFF: Record<StaffRole, { username: string; password: string }> = {
  admin: { username: 'admin', password: 'admin123' },
  payments: { username: 'operator', password: 'operator123' },
  support: { username: 'support', password: 'support123' },
  content: { username: 'content', password: 'content123' },
  risk: { username: 'risk', password: 'risk123' },
};

async function staffTokens(app: FastifyInstance): Promise<Record<StaffRole, string>> {
  const out = {} as Record<StaffRole, string>;
  for (const [role, cred] of Object.entries(STAFF) as [StaffRole, (typeof STAFF)[StaffRole]][]) {
    const r = await app.inject({ method: 'POST', url: '/api/operator/login', payload: cred });
    expect(r.statusCode, r.body).toBe(200);
    out[role] = r.json().token;
  }
  return out;
}

async function fund(db: Db, id: number, amount: string): Promise<void> {
  await db.tx(async (q) => {
    const { main, currency } = await playerAccounts(q, id);
    const cash = await houseAccount(q, 'cash', currency);
    const a = toMinor(amount);
    await transfer(q, {
      idempotencyKey: `test:fund:${id}:${amount}:${Math.random()}`,
      kind: 'seed',
      legs: [
        { account: cash, amountMinor: -a },
        { account: main, amountMinor: a },
      ],
    });
  });
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('back office players (PGlite)', () => {
  let db: Db;
  let app: FastifyInstance;
  let staff: Record<StaffRole, string>;

  beforeAll(async () => {
    db = await memoryDb();
    app = await testApp(db, { OPERATOR_TOTP_REQUIRED: '0' });
    staff = await staffTokens(app);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const call = (role: StaffRole | null, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...(role ? auth(staff[role]) : {}), ...headers } });

  describe('role denials', () => {
    let id: number;
    beforeAll(async () => {
      id = await createPlayer(db);
    });
    const reads = (id: number) => [
      `/api/operator/players`,
      `/api/operator/players/${id}`,
      `/api/operator/players/${id}/ledger`,
      `/api/operator/players/${id}/bets`,
      `/api/operator/players/${id}/turnovers`,
      `/api/operator/players/${id}/sessions`,
      `/api/operator/players/${id}/notes`,
    ];
    type Write = { url: (id: number) => string; body: object; allowed: StaffRole[] };
    const writes: Write[] = [
      { url: (id) => `/api/operator/players/${id}/notes`, body: { text: 'hello' }, allowed: ['support', 'payments', 'risk', 'admin'] },
      { url: (id) => `/api/operator/players/${id}/status`, body: { status: 'suspended', reason: 'role test' }, allowed: ['risk', 'admin'] },
      {
        url: (id) => `/api/operator/players/${id}/adjust`,
        body: { direction: 'credit', amount: '1.00', reason: 'role test' },
        allowed: ['payments', 'admin'],
      },
      {
        url: (id) => `/api/operator/players/${id}/sessions/revoke`,
        body: { reason: 'role test' },
        allowed: ['support', 'risk', 'admin'],
      },
      {
        url: (id) => `/api/operator/players/${id}/sessions/0123456789abcdef/revoke`,
        body: { reason: 'role test' },
        allowed: ['support', 'risk', 'admin'],
      },
    ];

    it('reads: support, payments, risk and admin; content gets 403, no token or a player token 401', async () => {
      const playerToken = await tokenFor(db, id);
      for (const url of reads(id)) {
        for (const role of ['support', 'payments', 'risk', 'admin'] as const) {
          const r = await call(role, 'GET', url);
          expect(r.statusCode, `${role} ${url}: ${r.body}`).toBe(200);
        }
        const denied = await call('content', 'GET', url);
        expect(denied.statusCode, url).toBe(403);
        expect(denied.json().code).toBe('role');
        expect((await call(null, 'GET', url)).statusCode).toBe(401);
        expect((await call(null, 'GET', url, undefined, auth(playerToken))).statusCode).toBe(401);
      }
    });

    it('every change is refused with 403 to the roles it does not name, and nothing changes', async () => {
      for (const w of writes) {
        for (const role of Object.keys(STAFF) as StaffRole[]) {
          if (w.allowed.includes(role)) continue;
          const r = await call(role, 'POST', w.url(id), w.body, { 'idempotency-key': `deny-${role}-${Math.random()}` });
          expect(r.statusCode, `${role} ${w.url(id)}: ${r.body}`).toBe(403);
          expect(r.json().code).toBe('role');
        }
        expect((await call(null, 'POST', w.url(id), w.body)).statusCode).toBe(401);
      }
      const p = await db.query<{ status: string }>('SELECT status FROM players WHERE id = $1', [id]);
      expect(p.rows[0]!.status).toBe('active');
      expect((await getPlayerBalance(db, id)).balanceMinor).toBe(0n);
      const notes = await db.query('SELECT 1 FROM player_notes WHERE player_id = $1', [id]);
      expect(notes.rows.length).toBe(0);
      const audit = await db.query(`SELECT 1 FROM operator_audit WHERE entity_type = 'player' AND entity_id = $1`, [String(id)]);
      expect(audit.rows.length).toBe(0);
    });
  });

  describe('search and the players table', () => {
    const tag = `srch${Date.now().toString(36)}`;
    let ids: number[];
    beforeAll(async () => {
      ids = [];
      for (let i = 0; i < 3; i++) {
        const id = await createPlayer(db, { username: `${tag}_${i}` });
        await db.query('UPDATE players SET phone = $2, email = $3 WHERE id = $1', [
          id,
          `0171${tag.length}${String(id).padStart(6, '0')}`,
          `${tag}.${i}@Mail.test`,
        ]);
        ids.push(id);
      }
      await fund(db, ids[1]!, '250.00');
      await db.query(`UPDATE players SET status = 'suspended' WHERE id = $1`, [ids[2]]);
    });

    it('finds by username prefix (case-insensitive), e-mail prefix, phone (+880 form too) and id', async () => {
      const byName = await call('support', 'GET', `/api/operator/players?q=${tag.toUpperCase()}_&sort=id&dir=asc`);
      expect(byName.json().data.map((r: { id: number }) => r.id)).toEqual(ids);
      expect(byName.json().total).toBe(3);
      const byMail = await call('support', 'GET', `/api/operator/players?q=${encodeURIComponent(`${tag}.1@mail`)}`);
      expect(byMail.json().data.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
      const phone = (await db.query<{ phone: string }>('SELECT phone FROM players WHERE id = $1', [ids[0]])).rows[0]!.phone;
      const byPhone = await call('support', 'GET', `/api/operator/players?q=${encodeURIComponent(`+880${phone.slice(1)}`)}`);
      expect(byPhone.json().data.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
      const byId = await call('support', 'GET', `/api/operator/players?q=${ids[2]}`);
      expect(byId.json().data.map((r: { id: number }) => r.id)).toContain(ids[2]);
      // wildcards in the box are literal
      const wild = await call('support', 'GET', `/api/operator/players?q=${encodeURIComponent('%')}`);
      expect(wild.json().total).toBe(0);
    });

    it('filters by status and currency, sorts by balance, pages with the filtered total', async () => {
      const suspended = await call('risk', 'GET', `/api/operator/players?q=${tag}&status=suspended`);
      expect(suspended.json().data.map((r: { id: number }) => r.id)).toEqual([ids[2]]);
      const inr = await call('risk', 'GET', `/api/operator/players?q=${tag}&currency=INR`);
      expect(inr.json().total).toBe(0);
      const rich = await call('risk', 'GET', `/api/operator/players?q=${tag}&sort=balance&dir=desc&per_page=1`);
      expect(rich.json()).toMatchObject({ total: 3, page: 1, per_page: 1, data: [{ id: ids[1], balance: '250.00' }] });
      const poorFirst = await call('risk', 'GET', `/api/operator/players?q=${tag}&sort=balance&dir=asc&per_page=2&page=2`);
      expect(poorFirst.json().data.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
      const richFirst = await call('risk', 'GET', `/api/operator/players?q=${tag}&sort=balance&dir=desc&per_page=2&page=2`);
      expect(richFirst.json().data.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
      const page2 = await call('risk', 'GET', `/api/operator/players?q=${tag}&sort=username&dir=asc&per_page=2&page=2`);
      expect(page2.json().data.map((r: { username: string }) => r.username)).toEqual([`${tag}_2`]);
      const bad = await call('risk', 'GET', `/api/operator/players?sort=password_hash`);
      expect(bad.statusCode).toBe(422);
    });

    it('sorts by last log-in and by deposits, filters by protection state; rows carry both figures', async () => {
      const t = `act${Date.now().toString(36)}`;
      const [a, b, c] = [
        await createPlayer(db, { username: `${t}_a` }),
        await createPlayer(db, { username: `${t}_b` }),
        await createPlayer(db, { username: `${t}_c` }),
      ];
      // log-ins: b long ago, a now, c never (the trigger of 0870 keeps player_activity)
      await tokenFor(db, b);
      await db.query(`UPDATE player_activity SET last_login_at = now() - interval '3 days' WHERE player_id = $1`, [b]);
      await tokenFor(db, a);
      // deposits: c 500 confirmed + one pending, a 100 confirmed then reversed to failed, b none
      const dep = (player: number, minor: number, status: number) =>
        db.query<{ id: string }>(
          `INSERT INTO wallet_transactions (public_id, player_id, action, amount_minor, currency, status) VALUES ($1, $2, 'deposit', $3, 'BDT', $4) RETURNING id`,
          [`T${Math.random().toString(36).slice(2)}`, player, minor, status],
        );
      await dep(c, 50_000, 0).then((r) => db.query('UPDATE wallet_transactions SET status = 1 WHERE id = $1', [r.rows[0]!.id]));
      await dep(c, 70_000, 0);
      const rev = await dep(a, 10_000, 1);
      await db.query('UPDATE wallet_transactions SET status = 2 WHERE id = $1', [rev.rows[0]!.id]);
      await dep(a, 2_000, 1);
      const list = async (qs: string) => (await call('payments', 'GET', `/api/operator/players?q=${t}&${qs}`)).json();
      const byLogin = await list('sort=last_login_at&dir=desc');
      expect(byLogin.data.map((r: { id: number }) => r.id)).toEqual([a, b, c]);
      expect(byLogin.data[2].last_login_at).toBeNull();
      expect(Date.parse(byLogin.data[0].last_login_at)).toBeGreaterThan(Date.parse(byLogin.data[1].last_login_at));
      expect((await list('sort=last_login_at&dir=asc')).data.map((r: { id: number }) => r.id)).toEqual([b, a, c]);
      const byDeposits = await list('sort=deposits&dir=desc');
      expect(byDeposits.data.map((r: { id: number; deposits: string }) => [r.id, r.deposits])).toEqual([
        [c, '500.00'],
        [a, '20.00'],
        [b, '0.00'],
      ]);
      // protection: b timed out now, c on hold, a a deposit limit
      await db.query(
        `INSERT INTO player_exclusions (player_id, kind, period, ends_at) VALUES ($1, 'time_out', '24h', now() + interval '1 day')`,
        [b],
      );
      await db.query(`INSERT INTO player_risk_holds (player_id, reason, note, placed_by) VALUES ($1, 'fraud', 'test', 'risk')`, [c]);
      await db.query(`INSERT INTO player_limits (player_id, kind, period, value) VALUES ($1, 'deposit', '24h', 100000)`, [a]);
      const ids = async (protection: string) =>
        (await list(`protection=${protection}&sort=id&dir=asc`)).data.map((r: { id: number }) => r.id);
      expect(await ids('timed_out')).toEqual([b]);
      expect(await ids('on_hold')).toEqual([c]);
      expect(await ids('limits_set')).toEqual([a]);
      expect(await ids('self_excluded')).toEqual([]);
      expect(await ids('unrestricted')).toEqual([a]);
      expect((await call('payments', 'GET', `/api/operator/players?protection=kyc`)).statusCode).toBe(422);
    });

    it("a player's profile has the ledger's figures and verification state; an unknown player is 404", async () => {
      const r = await call('payments', 'GET', `/api/operator/players/${ids[1]}`);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({
        id: ids[1],
        status: 'active',
        phone_verified: false,
        email_verified_at: null,
        wallet: { balance: '250.00', available: '250.00', exposure: '0.00', pending_withdrawals: '0.00', owed: '0.00' },
        vip_coin: 0,
        cash_bonus: '0.00',
      });
      expect((await call('payments', 'GET', '/api/operator/players/99999999')).statusCode).toBe(404);
      const ledger = await call('payments', 'GET', `/api/operator/players/${ids[1]}/ledger`);
      expect(ledger.json()).toMatchObject({ total: 1, data: [{ kind: 'seed', account: 'main', amount: '250.00' }] });
    });
  });

  describe('status semantics', () => {
    async function playerWithPassword(password = 'secret123') {
      const id = await createPlayer(db);
      await db.query('UPDATE players SET password_hash = $2 WHERE id = $1', [id, await hashPassword(password)]);
      const u = (await db.query<{ username: string }>('SELECT username FROM players WHERE id = $1', [id])).rows[0]!.username;
      return { id, username: u, password };
    }
    const login = (p: { username: string; password: string }) =>
      app.inject({ method: 'POST', url: '/api/login', payload: { username: p.username, password: p.password } });

    it('suspended logs in and keeps its tokens; the upline block (docs/README.md#spec-6) follows the flags; the change is pushed and audited', async () => {
      const p = await playerWithPassword();
      const token = await tokenFor(db, p.id);
      const pushed: unknown[] = [];
      const unsubscribe = app.push.subscribe(p.id, (topic, payload) => topic === 'account' && pushed.push(payload));
      const r = await call('risk', 'POST', `/api/operator/players/${p.id}/status`, {
        status: 'suspended',
        exchange_market: 0,
        reason: 'upline block',
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({
        changed: true,
        before: { status: 'active', exchange_market: 1, cs_market: 1 },
        after: { status: 'suspended', exchange_market: 0, cs_market: 1 },
      });
      await new Promise((res) => setTimeout(res, 50));
      unsubscribe();
      expect(pushed).toEqual([{ status: 'suspended', exchange_market: 0, cs_market: 1 }]);
      expect((await login(p)).statusCode).toBe(200);
      const block = await app.inject({ method: 'GET', url: '/api/market/block', headers: auth(token) });
      expect(block.json()).toEqual({ status: 'suspended', exchange_market: 0, cs_market: 1 });
      const audit = await db.query<{ action: string; reason: string; before: any; after: any; username: string }>(
        `SELECT action, reason, before, after, username FROM operator_audit WHERE entity_type = 'player' AND entity_id = $1`,
        [String(p.id)],
      );
      expect(audit.rows).toEqual([
        {
          action: 'player.status',
          reason: 'upline block',
          username: 'risk',
          before: { status: 'active', exchange_market: 1, cs_market: 1 },
          after: { status: 'suspended', exchange_market: 0, cs_market: 1 },
        },
      ]);
      // the same values again: nothing changes, nothing is audited
      const again = await call('risk', 'POST', `/api/operator/players/${p.id}/status`, { exchange_market: 0, reason: 'again' });
      expect(again.json().changed).toBe(false);
      const count = await db.query(`SELECT 1 FROM operator_audit WHERE entity_id = $1`, [String(p.id)]);
      expect(count.rows.length).toBe(1);
    });

    it('disabled cannot log in and every token dies at once; active again logs in', async () => {
      const p = await playerWithPassword();
      const token = await tokenFor(db, p.id);
      const ended: unknown[] = [];
      const unsubscribe = app.push.subscribe(
        p.id,
        () => undefined,
        (end) => ended.push(end),
      );
      const r = await call('admin', 'POST', `/api/operator/players/${p.id}/status`, { status: 'disabled', reason: 'fraud' });
      expect(r.statusCode, r.body).toBe(200);
      await new Promise((res) => setTimeout(res, 50));
      unsubscribe();
      expect(ended.length).toBeGreaterThan(0);
      expect((await app.inject({ method: 'POST', url: '/api/balance', headers: auth(token) })).statusCode).toBe(401);
      const refused = await login(p);
      expect(refused.statusCode).toBe(403);
      const back = await call('risk', 'POST', `/api/operator/players/${p.id}/status`, { status: 'active', reason: 'cleared' });
      expect(back.statusCode).toBe(200);
      // the old token stays dead; a new log-in works
      expect((await app.inject({ method: 'POST', url: '/api/balance', headers: auth(token) })).statusCode).toBe(401);
      expect((await login(p)).statusCode).toBe(200);
    });

    it('bad input is a 422 and changes nothing', async () => {
      const id = await createPlayer(db);
      for (const body of [
        { status: 'blocked', reason: 'bad status' },
        { exchange_market: 2, reason: 'bad flag' },
        { status: 'suspended' },
        { status: 'suspended', reason: 'x' },
        { reason: 'nothing to change' },
      ]) {
        const r = await call('risk', 'POST', `/api/operator/players/${id}/status`, body);
        expect(r.statusCode, JSON.stringify(body)).toBe(422);
      }
      const p = await db.query<{ status: string; exchange_market: number }>('SELECT status, exchange_market FROM players WHERE id = $1', [
        id,
      ]);
      expect(p.rows[0]).toMatchObject({ status: 'active', exchange_market: 1 });
    });
  });

  describe('notes and sessions', () => {
    it('notes are appended with author and time, newest first, and cannot be edited', async () => {
      const id = await createPlayer(db);
      expect((await call('support', 'POST', `/api/operator/players/${id}/notes`, { text: 'first call' })).statusCode).toBe(200);
      expect((await call('payments', 'POST', `/api/operator/players/${id}/notes`, { text: 'second' })).statusCode).toBe(200);
      expect((await call('support', 'POST', `/api/operator/players/${id}/notes`, { text: '   ' })).statusCode).toBe(422);
      const list = await call('risk', 'GET', `/api/operator/players/${id}/notes`);
      expect(list.json()).toMatchObject({
        total: 2,
        data: [
          { text: 'second', operator: 'operator' },
          { text: 'first call', operator: 'support' },
        ],
      });
      await expect(db.query('UPDATE player_notes SET text = $2 WHERE player_id = $1', [id, 'changed'])).rejects.toThrow(/append-only/);
      await expect(db.query('DELETE FROM player_notes WHERE player_id = $1', [id])).rejects.toThrow(/append-only/);
    });

    it('lists sessions and revokes one (its exchange token with it) or all', async () => {
      const id = await createPlayer(db);
      const t1 = await tokenFor(db, id);
      const t2 = await tokenFor(db, id);
      const ex = await app.inject({ method: 'POST', url: '/api/player-login', headers: auth(t1), payload: {} });
      expect(ex.statusCode, ex.body).toBe(200);
      const list = await call('support', 'GET', `/api/operator/players/${id}/sessions?live=1`);
      expect(list.json().total).toBe(3);
      const { sha256Hex } = await import('@khela/contracts/signing');
      // a log-in through the site records its address, device and browser; the exchange token shows its log-in's
      await db.query(`UPDATE players SET password_hash = $2 WHERE id = $1`, [id, await hashPassword('secret-pass-1')]);
      const username = (await db.query<{ username: string }>('SELECT username FROM players WHERE id = $1', [id])).rows[0]!.username;
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-khela-device': 'dev_abcdefghijklmnop', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131' },
        payload: { username, password: 'secret-pass-1' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const tl = login.json().token as string;
      await app.inject({ method: 'POST', url: '/api/player-login', headers: auth(tl), payload: {} });
      const clients = (await call('support', 'GET', `/api/operator/players/${id}/sessions?live=1&sort=created_at&dir=desc`)).json().data;
      const withClient = clients.filter((r: { address: string | null }) => r.address !== null);
      expect(withClient).toHaveLength(2);
      for (const r of withClient) {
        expect(r).toMatchObject({
          address: '127.0.0.1',
          device_id: 'dev_abcdefghijklmnop',
          user_agent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131',
        });
      }
      expect(clients.find((r: { scope: string; address: string | null }) => r.scope === 'player' && r.address === null)).toBeTruthy();
      await call('support', 'POST', `/api/operator/players/${id}/sessions/${sha256Hex(tl).slice(0, 16)}/revoke`, { reason: 'test log-in' });
      const prefix = sha256Hex(t1).slice(0, 16);
      const one = await call('support', 'POST', `/api/operator/players/${id}/sessions/${prefix}/revoke`, { reason: 'lost phone' });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().revoked).toBe(2);
      expect((await app.inject({ method: 'POST', url: '/api/balance', headers: auth(t1) })).statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/api/balance', headers: auth(t2) })).statusCode).toBe(200);
      // another player's session id is unknown here
      const other = await createPlayer(db);
      const foreign = await call('risk', 'POST', `/api/operator/players/${other}/sessions/${sha256Hex(t2).slice(0, 16)}/revoke`, {
        reason: 'wrong player',
      });
      expect(foreign.statusCode).toBe(404);
      const all = await call('risk', 'POST', `/api/operator/players/${id}/sessions/revoke`, { reason: 'log out everywhere' });
      expect(all.json().revoked).toBe(1);
      expect((await app.inject({ method: 'POST', url: '/api/balance', headers: auth(t2) })).statusCode).toBe(401);
      const live = await call('support', 'GET', `/api/operator/players/${id}/sessions?live=1`);
      expect(live.json().total).toBe(0);
    });
  });
});

describeEachDatabase('balance adjustments ($name)', (engine) => {
  const { name } = engine;
  let db: TestDb;
  let app: FastifyInstance;
  let staff: Record<StaffRole, string>;
  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { OPERATOR_TOTP_REQUIRED: '0' } });
  beforeAll(async () => {
    staff = await staffTokens(app);
  });

  const adjust = (id: number, body: object, key: string | null = `k-${Math.random()}`, role: StaffRole = 'payments') =>
    app.inject({
      method: 'POST',
      url: `/api/operator/players/${id}/adjust`,
      payload: body,
      headers: { ...auth(staff[role]), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const available = async (id: number) => fromMinor((await getPlayerBalance(db, id)).balanceMinor);

  it('credits and debits through the ledger against house:adjustment, audited with before and after', async () => {
    const id = await createPlayer(db);
    const credit = await adjust(id, { direction: 'credit', amount: '100.50', reason: 'goodwill credit' });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json()).toMatchObject({
      replayed: false,
      before: { available: '0.00' },
      after: { available: '100.50', balance: '100.50' },
    });
    const debit = await adjust(id, { direction: 'debit', amount: '0.50', reason: 'correction' }, 'debit-1', 'admin');
    expect(debit.statusCode, debit.body).toBe(200);
    expect(await available(id)).toBe('100.00');
    const house = await db.query<{ balance_minor: string }>(
      `SELECT SUM(balance_minor)::text AS balance_minor FROM ledger_accounts WHERE code = 'house:adjustment' AND currency = 'BDT'`,
    );
    expect(house.rows[0]?.balance_minor).toBe('-10000');
    const audit = await db.query<{ action: string; before: any; after: any; reason: string }>(
      `SELECT action, before, after, reason FROM operator_audit WHERE entity_type = 'player' AND entity_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(audit.rows.map((r) => [r.action, r.reason, r.before.available, r.after.available])).toEqual([
      ['player.adjust', 'goodwill credit', '0.00', '100.50'],
      ['player.adjust', 'correction', '100.50', '100.00'],
    ]);
    const ledger = await app.inject({ method: 'GET', url: `/api/operator/players/${id}/ledger`, headers: auth(staff.support) });
    expect(ledger.json().data.map((r: { kind: string; amount: string; note: string }) => [r.kind, r.amount, r.note])).toEqual([
      ['staff.adjustment', '-0.50', 'correction'],
      ['staff.adjustment', '100.50', 'goodwill credit'],
    ]);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('the same Idempotency-Key moves money once; other details under it are a 409; no key is a 422', async () => {
    const id = await createPlayer(db);
    const body = { direction: 'credit', amount: '10.00', reason: 'retry test' };
    const first = await adjust(id, body, 'same-key');
    const second = await adjust(id, body, 'same-key');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ replayed: true, transfer_id: first.json().transfer_id, after: { available: '10.00' } });
    expect(await available(id)).toBe('10.00');
    expect((await adjust(id, { ...body, amount: '11.00' }, 'same-key')).statusCode).toBe(409);
    expect((await adjust(id, body, null)).statusCode).toBe(422);
    const lines = await db.query(`SELECT 1 FROM operator_audit WHERE action = 'player.adjust' AND entity_id = $1`, [String(id)]);
    expect(lines.rows.length).toBe(1);
  });

  it('a debit beyond the available balance is a 422 and moves nothing; bad amounts and reasons are 422', async () => {
    const id = await createPlayer(db);
    await fund(db, id, '5.00');
    const over = await adjust(id, { direction: 'debit', amount: '5.01', reason: 'too much' });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toMatch(/available balance/);
    for (const body of [
      { direction: 'debit', amount: '0', reason: 'zero' },
      { direction: 'debit', amount: '-1.00', reason: 'negative' },
      { direction: 'debit', amount: '1.001', reason: 'three places' },
      { direction: 'credit', amount: '10000000.01', reason: 'over the cap' },
      { direction: 'credit', amount: '1.00', reason: '' },
      { direction: 'sideways', amount: '1.00', reason: 'bad direction' },
    ]) {
      const r = await adjust(id, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await available(id)).toBe('5.00');
    const lines = await db.query(`SELECT 1 FROM operator_audit WHERE action = 'player.adjust' AND entity_id = $1`, [String(id)]);
    expect(lines.rows.length).toBe(0);
  });

  it('10 parallel debits cannot overdraw: exactly the ones the balance covers succeed', async () => {
    const id = await createPlayer(db);
    await fund(db, id, '30.00');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        adjust(id, { direction: 'debit', amount: '7.00', reason: `parallel ${i}` }, `par-${name}-${id}-${i}`),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200).length).toBe(4);
    expect(codes.filter((c) => c === 422).length).toBe(6);
    expect(await available(id)).toBe('2.00');
    const lines = await db.query(`SELECT 1 FROM operator_audit WHERE action = 'player.adjust' AND entity_id = $1`, [String(id)]);
    expect(lines.rows.length).toBe(4);
    expect((await checkLedger(db)).ok).toBe(true);
  });
});
