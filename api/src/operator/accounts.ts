import { hashPassword } from '../auth/passwords';
import { pgErrorCode, type Db } from '../db';

export const OPERATOR_PASSWORD_MIN = 12;
const USERNAME = /^[A-Za-z0-9._-]{3,32}$/;

export class OperatorInputError extends Error {}

/** A new back-office operator (argon2id password). Refuses a weak password or a taken username. */
export async function createOperator(db: Db, input: { username: string; password: string; name?: string | null }): Promise<number> {
  const username = input.username.trim();
  if (!USERNAME.test(username)) throw new OperatorInputError('The username must be 3-32 letters, digits, dots, dashes or underscores.');
  if (input.password.length < OPERATOR_PASSWORD_MIN) {
    throw new OperatorInputError(`The password must be at least ${OPERATOR_PASSWORD_MIN} characters.`);
  }
  if (input.password.length > 256) throw new OperatorInputError('The password must be at most 256 characters.');
  if (input.password.toLowerCase().includes(username.toLowerCase()))
    throw new OperatorInputError('The password must not contain the username.');
  const hash = await hashPassword(input.password);
  try {
    const r = await db.query<{ id: string }>('INSERT INTO operators (username, password_hash, name) VALUES ($1, $2, $3) RETURNING id', [
      username,
      hash,
      input.name?.trim() || null,
    ]);
    return Number(r.rows[0]!.id);
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new OperatorInputError(`An operator named "${username}" already exists.`);
    throw err;
  }
}
