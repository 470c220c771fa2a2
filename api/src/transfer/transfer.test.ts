// Transfer wallets on both databases, against the real sandbox provider over HTTP (issue 30's API tests): the money
// paths with every fault knob, Recall All with a provider down, parallel Recall All on one and on two API processes,
// and the API "killed" between the hold and the call and between the provider's answer and the commit.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { checkLedger, fromMinor, getPlayerBalance, toMinor } from '../ledger';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { fund } from '../testing/fixtures';
import { createPlayer, otherProcessDb, processOn, tokenFor } from '../testing/helpers';
import { protectionConfig } from '../protection/config';
import { limitUsage } from '../protection/service';
// The real sandbox provider, listening on a port: the same code the site runs.
import { transferPlugin } from '../../../sandbox/src/transfer/plugin';
import { TransferProvider } from '../../../sandbox/src/transfer/engine';
import { TransferProviderClient } from './client';
import { transferConfig } from './config';
import { ledgerProviderBalances, TransferWallets } from './service';

const SECRET = 'transfer-wallet-test-secret';
const sandbox = new TransferProvider();
let sandboxApp: FastifyInstance;
let env: Record<string, string>;

beforeAll(async () => {
  sandboxApp = Fastify();
  await sandboxApp.register(transferPlugin({ provider: sandbox, secret: SECRET, publicUrl: 'http://sandbox.test' }), {
    prefix: '/transfer',
  });
  const base = await sandboxApp.listen({ port: 0, host: '127.0.0.1' });
  env = {
    TRANSFER_PROVIDER_URL: `${base}/transfer`,
    TRANSFER_PROVIDER_SECRET: SECRET,
    TRANSFER_PROVIDER_TIMEOUT_MS: '2500',
    TRANSFER_RECONCILE_MS: '0',
    TRANSFER_BALANCE_MAX_AGE_MS: '0',
    OPERATOR_TOTP_REQUIRED: '0',
  };
});
afterAll(() => sandboxApp.close());

const fault = (vendor: string, mode: string, extra: Record<string, unknown> = {}) =>
  sandboxApp.inject({ method: 'POST', url: '/transfer/control/fault', payload: { vendor, mode, delay_ms: 6000, ...extra } });
const sandboxBalance = (vendor: string, user: number) => sandbox.listWallets({ vendor, user: String(user) })[0]?.balance ?? '0.00';

