// One writer per market across processes (issue 28 item 2): the market's own bet route, the writer's lease and its
// fence, and the queue's bound. Leases are 300 ms here (a setting; 1.5 s by default). On PGlite (one process) there is
// no lease to take.
import { EXCHANGE_MESSAGES as M } from '@khela/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { checkLedger } from '../../ledger';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../../testing/exchange-fixture';
import { closeTestDb, describeOnPostgres, suiteDatabase, type TestDb } from '../../testing/both-databases';
import { bothDatabases, otherProcessDb, postgresAvailable, processOn, testApp } from '../../testing/helpers';
import { exchangeConfig } from '../config';
import { lockMarket } from '../markets';
import { runBatch, type WriterCommand } from './batch';
import { LeaseLost, MarketLeases, leaseLostFrom, type LeaseSettings } from './lease';
import { MarketWriters, writerSettings } from './market-writer';

const pgUp = await postgresAvailable();
// the route does not depend on the database: PostgreSQL where it runs (its lease is taken), else PGlite
const engines = (await bothDatabases()).filter((e) => e.name === (pgUp ? 'postgres' : 'pglite'));
const MO = MARKETS.preplay;
const bet = (stake = '100') => ({ market_id: MO, selection_id: '100301', side: 'BACK', price: 1000, stake });

describe.each(engines)('POST /api/exchange/markets/{id}/bets on $name', ({ make, skip }) => {
  it.skipIf(skip)('answers as POST /api/exchange/bets does, one bet per Idempotency-Key across both routes', async () => {
    const db = await make();
    const app = await testApp(db, { EXCHANGE_MIN_STAKE: '1' });
    try {
      await new ExchangeFeed(db, app).load();
      const p = await fundedPlayer(db, '1000');
      const post = (url: string, key: string, body: object) =>
        app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': key }, payload: body });
      const byMarket = await post(`/api/exchange/markets/${MO}/bets`, 'm1', bet());
      expect(byMarket.statusCode).toBe(200);
      const a = byMarket.json();
      expect(a.bet).toMatchObject({ market_id: MO, status: 'UNMATCHED', stake: '100.00' });
      expect(a.available).toBe('900.00');
      // the same key and body on the other route: the same bet, nothing placed twice
      const again = await post('/api/exchange/bets', 'm1', bet());
      expect(again.statusCode).toBe(200);
      expect(again.json().bet.id).toBe(a.bet.id);
      // the path names the market: a body for another market is refused, nothing done
      const other = await post(`/api/exchange/markets/${MARKETS.inplay}/bets`, 'm2', bet());
      expect(other.statusCode).toBe(422);
      expect(other.json().message).toBe(M.marketIdInvalid);
      const n = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM exchange_bets WHERE player_id = $1', [p.id]);
      expect(n.rows[0]!.n).toBe(1);
      // PGlite is one process: its lease is trivially held, no row; PostgreSQL: this process took the market's lease
      const leases = await db.query<{ epoch: string; owner: string }>('SELECT epoch, owner FROM exchange_market_leases');
      if (db.kind === 'pglite') expect(leases.rows).toEqual([]);
      else expect(leases.rows).toEqual([{ epoch: '1', owner: expect.stringMatching(/:\d+:[0-9a-f]{8}$/) as unknown }]);
    } finally {
      await app.close();
      await closeTestDb(db);
    }
  });
});

