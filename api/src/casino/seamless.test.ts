import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { checkLedger, getPlayerBalance, houseAccount, playerAccounts, toMinor, transfer, fromMinor } from '../ledger';
import { createTurnover } from '../core/turnover';
import { createPlayer, tokenFor } from '../testing/helpers';
import { appPerFile } from '../testing/app-per-file';
import { signCall } from '@khela/contracts/signing';

const SECRET = 'dev-provider-secret';

let db: Db;
let app: FastifyInstance;
appPerFile((t) => ({ db, app } = t));

async function fund(playerId: number, amount: string) {
  await db.tx(async (q) => {
    const { main, currency } = await playerAccounts(q, playerId);
    const cash = await houseAccount(q, 'cash', currency);
    await transfer(q, {
      idempotencyKey: `test-fund:${randomUUID()}`,
      kind: 'seed',
      legs: [
        { account: cash, amountMinor: -toMinor(amount) },
        { account: main, amountMinor: toMinor(amount) },
      ],
    });
  });
}

const balanceOf = async (playerId: number) => fromMinor((await getPlayerBalance(db, playerId)).balanceMinor);

/** A player with money and a launch token for `game`, as the provider receives it in the launch URL. */
async function launchedPlayer(opts: { amount?: string; game?: string; platform?: string; type?: string } = {}) {
  const playerId = await createPlayer(db);
  if (opts.amount !== '0') await fund(playerId, opts.amount ?? '100.00');
  const bearer = await tokenFor(db, playerId);
  const res = await app.inject({
    method: 'POST',
    url: '/api/game-run',
    headers: { authorization: `Bearer ${bearer}` },
    payload: {
      gameCode: opts.game ?? 'sandbox-slot',
      gameType: opts.type ?? 'SLOT',
      platform: opts.platform ?? 'SANDBOX',
      userId: playerId,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url);
  return { playerId, user: String(playerId), token: url.searchParams.get('token')!, url, bearer };
}

async function call(
  action: string,
  body: Record<string, unknown>,
  opts: { secret?: string; provider?: string } = {},
): Promise<{ http: number; status: string; balance?: string; [k: string]: unknown }> {
  const raw = JSON.stringify({ request_uuid: randomUUID(), ...body });
  const url = `/api/seamless/${opts.provider ?? 'sandbox'}/${action}`;
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...signCall(opts.secret ?? SECRET, { method: 'POST', path: url, body: raw }) },
    payload: raw,
  });
  return { http: res.statusCode, ...(res.json() as { status: string }) };
}

const betBody = (p: { token: string; user: string }, over: Record<string, unknown> = {}) => ({
  token: p.token,
  user: p.user,
  transaction_uuid: `bet-${randomUUID()}`,
  round: `r-${randomUUID()}`,
  round_closed: false,
  game_code: 'sandbox-slot',
  amount: '10.00',
  currency: 'BDT',
  ...over,
});