describeEachDatabase('transfer wallets ($name)', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  suiteDatabase(engine, (t) => ({ db, app } = t), { env: () => env });
  beforeEach(() => sandbox.reset());

  async function funded(amount: string) {
    const id = await createPlayer(db);
    await fund(db, id, amount, `tw-fund:${id}`);
    return { id, token: await tokenFor(db, id) };
  }
  const main = async (id: number) => fromMinor((await getPlayerBalance(db, id)).balanceMinor);
  const inLedger = async (id: number, provider: string) => fromMinor((await ledgerProviderBalances(db, id)).get(provider) ?? 0n);
  const transit = async (id: number) => {
    const r = await db.query<{ b: string }>(`SELECT balance_minor::text AS b FROM ledger_accounts WHERE code = $1`, [
      `player:${id}:transit`,
    ]);
    return fromMinor(BigInt(r.rows[0]?.b ?? 0));
  };
  const call = (
    a: FastifyInstance,
    token: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => a.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, payload });
  const launch = (token: string, gameCode: string, amount?: string, a = app) =>
    call(a, token, 'POST', '/api/provider-wallets/launch', { gameCode, ...(amount ? { amount } : {}) });
  const state = async (id: number) =>
    (
      await db.query<{ state: string; direction: string }>(
        'SELECT state, direction FROM provider_transfers WHERE player_id = $1 ORDER BY created_at',
        [id],
      )
    ).rows;
  const expectLedgerOk = async () => expect((await checkLedger(db)).problems).toEqual([]);

  it('launch moves the money in, a win at the provider comes back on Recall, and the ledger books the result', async () => {
    const p = await funded('5000');
    const quote = await call(app, p.token, 'GET', '/api/provider-wallets/launch-quote?gameCode=sbo-sportsbook');
    expect(quote.json()).toMatchObject({ provider: 'SBO', available: '5000.00', max: '5000.00', capped_by: null });
    const res = await launch(p.token, 'sbo-sportsbook', '1000.00');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'SBO', transfer: { state: 'confirmed', amount: '1000.00' } });
    expect(res.json().url).toContain('http://sandbox.test/transfer/play?session=');
    expect(await main(p.id)).toBe('4000.00');
    expect(await inLedger(p.id, 'SBO')).toBe('1000.00');
    expect(sandboxBalance('SBO', p.id)).toBe('1000.00');

    // play at the provider the operator does not see: a bet of 200 at 2.50, won
    const sid = new URL(res.json().url).searchParams.get('session')!;
    sandbox.placeBet(sid, { selection: 'Bangladesh', stake: '200.00' });
    await sandboxApp.inject({
      method: 'POST',
      url: '/transfer/control/settle',
      payload: { vendor: 'SBO', user: String(p.id), result: 'won' },
    });
    const wallets = await call(app, p.token, 'GET', '/api/provider-wallets');
    expect(wallets.json().wallets).toEqual([expect.objectContaining({ provider: 'SBO', balance: '1300.00', state: 'ok' })]);
    expect(await inLedger(p.id, 'SBO')).toBe('1300.00'); // booked on the balance read

    const recall = await call(app, p.token, 'POST', '/api/provider-wallets/recall', { provider: 'SBO' });
    expect(recall.json().results).toEqual([expect.objectContaining({ provider: 'SBO', status: 'recalled', amount: '1300.00' })]);
    expect(await main(p.id)).toBe('5300.00');
    expect(await inLedger(p.id, 'SBO')).toBe('0.00');
    expect(sandboxBalance('SBO', p.id)).toBe('0.00');
    const bets = await call(app, p.token, 'GET', '/api/provider-wallets/bets');
    expect(bets.json().data).toEqual([expect.objectContaining({ provider: 'SBO', stake: '200.00', win: '500.00', state: 'won' })]);
    const records = await call(app, p.token, 'GET', '/api/provider-wallets/transfers');
    expect(records.json().data.map((t: { direction: string; state: string; type: string }) => [t.type, t.direction, t.state])).toEqual([
      ['Transfer', 'out', 'confirmed'],
      ['Transfer', 'in', 'confirmed'],
    ]);
    const house = await db.query<{ b: string }>(`SELECT balance_minor::text AS b FROM ledger_accounts WHERE code = 'house:provider:SBO'`);
    expect(house.rows[0]!.b).toBe('-30000'); // the house paid the 300.00 the player won
    await expectLedgerOk();
  });

  it('a transfer-in whose answer is lost after the provider applied it stays pending, then is confirmed by the status query: one debit', async () => {
    const p = await funded('2000');
    await fault('SBO', 'timeout_after_apply', { count: 1 });
    const res = await launch(p.token, 'sbo-sportsbook', '500.00');
    expect(res.json()).toMatchObject({ url: null, transfer: { state: 'pending', amount: '500.00' } });
    expect(await main(p.id)).toBe('1500.00');
    expect(await transit(p.id)).toBe('500.00');
    expect(sandboxBalance('SBO', p.id)).toBe('500.00'); // the provider applied it
    // while pending, the wallet says so and a second transfer of that wallet waits
    const w = await call(app, p.token, 'GET', '/api/provider-wallets');
    expect(w.json().wallets[0]).toMatchObject({ state: 'pending', in_transit: '500.00' });

    const pass = await app.transferWallets.reconcileOnce({ all: true });
    expect(pass).toMatchObject({ checked: 1, resolved: 1 });
    expect(await state(p.id)).toEqual([{ state: 'confirmed', direction: 'in' }]);
    expect(await main(p.id)).toBe('1500.00'); // exactly one debit
    expect(await transit(p.id)).toBe('0.00');
    expect(await inLedger(p.id, 'SBO')).toBe('500.00');
    // a second pass moves nothing
    expect((await app.transferWallets.reconcileOnce({ all: true })).checked).toBe(0);
    await expectLedgerOk();
  });

  it('a transfer answered 5xx, and one delayed past the timeout, are pending until the status query says: never applied -> reversed', async () => {
    const p = await funded('1000');
    await fault('SBO', '5xx', { count: 1 });
    expect((await launch(p.token, 'sbo-sportsbook', '300.00')).json().transfer.state).toBe('pending');
    await app.transferWallets.reconcileOnce({ all: true });
    expect(await main(p.id)).toBe('1000.00');
    expect(sandboxBalance('SBO', p.id)).toBe('0.00');

    // delayed: the provider applies it after our timeout; our status query comes first, so the id is closed and the
    // late arrival moves nothing (no double credit, no lost money)
    await fault('SBO', 'delay', { count: 1, delay_ms: 3000 });
    expect((await launch(p.token, 'sbo-sportsbook', '200.00')).json().transfer.state).toBe('pending');
    await app.transferWallets.reconcileOnce({ all: true });
    expect(await main(p.id)).toBe('1000.00');
    await new Promise((r) => setTimeout(r, 1000)); // the late arrival has come by now
    expect(sandbox.calls.filter((c) => c.op === 'transfer').length).toBe(2);
    expect(sandboxBalance('SBO', p.id)).toBe('0.00');
    expect(await state(p.id)).toEqual([
      { state: 'reversed', direction: 'in' },
      { state: 'reversed', direction: 'in' },
    ]);
    await expectLedgerOk();
  });

  it('a transfer-out the provider refuses leaves main unchanged and the money where it was', async () => {
    const p = await funded('1000');
    await launch(p.token, 'sbo-sportsbook', '400.00');
    await fault('SBO', 'insufficient', { count: 1 });
    const r = await call(app, p.token, 'POST', '/api/provider-wallets/recall', { provider: 'SBO' });
    expect(r.json().results[0]).toMatchObject({ status: 'failed', amount: '0.00' });
    expect(await main(p.id)).toBe('600.00');
    expect(await inLedger(p.id, 'SBO')).toBe('400.00');
    expect(sandboxBalance('SBO', p.id)).toBe('400.00');
    await expectLedgerOk();
  });

  it('Recall All with one provider down: the others are recalled, the down one keeps its money, later resolved', async () => {
    const p = await funded('3000');
    for (const game of ['sbo-sportsbook', 'isports-sportsbook', 'twlive-baccarat']) {
      await call(app, p.token, 'PUT', '/api/provider-wallets/settings', { auto_transfer: false });
      expect((await launch(p.token, game, '500.00')).json().transfer.state).toBe('confirmed');
    }
    expect(await main(p.id)).toBe('1500.00');
    // ISPORTS dies while the recall is sent: the transfer-out is held in transit, pending
    await fault('ISPORTS', 'down', { ops: ['transfer', 'status'] });
    // TWLIVE does not answer at all: its money stays at the provider
    await fault('TWLIVE', 'down', { ops: ['balance', 'transfer', 'status'] });
    const r = await call(app, p.token, 'POST', '/api/provider-wallets/recall-all', {});
    const byProvider = Object.fromEntries(r.json().results.map((x: { provider: string; status: string }) => [x.provider, x.status]));
    expect(byProvider).toEqual({ SBO: 'recalled', ISPORTS: 'pending', TWLIVE: 'failed' });
    expect(r.json().results.find((x: { provider: string }) => x.provider === 'TWLIVE').message).toContain(
      'TW Live Casino is not answering',
    );
    expect(await main(p.id)).toBe('2000.00');
    expect(await transit(p.id)).toBe('500.00');
    expect(await inLedger(p.id, 'TWLIVE')).toBe('500.00');

    // the providers come back: the reconciler asks ISPORTS (never applied -> back to the ISPORTS wallet), and Recall All again
    await fault('ISPORTS', 'none');
    await fault('TWLIVE', 'none');
    await app.transferWallets.reconcileOnce({ all: true });
    expect(await transit(p.id)).toBe('0.00');
    const again = await call(app, p.token, 'POST', '/api/provider-wallets/recall-all', {});
    expect(
      again
        .json()
        .results.filter((x: { status: string }) => x.status === 'recalled')
        .map((x: { provider: string }) => x.provider)
        .sort(),
    ).toEqual(['ISPORTS', 'TWLIVE']);
    expect(await main(p.id)).toBe('3000.00');
    await expectLedgerOk();
  });

  it('auto transfer: launching another provider first recalls the previous one', async () => {
    const p = await funded('1000');
    await launch(p.token, 'sbo-sportsbook', '600.00');
    const r = await launch(p.token, 'kabaddi-sportsbook');
    expect(r.json().recalled).toEqual([expect.objectContaining({ provider: 'SBO', status: 'recalled', amount: '600.00' })]);
    // the default amount is the whole available main
    expect(r.json().transfer).toMatchObject({ state: 'confirmed', amount: '1000.00' });
    expect(await main(p.id)).toBe('0.00');
    expect(sandboxBalance('KABADDI', p.id)).toBe('1000.00');
    await expectLedgerOk();
  });

  it('a retried launch with the same Idempotency-Key moves the money once', async () => {
    const p = await funded('1000');
    const send = () =>
      call(
        app,
        p.token,
        'POST',
        '/api/provider-wallets/launch',
        { gameCode: 'sbo-sportsbook', amount: '250.00' },
        { 'idempotency-key': 'launch-1' },
      );
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toContain(200);
    expect(await send().then((x) => x.json().transfer.id)).toBe((a.statusCode === 200 ? a : b).json().transfer.id);
    expect(await main(p.id)).toBe('750.00');
    expect(sandboxBalance('SBO', p.id)).toBe('250.00');
  });

  it('20 parallel Recall All for one player recall each provider once', async () => {
    // its own process with the production timeout: on PGlite (WASM on the event loop) 60 recalls at once delay the
    // in-process sandbox's answers past a short one (each then safely "failed", which is not what this test is about)
    const app = await processOn(db, { ...env, TRANSFER_PROVIDER_TIMEOUT_MS: '15000' });
    const p = await funded('3000');
    await call(app, p.token, 'PUT', '/api/provider-wallets/settings', { auto_transfer: false });
    for (const game of ['sbo-sportsbook', 'isports-sportsbook', 'e1sports-sportsbook']) await launch(p.token, game, '700.00');
    await sandboxApp.inject({
      method: 'POST',
      url: '/transfer/control/adjust',
      payload: { vendor: 'E1SPORTS', user: String(p.id), amount: '-100.00' },
    });
    const all = await Promise.all(Array.from({ length: 20 }, () => call(app, p.token, 'POST', '/api/provider-wallets/recall-all', {})));
    expect(
      all.every((r) => r.statusCode === 200),
      all.map((r) => r.body).join('\n'),
    ).toBe(true);
    const outs = sandbox.listTransfers({ user: String(p.id) }).filter((t) => t.direction === 'out' && t.state === 'applied');
    expect(outs.map((t) => t.vendor).sort(), JSON.stringify(all.map((r) => r.json().results))).toEqual(['E1SPORTS', 'ISPORTS', 'SBO']);
    await app.transferWallets.reconcileOnce({ all: true });
    expect(await main(p.id)).toBe('2900.00');
    for (const v of ['SBO', 'ISPORTS', 'E1SPORTS']) expect(await inLedger(p.id, v)).toBe(sandboxBalance(v, p.id));
    await expectLedgerOk();
    await app.close();
  });

  it('the same on two API processes', async () => {
    const db2 = await otherProcessDb(db);
    const patient = { ...env, TRANSFER_PROVIDER_TIMEOUT_MS: '15000' };
    const app = await processOn(db, patient);
    const app2 = await processOn(db2, patient);
    try {
      const p = await funded('2000');
      await call(app, p.token, 'PUT', '/api/provider-wallets/settings', { auto_transfer: false });
      await launch(p.token, 'sbo-sportsbook', '800.00');
      await launch(p.token, 'virtual-sportsbook', '800.00', app2);
      const all = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(i % 2 ? app2 : app, p.token, 'POST', '/api/provider-wallets/recall-all', {})),
      );
      expect(all.every((r) => r.statusCode === 200)).toBe(true);
      const outs = sandbox.listTransfers({ user: String(p.id) }).filter((t) => t.direction === 'out' && t.state === 'applied');
      expect(outs.map((t) => t.vendor).sort(), JSON.stringify(all.map((r) => r.json().results))).toEqual(['SBO', 'VIRTUAL']);
      await Promise.all([app.transferWallets.reconcileOnce({ all: true }), app2.transferWallets.reconcileOnce({ all: true })]);
      expect(await main(p.id)).toBe('2000.00');
      await expectLedgerOk();
    } finally {
      await app.close();
      await app2.close();
      if (db2 !== db) await db2.close();
    }
  });

  it('the API killed between the hold and the call, and between the answer and the commit: after a restart every transfer is resolved exactly', async () => {
    const cfg = { ...transferConfig(env), reconcileMs: 0 };
    // a process that stops for good at a point: its calls never return
    const frozen = (when: 'before-call' | 'after-answer'): typeof fetch =>
      (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
        if (!String(input).endsWith('/transfer')) return fetch(input, init);
        if (when === 'after-answer') await fetch(input, init);
        return new Promise<Response>(() => undefined);
      }) as typeof fetch;
    const dying = (when: 'before-call' | 'after-answer') =>
      new TransferWallets({
        db,
        cfg,
        client: new TransferProviderClient(cfg, frozen(when)),
        protection: protectionConfig(),
        publishBalance: async () => undefined,
      });
    const a = await funded('1000');
    const b = await funded('1000');
    const c = await funded('1000');
    await launch(c.token, 'sbo-sportsbook', '400.00');
    void dying('before-call').transferIn(a.id, 'SBO', toMinor('300.00'), { reason: 'launch' });
    void dying('after-answer').transferIn(b.id, 'SBO', toMinor('300.00'), { reason: 'launch' });
    void dying('after-answer').recall(c.id, 'SBO');
    await new Promise((r) => setTimeout(r, 800));
    for (const p of [a, b]) expect(await state(p.id)).toEqual([{ state: 'pending', direction: 'in' }]);
    expect((await state(c.id))[1]).toEqual({ state: 'pending', direction: 'out' });

    // restart: a new process resolves every pending transfer at start
    const restarted = await processOn(db, env);
    try {
      await new Promise((r) => setTimeout(r, 200));
      await restarted.transferWallets.reconcileOnce({ all: true });
      expect(await state(a.id)).toEqual([{ state: 'reversed', direction: 'in' }]);
      expect(await state(b.id)).toEqual([{ state: 'confirmed', direction: 'in' }]);
      expect((await state(c.id))[1]).toEqual({ state: 'confirmed', direction: 'out' });
      expect([await main(a.id), await main(b.id), await main(c.id)]).toEqual(['1000.00', '700.00', '1000.00']);
      for (const p of [a, b, c]) {
        expect(await transit(p.id)).toBe('0.00');
        expect(await inLedger(p.id, 'SBO')).toBe(sandboxBalance('SBO', p.id));
      }
      await expectLedgerOk();
    } finally {
      await restarted.close();
    }
  });

  it('a self-excluded player is recalled by the reconciler; limits cap what may go in', async () => {
    const p = await funded('1000');
    await launch(p.token, 'sbo-sportsbook', '400.00');
    await db.query(
      `INSERT INTO player_exclusions (player_id, kind, period, ends_at) VALUES ($1, 'time_out', '24h', now() + interval '1 day')`,
      [p.id],
    );
    expect((await launch(p.token, 'sbo-sportsbook', '100.00')).statusCode).toBe(403);
    await app.transferWallets.reconcileOnce();
    expect(await main(p.id)).toBe('1000.00');
    expect(sandboxBalance('SBO', p.id)).toBe('0.00');

    const q = await funded('1000');
    await db.query(`INSERT INTO player_limits (player_id, kind, period, value) VALUES ($1, 'wager', '24h', 30000)`, [q.id]);
    const quote = await call(app, q.token, 'GET', '/api/provider-wallets/launch-quote?gameCode=sbo-sportsbook');
    expect(quote.json()).toMatchObject({ max: '300.00', capped_by: 'wager' });
    const over = await launch(q.token, 'sbo-sportsbook', '301.00');
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('rg_wager_limit');
    expect((await launch(q.token, 'sbo-sportsbook', '300.00')).json().transfer.state).toBe('confirmed');
    expect((await call(app, q.token, 'GET', '/api/provider-wallets/launch-quote?gameCode=sbo-sportsbook')).json().max).toBe('0.00');

    // a loss at the provider counts against the loss limit (the protection service's own figure), a transfer-in does not
    const r = await funded('1000');
    await db.query(`INSERT INTO player_limits (player_id, kind, period, value) VALUES ($1, 'loss', '24h', 50000)`, [r.id]);
    expect((await launch(r.token, 'sbo-sportsbook', '400.00')).json().transfer.state).toBe('confirmed');
    expect(await limitUsage(db, r.id, 'loss', '24h')).toBe(0n);
    await sandboxApp.inject({
      method: 'POST',
      url: '/transfer/control/adjust',
      payload: { vendor: 'SBO', user: String(r.id), amount: '-300.00' },
    });
    await call(app, r.token, 'GET', '/api/provider-wallets'); // the balance read books the result
    expect(await limitUsage(db, r.id, 'loss', '24h')).toBe(30000n);
    expect(await limitUsage(db, r.id, 'wager', '24h')).toBe(40000n);
    expect((await call(app, r.token, 'GET', '/api/provider-wallets/launch-quote?gameCode=sbo-sportsbook')).json()).toMatchObject({
      max: '200.00',
      capped_by: 'loss',
    });
  });
  it("the providers' games and systems carry placeholder images like the seeded catalogue's", async () => {
    const r = await db.query<{ thumbnail: string | null; icon: string | null }>(
      `SELECT g.thumbnail, s.icon FROM games g JOIN game_systems s ON s.platform = g.platform WHERE g.code = 'sbo-sportsbook'`,
    );
    expect(r.rows[0]).toEqual({ thumbnail: '/storage/games/sbo-sportsbook.svg', icon: '/storage/systems/sbo.svg' });
    expect(existsSync(path.join(app.storageDir, 'games', 'sbo-sportsbook.svg'))).toBe(true);
  });
  it('a time-out, a self-exclusion and a staff disable recall every provider wallet at once (no reconciler pass)', async () => {
    // TRANSFER_RECONCILE_MS is 0 here: only the play-closed hook can bring the money back
    const twoWallets = async () => {
      const p = await funded('1000');
      expect((await launch(p.token, 'sbo-sportsbook', '300.00')).json().transfer.state).toBe('confirmed');
      await call(app, p.token, 'PUT', '/api/provider-wallets/settings', { auto_transfer: false });
      expect((await launch(p.token, 'kabaddi-sportsbook', '200.00')).json().transfer.state).toBe('confirmed');
      expect(await main(p.id)).toBe('500.00');
      return p;
    };
    const recalled = async (id: number, why: string) => {
      await app.playClosed.idle();
      expect(await main(id), why).toBe('1000.00');
      expect([sandboxBalance('SBO', id), sandboxBalance('KABADDI', id)], why).toEqual(['0.00', '0.00']);
      expect(
        (await state(id)).filter((t) => t.direction === 'out').map((t) => t.state),
        why,
      ).toEqual(['confirmed', 'confirmed']);
    };

    const a = await twoWallets();
    const timeOut = await call(app, a.token, 'POST', '/api/responsible-gaming/time-out', { period: '24h', confirm: true });
    expect(timeOut.statusCode, timeOut.body).toBe(200);
    await recalled(a.id, 'time-out');

    const b = await twoWallets();
    // one provider down at the moment: the other comes back now, the down one stays for the reconciler's passes
    await fault('KABADDI', 'down', { ops: ['transfer', 'status'], count: 1 });
    const excl = await call(app, b.token, 'POST', '/api/responsible-gaming/self-exclusion', { period: '6m', confirm: true });
    expect(excl.statusCode, excl.body).toBe(200);
    await app.playClosed.idle();
    expect(sandboxBalance('SBO', b.id)).toBe('0.00');
    expect(await main(b.id)).toBe('800.00');
    await app.transferWallets.reconcileOnce({ all: true }); // resolves the pending recall by its status query
    await app.transferWallets.reconcileOnce(); // recalls what is still there
    expect(await main(b.id)).toBe('1000.00');
    expect(sandboxBalance('KABADDI', b.id)).toBe('0.00');

    const c = await twoWallets();
    const risk = (
      await app.inject({ method: 'POST', url: '/api/operator/login', payload: { username: 'risk', password: 'risk123' } })
    ).json().token as string;
    const disable = await app.inject({
      method: 'POST',
      url: `/api/operator/players/${c.id}/status`,
      headers: { authorization: `Bearer ${risk}` },
      payload: { status: 'disabled', reason: 'fraud check' },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    await recalled(c.id, 'staff disable');
    await expectLedgerOk();
  });
  it('staff: the pending list, a re-query, and a resolution only after the provider answered, audited', async () => {
    const login = async (username: string, password: string) =>
      (await app.inject({ method: 'POST', url: '/api/operator/login', payload: { username, password } })).json().token as string;
    const payments = await login('operator', 'operator123');
    const support = await login('support', 'support123');
    const staff = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
    const p = await funded('1000');
    // SBO is down for everything: the transfer-in stays pending, and so does the reconciler's query
    await fault('SBO', 'down', { ops: ['transfer', 'status'] });
    const l = await launch(p.token, 'sbo-sportsbook', '250.00');
    const id = l.json().transfer.id as string;
    expect(l.json().transfer.state).toBe('pending');
    await app.transferWallets.reconcileOnce({ all: true });

    const list = await staff(support, 'GET', '/api/operator/provider-transfers/pending?older_than=0');
    expect(list.json().data.map((t: { id: string }) => t.id)).toContain(id);
    const mine = await staff(support, 'GET', `/api/operator/players/${p.id}/provider-wallets`);
    expect(mine.json().transfers[0]).toMatchObject({ id, state: 'pending', provider_state: null, amount: '250.00' });
    // support may look, not act; no resolution before the provider answered
    expect((await staff(support, 'POST', `/api/operator/provider-transfers/${id}/query`, {})).statusCode).toBe(403);
    expect((await staff(payments, 'POST', `/api/operator/provider-transfers/${id}/resolve`, { reason: 'player asked' })).statusCode).toBe(
      409,
    );
    expect((await staff(payments, 'POST', `/api/operator/provider-transfers/${id}/query`, {})).json().transfer.provider_state).toBe(null);

    // back up: the query learns it never arrived (the id is closed), then staff resolve by that answer
    await fault('SBO', 'none');
    expect((await staff(payments, 'POST', `/api/operator/provider-transfers/${id}/query`, {})).json().transfer).toMatchObject({
      state: 'pending',
      provider_state: 'unknown',
    });
    const done = await staff(payments, 'POST', `/api/operator/provider-transfers/${id}/resolve`, { reason: 'player asked' });
    expect(done.json().transfer).toMatchObject({ state: 'reversed', resolved_by: 'staff:operator' });
    expect((await staff(payments, 'POST', `/api/operator/provider-transfers/${id}/resolve`, { reason: 'again' })).statusCode).toBe(409);
    expect(await main(p.id)).toBe('1000.00');
    const audit = await db.query<{ action: string; reason: string | null }>(
      `SELECT action, reason FROM operator_audit WHERE entity_type = 'provider_transfer' AND entity_id = $1 ORDER BY id`,
      [id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['provider_transfer.query', 'provider_transfer.query', 'provider_transfer.resolve']);
    expect(audit.rows[2]!.reason).toBe('player asked');
    await expectLedgerOk();
  });
});
