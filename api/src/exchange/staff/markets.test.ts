// Back office, exchange markets, over HTTP on PGlite and PostgreSQL: role denials of every endpoint; the markets list
// and market page with the players' P&L per runner to the paisa; staff suspension held against the feed's suspend and
// resume; staff settle, void and re-settle through the engine's settlement (money by the difference, once, also under
// a repeated and 5 parallel requests), audited with before/after; precedence of a staff decision over the feed's
// results (a disagreeing feed result alerts staff and does not re-settle; an equal one does nothing).
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it, vi } from 'vitest';
import { EXCHANGE_MESSAGES } from '@khela/contracts';
import { checkLedger } from '../../ledger';
import { checkBetsAndFills, checkExposures } from '../../testing/exchange-checks';
import { ExchangeFeed, fundedPlayer } from '../../testing/exchange-fixture';
import { playerEvent } from '../../push/broker';
import { staffTokens } from '../../testing/fixtures';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../../testing/both-databases';

let keySeq = 0;

type Player = { id: number; token: string };
type Role = 'risk' | 'admin' | 'support' | 'content' | 'operator';
const ROLES: readonly Role[] = ['risk', 'admin', 'support', 'content', 'operator'];

// pre-play markets of the sandbox world (seed 7): no bet delay, house liquidity at the feed's prices
const MO_LIST = '1.230001004'; // runners 100401 (back 1.72, lay 1.73) and 100402 (back 2.30, lay 2.32)
const MO_SUSPEND = '1.230003002'; // 300201, 300202
const MO_PARALLEL = '1.230002002'; // 200201 (2.06), 200202, 200203
const BM_RESETTLE = '34001003-BM'; // 100301 (rate 80), 100302 (rate 120)
const MO_FEED_FIRST = '1.230001003'; // 100301 (back 1.80), 100302
const FANCY = '34001004-F1'; // YES 49 at 90, NO 48 at 100

