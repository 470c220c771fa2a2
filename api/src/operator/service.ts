import { sha256Hex } from '@khela/contracts/signing';
import type { Queryable } from '../db';
import { newToken } from '../auth/sessions';
import { verifyPassword } from '../auth/passwords';

export const OPERATOR_SESSION_HOURS = 12;

export interface LoggedInOperator {
  id: number;
  username: string;
  name: string | null;
}

/** Checks an operator's password; returns a new operator token (player tokens never work here). */
export async function operatorLogin(
  q: Queryable,
  username: string,
  password: string,
): Promise<{ token: string; operator: LoggedInOperator } | null> {
  const r = await q.query<{ id: string; username: string; name: string | null; password_hash: string }>(
    'SELECT id, username, name, password_hash FROM operators WHERE lower(username) = lower($1)',
    [username],
  );
  const row = r.rows[0];
  // Verify against a dummy hash when the user is unknown, so timing does not reveal usernames.
  const ok = await verifyPassword(
    row?.password_hash ?? '$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    password,
  );
  if (!row || !ok) return null;
  const token = newToken();
  await q.query(`INSERT INTO operator_sessions (token_hash, operator_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`, [
    sha256Hex(token),
    row.id,
    OPERATOR_SESSION_HOURS,
  ]);
  return { token, operator: { id: Number(row.id), username: row.username, name: row.name } };
}

export async function operatorLogout(q: Queryable, token: string): Promise<void> {
  await q.query('UPDATE operator_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [sha256Hex(token)]);
}
