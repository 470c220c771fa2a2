import { afterEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { providerPlugin } from './plugin';
import { GameProvider, crashPointFrom, fromMinor, slotPayout, toMinor } from './engine';
import { checkCall, signCall } from '@khela/contracts/signing';
import { WalletClient, type WalletTransport } from './wallet-client';

const SECRET = 'test-secret';

/** A tiny operator: checks signatures, keeps balances and answers like the seamless-wallet protocol. */
function fakeStaff(startMinor = 10_000) {
  let balance = startMinor;
  const seen = new Map<string, unknown>();
  const calls: Array<{ action: string; body: Record<string, unknown> }> = [];
  let failNextBet = false;
  const transport: WalletTransport = async (path, raw, headers) => {
    if (checkCall(SECRET, { method: 'POST', path, body: raw }, headers) !== 'ok')
      return { httpStatus: 401, json: { status: 'INVALID_SIGNATURE' } };
    const action = path.split('/').pop()!;
    const body = JSON.parse(raw) as Record<string, unknown>;
    calls.push({ action, body });
    const ok = (extra = {}) => ({
      httpStatus: 200,
      json: { status: 'OK', user: '7', currency: 'BDT', balance: fromMinor(balance), ...extra },
    });
    if (action === 'authenticate' || action === 'balance') {
      return body.token === 'good' ? ok({ username: 'demo' }) : { httpStatus: 200, json: { status: 'INVALID_TOKEN' } };
    }
    const tx = String(body.transaction_uuid);
    if (seen.has(tx)) return { httpStatus: 200, json: seen.get(tx) };
    if (action === 'bet') {
      if (failNextBet) {
        failNextBet = false;
        throw new Error('socket hang up');
      }
      const amount = toMinor(String(body.amount));
      if (amount > balance) return { httpStatus: 200, json: { status: 'NOT_ENOUGH_MONEY', balance: fromMinor(balance) } };
      balance -= amount;
    } else if (action === 'win') {
      balance += toMinor(String(body.amount));
    } else if (action === 'rollback') {
      return ok();
    }
    const answer = ok({ transaction_uuid: tx }).json;
    seen.set(tx, answer);
    return { httpStatus: 200, json: answer };
  };
  return {
    transport,
    calls,
    balance: () => balance,
    failNextBet: () => {
      failNextBet = true;
    },
  };
}

let provider: GameProvider | null = null;
afterEach(() => provider?.close());

function makeProvider(op: ReturnType<typeof fakeStaff>, random?: (a: number, b: number) => number) {
  provider = new GameProvider({
    providerId: 'sandbox',
    wallet: new WalletClient(op.transport, 'sandbox', SECRET),
    random,
    retryDelayMs: 1,
  });
  return provider;
}

describe('game rules', () => {
  it('pays three of a kind, two of a kind, and nothing else', () => {
    expect(slotPayout(1000, ['seven', 'seven', 'seven']).winMinor).toBe(60_000);
    expect(slotPayout(1000, ['heart', 'heart', 'club']).winMinor).toBe(1800);
    expect(slotPayout(1000, ['heart', 'club', 'heart']).winMinor).toBe(0);
  });

  it('derives crash points of at least 1.00x with a 3% edge', () => {
    expect(crashPointFrom(0)).toBe(1);
    expect(crashPointFrom(0.5)).toBe(1.94);
    expect(crashPointFrom(0.999999999)).toBe(1000);
  });
});

describe('provider rounds through the seamless wallet', () => {
  it('refuses a launch with a bad token', async () => {
    const p = makeProvider(fakeStaff());
    await expect(p.openSession({ token: 'bad', gameCode: 'sandbox-slot' })).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('debits, credits and logs every slot round; the log matches the wallet', async () => {
    const op = fakeStaff(10_000);
    const p = makeProvider(op);
    const s = await p.openSession({ token: 'good', gameCode: 'sandbox-slot', gameType: 'SLOT' });
    expect(s.engine).toBe('slot');
    for (let i = 0; i < 5; i++) await p.spin(s.id, 1000);
    const log = p.rounds();
    expect(log).toHaveLength(5);
    expect(log.every((r) => r.status === 'closed' && r.bet === '10.00')).toBe(true);
    const won = log.reduce((sum, r) => sum + toMinor(r.win), 0);
    expect(op.balance()).toBe(10_000 - 5 * 1000 + won);
    expect(op.calls.filter((c) => c.action === 'bet')).toHaveLength(5);
    expect(op.calls.filter((c) => c.action === 'win')).toHaveLength(5);
  });

  it('ends a refused bet without a win, and rolls back a bet the operator never answered', async () => {
    const op = fakeStaff(500);
    const p = makeProvider(op);
    const s = await p.openSession({ token: 'good', gameCode: 'sandbox-slot' });
    await expect(p.spin(s.id, 1000)).rejects.toMatchObject({ code: 'NOT_ENOUGH_MONEY' });
    expect(p.rounds()[0]!.status).toBe('refused');
    op.failNextBet();
    await expect(p.spin(s.id, 100)).rejects.toMatchObject({ code: 'UNKNOWN' });
    const rolled = p.rounds()[1]!;
    expect(rolled.status).toBe('rolled_back');
    const rb = op.calls.find((c) => c.action === 'rollback')!;
    expect(rb.body.reference_transaction_uuid).toBe(rolled.transactions[0]!.transaction_uuid);
  });

  it('settles a crash round at the auto cash-out when it is below the crash point', async () => {
    const op = fakeStaff(10_000);
    // u = 0.9 -> crash point 9.70x, so an auto cash-out at 1.01x wins
    const p = makeProvider(op, (min, max) => (max === 2 ** 32 ? Math.floor(0.9 * 2 ** 32) : min));
    const s = await p.openSession({ token: 'good', gameCode: 'sandbox-crash', gameType: 'EGAME' });
    expect(s.engine).toBe('crash');
    const r = await p.crashStart(s.id, 1000, 1.01);
    await new Promise((res) => setTimeout(res, 200));
    const st = p.crashState(s.id, r.round);
    expect(st.settled).toBe(true);
    expect(st.win).toBe('10.10');
    expect(op.balance()).toBe(10_000 - 1000 + 1010);
  });

  it('settles a crash with a zero win when the rocket crashes first', async () => {
    const op = fakeStaff(10_000);
    const p = makeProvider(op, (min) => min); // u = 0 -> crash at 1.00x immediately
    const s = await p.openSession({ token: 'good', gameCode: 'sandbox-crash', gameType: 'EGAME' });
    const r = await p.crashStart(s.id, 1000, null);
    await new Promise((res) => setTimeout(res, 50));
    const st = await p.crashCashout(s.id, r.round);
    expect(st.crashed).toBe(true);
    expect(st.win).toBe('0.00');
    expect(op.calls.filter((c) => c.action === 'win').map((c) => c.body.amount)).toEqual(['0.00']);
  });
});

describe('provider HTTP part', () => {
  it('serves a playable slot page for a good launch link and an error page for a bad one', async () => {
    const op = fakeStaff();
    const app = Fastify();
    await app.register(providerPlugin({ transport: op.transport, secret: SECRET }), { prefix: '/provider' });
    const good = await app.inject({ url: '/provider/play?token=good&game_code=sandbox-slot&game_name=Lucky%20Reels&game_type=SLOT' });
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain('data-testid="slot-spin"');
    expect(good.body).toContain('Lucky Reels');
    const sid = /const SID="([^"]+)"/.exec(good.body)![1]!;
    const spin = await app.inject({ method: 'POST', url: `/provider/api/sessions/${sid}/spin`, payload: { bet: '10.00' } });
    expect(spin.statusCode).toBe(200);
    expect(spin.json().reels).toHaveLength(3);
    const log = await app.inject({ url: '/provider/rounds?user=7' });
    expect(log.json().rounds).toHaveLength(1);
    const bad = await app.inject({ url: '/provider/play?token=bad&game_code=sandbox-slot' });
    expect(bad.statusCode).toBe(403);
    expect(bad.body).toContain('not valid');
    await app.close();
  });
});

describe('the studio catalogue and art (issue 34 item 13)', () => {
  it('lists the games with their art to a signed call only, and serves each picture as SVG', async () => {
    const app = Fastify();
    await app.register(providerPlugin({ transport: fakeStaff().transport, secret: SECRET }), { prefix: '/provider' });
    expect((await app.inject({ url: '/provider/api/games' })).statusCode).toBe(401);
    const forged = signCall('other-secret', { method: 'GET', path: '/provider/api/games', body: '' });
    expect((await app.inject({ url: '/provider/api/games', headers: forged })).statusCode).toBe(401);
    const signed = signCall(SECRET, { method: 'GET', path: '/provider/api/games', body: '' });
    const list = await app.inject({ url: '/provider/api/games', headers: { ...signed, host: 'studio.test:4100' } });
    expect(list.statusCode).toBe(200);
    const games = list.json<{ games: Array<{ game_code: string; thumbnail: string }> }>().games;
    const slot = games.find((g) => g.game_code === 'sandbox-slot')!;
    expect(slot.thumbnail).toBe('http://studio.test:4100/provider/art/sandbox-slot.svg');
    const art = await app.inject({ url: '/provider/art/sandbox-slot.svg' });
    expect(art.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(art.body).toMatch(/^<svg [^>]*width="300"/);
    expect(art.body).toContain('Sandbox Slots');
    expect(art.body).not.toMatch(/<script|\son[a-z]+=/i);
    expect((await app.inject({ url: '/provider/art/unknown-game.svg' })).statusCode).toBe(404);
    await app.close();
  });
});