describeOnPostgres('the market writer lease on PostgreSQL', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let players: { id: number; token: string }[];
  const cfg = exchangeConfig({ ...process.env, EXCHANGE_MIN_STAKE: '1' });
  const settings = (owner: string): LeaseSettings => ({
    leaseMs: 300,
    pollMs: 30,
    idleMs: 60_000,
    address: () => `http://${owner}.invalid`,
    owner,
  });
  const log = { warn: () => undefined, error: () => undefined };
  const place = (player: number, key: string): WriterCommand => ({
    kind: 'place',
    playerId: player,
    input: bet() as never,
    key,
    hash: key,
  });
  const betsOf = async (player: number) =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM exchange_bets WHERE player_id = $1', [player])).rows[0]!.n;
  const lease = async () =>
    (
      await db.query<{ owner: string; epoch: string; changes: string }>(
        'SELECT owner, epoch, changes FROM exchange_market_leases WHERE market_id = $1',
        [MO],
      )
    ).rows[0];

  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { EXCHANGE_MIN_STAKE: '1' } });
  beforeAll(async () => {
    await new ExchangeFeed(db, app).load();
    players = [await fundedPlayer(db, '1000'), await fundedPlayer(db, '1000'), await fundedPlayer(db, '1000')];
  }, 60_000);

  it("a hung writer's late batch does not commit once another process took the market; epochs are never reused", async () => {
    const a = new MarketLeases(db, settings('A'), log);
    const b = new MarketLeases(db, settings('B'), log);
    expect(await a.hold(MO)).toBe(1);
    // A holds it live: B is refused at once (no wait), and sees where A takes bets
    expect(await b.hold(MO, 0)).toBeNull();
    expect(await b.holder(MO, true)).toMatchObject({ self: false, owner: 'A', address: 'http://A.invalid', epoch: 1 });
    // A hangs (no renewal): after its lease B takes the market, epoch 2
    await new Promise((r) => setTimeout(r, 350));
    expect(await b.hold(MO, 0)).toBe(2);
    expect(await lease()).toMatchObject({ owner: 'B', epoch: '2', changes: '2' });
    // A wakes and commits the batch it had: the fence (its last statement) finds epoch 2, the batch rolls back
    const late = db.tx(async (q) => {
      await a.begin(q);
      const out = await runBatch(q, MO, [place(players[0]!.id, 'late')], cfg);
      expect(out.results[0]!.ok).toBe(true);
      await a.fence(q, MO, 1);
    });
    await expect(late).rejects.toBeInstanceOf(LeaseLost);
    expect(await betsOf(players[0]!.id)).toBe(0);
    // the same with the fence sent together with the COMMIT (as the writer sends it): the server rolls back instead
    const lateWithCommit = db.tx(
      async (q) => {
        await a.begin(q);
        return runBatch(q, MO, [place(players[0]!.id, 'late-2')], cfg);
      },
      { pipelineBegin: true, lastWithCommit: () => a.fenceWithCommit(MO, 1) },
    );
    const lost = await lateWithCommit.catch((err: unknown) => leaseLostFrom(err, MO));
    expect(lost).toBeInstanceOf(LeaseLost);
    expect(await betsOf(players[0]!.id)).toBe(0);
    // B's batches commit, the fence alone or with the COMMIT
    await db.tx(async (q) => {
      await b.begin(q);
      await runBatch(q, MO, [place(players[0]!.id, 'on-time')], cfg);
      await b.fence(q, MO, 2);
    });
    expect(await betsOf(players[0]!.id)).toBe(1);
    await db.tx(async (q) => void (await runBatch(q, MO, [place(players[0]!.id, 'on-time-2')], cfg)), {
      pipelineBegin: true,
      lastWithCommit: () => b.fenceWithCommit(MO, 2),
    });
    expect(await betsOf(players[0]!.id)).toBe(2);
    // B closes: the lease is handed over at once (no expiry to wait for), its row and epoch kept
    await b.releaseAll();
    expect(await lease()).toMatchObject({ owner: '', epoch: '2' });
    expect(await a.hold(MO, 0)).toBe(3);
    await a.releaseAll();
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('a writer whose market another live process holds answers 503 moved (Retry-After), and writes it once handed over', async () => {
    const a = new MarketLeases(db, settings('A2'), log);
    const b = new MarketLeases(db, settings('B2'), log);
    b.start(); // B renews: it stays the holder
    expect(await b.hold(MO)).toBeGreaterThan(0);
    const writers = new MarketWriters(
      db,
      cfg,
      { ...writerSettings({}), retryAfterSeconds: 1 },
      { committed: () => undefined, push: async () => undefined },
      log,
      a,
    );
    const refused = await writers.submit(MO, place(players[1]!.id, 'moved')).then(
      () => null,
      (err: { status: number; headers: Record<string, string> }) => err,
    );
    expect(refused?.status).toBe(503);
    expect(refused?.headers).toMatchObject({ 'retry-after': '1', 'x-khela-writer': 'moved' });
    expect(await betsOf(players[1]!.id)).toBe(0);
    // B hands over (a rolling restart drained it): A takes the market without waiting for an expiry
    await b.releaseAll();
    const r = await writers.submit(MO, place(players[1]!.id, 'after'));
    expect(r.ok).toBe(true);
    expect(await betsOf(players[1]!.id)).toBe(1);
    expect(await lease()).toMatchObject({ owner: 'A2' });
    await writers.close();
    expect(await lease()).toMatchObject({ owner: '' });
  });

  it('an unknown market gets no lease row: its commands are refused 404', async () => {
    const a = new MarketLeases(db, settings('A4'), log);
    const writers = new MarketWriters(db, cfg, writerSettings({}), { committed: () => undefined, push: async () => undefined }, log, a);
    const r = await writers.submit('1.999999999', {
      kind: 'place',
      playerId: players[2]!.id,
      input: { ...bet(), market_id: '1.999999999' } as never,
      key: 'nowhere',
      hash: 'nowhere',
    });
    expect(r).toMatchObject({ ok: false, error: { status: 404, message: M.marketNotFound } });
    const rows = await db.query('SELECT 1 FROM exchange_market_leases WHERE market_id = $1', ['1.999999999']);
    expect(rows.rows).toEqual([]);
    await writers.close();
  });

  it('a full queue answers 503 with Retry-After at once, nothing done', async () => {
    const writers = new MarketWriters(
      db,
      cfg,
      { ...writerSettings({}), queueMax: 1, retryAfterSeconds: 2 },
      { committed: () => undefined, push: async () => undefined },
      log,
    );
    const answers = await Promise.allSettled([1, 2, 3].map((i) => writers.submit(MO, place(players[2]!.id, `full-${i}`))));
    expect(answers[0]).toMatchObject({ status: 'fulfilled', value: { ok: true } });
    for (const a of answers.slice(1))
      expect(a).toMatchObject({ status: 'rejected', reason: { status: 503, headers: { 'retry-after': '2', 'x-khela-writer': 'full' } } });
    expect(await betsOf(players[2]!.id)).toBe(1);
    await writers.close();
  });

  it("hands a market over to the process its bets keep arriving at (the balancer's choice), every bet answered", async () => {
    const env = {
      EXCHANGE_MIN_STAKE: '1',
      EXCHANGE_WRITER_LEASE_MS: '300',
      EXCHANGE_WRITER_LEASE_POLL_MS: '30',
      EXCHANGE_WRITER_HANDOVER_AFTER: '5',
    };
    const db2 = await otherProcessDb(db);
    const [a, b] = [await processOn(db, env), await processOn(db2, env)];
    try {
      const url = async (app: FastifyInstance) => {
        await app.listen({ port: 0, host: '127.0.0.1' });
        return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      };
      const [urlA, urlB] = [await url(a), await url(b)];
      const p = await fundedPlayer(db, '100000');
      let n = 0;
      const betAt = async (base: string) => {
        const res = await fetch(`${base}/api/exchange/markets/${MO}/bets`, {
          method: 'POST',
          headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json', 'idempotency-key': `ho-${++n}` },
          body: JSON.stringify(bet()),
        });
        return res.status;
      };
      // A takes the market (a bet straight to it), then the balancer sends the market's bets to B, which forwards
      expect(await betAt(urlA)).toBe(200);
      expect((await lease())!.owner).not.toBe('');
      const statuses: number[] = [];
      for (
        let i = 0;
        i < 60 &&
        (await db.query<{ address: string }>('SELECT address FROM exchange_market_leases WHERE market_id = $1', [MO])).rows[0]!.address !==
          urlB;
        i++
      ) {
        statuses.push(await betAt(urlB));
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      const row = (
        await db.query<{ address: string; owner: string }>('SELECT address, owner FROM exchange_market_leases WHERE market_id = $1', [MO])
      ).rows[0]!;
      expect(row.address).toBe(urlB);
      // from now on B writes the bets it gets: no hop
      for (let i = 0; i < 3; i++) expect(await betAt(urlB)).toBe(200);
      expect((await lease())!.owner).toBe(row.owner);
    } finally {
      await a.close();
      await b.close();
      await db2.close();
    }
  });

  it("a bet passed on to the holder counts once against the player's request limit: where it arrived", async () => {
    // each process counts in its own memory here: the holder would count a passed-on bet a second time without the
    // internal-call signature (http/internal-call.ts)
    const env = { EXCHANGE_MIN_STAKE: '1', EXCHANGE_WRITER_HANDOVER_AFTER: '1000', REQUEST_LIMIT_PER_PLAYER_PER_MINUTE: '4' };
    const db2 = await otherProcessDb(db);
    const [a, b] = [await processOn(db, env), await processOn(db2, env)];
    try {
      const url = async (app: FastifyInstance) => {
        await app.listen({ port: 0, host: '127.0.0.1' });
        return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      };
      const [urlA, urlB] = [await url(a), await url(b)];
      const p = await fundedPlayer(db, '100000');
      let n = 0;
      const betAt = async (base: string) =>
        (
          await fetch(`${base}/api/exchange/markets/${MO}/bets`, {
            method: 'POST',
            headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json', 'idempotency-key': `once-${++n}` },
            body: JSON.stringify(bet()),
          })
        ).status;
      await db.query('DELETE FROM exchange_market_leases WHERE market_id = $1', [MO]);
      expect(await betAt(urlA)).toBe(200); // A holds the market: 1 at A
      const passedOn = [await betAt(urlB), await betAt(urlB), await betAt(urlB)]; // 3 at B, written by A
      expect(passedOn).toEqual([200, 200, 200]);
      expect(
        (await db.query<{ address: string }>('SELECT address FROM exchange_market_leases WHERE market_id = $1', [MO])).rows[0]!.address,
      ).toBe(urlA);
      // A has counted 1 of 4: three more straight to it pass, the fifth at A is over the limit
      expect([await betAt(urlA), await betAt(urlA), await betAt(urlA)]).toEqual([200, 200, 200]);
      expect(await betAt(urlA)).toBe(429);
    } finally {
      await a.close();
      await b.close();
      await db2.close();
    }
  });

  it("a holder stopped in the middle of a batch keeps the market's row at most twice its lease", async () => {
    const a = new MarketLeases(db, settings('A3'), log);
    const hung = db.tx(async (q) => {
      await a.begin(q);
      await lockMarket(q, MO);
      // stopped here, idle in its transaction, the market's row locked
      await new Promise((r) => setTimeout(r, 1000));
      await q.query('SELECT 1');
    });
    const hungDone = hung.then(
      () => 'committed',
      () => 'ended by the server',
    );
    await new Promise((r) => setTimeout(r, 50));
    // another process's batch waits for the row, and gets it when the server ends the hung transaction
    await db.tx(async (q) => {
      await lockMarket(q, MO);
    });
    expect(await hungDone).toBe('ended by the server');
  });
});
