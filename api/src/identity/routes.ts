import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addNumberEndpoint,
  addSendCodeEndpoint,
  addVerifyPhoneEndpoint,
  cashClaimEndpoint,
  changePasswordEndpoint,
  convertVipEndpoint,
  createPlayersEndpoint,
  forgotPasswordEndpoint,
  IDENTITY_MESSAGES as M,
  inboxDeleteEndpoint,
  inboxListEndpoint,
  inboxReadEndpoint,
  inboxShowEndpoint,
  INBOX_PAGE_SIZE,
  CASH_CLAIM_MIN,
  MAX_EXTRA_PHONES,
  CODE_RESEND_SECONDS,
  loginEndpoint,
  logoutEndpoint,
  otherPhonesEndpoint,
  playerLoginEndpoint,
  profileUpdateEndpoint,
  resetPasswordEndpoint,
  sendVerificationCodeEndpoint,
  userShowEndpoint,
  verifyEmailEndpoint,
  verifyPhoneEndpoint,
  type User,
} from '@khela/contracts';
import { pgErrorCode, type Queryable } from '../db';
import { assertOwnRemoteId, registerEndpoint } from '../http/endpoint';
import { BadRequest, Forbidden, HttpError, NotFound, Unauthenticated, ValidationFailed } from '../http/errors';
import { type AuthPlayer, bearerToken, createSession, hashPassword, revokePlayerSessions, revokeSession, verifyPassword } from '../auth';
import { fromMinor, getPlayerBalance, houseAccount, parseMinor, playerAccounts, transfer } from '../ledger';
import { verifyCaptcha } from '../content/captcha';
import { identityConfig, type IdentityConfig } from './config';
import { cancelCode, consumeCode, issueCode, normalizeEmail, normalizePhone, type CodePurpose } from './codes';
import { httpMessenger, type Messenger } from './messaging';
import { assertUnderLimit, clearEvents, recordEvent } from './rate-limit';
import { sendInboxMessage, unreadCount } from './inbox';

/** The token's player (bearer endpoints only; the auth hook has already answered 401 otherwise). */
function me(req: { player: AuthPlayer | null }): AuthPlayer {
  if (!req.player) throw new Unauthenticated();
  return req.player;
}

// A real argon2id hash of a random string: a login for an unknown username spends the same time.
let dummyHash: Promise<string> | null = null;

interface PlayerRow {
  id: string;
  username: string;
  password_hash: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  currency: 'BDT' | 'INR' | 'PKR';
  vip_coin: number;
  cash_bonus_minor: string;
  dofb: string | null;
  phone_verified: boolean;
  email_verified_at: string | null;
  referral_code: string;
  referred_by: string | null;
  status: string;
  created_at: string;
}

const PLAYER_COLUMNS = `id, username, password_hash, name, phone, email, currency, vip_coin, cash_bonus_minor,
  to_char(dofb, 'YYYY-MM-DD') AS dofb, phone_verified, to_char(email_verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS email_verified_at,
  referral_code, referred_by, status, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`;

