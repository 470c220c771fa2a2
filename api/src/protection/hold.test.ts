// Issue 27, on PGlite and PostgreSQL over HTTP:
// item 9, the risk hold: staff (risk, admin) put a player on hold with a reason and release it, audited; while on hold
// no stake (game launch, seamless debit, exchange bet) and no deposit anywhere, the casino launch tokens end, log-in
// works and the status says why, withdrawals only if staff allowed them for this hold; support cannot set it.
// item 6: during a time-out or self-exclusion loosening a limit (raise or removal) is refused; tightening still works.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { PROTECTION_MESSAGES as PM } from '@khela/contracts';
import { signCall } from '@khela/contracts/signing';
import { hashPassword } from '../auth';
import { fromMinor, getPlayerBalance } from '../ledger';
import { ExchangeFeed, MARKETS, fundedPlayer } from '../testing/exchange-fixture';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { staffTokens } from '../testing/fixtures';

const SECRET = 'dev-provider-secret';
const GAME = 'sandbox-slot';

describeEachDatabase('risk hold and no loosening during an exclusion on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let feed: ExchangeFeed;
  let seq = 0;
  const staff: Record<string, string> = {};

  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { EXCHANGE_BET_DELAY_MS: 'MATCH_ODDS:0,BOOKMAKER:0,FANCY:0' } });
  beforeAll(async () => {
    feed = new ExchangeFeed(db, app);
    await feed.load();
    Object.assign(staff, await staffTokens(app, ['risk', 'support']));
  }, 60_000);

  interface Player {
    id: number;
    username: string;
    auth: { authorization: string };
  }

  async function player(amount = '1000'): Promise<Player> {
    const p = await fundedPlayer(db, amount);
    await db.query(`UPDATE players SET phone_verified = true, phone = $2, password_hash = $3 WHERE id = $1`, [
      p.id,
      `01${String(700000000 + p.id).slice(-9)}`,
      await hashPassword('secret123'),
    ]);
    const username = (await db.query<{ username: string }>('SELECT username FROM players WHERE id = $1', [p.id])).rows[0]!.username;
    return { id: p.id, username, auth: { authorization: `Bearer ${p.token}` } };
  }

  const asStaff = (role: string, url: string, payload?: unknown) =>
    app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url,
      headers: { authorization: `Bearer ${staff[role]}` },
      payload: payload as object,
    });

  const hold = (p: Player, body: Record<string, unknown> = {}, role = 'risk') =>
    asStaff(role, `/api/operator/players/${p.id}/hold`, { hold_reason: 'fraud', reason: 'chargeback pattern', ...body });

  const launch = (p: Player) =>
    app.inject({
      method: 'POST',
      url: '/api/game-run',
      headers: p.auth,
      payload: { gameCode: GAME, gameType: 'SLOT', platform: 'SANDBOX', userId: p.id },
    });

  async function seamless(action: string, body: Record<string, unknown>) {
    const raw = JSON.stringify({ request_uuid: randomUUID(), ...body });
    const url = `/api/seamless/sandbox/${action}`;
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...signCall(SECRET, { method: 'POST', path: url, body: raw }) },
      payload: raw,
    });
    return res.json() as { status: string; message?: string };
  }
  const casinoBet = (p: Player, token: string) =>
    seamless('bet', {
      token,
      user: String(p.id),
      transaction_uuid: `bet-${randomUUID()}`,
      round: `r-${randomUUID()}`,
      round_closed: false,
      game_code: GAME,
      amount: '10.00',
      currency: 'BDT',
    });

  function bookmakerBack(stake: string) {
    const runner = feed.market(MARKETS.preplayBookmaker).runners[0]!;
    return {
      market_id: MARKETS.preplayBookmaker,
      selection_id: runner.selectionId,
      side: 'BACK',
      price: 1 + runner.backRate! / 100,
      stake,
    };
  }
  const exchangeBet = (p: Player) =>
    app.inject({
      method: 'POST',
      url: '/api/exchange/bets',
      headers: { ...p.auth, 'idempotency-key': `h${++seq}` },
      payload: bookmakerBack('100'),
    });

  const deposit = async (p: Player) => {
    const bkash = (await db.query<{ id: string }>(`SELECT id FROM payment_methods WHERE code = 'bkash'`)).rows[0]!.id;
    return app.inject({
      method: 'POST',
      url: '/api/submit-deposit',
      headers: { ...p.auth, 'idempotency-key': `d${++seq}` },
      payload: { amount: '500', payment_id: Number(bkash) },
    });
  };
  const withdrawCheck = (p: Player) => app.inject({ method: 'GET', url: '/api/userwithdrawcheck', headers: p.auth });
  const status = async (p: Player) => (await app.inject({ method: 'GET', url: '/api/responsible-gaming/status', headers: p.auth })).json();

  const balance = async (p: Player) => fromMinor((await getPlayerBalance(db, p.id)).balanceMinor);

  it('support cannot put a player on hold; risk can, with a reason, and it is audited', async () => {
    const p = await player();
    expect((await hold(p, {}, 'support')).statusCode).toBe(403);
    const bad = await hold(p, { reason: 'x' });
    expect(bad.statusCode).toBe(422);
    const res = await hold(p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hold).toMatchObject({ reason: 'fraud', note: 'chargeback pattern', allow_withdrawals: false, placed_by: 'risk' });
    const read = await asStaff('support', `/api/operator/players/${p.id}/hold`);
    expect(read.json().hold).toMatchObject({ reason: 'fraud' });
    const audit = await db.query<{ action: string; reason: string }>(
      `SELECT action, reason FROM operator_audit WHERE entity_type = 'player' AND entity_id = $1 ORDER BY id`,
      [String(p.id)],
    );
    expect(audit.rows).toEqual([expect.objectContaining({ action: 'player.hold', reason: 'chargeback pattern' })]);
  });

  it('while on hold: no launch, the old launch token ends, no exchange bet, no deposit, no withdrawal; log-in works and says why', async () => {
    const p = await player();
    const before = await launch(p);
    expect(before.statusCode, before.body).toBe(200);
    const token = new URL(before.json().url).searchParams.get('token')!;
    expect((await casinoBet(p, token)).status).toBe('OK');
    // an unmatched exchange order rests (a back at 5 on an in-play market nobody lays at)
    const resting = await app.inject({
      method: 'POST',
      url: '/api/exchange/bets',
      headers: { ...p.auth, 'idempotency-key': `h${++seq}` },
      payload: { market_id: MARKETS.inplay, selection_id: 100101, side: 'BACK', price: 5, stake: '100' },
    });
    expect(resting.statusCode, resting.body).toBe(200);
    expect(resting.json().bet.status).toBe('UNMATCHED');
    expect((await hold(p)).statusCode).toBe(200);
    // no stake anywhere: the resting order is cancelled, its stake back
    const bet = await db.query<{ remaining_minor: string; cancelled_minor: string }>(
      `SELECT remaining_minor::text, cancelled_minor::text FROM exchange_bets WHERE public_id = $1`,
      [resting.json().bet.id],
    );
    expect(bet.rows[0]).toEqual({ remaining_minor: '0', cancelled_minor: '10000' });

    const refused = await launch(p);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_on_hold', message: PM.accountOnHold('fraud', false) });
    expect(refused.json().params).toMatchObject({ hold_reason: 'fraud', withdrawals: false });
    expect((await casinoBet(p, token)).status).not.toBe('OK');
    expect((await seamless('authenticate', { token, game_code: GAME })).status).not.toBe('OK');
    const ex = await exchangeBet(p);
    expect(ex.statusCode).toBe(403);
    expect(ex.json().code).toBe('account_on_hold');
    const dep = await deposit(p);
    expect(dep.statusCode, dep.body).toBe(403);
    expect(dep.json().code).toBe('account_on_hold');
    const wc = await withdrawCheck(p);
    expect(wc.statusCode).toBe(400);
    expect(wc.json()).toMatchObject({ success: false, code: 'account_on_hold' });
    expect(await balance(p)).toBe('990.00');

    // log-in works, and the status every page reads says why (the site's banner)
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: p.username, password: 'secret123' } });
    expect(login.statusCode, login.body).toBe(200);
    const s = await (
      await app.inject({ method: 'GET', url: '/api/responsible-gaming/status', headers: { authorization: `Bearer ${login.json().token}` } })
    ).json();
    expect(s.play).toMatchObject({ open: false, reason: 'risk_hold', message: PM.accountOnHold('fraud', false) });
    expect(s.deposit).toMatchObject({ open: false, reason: 'risk_hold' });
  });

  it('withdrawals pass when staff allowed them for this hold; release reopens play and is audited', async () => {
    const p = await player();
    expect((await hold(p, { hold_reason: 'bonus_abuse', allow_withdrawals: true })).statusCode).toBe(200);
    expect((await withdrawCheck(p)).statusCode).toBe(200);
    expect((await status(p)).play).toMatchObject({ reason: 'risk_hold', params: { hold_reason: 'bonus_abuse', withdrawals: true } });
    expect((await launch(p)).statusCode).toBe(403);

    expect((await asStaff('support', `/api/operator/players/${p.id}/hold/release`, { reason: 'cleared' })).statusCode).toBe(403);
    const rel = await asStaff('risk', `/api/operator/players/${p.id}/hold/release`, { reason: 'review cleared' });
    expect(rel.statusCode, rel.body).toBe(200);
    expect((await asStaff('risk', `/api/operator/players/${p.id}/hold`)).json().hold).toBeNull();
    expect((await status(p)).play.open).toBe(true);
    expect((await launch(p)).statusCode).toBe(200);
    const again = await asStaff('risk', `/api/operator/players/${p.id}/hold/release`, { reason: 'twice' });
    expect(again.statusCode).toBe(422);
    const audit = await db.query<{ action: string }>(
      `SELECT action FROM operator_audit WHERE entity_type = 'player' AND entity_id = $1 ORDER BY id`,
      [String(p.id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['player.hold', 'player.hold_release']);
  });

  // ---- item 6 ----

  const setLimit = (p: Player, amount: string | null) =>
    app.inject({
      method: 'PUT',
      url: '/api/responsible-gaming/limits',
      headers: p.auth,
      payload: { kind: 'deposit', period: '24h', amount },
    });
  const setSession = (p: Player, minutes: number | null) =>
    app.inject({ method: 'PUT', url: '/api/responsible-gaming/session-limit', headers: p.auth, payload: { minutes } });

  it.each(['time-out', 'self-exclusion'])('during a %s a raise or removal of a limit is refused; a decrease applies', async (kind) => {
    const p = await player();
    expect((await setLimit(p, '1000')).statusCode).toBe(200);
    expect((await setSession(p, 60)).statusCode).toBe(200);
    const start = await app.inject({
      method: 'POST',
      url: `/api/responsible-gaming/${kind}`,
      headers: p.auth,
      payload: { period: kind === 'time-out' ? '24h' : '6m', confirm: true },
    });
    expect(start.statusCode, start.body).toBe(200);

    for (const res of [await setLimit(p, '2000'), await setLimit(p, null), await setSession(p, 120), await setSession(p, null)]) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, code: 'rg_excluded_no_loosen', error: PM.noLoosenWhileExcluded });
    }
    const rows = await db.query<{ kind: string; value: string; pending_effective_at: unknown }>(
      `SELECT kind, value::text AS value, pending_effective_at FROM player_limits WHERE player_id = $1 ORDER BY kind`,
      [p.id],
    );
    expect(rows.rows).toEqual([
      { kind: 'deposit', value: '100000', pending_effective_at: null },
      { kind: 'session', value: '60', pending_effective_at: null },
    ]);
    // stricter still works
    expect((await setLimit(p, '500')).statusCode).toBe(200);
    expect((await setSession(p, 30)).statusCode).toBe(200);
  });
});