describe('POST /api/game-run', () => {
  it('refuses a visitor and an unknown game, and gives a player a provider URL with a launch token', async () => {
    const anon = await app.inject({
      method: 'POST',
      url: '/api/game-run',
      payload: { gameCode: 'sandbox-slot', gameType: 'SLOT', platform: 'SANDBOX' },
    });
    expect(anon.statusCode).toBe(401);
    const p = await launchedPlayer();
    expect(p.url.pathname).toBe('/provider/play');
    expect(p.url.searchParams.get('game_code')).toBe('sandbox-slot');
    expect(p.token.length).toBeGreaterThan(30);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/game-run',
      headers: { authorization: `Bearer ${p.bearer}` },
      payload: { gameCode: 'nope', gameType: 'SLOT', platform: 'SANDBOX' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses a transfer-wallet provider's game (it opens only with an amount moved into its wallet), in the player's language", async () => {
    const p = await launchedPlayer();
    const before = await balanceOf(p.playerId);
    const launches = await db.query<{ n: string }>('SELECT count(*) AS n FROM casino_launches WHERE player_id = $1', [p.playerId]);
    for (const [lang, text] of [
      ['en', 'This game plays from its own wallet: open it from the games list and choose how much to move in.'],
      ['bn', 'এই গেমটি নিজের ওয়ালেট থেকে খেলা হয়: গেমের তালিকা থেকে খুলুন এবং কত টাকা সেখানে নেবেন তা বেছে নিন।'],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/game-run',
        headers: { authorization: `Bearer ${p.bearer}`, 'accept-language': lang! },
        payload: { gameCode: 'kabaddi-sportsbook', gameType: 'SPORTS', platform: 'KABADDI', userId: p.playerId },
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ message: text, code: 'transfer_wallet_game' });
    }
    // nothing opened, nothing moved
    const after = await db.query<{ n: string }>('SELECT count(*) AS n FROM casino_launches WHERE player_id = $1', [p.playerId]);
    expect(after.rows[0]!.n).toBe(launches.rows[0]!.n);
    expect(await balanceOf(p.playerId)).toBe(before);
  });

  it('answers a player blocked by the upline with the spec 6 text', async () => {
    const playerId = await createPlayer(db, { status: 'suspended' });
    await db.query('UPDATE players SET cs_market = 0 WHERE id = $1', [playerId]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/game-run',
      headers: { authorization: `Bearer ${await tokenFor(db, playerId)}` },
      payload: { gameCode: 'sandbox-slot', gameType: 'SLOT', platform: 'SANDBOX' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Your selected section "Slot" is currently blocked by Your Upline. Please Contact Customer Support for further assistance.',
    );
  });
});

describe('seamless wallet: authentication and signatures', () => {
  it('authenticates a launch token with the balance; unknown and expired tokens get their codes', async () => {
    const p = await launchedPlayer({ amount: '55.50' });
    const ok = await call('authenticate', { token: p.token, game_code: 'sandbox-slot' });
    expect(ok).toMatchObject({ status: 'OK', user: p.user, currency: 'BDT', balance: '55.50' });
    expect((await call('authenticate', { token: 'nope' })).status).toBe('INVALID_TOKEN');
    await db.query(`UPDATE casino_launches SET expires_at = now() - interval '1 minute'`);
    expect((await call('authenticate', { token: p.token })).status).toBe('TOKEN_EXPIRED');
  });

  it('refuses a bad signature and an unknown partner before doing anything', async () => {
    const p = await launchedPlayer({ amount: '100.00' });
    const bad = await call('bet', betBody(p), { secret: 'wrong-secret' });
    expect(bad).toMatchObject({ http: 401, status: 'INVALID_SIGNATURE' });
    const partner = await call('bet', betBody(p), { provider: 'someone-else' });
    expect(partner).toMatchObject({ http: 401, status: 'INVALID_PARTNER' });
    expect(await balanceOf(p.playerId)).toBe('100.00');
  });

  it('answers malformed requests with WRONG_SYNTAX', async () => {
    const p = await launchedPlayer();
    const res = await call('bet', { ...betBody(p), amount: '-5' });
    expect(res.status).toBe('WRONG_SYNTAX');
  });
});

describe('seamless wallet: money', () => {
  it('a duplicated debit moves money once; the same id with other details is a duplicate', async () => {
    const p = await launchedPlayer({ amount: '100.00' });
    const body = betBody(p, { amount: '12.50' });
    const first = await call('bet', body);
    const again = await call('bet', body);
    expect(first).toMatchObject({ status: 'OK', balance: '87.50' });
    expect(again).toMatchObject({ status: 'OK', balance: '87.50', transaction_uuid: body.transaction_uuid });
    expect(await balanceOf(p.playerId)).toBe('87.50');
    const changed = await call('bet', { ...body, amount: '20.00' });
    expect(changed.status).toBe('DUPLICATE_TRANSACTION');
    expect(await balanceOf(p.playerId)).toBe('87.50');
  });

  it('the same debit sent twice at once still moves money once', async () => {
    const p = await launchedPlayer({ amount: '100.00' });
    const body = betBody(p, { amount: '40.00' });
    const answers = await Promise.all([call('bet', body), call('bet', body), call('bet', body)]);
    expect(answers.map((a) => a.status)).toEqual(['OK', 'OK', 'OK']);
    expect(await balanceOf(p.playerId)).toBe('60.00');
    const journal = await db.query('SELECT 1 FROM casino_wallet_transactions WHERE transaction_uuid = $1', [body.transaction_uuid]);
    expect(journal.rows).toHaveLength(1);
  });

  it('a debit over the balance is refused with NOT_ENOUGH_MONEY and the balance', async () => {
    const p = await launchedPlayer({ amount: '5.00' });
    const res = await call('bet', betBody(p, { amount: '10.00' }));
    expect(res).toMatchObject({ http: 200, status: 'NOT_ENOUGH_MONEY', balance: '5.00' });
    expect(await balanceOf(p.playerId)).toBe('5.00');
    const rounds = await db.query('SELECT 1 FROM casino_rounds WHERE player_id = $1', [p.playerId]);
    expect(rounds.rows).toHaveLength(0);
  });

  it('a rollback after a debit restores it once, and the bet cannot come back', async () => {
    const p = await launchedPlayer({ amount: '100.00' });
    const bet = betBody(p, { amount: '30.00' });
    expect((await call('bet', bet)).balance).toBe('70.00');
    const rb = {
      token: p.token,
      user: p.user,
      transaction_uuid: `rb-${randomUUID()}`,
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      game_code: 'sandbox-slot',
    };
    expect(await call('rollback', rb)).toMatchObject({ status: 'OK', balance: '100.00' });
    expect(await call('rollback', rb)).toMatchObject({ status: 'OK', balance: '100.00' });
    const other = await call('rollback', { ...rb, transaction_uuid: `rb-${randomUUID()}` });
    expect(other).toMatchObject({ status: 'OK', balance: '100.00' });
    expect(await balanceOf(p.playerId)).toBe('100.00');
    expect((await call('bet', bet)).status).toBe('TRANSACTION_ROLLED_BACK');
    const winOnIt = await call('win', {
      ...betBody(p),
      transaction_uuid: `win-${randomUUID()}`,
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      amount: '50.00',
    });
    expect(winOnIt.status).toBe('TRANSACTION_ROLLED_BACK');
    expect(await balanceOf(p.playerId)).toBe('100.00');
    const round = await db.query<{ status: string }>('SELECT status FROM casino_rounds WHERE round_id = $1', [bet.round]);
    expect(round.rows[0]!.status).toBe('cancelled');
  });

  it('a rollback that arrives before its bet is remembered, and the late bet is refused', async () => {
    const p = await launchedPlayer({ amount: '100.00' });
    const bet = betBody(p, { amount: '40.00' });
    const rb = await call('rollback', {
      token: p.token,
      user: p.user,
      transaction_uuid: `rb-${randomUUID()}`,
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      game_code: 'sandbox-slot',
    });
    expect(rb.status).toBe('TRANSACTION_DOES_NOT_EXIST');
    expect((await call('bet', bet)).status).toBe('TRANSACTION_ROLLED_BACK');
    expect(await balanceOf(p.playerId)).toBe('100.00');
  });

  it('a win referencing an unknown bet is refused', async () => {
    const p = await launchedPlayer();
    const res = await call('win', { ...betBody(p), reference_transaction_uuid: 'bet-unknown', amount: '5.00' });
    expect(res.status).toBe('TRANSACTION_DOES_NOT_EXIST');
  });

  it('pays a win after the launch token expired, but refuses a new bet on that token', async () => {
    const p = await launchedPlayer({ amount: '100.00' });
    const bet = betBody(p, { amount: '10.00' });
    await call('bet', bet);
    await db.query(`UPDATE casino_launches SET expires_at = now() - interval '1 minute' WHERE player_id = $1`, [p.playerId]);
    const win = await call('win', {
      ...bet,
      transaction_uuid: `win-${randomUUID()}`,
      reference_transaction_uuid: bet.transaction_uuid,
      amount: '25.00',
      round_closed: true,
    });
    expect(win).toMatchObject({ status: 'OK', balance: '115.00' });
    expect((await call('bet', betBody(p))).status).toBe('TOKEN_EXPIRED');
  });

  it('settles rounds into betting records, reduces turnover, adds VIP points and pushes the balance', async () => {
    const p = await launchedPlayer({ amount: '1000.00' });
    // an active turnover requirement of 500.00
    await db.tx(async (q) => {
      const promo = await q.query<{ id: string }>('SELECT id FROM promotions ORDER BY id LIMIT 1');
      const t = await q.query<{ id: string }>(
        `INSERT INTO wallet_transactions (public_id, player_id, action, amount_minor, currency, status) VALUES ($1, $2, 'deposit', 50000, 'BDT', 1) RETURNING id`,
        [`D${randomUUID().slice(0, 8)}`, p.playerId],
      );
      await createTurnover(q, {
        playerId: p.playerId,
        transactionId: Number(t.rows[0]!.id),
        promotionId: Number(promo.rows[0]!.id),
        requiredMinor: 50_000n,
      });
    });
    const vipBefore = (await db.query<{ vip_coin: number }>('SELECT vip_coin FROM players WHERE id = $1', [p.playerId])).rows[0]!.vip_coin;
    const pushed: unknown[] = [];
    const unsubscribe = app.push.subscribe(p.playerId, (topic, payload) => pushed.push({ topic, payload }));

    const plays = [
      { bet: '100.00', win: '0.00' },
      { bet: '50.00', win: '90.00' },
      { bet: '100.00', win: '180.00' },
    ];
    for (const play of plays) {
      const bet = betBody(p, { amount: play.bet });
      expect((await call('bet', bet)).status).toBe('OK');
      const win = await call('win', {
        ...bet,
        transaction_uuid: `win-${randomUUID()}`,
        reference_transaction_uuid: bet.transaction_uuid,
        amount: play.win,
        round_closed: true,
      });
      expect(win.status).toBe('OK');
    }
    await new Promise((r) => setTimeout(r, 20));
    unsubscribe();
    expect(await balanceOf(p.playerId)).toBe('1020.00');
    expect(pushed.length).toBeGreaterThanOrEqual(3);
    expect(pushed.at(-1)).toMatchObject({ topic: 'balance', payload: { balance: '1020.00' } });

    const rec = await app.inject({ url: '/api/betting-record?date=today', headers: { authorization: `Bearer ${p.bearer}` } });
    expect(rec.statusCode).toBe(200);
    const rows = rec.json().data as Array<Record<string, string>>;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ platform: 'SANDBOX', game_type: 'SLOT', game_name: 'Sandbox Slots' });
    expect(rows.map((r) => [r.bet_amount, r.winAmount]).sort()).toEqual([
      ['100.00', '0.00'],
      ['100.00', '180.00'],
      ['50.00', '90.00'],
    ]);
    const yesterday = await app.inject({ url: '/api/betting-record?date=yesterday', headers: { authorization: `Bearer ${p.bearer}` } });
    expect(yesterday.json().data).toHaveLength(0);
    const otherType = await app.inject({
      url: '/api/betting-record?date=last7&game_type=EGAME',
      headers: { authorization: `Bearer ${p.bearer}` },
    });
    expect(otherType.json().data).toHaveLength(0);

    const turnover = await db.query<{ remaining_minor: string }>('SELECT remaining_minor FROM wallet_turnovers WHERE player_id = $1', [
      p.playerId,
    ]);
    expect(turnover.rows[0]!.remaining_minor).toBe(String(50_000 - 25_000));
    const vipAfter = (await db.query<{ vip_coin: number }>('SELECT vip_coin FROM players WHERE id = $1', [p.playerId])).rows[0]!.vip_coin;
    expect(vipAfter - vipBefore).toBe(2); // 250.00 of turnover at 1 VP per 100.00

    expect((await checkLedger(db)).problems).toEqual([]);
  });
});

