// The bell's notifications, on PGlite and PostgreSQL: every change of a bet that the player is told about is kept on
// the server once (placed matched or resting, another player's match, cancel, the close, settlement, re-settlement and
// the void), newest first, paged, read/unread, and a token reads only its own player's.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { ExchangeNotice } from '@khela/contracts';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../testing/exchange-fixture';

let keySeq = 0;

describeEachDatabase('exchange notices on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let feed: ExchangeFeed;

  suiteDatabase(engine, (t) => ({ db, app } = t));
  beforeAll(async () => {
    feed = new ExchangeFeed(db, app);
    await feed.load();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const bet = async (token: string, body: Record<string, unknown>) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/exchange/bets',
      headers: { ...auth(token), 'idempotency-key': `n${++keySeq}` },
      payload: body,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().bet as { id: string; status: string };
  };
  const notices = async (token: string, query = '') => {
    const r = await app.inject({ method: 'GET', url: `/api/exchange/notices${query}`, headers: auth(token) });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { data: ExchangeNotice[]; unread: number; page: number; last_page: number; total: number };
  };
  const said = (list: ExchangeNotice[]) => list.map((n) => [n.kind, n.bet.id, n.bet.matched_stake]);

  it('says each outcome once, newest first, with the bet as it was then; keeps read/unread; pages', async () => {
    const m = MARKETS.preplay;
    await feed.control(m, 'freeze');
    await feed.control(m, 'liquidity', { selectionId: 100301 }); // no offers: the players meet each other
    const a = await fundedPlayer(db, '5000');
    const b = await fundedPlayer(db, '5000');

    // A: a back at 3 rests; B lays 100 of its 200 (a partial match), then A cancels the rest
    const rest = await bet(a.token, { market_id: m, selection_id: 100301, side: 'BACK', price: 3, stake: '200' });
    const lay = await bet(b.token, { market_id: m, selection_id: 100301, side: 'LAY', price: 3, stake: '100' });
    expect(lay.status).toBe('MATCHED');
    expect((await app.inject({ method: 'DELETE', url: `/api/exchange/bets/${rest.id}`, headers: auth(a.token) })).statusCode).toBe(200);
    // B's lay at 2.5 rests; A's back at 2.5 matches it at once (placed and matched in one transaction: one notice)
    const waiting = await bet(b.token, { market_id: m, selection_id: 100301, side: 'LAY', price: 2.5, stake: '100' });
    const now = await bet(a.token, { market_id: m, selection_id: 100301, side: 'BACK', price: 2.5, stake: '100' });
    expect(now.status).toBe('MATCHED');

    let mine = await notices(a.token);
    expect(said(mine.data)).toEqual([
      ['matched', now.id, '100.00'],
      ['cancelled', rest.id, '100.00'],
      ['partial', rest.id, '100.00'],
      ['unmatched', rest.id, '0.00'],
    ]);
    expect(mine.data[2]!.bet).toMatchObject({ status: 'PARTIALLY_MATCHED', avg_price: 3 });
    expect(mine).toMatchObject({ unread: 4, total: 4, page: 1, last_page: 1 });
    expect(said((await notices(b.token)).data)).toEqual([
      ['matched', waiting.id, '100.00'],
      ['unmatched', waiting.id, '0.00'],
      ['matched', lay.id, '100.00'],
    ]);

    // settled: runner 100301 wins; then corrected to the other runner; then voided
    await feed.control(m, 'result', { winner: 100301 });
    mine = await notices(a.token);
    // one statement settles both bets: their two notices in either order
    expect(
      mine.data
        .slice(0, 2)
        .map((n) => [n.kind, n.bet.id, n.bet.profit_loss])
        .sort(),
    ).toEqual(
      [
        ['won', now.id, '150.00'],
        ['won', rest.id, '200.00'],
      ].sort(),
    );
    expect(
      said((await notices(b.token)).data)
        .slice(0, 2)
        .sort(),
    ).toEqual(
      [
        ['lost', lay.id, '100.00'],
        ['lost', waiting.id, '100.00'],
      ].sort(),
    );
    await feed.control(m, 'result', { winner: 100302 });
    expect((await notices(a.token)).data.slice(0, 2).map((n) => n.kind)).toEqual(['lost', 'lost']);
    await feed.control(m, 'void');
    expect((await notices(a.token)).data.slice(0, 2).map((n) => [n.kind, n.bet.status])).toEqual([
      ['void', 'VOID'],
      ['void', 'VOID'],
    ]);

    // pages of 3, newest first; read: some, then all; a read survives (another device reads the same list)
    const all = await notices(a.token);
    expect(all.total).toBe(10);
    const p1 = await notices(a.token, '?page=1&per_page=3');
    const p4 = await notices(a.token, '?page=4&per_page=3');
    expect([p1.data.length, p4.data.length, p1.last_page]).toEqual([3, 1, 4]);
    expect(p1.data[0]!.id).toBe(all.data[0]!.id);
    expect(p4.data[0]!.id).toBe(all.data[9]!.id);
    const read = await app.inject({
      method: 'POST',
      url: '/api/exchange/notices/read',
      headers: auth(a.token),
      payload: { ids: p1.data.map((n) => n.id) },
    });
    expect(read.json()).toEqual({ unread: 7 });
    expect((await notices(a.token)).data.map((n) => n.read)).toEqual([true, true, true, false, false, false, false, false, false, false]);
    // B's token cannot mark A's notices read
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/exchange/notices/read',
      headers: auth(b.token),
      payload: { ids: all.data.map((n) => n.id) },
    });
    expect(foreign.json().unread).toBe((await notices(b.token)).unread);
    expect((await notices(a.token)).unread).toBe(7);
    expect((await app.inject({ method: 'POST', url: '/api/exchange/notices/read', headers: auth(a.token), payload: {} })).json()).toEqual({
      unread: 0,
    });
  });

  // The notices and the markets list's book are written by statement triggers (0950): every row a statement changes
  // is read by the rules at once, so the table of changes below goes through ONE insert and ONE update.
  it('one statement of many bets says each change by its rule; a second change in the transaction is the last word', async () => {
    const a = await fundedPlayer(db, '0');
    const m = MARKETS.preplay;
    const ids = await db.tx(async (q) => {
      // [status, matched, remaining] as placed
      const placed: [string, number, number][] = [
        ['PENDING', 0, 100], // 1
        ['UNMATCHED', 0, 100], // 2
        ['PARTIALLY_MATCHED', 40, 60], // 3
        ['MATCHED', 100, 0], // 4
        ['UNMATCHED', 0, 100], // 5
        ['MATCHED', 60, 40], // 6: a matched bet whose rest still stands (its status stays MATCHED)
        ['MATCHED', 100, 0], // 7
        ['MATCHED', 100, 0], // 8
        ['MATCHED', 100, 0], // 9
        ['UNMATCHED', 0, 100], // 10
      ];
      const r = await q.query<{ id: string }>(
        `INSERT INTO exchange_bets (public_id, player_id, currency, market_id, kind, selection_id, side, price, stake_minor, status,
           matched_minor, matched_value, remaining_minor)
         SELECT 'nt' || $1::text || '-' || n, $1::bigint, 'BDT', $2, 'MATCH_ODDS', '100301', 'BACK', 200, 100, s.status, s.matched,
           s.matched * 200, s.remaining
         FROM unnest($3::text[], $4::bigint[], $5::bigint[]) WITH ORDINALITY AS s(status, matched, remaining, n)
         ORDER BY n RETURNING id`,
        [a.id, m, placed.map((p) => p[0]), placed.map((p) => p[1]), placed.map((p) => p[2])],
      );
      return r.rows.map((x) => x.id).sort((x, y) => Number(x) - Number(y));
    });
    const told = async () =>
      (
        await db.query<{ bet_id: string; kind: string; matched_minor: string }>(
          `SELECT bet_id::text, kind, matched_minor::text FROM exchange_notices WHERE player_id = $1 ORDER BY id`,
          [a.id],
        )
      ).rows.map((n) => [ids.indexOf(n.bet_id) + 1, n.kind, Number(n.matched_minor)]);
    expect(await told()).toEqual([
      [2, 'unmatched', 0],
      [3, 'partial', 40],
      [4, 'matched', 100],
      [5, 'unmatched', 0],
      [6, 'matched', 60],
      [7, 'matched', 100],
      [8, 'matched', 100],
      [9, 'matched', 100],
      [10, 'unmatched', 0],
    ]);
    await db.tx(async (q) => {
      // [bet, status, matched, remaining, cancelled, profit, voided]
      const changes: [number, string, number, number, number, number | null, boolean][] = [
        [1, 'UNMATCHED', 0, 100, 0, null, false], // its delay over: came to rest
        [2, 'PARTIALLY_MATCHED', 30, 70, 0, null, false],
        [3, 'MATCHED', 40, 0, 60, null, false], // the rest of a part-matched bet cancelled
        [5, 'LAPSED', 0, 0, 100, null, false],
        [6, 'MATCHED', 60, 0, 40, null, false], // the rest of a matched bet cancelled
        [7, 'WON', 100, 0, 0, 100, false],
        [8, 'LOST', 100, 0, 0, -100, false],
        [9, 'MATCHED', 100, 0, 0, null, true],
        [10, 'UNMATCHED', 0, 100, 0, null, false], // nothing the rules read moved: says nothing
      ];
      await q.query(
        `UPDATE exchange_bets x SET status = u.status, matched_minor = u.matched, matched_value = u.matched * 200, remaining_minor = u.remaining,
           cancelled_minor = u.cancelled, profit_minor = u.profit, voided = u.voided, updated_at = now()
         FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::boolean[])
           AS u(id, status, matched, remaining, cancelled, profit, voided)
         WHERE x.id = u.id`,
        [
          changes.map((c) => ids[c[0] - 1]),
          changes.map((c) => c[1]),
          changes.map((c) => c[2]),
          changes.map((c) => c[3]),
          changes.map((c) => c[4]),
          changes.map((c) => c[5]),
          changes.map((c) => c[6]),
        ],
      );
      // bet 2 matched in full later in the same transaction: its notice of this transaction says so instead
      await q.query(
        `UPDATE exchange_bets SET status = 'MATCHED', matched_minor = 100, matched_value = 20000, remaining_minor = 0 WHERE id = $1`,
        [ids[1]],
      );
    });
    expect((await told()).slice(9)).toEqual([
      [1, 'unmatched', 0],
      [2, 'matched', 100],
      [3, 'cancelled', 40],
      [5, 'lapsed', 0],
      [6, 'cancelled', 60],
      [7, 'won', 100],
      [8, 'lost', 100],
      [9, 'void', 100],
    ]);

    // the markets list's book: one statement of fills adds each fill's part (its profit rounded down on its own)
    const book = async () =>
      new Map(
        (
          await db.query<{ selection_id: string; a_minor: string; b_minor: string; matched_minor: string; fills_minor: string }>(
            `SELECT selection_id, a_minor::text, b_minor::text, matched_minor::text, fills_minor::text FROM exchange_market_book
             WHERE market_id = $1 AND currency = 'BDT'`,
            [m],
          )
        ).rows.map((r) => [r.selection_id, [r.a_minor, r.b_minor, r.matched_minor, r.fills_minor].map(Number)]),
      );
    const before = await book();
    // [selection, price, stake, back bet, lay bet]
    const fills: [string, number, number, number | null, number | null][] = [
      ['100301', 233, 33, 4, 7], // a player against a player: counts both sides in matched, nothing in a and b
      ['100301', 257, 51, 8, null], // a player's back against the house
      ['100302', 311, 17, null, 9], // a player's lay against the house
      ['100302', 199, 29, null, 4],
    ];
    await db.query(
      `INSERT INTO exchange_fills (market_id, currency, selection_id, price, stake_minor, back_bet_id, lay_bet_id, taker_bet_id)
       SELECT $1, 'BDT', f.selection, f.price, f.stake, f.back, f.lay, COALESCE(f.back, f.lay)
       FROM unnest($2::text[], $3::int[], $4::bigint[], $5::bigint[], $6::bigint[]) AS f(selection, price, stake, back, lay)`,
      [
        m,
        fills.map((f) => f[0]),
        fills.map((f) => f[1]),
        fills.map((f) => f[2]),
        fills.map((f) => (f[3] ? ids[f[3] - 1] : null)),
        fills.map((f) => (f[4] ? ids[f[4] - 1] : null)),
      ],
    );
    const after = await book();
    const expected = new Map<string, number[]>();
    for (const [selection, price, stake, back, lay] of fills) {
      const sign = (back ? 1 : 0) - (lay ? 1 : 0);
      const sides = (back ? 1 : 0) + (lay ? 1 : 0);
      const e = expected.get(selection) ?? [0, 0, 0, 0];
      const add = [sign * Math.floor((stake * (price - 100)) / 100), sign * stake, sides * stake, stake];
      expected.set(
        selection,
        e.map((v, i) => v + add[i]!),
      );
    }
    for (const [selection, delta] of expected) {
      const was = before.get(selection) ?? [0, 0, 0, 0];
      expect(
        after.get(selection)!.map((v, i) => v - was[i]!),
        selection,
      ).toEqual(delta);
    }
  });

  it('needs a token and refuses malformed ids', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/exchange/notices' })).statusCode).toBe(401);
    const a = await fundedPlayer(db, '100');
    const bad = await app.inject({ method: 'POST', url: '/api/exchange/notices/read', headers: auth(a.token), payload: { ids: ['x'] } });
    expect(bad.statusCode).toBe(422);
  });
});
