// Self-exclusion holds across accounts (issue 27 item 8), over HTTP on PGlite and PostgreSQL. A self-excluded
// player's other accounts, found by the same verified phone, the same name and birthday, the same payer number or the
// same first-party device id, are linked (each link with its reason, on the back-office player page); while the
// exclusion runs their deposits and stakes are refused and staff are alerted (stored and pushed on the staff stream).
// Excluded players (and linked ones) see no promotions, bonus banners or marketing inbox messages.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it, vi } from 'vitest';
import { DEVICE_ID_HEADER, LINKED_MESSAGES, isPromotionalBanner } from '@khela/contracts';
import { toMinor } from '../ledger';
import { describeEachDatabase, suiteDatabase, type TestDb } from '../testing/both-databases';
import { fund as fundPlayer, paymentMethodId, staffTokens } from '../testing/fixtures';
import { newPayerTrx } from '../testing/payer-trx';
import { protectionConfig } from './config';
import { ProtectionRefusal, assertMayWager } from './service';

let seq = 0;
const uname = (p: string) => `${p}${Date.now().toString(36)}${++seq}`.slice(0, 16);
const newPhone = () => `0181${String(Date.now() + ++seq).slice(-7)}`;
const newDevice = () => randomUUID().replace(/-/g, '');

type P = { id: number; token: string; phone: string; auth: { authorization: string } };