async function loadPlayer(q: Queryable, id: number, lock = false): Promise<PlayerRow> {
  const r = await q.query<PlayerRow>(`SELECT ${PLAYER_COLUMNS} FROM players WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!r.rows[0]) throw new NotFound('Player not found');
  return r.rows[0];
}

async function userOut(q: Queryable, p: PlayerRow): Promise<User> {
  const { balanceMinor } = await getPlayerBalance(q, Number(p.id));
  return {
    id: Number(p.id),
    username: p.username,
    name: p.name,
    phone: p.phone,
    email: p.email,
    vip_coin: p.vip_coin,
    session_id: p.phone_verified ? '1' : '0',
    created_at: p.created_at,
    dofb: p.dofb,
    email_verified_at: p.email_verified_at,
    balance: fromMinor(balanceMinor),
    currency: p.currency,
    referral_code: p.referral_code,
    cash_bonus: fromMinor(parseMinor(p.cash_bonus_minor)),
  };
}

const newReferralCode = () => randomBytes(6).toString('base64url').replace(/[^A-Za-z0-9]/g, '').slice(0, 8).toUpperCase().padEnd(8, 'X');

/** Client-chosen Idempotency-Key (money actions); null when absent. */
function idempotencyKey(req: FastifyRequest): string | null {
  const v = req.headers['idempotency-key'];
  const key = Array.isArray(v) ? v[0] : v;
  return key && key.length <= 100 ? key : null;
}

const WELCOME_MESSAGES = [
  {
    title: 'Welcome to Khela',
    message:
      'Thank you for joining Khela. Verify your phone number in your profile to unlock deposits and withdrawals and to earn your first VIP points.',
  },
  {
    title: 'Invite your friends',
    message:
      'Share your referral link from the Referral Program page. When a friend signs up with it and verifies the phone, a cash reward lands on your reward board.',
  },
  {
    title: 'Play responsibly',
    message: 'Set yourself limits and take breaks. If gambling stops being fun, contact our support team at any time.',
  },
];

export interface IdentityOptions {
  messenger?: Messenger;
  config?: IdentityConfig;
}

export function identityPlugin(opts: IdentityOptions = {}) {
  return async function identityRoutes(app: FastifyInstance) {
    const cfg = opts.config ?? identityConfig();
    const messenger = opts.messenger ?? httpMessenger(cfg.messagingUrl, cfg.messagingSecret);
    const db = app.db;
    const L = cfg.limits;

    /** Sends a fresh code; a delivery failure cancels it and answers 502 with the spec's text. */
    async function deliverCode(input: {
      playerId: number;
      username: string;
      purpose: CodePurpose;
      channel: 'sms' | 'email';
      destination: string;
      ip: string;
    }): Promise<void> {
      await assertUnderLimit(db, 'otp:address', input.destination, L.otpPerAddress);
      await assertUnderLimit(db, 'otp:username', input.username.toLowerCase(), L.otpPerUsername);
      await assertUnderLimit(db, 'otp:ip', input.ip, L.otpPerIp);
      const { id, code } = await issueCode(db, cfg, input);
      await recordEvent(db, 'otp:address', input.destination);
      await recordEvent(db, 'otp:username', input.username.toLowerCase());
      await recordEvent(db, 'otp:ip', input.ip);
      const what = input.purpose === 'reset' ? 'password reset code' : 'verification code';
      try {
        await messenger.send({
          channel: input.channel,
          to: input.destination,
          subject: input.purpose === 'reset' ? 'Khela password reset' : 'Khela verification code',
          text: `Your Khela ${what} is ${code}. It expires in 10 minutes. Never share it with anyone.`,
        });
      } catch (err) {
        app.log.warn({ err, channel: input.channel }, 'code delivery failed');
        await cancelCode(db, id);
        throw new HttpError(502, input.purpose === 'reset' ? 'Failed to send OTP. Please try again.' : 'Failed to send code');
      }
    }

    // --- Log in / log out / sign up ---------------------------------------------------

    registerEndpoint(app, loginEndpoint, async (req) => {
      const username = req.body.username.toLowerCase();
      await assertUnderLimit(db, 'login:username', username, L.loginFailuresPerUsername);
      await assertUnderLimit(db, 'login:ip', req.ip, L.loginFailuresPerIp);
      const r = await db.query<{ id: string; username: string; password_hash: string; status: string }>(
        'SELECT id, username, password_hash, status FROM players WHERE lower(username) = $1',
        [username],
      );
      const p = r.rows[0];
      const ok = p
        ? await verifyPassword(p.password_hash, req.body.password)
        : (await verifyPassword(await (dummyHash ??= hashPassword(randomBytes(16).toString('hex'))), req.body.password), false);
      if (!p || !ok) {
        await recordEvent(db, 'login:username', username);
        await recordEvent(db, 'login:ip', req.ip);
        throw new HttpError(401, M.invalidCredentials);
      }
      if (p.status !== 'active') throw new Forbidden('Your account is disabled. Please contact customer support.');
      await clearEvents(db, 'login:username', username);
      const token = await createSession(db, Number(p.id));
      return { token, remote_id: Number(p.id), username: p.username, exchange: [], message: 'Login successful' };
    });

    registerEndpoint(app, logoutEndpoint, async (req) => {
      const token = bearerToken(req.headers.authorization);
      if (token) await revokeSession(db, token);
      return { message: 'Logged out.' };
    });

    registerEndpoint(app, createPlayersEndpoint, async (req) => {
      const b = req.body;
      await assertUnderLimit(db, 'signup:ip', req.ip, L.signupPerIp);
      const passwordHash = await hashPassword(b.password);
      const phone = normalizePhone(b.phone);
      const result = await db
        .tx(async (q) => {
          if (b.captcha_id !== undefined || b.captcha !== undefined) {
            if (!(await verifyCaptcha(q, b.captcha_id, b.captcha))) throw new ValidationFailed({ captcha: [M.captchaInvalid] });
          }
          const taken = await q.query('SELECT 1 FROM players WHERE lower(username) = lower($1)', [b.username]);
          if (taken.rows.length) throw new ValidationFailed({ username: [M.usernameTaken] });
          let referredBy: number | null = null;
          if (b.referral_code) {
            const ref = await q.query<{ id: string }>('SELECT id FROM players WHERE upper(referral_code) = upper($1)', [b.referral_code]);
            if (!ref.rows[0]) throw new ValidationFailed({ referral_code: ['The referral code is invalid.'] });
            referredBy = Number(ref.rows[0].id);
          }
          let id = 0;
          for (let attempt = 0; !id; attempt++) {
            const code = newReferralCode();
            const clash = await q.query('SELECT 1 FROM players WHERE referral_code = $1', [code]);
            if (clash.rows.length && attempt < 5) continue;
            const ins = await q.query<{ id: string }>(
              `INSERT INTO players (username, password_hash, name, phone, email, currency, referral_code, referred_by, agent_code, affiliate_code, status)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'active') RETURNING id`,
              [b.username, passwordHash, b.name || null, phone, b.email ? normalizeEmail(b.email) : null, b.currency, code, referredBy, b.agent_code ?? null, b.affiliate_code ?? null],
            );
            id = Number(ins.rows[0]!.id);
          }
          await playerAccounts(q, id);
          for (const m of WELCOME_MESSAGES) await sendInboxMessage(q, id, m.title, m.message);
          const token = await createSession(q, id);
          return { id, token };
        })
        .catch((err: unknown) => {
          if (pgErrorCode(err) === '23505') throw new ValidationFailed({ username: [M.usernameTaken] });
          throw err;
        });
      await recordEvent(db, 'signup:ip', req.ip);
      return { message: 'Registration Successful!', token: result.token, remote_id: result.id, username: b.username, exchange: [] };
    });

    registerEndpoint(app, playerLoginEndpoint, async (req) => {
      if (req.body.user_id !== undefined && String(req.body.user_id) !== String(me(req).id)) throw new Forbidden();
      // a separate, short-lived token for the exchange site: revoking it never logs the player out here
      return { access_token: await createSession(db, me(req).id, 1) };
    });

    // --- Profile -----------------------------------------------------------------

    registerEndpoint(app, userShowEndpoint, async (req) => {
      assertOwnRemoteId(req, req.query.remote_id);
      return { user: await userOut(db, await loadPlayer(db, me(req).id)) };
    });

    registerEndpoint(app, profileUpdateEndpoint, async (req) => {
      assertOwnRemoteId(req, req.body.remote_id);
      const d = new Date(`${req.body.dofb}T00:00:00Z`);
      if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== req.body.dofb) {
        throw new ValidationFailed({ dofb: ['Please enter a valid date.'] });
      }
      const adult = new Date();
      adult.setUTCFullYear(adult.getUTCFullYear() - 18);
      if (d > adult) throw new ValidationFailed({ dofb: ['You must be at least 18 years old.'] });
      if (d.getUTCFullYear() < 1900) throw new ValidationFailed({ dofb: ['Please enter a valid date.'] });
      const r = await db.query('UPDATE players SET dofb = $2, updated_at = now() WHERE id = $1 AND dofb IS NULL RETURNING id', [
        me(req).id,
        req.body.dofb,
      ]);
      if (!r.rows.length) throw new ValidationFailed({ dofb: ['Your date of birth is already set and cannot be changed.'] });
      return { message: 'Date of birth saved.', user: await userOut(db, await loadPlayer(db, me(req).id)) };
    });

    registerEndpoint(app, sendVerificationCodeEndpoint, async (req) => {
      const p = await loadPlayer(db, me(req).id);
      if (req.body.phone) {
        if (p.phone_verified) throw new BadRequest('Your phone number is already verified.');
        if (!p.phone || normalizePhone(req.body.phone) !== p.phone) throw new BadRequest('This is not your registered phone number.');
        await deliverCode({ playerId: me(req).id, username: p.username, purpose: 'phone', channel: 'sms', destination: p.phone, ip: req.ip });
        return { message: 'Verification code sent to your phone.', resend_in: CODE_RESEND_SECONDS };
      }
      const email = normalizeEmail(req.body.email!);
      if (p.email_verified_at && p.email === email) throw new BadRequest('Your email is already verified.');
      const used = await db.query('SELECT 1 FROM players WHERE lower(email) = $1 AND email_verified_at IS NOT NULL AND id <> $2', [email, me(req).id]);
      if (used.rows.length) throw new BadRequest('This email is already used by another account.');
      await deliverCode({ playerId: me(req).id, username: p.username, purpose: 'email', channel: 'email', destination: email, ip: req.ip });
      return { message: 'Verification code sent to your email.', resend_in: CODE_RESEND_SECONDS };
    });

    registerEndpoint(app, verifyEmailEndpoint, async (req) => {
      const { destination } = await consumeCode(db, cfg, me(req).id, 'email', req.body.code);
      await db.query('UPDATE players SET email = $2, email_verified_at = now(), updated_at = now() WHERE id = $1', [me(req).id, destination]);
      return { message: 'Your email has been verified.' };
    });

    registerEndpoint(app, verifyPhoneEndpoint, async (req) => {
      const { destination } = await consumeCode(db, cfg, me(req).id, 'phone', req.body.verification_code);
      const rewarded = await db.tx(async (q) => {
        const p = await loadPlayer(q, me(req).id, true);
        if (p.phone_verified || p.phone !== destination) return { referrer: null as number | null };
        // first verification: VIP points for the player, and the referrer's reward (once per friend)
        await q.query('UPDATE players SET phone_verified = true, vip_coin = vip_coin + $2, updated_at = now() WHERE id = $1', [
          p.id,
          cfg.verifyPhoneVipPoints,
        ]);
        await sendInboxMessage(q, Number(p.id), 'Phone verified', `Your phone number is verified. ${cfg.verifyPhoneVipPoints} VIP points were added to your account.`);
        if (!p.referred_by) return { referrer: null };
        const reward = await q.query(
          `INSERT INTO referral_rewards (referrer_id, referred_id, amount_minor) VALUES ($1, $2, $3)
           ON CONFLICT (referred_id) DO NOTHING RETURNING id`,
          [p.referred_by, p.id, cfg.referralRewardMinor.toString()],
        );
        if (!reward.rows.length) return { referrer: null };
        await q.query('UPDATE players SET cash_bonus_minor = cash_bonus_minor + $2 WHERE id = $1', [p.referred_by, cfg.referralRewardMinor.toString()]);
        await sendInboxMessage(
          q,
          Number(p.referred_by),
          'Referral reward',
          `Your friend ${p.username} joined and verified the phone. ${fromMinor(cfg.referralRewardMinor)} was added to your cash bonus: claim it on the Referral Program page.`,
        );
        return { referrer: Number(p.referred_by) };
      });
      await pushInbox(me(req).id);
      if (rewarded.referrer) await pushInbox(rewarded.referrer);
      return { message: 'Your phone number has been verified.' };
    });

    // --- Extra phones ---------------------------------------------------------------

    const phonesOf = async (q: Queryable, playerId: number) =>
      (
        await q.query<{ id: string; phone: string; verified: boolean }>(
          'SELECT id, phone, verified_at IS NOT NULL AS verified FROM player_phones WHERE player_id = $1 ORDER BY id',
          [playerId],
        )
      ).rows.map((r) => ({ id: Number(r.id), contract_value: r.phone, isverify: (r.verified ? 1 : 0) as 0 | 1 }));

    registerEndpoint(app, otherPhonesEndpoint, async (req) => ({ data: await phonesOf(db, me(req).id) }));

    registerEndpoint(app, addNumberEndpoint, async (req) => {
      const phone = normalizePhone(req.body.phone);
      const row = await db.tx(async (q) => {
        const p = await loadPlayer(q, me(req).id, true);
        if (p.phone === phone) throw new ValidationFailed({ phone: ['This is already your main phone number.'] });
        const existing = await phonesOf(q, me(req).id);
        if (existing.some((e) => e.contract_value === phone)) throw new ValidationFailed({ phone: ['This phone number is already added.'] });
        if (existing.length >= MAX_EXTRA_PHONES) throw new ValidationFailed({ phone: [`You can add at most ${MAX_EXTRA_PHONES} extra phone numbers.`] });
        const ins = await q.query<{ id: string }>('INSERT INTO player_phones (player_id, phone) VALUES ($1, $2) RETURNING id', [me(req).id, phone]);
        return { id: Number(ins.rows[0]!.id), contract_value: phone, isverify: 0 as const };
      });
      return { message: 'Phone number added. Verify it with the code we send.', data: row };
    });

    registerEndpoint(app, addSendCodeEndpoint, async (req) => {
      const phone = normalizePhone(req.body.phone);
      const phones = await phonesOf(db, me(req).id);
      const target = phones.find((e) => e.contract_value === phone);
      if (!target) throw new BadRequest('Add this phone number first.');
      if (target.isverify) throw new BadRequest('This phone number is already verified.');
      await deliverCode({ playerId: me(req).id, username: me(req).username, purpose: 'extra_phone', channel: 'sms', destination: phone, ip: req.ip });
      return { message: 'Verification code sent to your phone.', resend_in: CODE_RESEND_SECONDS };
    });

    registerEndpoint(app, addVerifyPhoneEndpoint, async (req) => {
      const { destination } = await consumeCode(db, cfg, me(req).id, 'extra_phone', req.body.verification_code);
      await db.query('UPDATE player_phones SET verified_at = now() WHERE player_id = $1 AND phone = $2 AND verified_at IS NULL', [
        me(req).id,
        destination,
      ]);
      return { message: 'Your phone number has been verified.' };
    });

    // --- Inbox ---------------------------------------------------------------------

    async function pushInbox(playerId: number) {
      try {
        await app.push.publish(playerId, 'inbox', { unread: await unreadCount(db, playerId) });
      } catch (err) {
        app.log.warn({ err }, 'inbox push failed');
      }
    }

    registerEndpoint(app, inboxListEndpoint, async (req) => {
      assertOwnRemoteId(req, req.query.remote_id);
      const page = req.query.page;
      const total = Number(
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM inbox_messages WHERE player_id = $1 AND deleted_at IS NULL', [me(req).id]))
          .rows[0]!.n,
      );
      const r = await db.query<{ id: number; title: string; message: string; created_at: string; is_read: number }>(
        `SELECT id::int AS id, title, message, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
                CASE WHEN is_read THEN 1 ELSE 0 END AS is_read
         FROM inbox_messages WHERE player_id = $1 AND deleted_at IS NULL
         ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [me(req).id, INBOX_PAGE_SIZE, (page - 1) * INBOX_PAGE_SIZE],
      );
      return {
        success: true,
        data: {
          data: r.rows.map((m) => ({ ...m, is_read: (m.is_read ? 1 : 0) as 0 | 1 })),
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
          total,
        },
        unread: await unreadCount(db, me(req).id),
      };
    });

    async function ownMessage(playerId: number, id: number) {
      const r = await db.query<{ id: number; title: string; message: string; created_at: string; is_read: boolean }>(
        `SELECT id::int AS id, title, message, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at, is_read
         FROM inbox_messages WHERE id = $1 AND player_id = $2 AND deleted_at IS NULL`,
        [id, playerId],
      );
      // another player's message looks exactly like a missing one
      if (!r.rows[0]) throw new NotFound('Message not found');
      return r.rows[0];
    }

    registerEndpoint(app, inboxShowEndpoint, async (req) => {
      const m = await ownMessage(me(req).id, req.params.id);
      return { message: { ...m, is_read: (m.is_read ? 1 : 0) as 0 | 1 } };
    });

    registerEndpoint(app, inboxReadEndpoint, async (req) => {
      await ownMessage(me(req).id, req.params.id);
      await db.query('UPDATE inbox_messages SET is_read = true WHERE id = $1 AND player_id = $2', [req.params.id, me(req).id]);
      await pushInbox(me(req).id);
      return { message: 'Message marked as read.' };
    });

    registerEndpoint(app, inboxDeleteEndpoint, async (req) => {
      await ownMessage(me(req).id, req.params.id);
      await db.query('UPDATE inbox_messages SET deleted_at = now() WHERE id = $1 AND player_id = $2', [req.params.id, me(req).id]);
      await pushInbox(me(req).id);
      return { message: 'Message deleted.' };
    });

    // --- Money: VIP conversion and cash-bonus claim ---------------------------------------

    registerEndpoint(app, convertVipEndpoint, async (req) => {
      assertOwnRemoteId(req, req.query.remote_id);
      const points = req.query.vip_coin;
      const clientKey = idempotencyKey(req);
      const out = await db.tx(async (q) => {
        const p = await loadPlayer(q, me(req).id, true);
        if (clientKey) {
          const prev = await q.query<{ points: number }>('SELECT points FROM vip_conversions WHERE player_id = $1 AND client_key = $2', [p.id, clientKey]);
          if (prev.rows[0]) {
            if (prev.rows[0].points !== points) throw new HttpError(409, 'This request was already processed with different details.');
            const bal = await getPlayerBalance(q, Number(p.id));
            return { points, vip_coin: p.vip_coin, balanceMinor: bal.balanceMinor, currency: p.currency };
          }
        }
        if (p.vip_coin < points) throw new ValidationFailed({ vip_coin: ['Not enough VIP points.'] });
        const amountMinor = BigInt(points) * 100n; // 1 VP = 1 money unit
        const conv = await q.query<{ id: string }>(
          'INSERT INTO vip_conversions (player_id, points, amount_minor, client_key) VALUES ($1, $2, $3, $4) RETURNING id',
          [p.id, points, amountMinor.toString(), clientKey],
        );
        const { main, currency } = await playerAccounts(q, Number(p.id));
        const house = await houseAccount(q, 'vip', currency);
        const t = await transfer(q, {
          idempotencyKey: `vip-convert:${conv.rows[0]!.id}`,
          kind: 'vip.convert',
          reference: `player:${p.id}`,
          metadata: { points },
          legs: [
            { account: house, amountMinor: -amountMinor },
            { account: main, amountMinor },
          ],
        });
        const left = await q.query<{ vip_coin: number }>('UPDATE players SET vip_coin = vip_coin - $2, updated_at = now() WHERE id = $1 RETURNING vip_coin', [
          p.id,
          points,
        ]);
        return { points, vip_coin: left.rows[0]!.vip_coin, balanceMinor: t.balances.get(main)!, currency };
      });
      await app.push.publishBalance(me(req).id);
      return {
        success: `${out.points} VP converted to ${fromMinor(BigInt(out.points) * 100n)} ${out.currency}.`,
        vip_coin: out.vip_coin,
        balance: fromMinor(out.balanceMinor),
      };
    });

    registerEndpoint(app, cashClaimEndpoint, async (req) => {
      const clientKey = idempotencyKey(req);
      const out = await db.tx(async (q) => {
        const p = await loadPlayer(q, me(req).id, true);
        if (clientKey) {
          const prev = await q.query('SELECT 1 FROM cash_claims WHERE player_id = $1 AND client_key = $2', [p.id, clientKey]);
          if (prev.rows.length) {
            const bal = await getPlayerBalance(q, Number(p.id));
            return { balanceMinor: bal.balanceMinor, bonusMinor: parseMinor(p.cash_bonus_minor) };
          }
        }
        const bonus = parseMinor(p.cash_bonus_minor);
        if (bonus < BigInt(CASH_CLAIM_MIN) * 100n) throw new BadRequest(M.claimMinimum);
        const claim = await q.query<{ id: string }>(
          'INSERT INTO cash_claims (player_id, amount_minor, client_key) VALUES ($1, $2, $3) RETURNING id',
          [p.id, bonus.toString(), clientKey],
        );
        const { main, currency } = await playerAccounts(q, Number(p.id));
        const house = await houseAccount(q, 'bonus', currency);
        const t = await transfer(q, {
          idempotencyKey: `cash-claim:${claim.rows[0]!.id}`,
          kind: 'bonus.claim',
          reference: `player:${p.id}`,
          legs: [
            { account: house, amountMinor: -bonus },
            { account: main, amountMinor: bonus },
          ],
        });
        await q.query('UPDATE players SET cash_bonus_minor = 0, updated_at = now() WHERE id = $1', [p.id]);
        return { balanceMinor: t.balances.get(main)!, bonusMinor: 0n };
      });
      await app.push.publishBalance(me(req).id);
      return { message: 'Bonus Claimed successfully.', balance: fromMinor(out.balanceMinor), cash_bonus: fromMinor(out.bonusMinor) };
    });

    // --- Passwords -------------------------------------------------------------------

    registerEndpoint(app, changePasswordEndpoint, async (req) => {
      const p = await loadPlayer(db, me(req).id);
      await assertUnderLimit(db, 'login:username', p.username.toLowerCase(), L.loginFailuresPerUsername);
      if (!(await verifyPassword(p.password_hash, req.body.old_password))) {
        await recordEvent(db, 'login:username', p.username.toLowerCase());
        throw new ValidationFailed({ old_password: ['Your current password is incorrect.'] });
      }
      const hash = await hashPassword(req.body.new_password);
      await db.tx(async (q) => {
        await q.query('UPDATE players SET password_hash = $2, updated_at = now() WHERE id = $1', [p.id, hash]);
        await revokePlayerSessions(q, Number(p.id));
      });
      return { message: 'Password changed successfully. Please login with your new password.' };
    });

    registerEndpoint(app, forgotPasswordEndpoint, async (req) => {
      const b = req.body;
      const channel = b.type === 'email' ? 'email' : 'sms';
      const destination = b.type === 'email' ? normalizeEmail(b.email!) : normalizePhone(b.phone!);
      const username = b.username.toLowerCase();
      // limits first, and the same answer whether or not the account matches: no account discovery
      await assertUnderLimit(db, 'otp:address', destination, L.otpPerAddress);
      await assertUnderLimit(db, 'otp:username', username, L.otpPerUsername);
      await assertUnderLimit(db, 'otp:ip', req.ip, L.otpPerIp);
      const r = await db.query<{ id: string; username: string; phone: string | null; email: string | null }>(
        'SELECT id, username, phone, email FROM players WHERE lower(username) = $1 AND status = $2',
        [username, 'active'],
      );
      const p = r.rows[0];
      const matches = p && (b.type === 'email' ? p.email?.toLowerCase() === destination : p.phone === destination);
      if (p && matches) {
        await deliverCode({ playerId: Number(p.id), username: p.username, purpose: 'reset', channel, destination, ip: req.ip });
      } else {
        await recordEvent(db, 'otp:address', destination);
        await recordEvent(db, 'otp:username', username);
        await recordEvent(db, 'otp:ip', req.ip);
      }
      return { message: `OTP sent successfully. Please check your ${b.type === 'email' ? 'email' : 'sms'}.` };
    });

    registerEndpoint(app, resetPasswordEndpoint, async (req) => {
      const b = req.body;
      const r = await db.query<{ id: string }>('SELECT id FROM players WHERE lower(username) = lower($1)', [b.username]);
      const p = r.rows[0];
      if (!p) throw new ValidationFailed({ otp: ['The code has expired or was not requested. Please request a new code.'] });
      await consumeCode(db, cfg, Number(p.id), 'reset', b.otp).catch((err: HttpError) => {
        throw new ValidationFailed({ otp: [err.message] });
      });
      const hash = await hashPassword(b.password);
      await db.tx(async (q) => {
        await q.query('UPDATE players SET password_hash = $2, updated_at = now() WHERE id = $1', [p.id, hash]);
        await revokePlayerSessions(q, Number(p.id));
      });
      await clearEvents(db, 'login:username', b.username.toLowerCase());
      return { message: 'Password reset successfully. Please login with your new password.' };
    });
  };
}

export default identityPlugin();