describeEachDatabase('back office, exchange markets on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let feed: ExchangeFeed;
  let tokens: Record<Role, string>;

  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { EXCHANGE_BET_DELAY_MS: '0' } });
  beforeAll(async () => {
    feed = new ExchangeFeed(db, app);
    await feed.load();
    tokens = await staffTokens(app, ROLES);
  });

  const auth = (p: Player) => ({ authorization: `Bearer ${p.token}` });
  const staff = (role: Role, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${tokens[role]}` }, ...(payload ? { payload } : {}) });
  const act = async (
    marketId: string,
    verb: 'suspend' | 'resume' | 'settle' | 'void',
    body: Record<string, unknown> = {},
    role: Role = 'risk',
  ) => {
    const r = await staff(role, 'POST', `/api/operator/markets/${marketId}/${verb}`, { reason: `test ${verb}`, ...body });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { changed: boolean; message: string; market: Record<string, unknown> };
  };
  const placeBet = (p: Player, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/exchange/bets', headers: { ...auth(p), 'idempotency-key': `m${++keySeq}` }, payload: body });
  const bet = async (p: Player, body: Record<string, unknown>) => {
    const r = await placeBet(p, body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().bet as { id: string; status: string };
  };
  const wallet = async (p: Player) => {
    const b = (await app.inject({ method: 'POST', url: '/api/balance', headers: auth(p) })).json() as Record<string, string>;
    return { balance: b.balance, exposure: b.exposure, available: b.available };
  };
  const settled = (balance: string) => ({ balance, exposure: '0.00', available: balance });
  const players = (n: number, amount = '5000') => Promise.all(Array.from({ length: n }, () => fundedPlayer(db, amount)));
  const settleTransfers = async (marketId: string) =>
    Number(
      (
        await db.query<{ n: string }>(`SELECT count(*) AS n FROM ledger_transfers WHERE idempotency_key LIKE $1`, [
          `exchange:settle:${marketId}:%`,
        ])
      ).rows[0]!.n,
    );
  const audit = async (marketId: string) =>
    (
      await db.query<{ action: string; username: string; reason: string; before: any; after: any }>(
        `SELECT action, username, reason, before, after FROM operator_audit WHERE entity_type = 'market' AND entity_id = $1 ORDER BY id`,
        [marketId],
      )
    ).rows;
  const alerts = async (marketId: string) =>
    (
      await db.query<{ kind: string; message: string }>(`SELECT kind, message FROM staff_alerts WHERE ref = $1 ORDER BY id`, [
        `market:${marketId}`,
      ])
    ).rows;
  const marketStatus = async (marketId: string, p: Player) =>
    (await app.inject({ method: 'GET', url: `/api/exchange/markets/${marketId}`, headers: auth(p) })).json().status as string;
  const invariants = async () => {
    expect(await checkLedger(db)).toEqual({ ok: true, problems: [] });
    expect(await checkBetsAndFills(db)).toEqual([]);
    expect((await checkExposures(db)).problems).toEqual([]);
  };

  it('refuses every endpoint to support, content and payments operators (403), to players and visitors (401)', async () => {
    const m = MO_LIST;
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/api/operator/markets'],
      ['GET', `/api/operator/markets/${m}`],
      ['GET', `/api/operator/markets/${m}/bets`],
      ['POST', `/api/operator/markets/${m}/suspend`, { reason: 'no way' }],
      ['POST', `/api/operator/markets/${m}/resume`, { reason: 'no way' }],
      ['POST', `/api/operator/markets/${m}/settle`, { reason: 'no way', winner: '100401' }],
      ['POST', `/api/operator/markets/${m}/void`, { reason: 'no way' }],
    ];
    const [p] = await players(1);
    for (const [method, url, payload] of calls) {
      for (const role of ['support', 'content', 'operator'] as const) {
        const r = await staff(role, method, url, payload);
        expect([role, url, r.statusCode]).toEqual([role, url, 403]);
        expect(r.json().code).toBe('role');
      }
      const anon = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect([url, anon.statusCode]).toEqual([url, 401]);
      const player = await app.inject({ method, url, headers: auth(p!), ...(payload ? { payload } : {}) });
      expect([url, player.statusCode]).toEqual([url, 401]);
    }
    expect((await staff('risk', 'GET', '/api/operator/markets')).statusCode).toBe(200);
    expect((await staff('admin', 'GET', '/api/operator/markets')).statusCode).toBe(200);
    // nothing changed on the market
    expect(await audit(m)).toEqual([]);
    expect((await staff('risk', 'GET', `/api/operator/markets/${m}`)).json()).toMatchObject({ status: 'OPEN', settled_result: null });
  });

  it("lists markets with the players' P&L per runner, matched and open volume, players; the market page agrees", async () => {
    const [A, B, C] = await players(3);
    // against the house's liquidity: A backs 100401 at 1.72 (wins 720), B lays 100402 at 2.32 (loses 660 if it wins)
    expect((await bet(A!, { market_id: MO_LIST, selection_id: 100401, side: 'BACK', price: 1.72, stake: '1000' })).status).toBe('MATCHED');
    expect((await bet(B!, { market_id: MO_LIST, selection_id: 100402, side: 'LAY', price: 2.32, stake: '500' })).status).toBe('MATCHED');
    // C's back rests unmatched: open volume, no P&L
    expect((await bet(C!, { market_id: MO_LIST, selection_id: 100401, side: 'BACK', price: 5, stake: '200' })).status).toBe('UNMATCHED');

    const list = await staff('risk', 'GET', `/api/operator/markets?q=${MO_LIST}&per_page=10`);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.total).toBe(1);
    const row = body.data[0];
    expect(row).toMatchObject({
      market_id: MO_LIST,
      currency: 'BDT',
      status: 'OPEN',
      runners: [
        { selection_id: '100401', players_pl: '1220.00', house_pl: '-1220.00' },
        { selection_id: '100402', players_pl: '-1660.00', house_pl: '1660.00' },
      ],
      liability: '1220.00',
      matched: '1500.00',
      open: '200.00',
      players: 3,
      open_bets: 3,
      event_name: 'Australia v England',
      start_time: '2026-11-24T12:00:00.000Z',
    });

    // sorted by liability, this market comes first (nothing else holds a matched bet yet); filters
    const byLiability = (await staff('risk', 'GET', '/api/operator/markets?sort=liability&dir=desc&per_page=1')).json();
    expect(byLiability.data[0].market_id).toBe(MO_LIST);
    expect(byLiability.total).toBeGreaterThan(20);
    const open = (await staff('risk', 'GET', '/api/operator/markets?open_bets=true')).json();
    expect(open.data.map((r: { market_id: string }) => r.market_id)).toEqual([MO_LIST]);
    const inplay = (await staff('risk', 'GET', '/api/operator/markets?inplay=true&sport=cricket&kind=MATCH_ODDS')).json();
    expect(inplay.data.map((r: { market_id: string }) => r.market_id).sort()).toEqual(['1.230001001', '1.230001002']);
    expect((await staff('risk', 'GET', '/api/operator/markets?settled=settled')).json().total).toBe(0);
    expect((await staff('risk', 'GET', '/api/operator/markets?currency=INR&q=1.230001004')).json().data[0]).toMatchObject({
      liability: '0.00',
      matched: '0.00',
      players: 0,
    });
    expect((await staff('risk', 'GET', '/api/operator/markets?per_page=500')).statusCode).toBe(422);

    const page = (await staff('risk', 'GET', `/api/operator/markets/${MO_LIST}`)).json();
    expect(page.books).toEqual([
      {
        currency: 'BDT',
        runners: [
          { selection_id: '100401', name: expect.any(String), players_pl: '1220.00', house_pl: '-1220.00' },
          { selection_id: '100402', name: expect.any(String), players_pl: '-1660.00', house_pl: '1660.00' },
        ],
        runs: [],
        liability: '1220.00',
        matched: '1500.00',
        open: '200.00',
        players: 3,
        bets: 3,
      },
    ]);
    expect(page.history.length).toBeGreaterThan(0);
    const bets = (await staff('risk', 'GET', `/api/operator/markets/${MO_LIST}/bets?per_page=2&sort=stake&dir=desc`)).json();
    expect(bets.total).toBe(3);
    expect(bets.data.map((b: { stake: string; side: string; price: number }) => [b.stake, b.side, b.price])).toEqual([
      ['1000.00', 'BACK', 1.72],
      ['500.00', 'LAY', 2.32],
    ]);

    // settled from the console: winner 100401; A +720 less 5 % commission, B +500 less 25, C's order cancelled
    const out = await act(MO_LIST, 'settle', { winner: '100401' });
    expect(out).toMatchObject({
      changed: true,
      market: { status: 'CLOSED', settled_result: { winner: '100401' }, staff_result: { winner: '100401' } },
    });
    expect(await wallet(A!)).toEqual(settled('5684.00'));
    expect(await wallet(B!)).toEqual(settled('5475.00'));
    expect(await wallet(C!)).toEqual(settled('5000.00'));
    const lines = await audit(MO_LIST);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      action: 'market.settle',
      username: 'risk',
      reason: 'test settle',
      before: { status: 'OPEN', settled_result: null },
      after: { status: 'CLOSED', settled_result: { winner: '100401' }, settle_round: 1 },
    });
    const history = (await staff('risk', 'GET', `/api/operator/markets/${MO_LIST}`)).json().history;
    expect(history[0]).toMatchObject({ source: 'staff', action: 'settle', operator: 'risk', result: { winner: '100401' } });
    await invariants();
  });

  it('a staff suspension holds against the feed: its suspend and resume do not lift it; staff resume does', async () => {
    const m = MO_SUSPEND;
    const [P] = await players(1);
    await bet(P!, { market_id: m, selection_id: 300201, side: 'BACK', price: 10, stake: '100' }); // rests
    // a round's events go to the broker together (PushBroker.publishMany)
    const publish = vi.spyOn(app.push.broker, 'publishMany');
    const out = await act(m, 'suspend');
    expect(out).toMatchObject({ changed: true, market: { status: 'SUSPENDED', feed_status: 'OPEN', staff_suspended: true } });
    // the player with bets there is told their market changed
    expect(publish.mock.calls.flatMap((c) => c[0])).toContainEqual(playerEvent(P!.id, 'odds', { marketId: m, bets: true }));
    publish.mockRestore();
    expect(await marketStatus(m, P!)).toBe('SUSPENDED');
    const refused = await placeBet(P!, { market_id: m, selection_id: 300201, side: 'BACK', price: 10, stake: '100' });
    expect(refused.statusCode).not.toBe(200);
    expect(refused.json().message).toBe(EXCHANGE_MESSAGES.marketSuspended);
    // again: nothing changes, no second audit line
    expect((await act(m, 'suspend')).changed).toBe(false);

    await feed.control(m, 'suspend');
    await feed.control(m, 'resume');
    expect(await marketStatus(m, P!)).toBe('SUSPENDED');
    const held = (await staff('risk', 'GET', `/api/operator/markets/${m}`)).json();
    expect(held).toMatchObject({ status: 'SUSPENDED', feed_status: 'OPEN', staff_suspended: true });

    // the feed suspends meanwhile: staff resume leaves the feed's SUSPENDED; the feed's resume then opens it
    await feed.control(m, 'suspend');
    expect((await act(m, 'resume')).market).toMatchObject({ status: 'SUSPENDED', staff_suspended: false });
    await feed.control(m, 'resume');
    expect(await marketStatus(m, P!)).toBe('OPEN');
    await bet(P!, { market_id: m, selection_id: 300201, side: 'BACK', price: 10, stake: '100' });
    expect((await act(m, 'resume')).changed).toBe(false);
    expect((await audit(m)).map((a) => [a.action, a.before.status, a.after.status])).toEqual([
      ['market.suspend', 'OPEN', 'SUSPENDED'],
      ['market.resume', 'SUSPENDED', 'SUSPENDED'],
    ]);
    await invariants();

    // one more the player cancels before the void: it stays Cancelled everywhere
    const early = await bet(P!, { market_id: m, selection_id: 300201, side: 'BACK', price: 12, stake: '100' });
    expect((await app.inject({ method: 'DELETE', url: `/api/exchange/bets/${early.id}`, headers: auth(P!) })).statusCode).toBe(200);

    // voided with only unmatched orders: every stake back, and the bets the void returned show Void (the marker)
    // in the player's bet list and Betting Records alike; the one cancelled before stays Cancelled in both
    expect((await wallet(P!)).exposure).toBe('200.00');
    await act(m, 'void');
    expect(await wallet(P!)).toEqual(settled('5000.00'));
    const records = (await app.inject({ method: 'GET', url: '/api/betting-record?tab=exchange', headers: auth(P!) })).json();
    const statuses = (JSON.stringify(records).match(/"status":"[A-Za-z]+"/g) ?? []).sort();
    expect(statuses).toEqual(['"status":"CANCELLED"', '"status":"VOID"', '"status":"VOID"']);
    const listed = (await app.inject({ method: 'GET', url: `/api/exchange/bets?status=all&market_id=${m}`, headers: auth(P!) })).json()
      .data as Array<{ id: string; status: string }>;
    expect(listed.map((b) => [b.id === early.id, b.status]).sort()).toEqual([
      [false, 'VOID'],
      [false, 'VOID'],
      [true, 'CANCELLED'],
    ]);
    const bets = (await staff('risk', 'GET', `/api/operator/markets/${m}/bets`)).json().data as Array<{ status: string; voided: boolean }>;
    expect(bets.map((b) => [b.status, b.voided]).sort()).toEqual([
      ['CANCELLED', false],
      ['CANCELLED', true],
      ['CANCELLED', true],
    ]);
    expect((await staff('risk', 'GET', `/api/operator/markets/${m}`)).json()).toMatchObject({ status: 'CLOSED', void_reason: 'test void' });
    await invariants();
  });

  it('a repeated settle moves money once; 5 parallel settle requests move money once', async () => {
    const m = MO_PARALLEL;
    const [A, B] = await players(2);
    await bet(A!, { market_id: m, selection_id: 200201, side: 'BACK', price: 2.06, stake: '1000' }); // wins 1060
    await bet(B!, { market_id: m, selection_id: 200202, side: 'BACK', price: 3.6, stake: '500' }); // loses 500
    const results = await Promise.all(
      Array.from({ length: 5 }, () => staff('risk', 'POST', `/api/operator/markets/${m}/settle`, { reason: 'parallel', winner: '200201' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.json().changed)).toHaveLength(1);
    expect(await wallet(A!)).toEqual(settled('6007.00')); // +1060 less 53
    expect(await wallet(B!)).toEqual(settled('4500.00'));
    expect(await settleTransfers(m)).toBe(2);
    expect((await act(m, 'settle', { winner: '200201' })).changed).toBe(false);
    expect(await wallet(A!)).toEqual(settled('6007.00'));
    expect(await settleTransfers(m)).toBe(2);
    expect((await audit(m)).map((a) => a.action)).toEqual(['market.settle']);
    await invariants();
  });

  it('re-settles a wrong result by the difference, voids with the marker, and a feed result after it only alerts', async () => {
    const m = BM_RESETTLE;
    const [A, B] = await players(2);
    await bet(A!, { market_id: m, selection_id: 100301, side: 'BACK', price: 1.8, stake: '1000' }); // +800 if 100301
    await bet(B!, { market_id: m, selection_id: 100302, side: 'BACK', price: 2.2, stake: '500' }); // +600 if 100302
    await act(m, 'settle', { winner: '100301' });
    expect(await wallet(A!)).toEqual(settled('5800.00'));
    expect(await wallet(B!)).toEqual(settled('4500.00'));
    // the players' view of the market says what staff settled it on (the feed has no result for it)
    const view = async () => (await app.inject({ method: 'GET', url: `/api/exchange/markets/${m}`, headers: auth(A!) })).json();
    expect(await view()).toMatchObject({ status: 'CLOSED', result: { winner: '100301' }, voided: false });

    const re = await act(m, 'settle', { winner: '100302' });
    expect(re).toMatchObject({ changed: true, message: 'Re-settled.', market: { settle_round: 2, settled_result: { winner: '100302' } } });
    expect(await wallet(A!)).toEqual(settled('4000.00'));
    expect(await wallet(B!)).toEqual(settled('5600.00'));
    expect(await settleTransfers(m)).toBe(4); // one per player per round
    expect((await act(m, 'settle', { winner: '100302' })).changed).toBe(false);
    expect(await settleTransfers(m)).toBe(4);

    const voided = await act(m, 'void');
    expect(voided.market).toMatchObject({ settled_result: { void: true }, void_reason: 'test void', settle_round: 3 });
    expect(await view()).toMatchObject({ status: 'CLOSED', result: null, voided: true });
    expect(await wallet(A!)).toEqual(settled('5000.00'));
    expect(await wallet(B!)).toEqual(settled('5000.00'));
    const bets = (await staff('risk', 'GET', `/api/operator/markets/${m}/bets`)).json().data as Array<{ status: string; voided: boolean }>;
    expect(bets.map((b) => [b.status, b.voided])).toEqual([
      ['VOID', true],
      ['VOID', true],
    ]);
    const record = (await app.inject({ method: 'GET', url: '/api/betting-record?tab=exchange', headers: auth(A!) })).json();
    expect(JSON.stringify(record)).toContain('"VOID"');
    expect((await audit(m)).map((a) => a.action)).toEqual(['market.settle', 'market.resettle', 'market.void']);
    expect((await audit(m))[1]).toMatchObject({
      before: { settled_result: { winner: '100301' } },
      after: { settled_result: { winner: '100302' } },
    });

    // the feed's result now disagrees with staff's void: an alert, no money
    const staffPush = vi.spyOn(app.push, 'publishStaff');
    await feed.control(m, 'result', { winner: 100301 });
    expect(await wallet(A!)).toEqual(settled('5000.00'));
    expect(await settleTransfers(m)).toBe(6);
    expect(await alerts(m)).toEqual([{ kind: 'market.feed_disagrees', message: expect.stringContaining('staff settled it as void') }]);
    expect(staffPush).toHaveBeenCalledWith('alert', expect.objectContaining({ kind: 'market.feed_disagrees', ref: `market:${m}` }));
    // the same disagreeing result again (a new feed version): no second alert
    await feed.control(m, 'result', { winner: 100301 });
    expect(await alerts(m)).toHaveLength(1);
    staffPush.mockRestore();
    await invariants();
  });

  it('a staff decision overrides a feed settlement and is final: the feed agreeing is a no-op, disagreeing alerts', async () => {
    const m = MO_FEED_FIRST;
    const [A] = await players(1);
    expect((await bet(A!, { market_id: m, selection_id: 100301, side: 'BACK', price: 1.8, stake: '1000' })).status).toBe('MATCHED');
    await feed.control(m, 'result', { winner: 100302 }); // the feed settles: A loses
    expect(await wallet(A!)).toEqual(settled('4000.00'));
    expect(await settleTransfers(m)).toBe(1);

    const out = await act(m, 'settle', { winner: '100301' }); // staff: the feed was wrong
    expect(out).toMatchObject({ changed: true, message: 'Re-settled.', market: { staff_result: { winner: '100301' }, settle_round: 2 } });
    expect(await wallet(A!)).toEqual(settled('5760.00')); // +800 less 40
    expect(await settleTransfers(m)).toBe(2);

    await feed.control(m, 'result', { winner: 100301 }); // the feed now agrees: nothing
    expect(await alerts(m)).toEqual([]);
    expect(await wallet(A!)).toEqual(settled('5760.00'));
    await feed.control(m, 'result', { winner: 100302 }); // disagrees again: an alert, no re-settlement
    expect(await wallet(A!)).toEqual(settled('5760.00'));
    expect(await settleTransfers(m)).toBe(2);
    expect(await alerts(m)).toHaveLength(1);
    const page = (await staff('risk', 'GET', `/api/operator/markets/${m}`)).json();
    expect(page).toMatchObject({ status: 'CLOSED', settled_result: { winner: '100301' }, feed_result: { winner: '100302' } });
    expect(page.history.map((h: { action: string }) => h.action)).toContain('feed_disagrees');
    // the feed reopening a staff-settled market does not reopen it for players
    await feed.control(m, 'resume').catch(() => undefined);
    expect(await marketStatus(m, A!)).toBe('CLOSED');
    await invariants();
  });

  it('settles Fancy on a value; refuses bad input with 422 and changes nothing', async () => {
    const m = FANCY;
    const [A] = await players(1);
    await bet(A!, { market_id: m, side: 'YES', line: 49, rate: 90, stake: '1000' });
    const bad = async (url: string, payload: unknown, status = 422) => {
      const r = await staff('risk', 'POST', url, payload);
      expect([url, r.statusCode, r.body]).toEqual([url, status, expect.any(String)]);
    };
    await bad(`/api/operator/markets/${m}/settle`, { reason: 'fancy', winner: '100451' });
    await bad(`/api/operator/markets/${m}/settle`, { reason: 'fancy' });
    await bad(`/api/operator/markets/${m}/settle`, { runs: 50 }); // no reason
    await bad(`/api/operator/markets/${m}/settle`, { reason: 'x', runs: 50 }); // too short
    await bad(`/api/operator/markets/${MO_SUSPEND}/settle`, { reason: 'not a runner', winner: '999' });
    await bad(`/api/operator/markets/${MO_SUSPEND}/settle`, { reason: 'no winner' });
    await bad(`/api/operator/markets/nope/settle`, { reason: 'unknown', winner: '1' }, 404);
    expect(await audit(m)).toEqual([]);
    expect((await staff('risk', 'GET', `/api/operator/markets/${m}`)).json()).toMatchObject({ status: 'OPEN', settled_result: null });

    const book = (await staff('risk', 'GET', `/api/operator/markets/${m}`)).json().books[0];
    expect(book.liability).toBe('900.00');
    expect(book.runs).toEqual([
      { runs: 48, players_pl: '-1000.00', house_pl: '1000.00' },
      { runs: 49, players_pl: '900.00', house_pl: '-900.00' },
    ]);
    const row = (await staff('risk', 'GET', `/api/operator/markets?q=${m}`)).json().data[0];
    expect(row).toMatchObject({ liability: '900.00', matched: '1000.00', runners: [] });

    await act(m, 'settle', { runs: 50 }, 'admin');
    expect(await wallet(A!)).toEqual(settled('5900.00'));
    expect((await audit(m))[0]).toMatchObject({ action: 'market.settle', username: 'admin', after: { settled_result: { runs: 50 } } });
    // a settled market is not suspended or resumed
    await bad(`/api/operator/markets/${m}/suspend`, { reason: 'too late' });
    await invariants();
  });
});
