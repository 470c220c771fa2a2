import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the enum is an ambient const enum, unusable under isolatedModules.
const ARGON2ID = 2;

/** argon2id with the library's defaults (19 MiB, t=2). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // malformed hash: treat as a wrong password, not a 500
  }
}
