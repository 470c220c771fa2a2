import { randomBytes } from 'node:crypto';
import { IDENTITY_MESSAGES as M } from '@khela/contracts';
import { pgErrorCode, type Db, type Queryable } from '../../db';
import { ValidationFailed } from '../../errors';
import { createSession, DISABLED_STATUS, hashPassword, revokePlayerSessions, verifyPassword } from '../../auth';
import { playerAccounts } from '../../ledger';
import { sendInboxMessage } from '../../core/inbox';
import { normalizeEmail } from '../verification/codes';

// A real argon2id hash of a random string: a login for an unknown username spends the same time.
let dummyHash: Promise<string> | null = null;

/** The player whose password matches, or null (unknown name or wrong password, indistinguishable in time). */
export async function checkCredentials(
  q: Queryable,
  username: string,
  password: string,
): Promise<{ id: string; username: string; status: string } | null> {
  const r = await q.query<{ id: string; username: string; password_hash: string; status: string }>(
    'SELECT id, username, password_hash, status FROM players WHERE lower(username) = $1',
    [username],
  );
  const p = r.rows[0];
  const ok = p
    ? await verifyPassword(p.password_hash, password)
    : (await verifyPassword(await (dummyHash ??= hashPassword(randomBytes(16).toString('hex'))), password), false);
  return p && ok ? p : null;
}

const newReferralCode = () =>
  randomBytes(6)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase()
    .padEnd(8, 'X');

const WELCOME_MESSAGES = [
  {
    title: 'Welcome to Khela',
    message:
      'Thank you for joining Khela. Verify your phone number in your profile to unlock deposits and withdrawals and to earn your first VIP points.',
  },
  {
    title: 'Invite your friends',
    /** Advertises the referral programme: not sent to, nor shown to, an excluded player. */
    marketing: true,
    message:
      'Share your referral link from the Referral Program page. When a friend signs up with it, deposits and places a bet, a cash reward lands on your reward board.',
  },
  {
    title: 'Play responsibly',
    message: 'Set yourself limits and take breaks. If gambling stops being fun, contact our support team at any time.',
  },
];

export interface Registration {
  username: string;
  passwordHash: string;
  name?: string | null;
  /** Already normalised. */
  phone: string;
  email?: string | null;
  currency: string;
  referral_code?: string | null;
  agent_code?: string | null;
  affiliate_code?: string | null;
}

/** Creates the player, their accounts, welcome messages and first session in one transaction. */
export async function registerPlayer(db: Db, b: Registration): Promise<{ id: number; token: string }> {
  return db
    .tx(async (q) => {
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
          [
            b.username,
            b.passwordHash,
            b.name || null,
            b.phone,
            b.email ? normalizeEmail(b.email) : null,
            b.currency,
            code,
            referredBy,
            b.agent_code ?? null,
            b.affiliate_code ?? null,
          ],
        );
        id = Number(ins.rows[0]!.id);
      }
      await playerAccounts(q, id);
      for (const m of WELCOME_MESSAGES) await sendInboxMessage(q, id, m.title, m.message, { marketing: 'marketing' in m && m.marketing });
      const token = await createSession(q, id);
      return { id, token };
    })
    .catch((err: unknown) => {
      if (pgErrorCode(err) === '23505') throw new ValidationFailed({ username: [M.usernameTaken] });
      throw err;
    });
}

/** A player who may log in (any status but disabled) by user name, with the addresses a reset code may go to. */
export async function activePlayerByUsername(q: Queryable, username: string) {
  const r = await q.query<{ id: string; username: string; phone: string | null; email: string | null }>(
    'SELECT id, username, phone, email FROM players WHERE lower(username) = $1 AND status <> $2',
    [username, DISABLED_STATUS],
  );
  return r.rows[0] ?? null;
}

export async function playerIdByUsername(q: Queryable, username: string): Promise<number | null> {
  const r = await q.query<{ id: string }>('SELECT id FROM players WHERE lower(username) = lower($1)', [username]);
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/** New password; every session of the player ends (change and reset alike). */
export function setPassword(db: Db, playerId: number, passwordHash: string): Promise<void> {
  return db.tx(async (q) => {
    await q.query('UPDATE players SET password_hash = $2, updated_at = now() WHERE id = $1', [playerId, passwordHash]);
    await revokePlayerSessions(q, playerId);
  });
}