describeEachDatabase('linked accounts on $name', (engine) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staffToken: string;

  suiteDatabase(engine, (t) => ({ db, app } = t), { env: { EXCHANGE_BET_DELAY_MS: '0' } });
  beforeAll(async () => {
    ({ risk: staffToken } = await staffTokens(app, ['risk']));
  });

  async function signup(phone = newPhone(), extra: Record<string, unknown> = {}): Promise<P> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/create-players',
      payload: { username: uname('lk'), phone, password: 'secret123', confirmPassword: 'secret123', ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json() as { token: string; remote_id: number };
    return { id: Number(b.remote_id), token: b.token, phone, auth: { authorization: `Bearer ${b.token}` } };
  }
  /** A verified phone and an adult birthday (and a name when given), without the code round trip. */
  const ready = (p: P, name?: string, dofb = '1990-01-01', verified = true) =>
    db.query(`UPDATE players SET phone_verified = $4, dofb = $2, name = COALESCE($3, name) WHERE id = $1`, [
      p.id,
      dofb,
      name ?? null,
      verified,
    ]);
  const selfExclude = (p: P) =>
    db.query(
      `INSERT INTO player_exclusions (player_id, kind, period, ends_at) VALUES ($1, 'self_exclusion', '6m', now() + interval '180 days')`,
      [p.id],
    );
  const fund = (p: P, amount: string) => fundPlayer(db, p.id, amount, `linked-test:fund:${p.id}:${++seq}`);
  const bkash = () => paymentMethodId(db, 'bkash');
  const deposit = async (p: P, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/submit-deposit',
      headers: { ...p.auth, 'idempotency-key': randomUUID(), ...headers },
      payload: { amount: '1000', payment_id: await bkash(), transaction_id: newPayerTrx() },
    });
  const links = async (p: P) =>
    (await app.inject({ url: `/api/operator/players/${p.id}`, headers: { authorization: `Bearer ${staffToken}` } })).json().links as Array<{
      player_id: number;
      reason: string;
      reason_label: string;
      detail: string;
      self_excluded_until?: string | null;
    }>;
  const alertsFor = async (p: P) =>
    (
      await db.query<{ kind: string; message: string }>(
        `SELECT kind, message FROM staff_alerts WHERE ref = $1 AND resolved_at IS NULL ORDER BY id`,
        [`player:${p.id}`],
      )
    ).rows;
  const resolveAlerts = (p: P) => db.query(`UPDATE staff_alerts SET resolved_at = now() WHERE ref = $1`, [`player:${p.id}`]);

  it("the same verified phone: the new account is linked, staff alerted, its stakes refused while the old one's exclusion runs", async () => {
    const A = await signup();
    await ready(A);
    await selfExclude(A);
    const B = await signup(A.phone); // the same phone, on a new account
    await ready(B, undefined, '1991-02-02', false); // B cannot verify A's phone: it is A's
    expect(await links(B)).toEqual([
      expect.objectContaining({
        player_id: A.id,
        reason: 'phone',
        reason_label: 'Same verified phone',
        detail: A.phone,
        self_excluded_until: expect.any(String),
      }),
    ]);
    expect((await links(A)).map((l) => [l.player_id, l.reason])).toEqual([[B.id, 'phone']]);
    // found at sign-up: staff alerted at once
    expect((await alertsFor(B)).map((a) => a.kind)).toEqual(['protection.linked_exclusion']);

    // a stake (a game launch, an exchange bet) is refused with the linked message
    await fund(B, '500');
    const status = (await app.inject({ url: '/api/responsible-gaming/status', headers: B.auth })).json();
    expect(status.play).toMatchObject({ open: false, reason: 'self_exclusion' });
    expect(status.play.message).toBe(LINKED_MESSAGES.linkedSelfExcluded(status.play.until));
    expect(status.deposit.open).toBe(false);
    // the check every stake asks (seamless debit, exchange bet) refuses; a game launch over HTTP too
    await expect(db.tx((q) => assertMayWager(q, B.id, toMinor('10'), protectionConfig()))).rejects.toBeInstanceOf(ProtectionRefusal);
    const game = (await db.query<{ code: string; type: string; platform: string }>(`SELECT code, type, platform FROM games LIMIT 1`))
      .rows[0]!;
    const launch = await app.inject({
      method: 'POST',
      url: '/api/game-run',
      headers: B.auth,
      payload: { gameCode: game.code, gameType: game.type, platform: game.platform },
    });
    expect(launch.statusCode).toBe(403);
    expect(launch.json().code).toBe('rg_self_excluded');
    // an account linked to nobody is not touched
    const other = await signup();
    await ready(other);
    await expect(db.tx((q) => assertMayWager(q, other.id, toMinor('10'), protectionConfig()))).resolves.toBeUndefined();
  });

  it('the same device: a deposit of the new account is refused, staff are alerted and the alert pushed', async () => {
    const device = newDevice();
    const A = await signup();
    await ready(A);
    // A's logged-in page carried the device id
    expect((await app.inject({ method: 'POST', url: '/api/balance', headers: { ...A.auth, [DEVICE_ID_HEADER]: device } })).statusCode).toBe(
      200,
    );
    await selfExclude(A);
    const C = await signup();
    await ready(C);
    const publish = vi.spyOn(app.push, 'publishStaff');
    const refused = await deposit(C, { [DEVICE_ID_HEADER]: device });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'rg_self_excluded',
      error: expect.stringContaining('Another account of yours is self-excluded'),
    });
    expect((await links(C)).map((l) => [l.player_id, l.reason])).toEqual([[A.id, 'device']]);
    expect(publish).toHaveBeenCalledWith('alert', expect.objectContaining({ kind: 'protection.linked_exclusion', ref: `player:${C.id}` }));
    publish.mockRestore();
    expect(await alertsFor(C)).toHaveLength(1); // one open alert per account, however often it tries
    await deposit(C, { [DEVICE_ID_HEADER]: device });
    expect(await alertsFor(C)).toHaveLength(1);
    // resolved by staff: the next attempt alerts again
    await resolveAlerts(C);
    await deposit(C);
    expect((await alertsFor(C))[0]!.message).toMatch(/tried POST \/api\/submit-deposit .*self-excluded/);
    // nothing moved
    expect((await db.query(`SELECT 1 FROM wallet_transactions WHERE player_id = $1`, [C.id])).rows).toHaveLength(0);
  });

  it('the same name and birthday, and the same payer number, link; an unrelated account deposits as before', async () => {
    const A = await signup();
    await ready(A, 'Rahim  Uddin', '1988-03-04');
    const D = await signup();
    await ready(D, 'rahim uddin', '1988-03-04'); // the same person, spelt a little differently
    expect((await links(D)).map((l) => [l.player_id, l.reason, l.detail])).toEqual([[A.id, 'name_birthday', 'rahim uddin, 1988-03-04']]);

    // payer numbers: E and A paid from the same wallet number
    const E = await signup();
    await ready(E);
    const first = await deposit(A);
    expect(first.statusCode, first.body).toBe(200);
    const second = await deposit(E);
    expect(second.statusCode, second.body).toBe(200);
    // the payer's number arrives with the payment (confirmation or gateway); staff then decide (rejected here)
    await db.query(`UPDATE wallet_transactions SET payer_number = '01799999999', status = 2 WHERE player_id = ANY($1::bigint[])`, [
      [A.id, E.id],
    ]);
    expect((await links(E)).map((l) => [l.player_id, l.reason])).toEqual([[A.id, 'payer_number']]);
    expect(await alertsFor(E)).toEqual([]); // nobody excluded yet

    // A self-excludes: staff hear of each linked account, whose deposits are now refused
    await selfExclude(A);
    expect((await alertsFor(D)).map((a) => a.message)).toEqual([expect.stringMatching(/has just self-excluded/)]);
    expect((await alertsFor(E)).map((a) => a.message)).toEqual([expect.stringMatching(/has just self-excluded/)]);
    const refusedD = await deposit(D);
    expect(refusedD.statusCode, refusedD.body).toBe(403);
    const refusedE = await deposit(E);
    expect(refusedE.statusCode, refusedE.body).toBe(403);
    // an account linked to nobody is not touched
    const F = await signup();
    await ready(F, 'Karim Uddin', '1988-03-04');
    expect(await links(F)).toEqual([]);
    expect((await deposit(F)).statusCode).toBe(200);
  });

  it('excluded players, and accounts linked to a self-excluded one, see no promotions, bonus banners or marketing messages', async () => {
    const visitorPromotions = (await app.inject({ url: '/api/promotion' })).json() as unknown[];
    const visitorSliders = (await app.inject({ url: '/api/sliders' })).json() as Array<{ name: string; link: string | null }>;
    expect(visitorPromotions.length).toBeGreaterThan(0);
    expect(visitorSliders.some(isPromotionalBanner)).toBe(true);
    const promoId = (visitorPromotions[0] as { id: number }).id;

    const A = await signup();
    await ready(A);
    const inboxTitles = async (p: P) =>
      ((await app.inject({ url: '/api/inbox', headers: p.auth })).json().data.data as Array<{ title: string }>).map((m) => m.title);
    expect(await inboxTitles(A)).toContain('Invite your friends');
    expect(((await app.inject({ url: '/api/promotion', headers: A.auth })).json() as unknown[]).length).toBe(visitorPromotions.length);

    await selfExclude(A);
    const B = await signup(A.phone); // linked at sign-up, before its welcome messages
    for (const p of [A, B]) {
      expect((await app.inject({ url: '/api/promotion', headers: p.auth })).json()).toEqual([]);
      expect((await app.inject({ url: `/api/promotions/${promoId}`, headers: p.auth })).statusCode).toBe(404);
      const sliders = (await app.inject({ url: '/api/sliders', headers: p.auth })).json() as Array<{ name: string; link: string | null }>;
      expect(sliders.length).toBeGreaterThan(0);
      expect(sliders.some(isPromotionalBanner)).toBe(false);
      const titles = await inboxTitles(p);
      expect(titles).toContain('Welcome to Khela');
      expect(titles).not.toContain('Invite your friends');
    }
    // B's marketing message was never sent; A's is kept but hidden while the exclusion runs
    const stored = await db.query<{ player_id: string }>(
      `SELECT player_id FROM inbox_messages WHERE title = 'Invite your friends' AND player_id = ANY($1::bigint[])`,
      [[A.id, B.id]],
    );
    expect(stored.rows.map((r) => Number(r.player_id))).toEqual([A.id]);
  });
});
