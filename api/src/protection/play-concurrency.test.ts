// Limits under parallel requests, on PGlite and PostgreSQL: 20 seamless-wallet debits, 20 exchange bets, or a mix of
// both, sent at once against a wager or loss limit that room for exactly N of them: exactly N pass, the rest get the
// limit's refusal, and the balances, bets and ledger are exact (every path locks the player's row before it counts).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { signCall } from '@khela/contracts/signing';
import { checkLedger, getPlayerBalance, toMinor } from '../ledger';
import { checkBetsAndFills, checkExposures } from '../testing/exchange-checks';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../testing/exchange-fixture';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';

const SECRET = 'dev-provider-secret';
const GAME = 'sandbox-slot';
const PARALLEL = 20;

describeEachDatabase('limits under 20 parallel stakes on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let feed: ExchangeFeed;

  suiteDatabase(engine, (t) => ({ db, app } = t));
  beforeAll(async () => {
    feed = new ExchangeFeed(db, app);
    await feed.load();
  }, 60_000);

  interface Player {
    id: number;
    auth: { authorization: string };
    /** Four open games: debits on different launch tokens do not queue on one launch row, only on the player's. */
    gameTokens: string[];
  }

  async function player(amount: string, limit: { kind: 'wager' | 'loss'; amount: string }): Promise<Player> {
    const p = await fundedPlayer(db, amount);
    await db.query(`UPDATE players SET phone_verified = true, dofb = '1990-01-01' WHERE id = $1`, [p.id]);
    const auth = { authorization: `Bearer ${p.token}` };
    const gameTokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const launch = await app.inject({
        method: 'POST',
        url: '/api/game-run',
        headers: auth,
        payload: { gameCode: GAME, gameType: 'SLOT', platform: 'SANDBOX', userId: p.id },
      });
      expect(launch.statusCode, launch.body).toBe(200);
      gameTokens.push(new URL(launch.json().url).searchParams.get('token')!);
    }
    const set = await app.inject({
      method: 'PUT',
      url: '/api/responsible-gaming/limits',
      headers: auth,
      payload: { kind: limit.kind, period: '24h', amount: limit.amount },
    });
    expect(set.statusCode, set.body).toBe(200);
    return { id: p.id, auth, gameTokens };
  }

  /** A signed seamless-wallet debit of `amount` in a round of its own. */
  let spread = 0;
  async function debit(p: Player, amount: string): Promise<{ status: string; message?: string }> {
    const raw = JSON.stringify({
      request_uuid: randomUUID(),
      token: p.gameTokens[spread++ % p.gameTokens.length],
      user: String(p.id),
      transaction_uuid: `bet-${randomUUID()}`,
      round: `r-${randomUUID()}`,
      round_closed: false,
      game_code: GAME,
      amount,
      currency: 'BDT',
    });
    const url = '/api/seamless/sandbox/bet';
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...signCall(SECRET, { method: 'POST', path: url, body: raw }) },
      payload: raw,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** A BookMaker back at the rate shown (matched in full with the house): its wager and its exposure are its stake. */
  async function back(p: Player, stake: string): Promise<{ statusCode: number; body: Record<string, unknown> }> {
    const runner = feed.market(MARKETS.preplayBookmaker).runners[0]!;
    const res = await app.inject({
      method: 'POST',
      url: '/api/exchange/bets',
      headers: { ...p.auth, 'idempotency-key': randomUUID() },
      payload: {
        market_id: MARKETS.preplayBookmaker,
        selection_id: runner.selectionId,
        side: 'BACK',
        price: 1 + runner.backRate! / 100,
        stake,
      },
    });
    return { statusCode: res.statusCode, body: res.json() };
  }

  async function counts(playerId: number) {
    const one = async (sql: string) => Number((await db.query<{ n: string }>(sql, [playerId])).rows[0]!.n);
    return {
      casinoBets: await one(`SELECT count(*) AS n FROM casino_wallet_transactions WHERE player_id = $1 AND kind = 'bet'`),
      rounds: await one(`SELECT count(*) AS n FROM casino_rounds WHERE player_id = $1`),
      exchangeBets: await one(`SELECT count(*) AS n FROM exchange_bets WHERE player_id = $1`),
    };
  }

  async function consistent() {
    expect((await checkLedger(db)).problems).toEqual([]);
    expect(await checkBetsAndFills(db)).toEqual([]);
    expect((await checkExposures(db)).problems).toEqual([]);
  }

  for (const limit of [
    { kind: 'wager' as const, amount: '70.00', exchangeAmount: '700.00', pass: 7, code: 'rg_wager_limit' },
    { kind: 'loss' as const, amount: '50.00', exchangeAmount: '500.00', pass: 5, code: 'rg_loss_limit' },
  ]) {
    it(`20 parallel seamless debits of 10.00 against a ${limit.kind} limit of ${limit.amount}: exactly ${limit.pass} pass`, async () => {
      const p = await player('1000', limit);
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => debit(p, '10.00')));
      const ok = answers.filter((a) => a.status === 'OK');
      const refused = answers.filter((a) => a.status !== 'OK');
      expect(ok).toHaveLength(limit.pass);
      expect(refused).toHaveLength(PARALLEL - limit.pass);
      for (const r of refused) {
        expect(r.status).toBe('LIMIT_REACHED');
        expect(r.message).toContain(`24-hour ${limit.kind} limit of BDT ${limit.amount}`);
        expect(r.message).toContain('You can');
      }
      expect((await getPlayerBalance(db, p.id)).balanceMinor).toBe(toMinor('1000') - BigInt(limit.pass) * 1000n);
      expect(await counts(p.id)).toMatchObject({ casinoBets: limit.pass, rounds: limit.pass, exchangeBets: 0 });
      // the limit is used up exactly: one paisa more is refused, and nothing is left over
      expect((await debit(p, '0.01')).status).toBe('LIMIT_REACHED');
      await consistent();
    });

    it(`20 parallel exchange bets of 100 against a ${limit.kind} limit of ${limit.exchangeAmount}: exactly ${limit.pass} pass`, async () => {
      const p = await player('10000', { kind: limit.kind, amount: limit.exchangeAmount });
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => back(p, '100')));
      const ok = answers.filter((a) => a.statusCode === 200);
      const refused = answers.filter((a) => a.statusCode !== 200);
      expect(ok).toHaveLength(limit.pass);
      expect(refused).toHaveLength(PARALLEL - limit.pass);
      for (const r of refused) {
        expect(r.statusCode).toBe(422);
        expect(r.body).toMatchObject({ success: false, code: limit.code, params: { period: '24h', remaining: '0.00' } });
      }
      const b = await getPlayerBalance(db, p.id);
      expect(b.balanceMinor + b.exposureMinor).toBe(toMinor('10000'));
      const exposure = await app.inject({ method: 'POST', url: '/api/balance', headers: p.auth });
      expect(exposure.json()).toMatchObject({ balance: '10000.00', exposure: `${limit.pass * 100}.00` });
      expect(await counts(p.id)).toMatchObject({ exchangeBets: limit.pass, casinoBets: 0 });
      await consistent();
    });
  }

  it('10 seamless debits and 10 exchange bets of 100 at once against one wager limit of 700: exactly 7 pass in all', async () => {
    const p = await player('10000', { kind: 'wager', amount: '700.00' });
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, async (_, i) =>
        i % 2 ? (await back(p, '100')).statusCode === 200 : (await debit(p, '100.00')).status === 'OK',
      ),
    );
    expect(answers.filter(Boolean)).toHaveLength(7);
    const c = await counts(p.id);
    expect(c.casinoBets + c.exchangeBets).toBe(7);
    const b = await getPlayerBalance(db, p.id);
    // casino stakes left the wallet; exchange stakes are held as exposure
    expect(b.balanceMinor + b.exposureMinor).toBe(toMinor('10000') - BigInt(c.casinoBets) * 10000n);
    await consistent();
  });
});