describe('favourites and filter types', () => {
  it('stores favourites per player', async () => {
    const a = await launchedPlayer();
    const b = await launchedPlayer();
    const h = (t: string) => ({ authorization: `Bearer ${t}` });
    await app.inject({ method: 'POST', url: '/api/game-favourites', headers: h(a.bearer), payload: { gameCode: 'sandbox-slot' } });
    const added = await app.inject({
      method: 'POST',
      url: '/api/game-favourites',
      headers: h(a.bearer),
      payload: { gameCode: 'JILI-SLOT-001' },
    });
    expect(added.json().codes).toEqual(expect.arrayContaining(['sandbox-slot', 'JILI-SLOT-001']));
    expect((await app.inject({ url: '/api/game-favourites', headers: h(b.bearer) })).json().codes).toEqual([]);
    const removed = await app.inject({ method: 'DELETE', url: '/api/game-favourites/sandbox-slot', headers: h(a.bearer) });
    expect(removed.json().codes).toEqual(['JILI-SLOT-001']);
    const unknown = await app.inject({ method: 'POST', url: '/api/game-favourites', headers: h(a.bearer), payload: { gameCode: 'nope' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('GET /api/get-type lists game types and platforms', async () => {
    const a = await launchedPlayer();
    const res = await app.inject({ url: '/api/get-type', headers: { authorization: `Bearer ${a.bearer}` } });
    expect(res.json().types.map((t: { code: string }) => t.code)).toEqual(expect.arrayContaining(['SLOT', 'EGAME']));
    expect(res.json().platforms.map((t: { platform: string }) => t.platform)).toContain('SANDBOX');
  });
});
