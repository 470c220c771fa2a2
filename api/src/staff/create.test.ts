import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { verifyPassword } from '../auth/passwords';
import { API_ROOT, type Db } from '../db';
import { createPgliteDb } from '../db/pglite';
import { seed } from '../seed';
import { memoryDb, postgresAvailable, postgresDb } from '../testing/helpers';
import { createStaffAccount, StaffInputError } from './staff-accounts';

// Issue 10 item 7: production seeds no operator; the first one is made with `staff:create`.
const TSX = path.join(API_ROOT, 'node_modules/.bin/tsx');

function cli(args: string[], env: Record<string, string>, stdin?: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const { PATH, HOME } = process.env;
    const child = spawn(TSX, ['src/staff/create-cli.ts', ...args], {
      cwd: API_ROOT,
      env: { PATH: PATH!, HOME: HOME!, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    child.stdin.end(stdin ?? '');
    child.once('exit', (code) => resolve({ code, out }));
  });
}

async function rules(db: Db) {
  await expect(createStaffAccount(db, { username: 'alice', password: 'short' })).rejects.toThrow(/at least 12/);
  await expect(createStaffAccount(db, { username: 'alice', password: 'alice-password-long' })).rejects.toThrow(/username/);
  await expect(createStaffAccount(db, { username: 'a b', password: 'a-long-password-1' })).rejects.toBeInstanceOf(StaffInputError);
  const id = await createStaffAccount(db, { username: 'alice', password: 'a-long-password-1', name: 'Alice' });
  expect(id).toBeGreaterThan(0);
  await expect(createStaffAccount(db, { username: 'ALICE', password: 'another-long-pass-2' })).rejects.toThrow(/already exists/);
  // the new operator logs in; production seeds no default one
  await seed(db, { images: false, demo: false });
  const app = await buildApp({ db, logger: false });
  try {
    const login = (username: string, password: string) =>
      app.inject({ method: 'POST', url: '/api/operator/login', payload: { username, password } });
    expect((await login('alice', 'a-long-password-1')).statusCode).toBe(200);
    expect((await login('operator', 'operator123')).statusCode).toBe(401);
  } finally {
    await app.close();
  }
}

describe('createStaffAccount', () => {
  it('PGlite: refuses weak passwords and taken names; the operator can log in', async () => {
    const db = await memoryDb();
    try {
      await rules(db);
    } finally {
      await db.close();
    }
  });
  it('PostgreSQL: the same', async (ctx) => {
    if (!(await postgresAvailable())) return ctx.skip();
    const db = await postgresDb();
    try {
      await rules(db);
    } finally {
      await db.drop();
    }
  });
  it('development still seeds the demo operator', async () => {
    const db = await memoryDb();
    try {
      await seed(db, { images: false });
      expect((await db.query(`SELECT username, role FROM operators ORDER BY id`)).rows).toEqual([
        { username: 'admin', role: 'admin' },
        { username: 'operator', role: 'payments' },
        { username: 'support', role: 'support' },
        { username: 'content', role: 'content' },
        { username: 'risk', role: 'risk' },
      ]);
    } finally {
      await db.close();
    }
  });
});

describe('pnpm --filter api staff:create', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'khela-op-'));
  const data = path.join(dir, 'pglite');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // each run starts tsx and migrates PGlite: slow on a busy machine
  it('creates operators with the password from OPERATOR_PASSWORD or stdin, and refuses bad input', { timeout: 240_000 }, async () => {
    const env = { DATA_DIR: data, NODE_ENV: 'production' };
    const fromEnv = await cli(['--username', 'root1', '--name', 'First Operator'], { ...env, OPERATOR_PASSWORD: 'correct horse battery' });
    // the first operator is an admin (someone must be able to make the others); the next ones default to payments
    expect(fromEnv.out).toContain('Operator "root1" created');
    expect(fromEnv.out).toContain('role admin');
    expect(fromEnv.code).toBe(0);
    const fromStdin = await cli(['--username', 'root2'], env, 'stdin-password-123\n');
    expect(fromStdin.code, fromStdin.out).toBe(0);
    expect(fromStdin.out).toContain('role payments');
    const weak = await cli(['--username', 'root3'], env, 'weak\n');
    expect(weak.code).toBe(1);
    expect(weak.out).toContain('at least 12');
    const dup = await cli(['--username', 'root1'], { ...env, OPERATOR_PASSWORD: 'another long password' });
    expect(dup.code).toBe(1);
    expect(dup.out).toContain('already exists');
    expect((await cli([], env)).code).toBe(2);

    const db = await createPgliteDb(data);
    try {
      const rows = (
        await db.query<{ username: string; name: string | null; password_hash: string }>(
          'SELECT username, name, password_hash FROM operators ORDER BY id',
        )
      ).rows;
      expect(rows.map((r) => [r.username, r.name])).toEqual([
        ['root1', 'First Operator'],
        ['root2', null],
      ]);
      expect(await verifyPassword(rows[0]!.password_hash, 'correct horse battery')).toBe(true);
      expect(await verifyPassword(rows[1]!.password_hash, 'stdin-password-123')).toBe(true);
    } finally {
      await db.close();
    }
  });
});
