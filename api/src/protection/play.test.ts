// Responsible gambling on every path that starts play or stakes money, over HTTP, on PGlite and PostgreSQL: game launch,
// the seamless wallet's authenticate and bet (signed provider calls), exchange bets, VIP conversion and the cash-bonus
// claim refuse a self-excluded, timed-out, under-age and session-limit-reached player, and the stake paths an over-limit
// one, with the protection service's code and message and nothing changed; wins, rollbacks and balance calls are still
// answered; limits are exact to the paisa; a time-out cancels the player's open exchange orders while matched bets stand.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it, vi } from 'vitest';
import { betLiabilityMinor, fromMinor as moneyFromMinor } from '@khela/contracts';
import { signCall } from '@khela/contracts/signing';
import { activatePending } from '../exchange/bets';
import { exchangeConfig } from '../exchange/config';
import { checkLedger, fromMinor, getPlayerBalance, toMinor } from '../ledger';
import { checkBetsAndFills, checkExposures } from '../testing/exchange-checks';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../testing/exchange-fixture';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { tokenFor } from '../testing/helpers';

const SECRET = 'dev-provider-secret';
const GAME = 'sandbox-slot';

describeEachDatabase('protection on every play path on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let feed: ExchangeFeed;
  let keySeq = 0;

  // one session-limit "minute" is 1 s: a 15-minute limit is 15 s after log-in (sessions are back-dated to reach it);
  // in-play Match Odds bets that would match wait 5 s in the delay (long enough to be cancelled while PENDING)
  suiteDatabase(engine, (t) => ({ db, app } = t), {
    env: { RG_SESSION_MINUTE_MS: '1000', EXCHANGE_BET_DELAY_MS: 'MATCH_ODDS:5000,BOOKMAKER:0,FANCY:0' },
  });
  beforeAll(async () => {
    feed = new ExchangeFeed(db, app);
    await feed.load();
  }, 60_000);

  // ---- the player and their calls ----

  interface Player {
    id: number;
    token: string;
    auth: { authorization: string };
  }

  async function player(amount = '10000'): Promise<Player> {
    const p = await fundedPlayer(db, amount);
    await db.query(`UPDATE players SET phone_verified = true, dofb = '1990-01-01' WHERE id = $1`, [p.id]);
    return { ...p, auth: { authorization: `Bearer ${p.token}` } };
  }

  /** A new log-in: a fresh session (the session-time limit counts from the newest). */
  async function relogin(p: Player): Promise<void> {
    p.token = await tokenFor(db, p.id);
    p.auth = { authorization: `Bearer ${p.token}` };
  }

  const launch = (p: Player) =>
    app.inject({
      method: 'POST',
      url: '/api/game-run',
      headers: p.auth,
      payload: { gameCode: GAME, gameType: 'SLOT', platform: 'SANDBOX', userId: p.id },
    });

  /** A launch token for the provider (taken while play is open). */
  async function launched(p: Player): Promise<string> {
    const res = await launch(p);
    expect(res.statusCode, res.body).toBe(200);
    return new URL(res.json().url).searchParams.get('token')!;
  }

  async function seamless(action: string, body: Record<string, unknown>) {
    const raw = JSON.stringify({ request_uuid: randomUUID(), ...body });
    const url = `/api/seamless/sandbox/${action}`;
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...signCall(SECRET, { method: 'POST', path: url, body: raw }) },
      payload: raw,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: string; message?: string; balance?: string };
  }

  const betBody = (p: Player, token: string, amount: string, over: Record<string, unknown> = {}) => ({
    token,
    user: String(p.id),
    transaction_uuid: `bet-${randomUUID()}`,
    round: `r-${randomUUID()}`,
    round_closed: false,
    game_code: GAME,
    amount,
    currency: 'BDT',
    ...over,
  });
  const casinoBet = (p: Player, token: string, amount: string, over: Record<string, unknown> = {}) =>
    seamless('bet', betBody(p, token, amount, over));

  const exchangeBet = (p: Player, body: Record<string, unknown>, key = `k${++keySeq}`) =>
    app.inject({ method: 'POST', url: '/api/exchange/bets', headers: { ...p.auth, 'idempotency-key': key }, payload: body });

  /** A BookMaker bet at the rate shown now (house-priced: matched in full, never rests). */
  function bookmaker(side: 'BACK' | 'LAY', stake: string, marketId: string = MARKETS.preplayBookmaker) {
    const runner = feed.market(marketId).runners[0]!;
    const rate = side === 'BACK' ? runner.backRate! : runner.layRate!;
    return { body: { market_id: marketId, selection_id: runner.selectionId, side, price: 1 + rate / 100, stake }, price: 100 + rate };
  }

  const convertVip = (p: Player) =>
    app.inject({ method: 'GET', url: '/api/convert-vipcoin?vip_coin=10', headers: { ...p.auth, 'idempotency-key': `v${++keySeq}` } });
  const claimCash = (p: Player) =>
    app.inject({ method: 'POST', url: '/api/cash-claim', headers: { ...p.auth, 'idempotency-key': `c${++keySeq}` }, payload: {} });

  const setLimit = async (p: Player, kind: 'wager' | 'loss', amount: string) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/responsible-gaming/limits',
      headers: p.auth,
      payload: { kind, period: '24h', amount },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const usedOf = async (p: Player, kind: 'wager' | 'loss') => {
    const res = await app.inject({ method: 'GET', url: '/api/responsible-gaming', headers: p.auth });
    return (res.json().limits as { kind: string; period: string; used: string }[]).find((l) => l.kind === kind && l.period === '24h')!.used;
  };

  /** Everything a refused request must leave as it was. */
  async function snapshot(playerId: number) {
    const b = await getPlayerBalance(db, playerId);
    const n = async (sql: string) => Number((await db.query<{ n: string }>(sql, [playerId])).rows[0]!.n);
    const row = (
      await db.query<{ vip_coin: number; cash_bonus_minor: string }>('SELECT vip_coin, cash_bonus_minor FROM players WHERE id = $1', [
        playerId,
      ])
    ).rows[0]!;
    return {
      balance: b.balanceMinor,
      held: b.heldMinor,
      exposure: (await n(`SELECT COALESCE(sum(exposure_minor), 0) AS n FROM exchange_positions WHERE player_id = $1`)).toString(),
      launches: await n(`SELECT count(*) AS n FROM casino_launches WHERE player_id = $1`),
      rounds: await n(`SELECT count(*) AS n FROM casino_rounds WHERE player_id = $1`),
      journal: await n(`SELECT count(*) AS n FROM casino_wallet_transactions WHERE player_id = $1 OR player_id IS NULL`),
      exchangeBets: await n(`SELECT count(*) AS n FROM exchange_bets WHERE player_id = $1`),
      conversions: await n(`SELECT count(*) AS n FROM vip_conversions WHERE player_id = $1`),
      claims: await n(`SELECT count(*) AS n FROM cash_claims WHERE player_id = $1`),
      idempotency: await n(`SELECT count(*) AS n FROM wallet_idempotency WHERE player_id = $1`),
      postings: await n(`SELECT count(*) AS n FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.player_id = $1`),
      vipCoin: row.vip_coin,
      cashBonus: row.cash_bonus_minor.toString(),
    };
  }

  // ---- closed accounts ----

  const underAgeBirthday = () => `${new Date().getUTCFullYear() - 17}-01-01`;

  const blocks: {
    name: string;
    code: string;
    until: boolean;
    apply: (p: Player) => Promise<void>;
  }[] = [
    {
      name: 'self-excluded',
      code: 'rg_self_excluded',
      until: true,
      apply: async (p) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/responsible-gaming/self-exclusion',
          headers: p.auth,
          payload: { period: '6m', confirm: true },
        });
        expect(res.statusCode, res.body).toBe(200);
      },
    },
    {
      name: 'timed-out',
      code: 'rg_timed_out',
      until: true,
      apply: async (p) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/responsible-gaming/time-out',
          headers: p.auth,
          payload: { period: '24h', confirm: true },
        });
        expect(res.statusCode, res.body).toBe(200);
      },
    },
    {
      name: 'under age (birthday)',
      code: 'rg_under_age',
      until: false,
      apply: async (p) => {
        await db.query(`UPDATE players SET dofb = $2 WHERE id = $1`, [p.id, underAgeBirthday()]);
      },
    },
    {
      name: 'under age (flagged)',
      code: 'rg_under_age',
      until: false,
      apply: async (p) => {
        await db.query(`INSERT INTO player_protection (player_id, under_age_at) VALUES ($1, now())`, [p.id]);
      },
    },
    {
      name: 'past the session-time limit',
      code: 'rg_session_limit',
      until: true,
      apply: async (p) => {
        const res = await app.inject({
          method: 'PUT',
          url: '/api/responsible-gaming/session-limit',
          headers: p.auth,
          payload: { minutes: 15 },
        });
        expect(res.statusCode, res.body).toBe(200);
        // logged in 20 "minutes" ago (20 s at the test's 1 s minute)
        await db.query(`UPDATE sessions SET created_at = now() - interval '20 seconds' WHERE player_id = $1`, [p.id]);
      },
    },
    {
      // issue 27 item 7: an adult birthday is required for every stake, not only deposits (a player who got money
      // from staff without ever entering one; the game was opened by an older build that did not ask)
      name: 'without a birthday',
      code: 'rg_birthday_missing',
      until: false,
      apply: async (p) => {
        await db.query(`UPDATE players SET dofb = NULL WHERE id = $1`, [p.id]);
      },
    },
  ];

  it('an open player can launch, bet on both sides, convert VIP points and claim the cash bonus (the control case)', async () => {
    const p = await player();
    await db.query(`UPDATE players SET vip_coin = 50, cash_bonus_minor = 5000 WHERE id = $1`, [p.id]);
    const token = await launched(p);
    expect(await seamless('authenticate', { token, game_code: GAME })).toMatchObject({ status: 'OK' });
    expect(await casinoBet(p, token, '10.00')).toMatchObject({ status: 'OK', balance: '9990.00' });
    const ex = await exchangeBet(p, bookmaker('BACK', '100').body);
    expect(ex.statusCode, ex.body).toBe(200);
    expect((await convertVip(p)).statusCode).toBe(200);
    expect((await claimCash(p)).statusCode).toBe(200);
  });

  it.each(blocks)('a $name player is refused on every path, with the code and message, and nothing changes', async (block) => {
    const p = await player();
    await db.query(`UPDATE players SET vip_coin = 50, cash_bonus_minor = 5000 WHERE id = $1`, [p.id]);
    const token = await launched(p); // a game opened while play was open
    await block.apply(p);
    const before = await snapshot(p.id);

    const expectRefusal = (res: { statusCode: number; json(): Record<string, unknown> }) => {
      expect(res.statusCode).toBe(403);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: block.code });
      expect(body.message).toEqual(expect.any(String));
      expect(body.error).toBe(body.message);
      if (block.until) expect(Date.parse(body.until as string)).toBeGreaterThan(Date.now());
      else expect(body.until).toBeNull();
      return body.message as string;
    };

    const message = expectRefusal(await launch(p));
    const bet = await casinoBet(p, token, '10.00');
    expect(bet).toMatchObject({ status: 'USER_DISABLED', message });
    expect(await seamless('authenticate', { token, game_code: GAME })).toMatchObject({ status: 'USER_DISABLED', message });
    expectRefusal(await exchangeBet(p, bookmaker('BACK', '100').body));
    expectRefusal(await exchangeBet(p, { market_id: MARKETS.preplay, selection_id: 100301, side: 'LAY', price: 1.5, stake: '100' }));
    expectRefusal(await convertVip(p));
    expectRefusal(await claimCash(p));
    // the balance call is never refused
    expect(await seamless('balance', { token, user: String(p.id), game_code: GAME })).toMatchObject({ status: 'OK', balance: '10000.00' });

    expect(await snapshot(p.id)).toEqual(before);
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('pays wins and rollbacks during a self-exclusion; a replayed bet answers its first answer; nothing new is staked', async () => {
    const p = await player('100');
    const token = await launched(p);
    const r1 = betBody(p, token, '10.00');
    const r2 = betBody(p, token, '20.00');
    expect(await seamless('bet', r1)).toMatchObject({ status: 'OK', balance: '90.00' });
    expect(await seamless('bet', r2)).toMatchObject({ status: 'OK', balance: '70.00' });
    await blocks[0]!.apply(p);

    const win = await seamless('win', {
      token,
      user: String(p.id),
      transaction_uuid: `win-${randomUUID()}`,
      reference_transaction_uuid: r1.transaction_uuid,
      round: r1.round,
      game_code: GAME,
      amount: '25.00',
      currency: 'BDT',
    });
    expect(win).toMatchObject({ status: 'OK', balance: '95.00' });
    const rollback = await seamless('rollback', {
      token,
      user: String(p.id),
      transaction_uuid: `rb-${randomUUID()}`,
      reference_transaction_uuid: r2.transaction_uuid,
      round: r2.round,
      game_code: GAME,
    });
    expect(rollback).toMatchObject({ status: 'OK', balance: '115.00' });
    // the provider retries the first bet (lost answer): the stored answer, no second debit
    expect(await seamless('bet', r1)).toMatchObject({ status: 'OK', balance: '90.00' });
    expect(await seamless('bet', betBody(p, token, '1.00'))).toMatchObject({ status: 'USER_DISABLED' });
    expect(fromMinor((await getPlayerBalance(db, p.id)).balanceMinor)).toBe('115.00');
    const rounds = await db.query<{ status: string }>(`SELECT status FROM casino_rounds WHERE player_id = $1 ORDER BY id`, [p.id]);
    expect(rounds.rows.map((r) => r.status)).toEqual(['settled', 'cancelled']);
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  // ---- the session-time limit ----

  it('a session limit reached on a seamless bet is recorded: a new log-in does not reopen play', async () => {
    const p = await player();
    const token = await launched(p);
    await blocks[4]!.apply(p);
    expect(await casinoBet(p, token, '10.00')).toMatchObject({ status: 'USER_DISABLED' });
    const recorded = await db.query<{ until: Date | string }>(
      `SELECT session_block_until AS until FROM player_protection WHERE player_id = $1`,
      [p.id],
    );
    expect(new Date(recorded.rows[0]!.until).getTime()).toBeGreaterThan(Date.now());
    await relogin(p); // a fresh session: without the record, the 15-minute clock would start again
    const again = await launch(p);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'rg_session_limit', params: { minutes: 15 } });
    expect(await casinoBet(p, token, '10.00')).toMatchObject({ status: 'USER_DISABLED' });
    const status = await app.inject({ method: 'GET', url: '/api/responsible-gaming/status', headers: p.auth });
    expect(status.json().play).toMatchObject({ open: false, reason: 'session_limit' });
    expect(status.json().deposit.open).toBe(true);
  });

  it('a session limit reached on an HTTP route (exchange bet) is recorded by the error hook', async () => {
    const p = await player();
    await blocks[4]!.apply(p);
    const first = await exchangeBet(p, bookmaker('BACK', '100').body);
    expect(first.statusCode).toBe(403);
    expect(first.json().code).toBe('rg_session_limit');
    await relogin(p);
    const again = await exchangeBet(p, bookmaker('BACK', '100').body);
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('rg_session_limit');
    expect((await convertVip(p)).json().code).toBe('rg_session_limit');
    expect(await snapshot(p.id)).toMatchObject({ exchangeBets: 0, balance: toMinor('10000') });
  });

  // ---- money limits ----

  it('casino wager limit: exact to the paisa; a rolled-back bet stops counting; the refusal is LIMIT_REACHED', async () => {
    const p = await player('1000');
    const token = await launched(p);
    await setLimit(p, 'wager', '100.00');
    expect(await casinoBet(p, token, '60.00')).toMatchObject({ status: 'OK' });
    const over = await casinoBet(p, token, '40.01');
    expect(over.status).toBe('LIMIT_REACHED');
    expect(over.message).toBe('This stake would exceed your 24-hour wager limit of BDT 100.00. You can stake up to BDT 40.00 now.');
    const exact = betBody(p, token, '40.00');
    expect(await seamless('bet', exact)).toMatchObject({ status: 'OK', balance: '900.00' });
    expect(await usedOf(p, 'wager')).toBe('100.00');
    expect(await casinoBet(p, token, '0.01')).toMatchObject({ status: 'LIMIT_REACHED' });
    // the 40.00 bet rolled back: 40.00 of room again
    const rb = await seamless('rollback', {
      token,
      user: String(p.id),
      transaction_uuid: `rb-${randomUUID()}`,
      reference_transaction_uuid: exact.transaction_uuid,
      round: exact.round,
      game_code: GAME,
    });
    expect(rb).toMatchObject({ status: 'OK', balance: '940.00' });
    expect(await usedOf(p, 'wager')).toBe('60.00');
    expect(await casinoBet(p, token, '40.01')).toMatchObject({ status: 'LIMIT_REACHED' });
    expect(await casinoBet(p, token, '40.00')).toMatchObject({ status: 'OK', balance: '900.00' });
    // a limit refuses stakes, not play: the game still launches and authenticates
    expect((await launch(p)).statusCode).toBe(200);
    expect(await seamless('authenticate', { token, game_code: GAME })).toMatchObject({ status: 'OK' });
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('casino loss limit: stakes less returns; a win makes room; the refusal names the loss limit', async () => {
    const p = await player('1000');
    const token = await launched(p);
    await setLimit(p, 'loss', '100.00');
    const first = betBody(p, token, '60.00');
    expect(await seamless('bet', first)).toMatchObject({ status: 'OK' });
    const over = await casinoBet(p, token, '40.01');
    expect(over).toMatchObject({ status: 'LIMIT_REACHED' });
    expect(over.message).toContain('24-hour loss limit of BDT 100.00');
    const before = await snapshot(p.id);
    expect(await casinoBet(p, token, '50.00')).toMatchObject({ status: 'LIMIT_REACHED' });
    expect(await snapshot(p.id)).toEqual(before);
    // 30.00 back on the first bet: the loss is 30.00, so 70.00 may be risked
    const win = await seamless('win', {
      token,
      user: String(p.id),
      transaction_uuid: `win-${randomUUID()}`,
      reference_transaction_uuid: first.transaction_uuid,
      round: first.round,
      game_code: GAME,
      amount: '30.00',
      currency: 'BDT',
    });
    expect(win).toMatchObject({ status: 'OK', balance: '970.00' });
    expect(await usedOf(p, 'loss')).toBe('30.00');
    expect(await casinoBet(p, token, '70.01')).toMatchObject({ status: 'LIMIT_REACHED' });
    expect(await casinoBet(p, token, '70.00')).toMatchObject({ status: 'OK', balance: '900.00' });
  });

  it("exchange wager limit: a back's stake and a lay's liability, exact to the paisa; the refusal keeps the protection body", async () => {
    const p = await player();
    await setLimit(p, 'wager', '1000.00');
    const a = await exchangeBet(p, bookmaker('BACK', '600').body);
    expect(a.statusCode, a.body).toBe(200);
    const before = await snapshot(p.id);
    const over = await exchangeBet(p, bookmaker('BACK', '400.01').body);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      success: false,
      code: 'rg_wager_limit',
      message: 'This stake would exceed your 24-hour wager limit of BDT 1,000.00. You can stake up to BDT 400.00 now.',
      until: null,
      params: { period: '24h', limit: '1000.00', remaining: '400.00', currency: 'BDT' },
    });
    expect(await snapshot(p.id)).toEqual(before);

    // a lay risks its liability floor(S * rate / 100): the largest stake whose liability fits the 400.00 left passes,
    // one paisa of stake more is refused
    const lay = bookmaker('LAY', '0');
    const liability = (stake: number) => betLiabilityMinor('LAY', stake, lay.price);
    let s = Math.floor((40000 * 100) / (lay.price - 100));
    while (liability(s + 1) <= 40000) s++;
    while (liability(s) > 40000) s--;
    const tooMuch = await exchangeBet(p, { ...lay.body, stake: moneyFromMinor(s + 1) });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().code).toBe('rg_wager_limit');
    expect(await snapshot(p.id)).toEqual(before);
    const fits = await exchangeBet(p, { ...lay.body, stake: moneyFromMinor(s) });
    expect(fits.statusCode, fits.body).toBe(200);
    // the lay counted its liability, not its stake
    expect(liability(s)).not.toBe(s);
    expect(await usedOf(p, 'wager')).toBe(moneyFromMinor(60000 + liability(s)));
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('exchange loss limit: open exposure counts; a stake landing exactly on the limit passes, one paisa more does not', async () => {
    const p = await player();
    await setLimit(p, 'loss', '1000.00');
    expect((await exchangeBet(p, bookmaker('BACK', '600').body)).statusCode).toBe(200);
    expect(await usedOf(p, 'loss')).toBe('600.00');
    const over = await exchangeBet(p, bookmaker('BACK', '400.01').body);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'rg_loss_limit', params: { remaining: '400.00' } });
    const exact = await exchangeBet(p, bookmaker('BACK', '400').body);
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().exposure).toBe('1000.00');
  });

  it('exchange: a cancelled remainder stops counting against the wager limit', async () => {
    const m = MARKETS.preplay;
    await feed.control(m, 'liquidity', { selectionId: 100302, back: [{ price: 3, size: 10000 }], lay: [{ price: 3.1, size: 10000 }] });
    const p = await player();
    await setLimit(p, 'wager', '1000.00');
    // a back at 10 rests (the best offer is 3)
    const rest = await exchangeBet(p, { market_id: m, selection_id: 100302, side: 'BACK', price: 10, stake: '800' });
    expect(rest.json().bet).toMatchObject({ status: 'UNMATCHED' });
    expect((await exchangeBet(p, bookmaker('BACK', '300').body)).json().code).toBe('rg_wager_limit');
    const cancel = await app.inject({ method: 'DELETE', url: `/api/exchange/bets/${rest.json().bet.id}`, headers: p.auth });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await usedOf(p, 'wager')).toBe('0.00');
    expect((await exchangeBet(p, bookmaker('BACK', '1000').body)).statusCode).toBe(200);
  });

  // ---- a time-out cancels open orders ----

  it("a time-out cancels the player's unmatched and pending orders; matched parts stand; the books are pushed", async () => {
    const pre = MARKETS.preplay;
    const inplay = MARKETS.inplay;
    await feed.control(pre, 'liquidity', { selectionId: 100301, back: [{ price: 2, size: 50 }], lay: [{ price: 2.02, size: 10000 }] });
    await feed.control(inplay, 'freeze');
    await feed.control(inplay, 'liquidity', {
      selectionId: 100101,
      back: [{ price: 2, size: 10000 }],
      lay: [{ price: 2.02, size: 10000 }],
    });
    const p = await player('1000');
    const other = await player('1000');

    // 50 of 100 matches with the house at 2.0, 50 rests
    const partial = await exchangeBet(p, { market_id: pre, selection_id: 100301, side: 'BACK', price: 2, stake: '100' });
    expect(partial.json().bet).toMatchObject({ status: 'PARTIALLY_MATCHED', matched_stake: '50.00', unmatched_stake: '50.00' });
    // in play: a back at 5 rests at once; a back at 2 would match, so it waits the 5 s delay
    const resting = await exchangeBet(p, { market_id: inplay, selection_id: 100101, side: 'BACK', price: 5, stake: '100' });
    expect(resting.json().bet.status).toBe('UNMATCHED');
    const pending = await exchangeBet(p, { market_id: inplay, selection_id: 100101, side: 'BACK', price: 2, stake: '200' });
    expect(pending.json().bet.status).toBe('PENDING');
    // another player's order stays untouched
    const theirs = await exchangeBet(other, { market_id: inplay, selection_id: 100101, side: 'BACK', price: 6, stake: '100' });
    expect(theirs.json().bet.status).toBe('UNMATCHED');
    expect(await usedOf(p, 'wager')).toBe('400.00');
    expect(await snapshot(p.id)).toMatchObject({ exposure: '40000' });

    // the market push (exchange/market-push.ts) is told each market's book changed; it sends the new books to streams
    const marketChanged = vi.spyOn(app.exchangeMarketPush, 'changed');
    // the player's balance is pushed, alone or in a round of several players read in one statement
    const publishBalance = vi.spyOn(app.push, 'publishBalance');
    const publishBalances = vi.spyOn(app.push, 'publishBalances');
    try {
      await blocks[1]!.apply(p);
      const oddsMarkets = marketChanged.mock.calls.map((c) => c[0]);
      expect(oddsMarkets.sort()).toEqual([inplay, pre].sort());
      const pushed = [...publishBalance.mock.calls.map((c) => c[0]), ...publishBalances.mock.calls.flatMap((c) => [...c[0]])];
      expect(pushed).toContain(p.id);
    } finally {
      marketChanged.mockRestore();
      publishBalance.mockRestore();
      publishBalances.mockRestore();
    }

    const rows = await db.query<{
      public_id: string;
      status: string;
      matched_minor: string;
      remaining_minor: string;
      cancelled_minor: string;
    }>(`SELECT public_id, status, matched_minor, remaining_minor, cancelled_minor FROM exchange_bets WHERE player_id = $1`, [p.id]);
    const byId = new Map(rows.rows.map((r) => [r.public_id, r]));
    expect(byId.get(partial.json().bet.id)).toMatchObject({
      status: 'MATCHED',
      matched_minor: '5000',
      remaining_minor: '0',
      cancelled_minor: '5000',
    });
    expect(byId.get(resting.json().bet.id)).toMatchObject({
      status: 'CANCELLED',
      matched_minor: '0',
      remaining_minor: '0',
      cancelled_minor: '10000',
    });
    expect(byId.get(pending.json().bet.id)).toMatchObject({
      status: 'CANCELLED',
      matched_minor: '0',
      remaining_minor: '0',
      cancelled_minor: '20000',
    });
    const theirsNow = await db.query<{ status: string }>(`SELECT status FROM exchange_bets WHERE public_id = $1`, [theirs.json().bet.id]);
    expect(theirsNow.rows[0]!.status).toBe('UNMATCHED');

    // only the matched 50 at 2.0 is still at risk; the wager counts only what was matched
    const b = await app.inject({ method: 'POST', url: '/api/balance', headers: p.auth });
    expect(b.json()).toMatchObject({ balance: '1000.00', exposure: '50.00', available: '950.00' });
    expect(await usedOf(p, 'wager')).toBe('50.00');
    const activity = await db.query<{ detail: string }>(`SELECT detail FROM exchange_activity WHERE player_id = $1 AND kind = 'cancel'`, [
      p.id,
    ]);
    expect(activity.rows).toHaveLength(3);
    expect(activity.rows.every((a) => a.detail.endsWith('time-out started'))).toBe(true);

    // the delay's end (this process's timer or any process's sweep) finds nothing left to match
    const pendingId = Number(
      (await db.query<{ id: string }>(`SELECT id FROM exchange_bets WHERE public_id = $1`, [pending.json().bet.id])).rows[0]!.id,
    );
    expect(await db.tx((q) => activatePending(q, pendingId, exchangeConfig()))).toBeNull();
    // a cash-out of the matched position still works during the time-out (it only reduces the risk)
    await feed.control(pre, 'liquidity', { selectionId: 100301, back: [{ price: 2, size: 10000 }], lay: [{ price: 2.02, size: 10000 }] });
    const cashOut = await app.inject({
      method: 'POST',
      url: `/api/exchange/markets/${pre}/cash-out`,
      headers: { ...p.auth, 'idempotency-key': `co${++keySeq}` },
      payload: { take: true },
    });
    expect(cashOut.statusCode, cashOut.body).toBe(200);
    expect(Number(cashOut.json().exposure)).toBeLessThan(50);
    // but no new bet
    expect((await exchangeBet(p, { market_id: pre, selection_id: 100301, side: 'BACK', price: 2, stake: '100' })).json().code).toBe(
      'rg_timed_out',
    );

    expect(await checkBetsAndFills(db)).toEqual([]);
    expect((await checkExposures(db)).problems).toEqual([]);
    expect((await checkLedger(db)).problems).toEqual([]);
    await feed.control(inplay, 'unfreeze');
  });
});
