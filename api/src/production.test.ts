import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '@khela/contracts/signing';
import { productionProblems, secret } from './config';
import { API_ROOT, type Db } from './db';
import { createPgliteDb } from './db/pglite';
import { createPostgresDb } from './db/postgres';
import { postgresAvailable, TEST_DATABASE_URL } from './testing/helpers';

// Issue 10 items 1 and 7: production refuses development secrets and seeds no demo player or operator.
const TSX = path.join(API_ROOT, 'node_modules/.bin/tsx');
const good = () => ({
  GATEWAY_SECRET: randomBytes(32).toString('hex'),
  PROVIDER_SECRET: randomBytes(32).toString('hex'),
  MESSAGING_SECRET: randomBytes(32).toString('hex'),
  OTP_PEPPER: randomBytes(32).toString('hex'),
});
const baseEnv = () => {
  // the child sees only what a production host would set, not the test runner's settings
  const { PATH, HOME } = process.env;
  return { PATH, HOME, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' } as Record<string, string>;
};

interface Started {
  url: string | null;
  code: number | null;
  output: string;
  stop(): Promise<void>;
}

/** Runs `tsx src/main.ts` until it listens or exits. */
function startApi(env: Record<string, string>): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['src/main.ts'], { cwd: API_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const stop = async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`API neither listened nor exited:\n${output}`));
    }, 45_000);
    const onData = (d: Buffer) => {
      output += String(d);
      const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, code: null, output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      resolve({ url: null, code, output, stop });
    });
  });
}

describe('production configuration rules', () => {
  it('names each missing, short, default or reused secret', () => {
    const env = { NODE_ENV: 'production', ...good() };
    expect(productionProblems(env)).toEqual([]);
    expect(productionProblems({ ...env, GATEWAY_SECRET: undefined })).toEqual(['GATEWAY_SECRET is not set']);
    expect(productionProblems({ ...env, PROVIDER_SECRET: DEV_SECRETS.PROVIDER_SECRET })).toEqual([
      'PROVIDER_SECRET is a development default',
    ]);
    // another secret's development default is no better
    expect(productionProblems({ ...env, OTP_PEPPER: DEV_SECRETS.GATEWAY_SECRET })).toEqual(['OTP_PEPPER is a development default']);
    expect(productionProblems({ ...env, MESSAGING_SECRET: 'x'.repeat(31) })).toEqual(['MESSAGING_SECRET is shorter than 32 bytes']);
    expect(productionProblems({ ...env, OTP_PEPPER: env.GATEWAY_SECRET })).toEqual(['OTP_PEPPER must differ from GATEWAY_SECRET']);
    expect(productionProblems({ ...env, CORS_ORIGINS: 'https://khela.example,*' })).toEqual([
      'CORS_ORIGINS has "*", which is not an origin like https://example.com',
    ]);
  });

  it('domain configs read secrets from the one config module: dev default outside production, refusal in production', () => {
    expect(secret('GATEWAY_SECRET', { NODE_ENV: 'development' })).toBe(DEV_SECRETS.GATEWAY_SECRET);
    expect(secret('GATEWAY_SECRET', { NODE_ENV: 'development', GATEWAY_SECRET: 'set' })).toBe('set');
    expect(() => secret('OTP_PEPPER', { NODE_ENV: 'production' })).toThrow(/OTP_PEPPER/);
  });
});

describe('the API started with NODE_ENV=production', () => {
  it('refuses a development default, a short and a missing secret, naming each variable', async () => {
    const { MESSAGING_SECRET: _unset, ...secrets } = good();
    const run = await startApi({
      ...baseEnv(),
      DATA_DIR: 'memory',
      ...secrets,
      GATEWAY_SECRET: DEV_SECRETS.GATEWAY_SECRET,
      PROVIDER_SECRET: 'short',
    });
    expect(run.url).toBeNull();
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('GATEWAY_SECRET is a development default');
    expect(run.output).toContain('PROVIDER_SECRET is shorter than 32 bytes');
    expect(run.output).toContain('MESSAGING_SECRET is not set');
    expect(run.output).not.toContain('OTP_PEPPER');
  });

  it('refuses one default secret alone', async () => {
    const run = await startApi({ ...baseEnv(), DATA_DIR: 'memory', ...good(), OTP_PEPPER: DEV_SECRETS.OTP_PEPPER });
    expect(run.url).toBeNull();
    expect(run.output).toContain('OTP_PEPPER is a development default');
  });
});

/** With good secrets: it listens, seeds neither demo player nor operator, hides /docs and allows only CORS_ORIGINS. */
async function startsClean(dbEnv: Record<string, string>, open: () => Promise<Db>) {
  const run = await startApi({ ...baseEnv(), ...dbEnv, ...good(), CORS_ORIGINS: 'https://khela.example' });
  try {
    expect(run.url, run.output).not.toBeNull();
    const url = run.url!;
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const demo = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo1234', password: 'demo1234' }),
    });
    expect(demo.status).toBe(401);
    const op = await fetch(`${url}/api/operator/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'operator', password: 'operator123' }),
    });
    expect(op.status).toBe(401);
    // nothing configured yet: the site still answers, open and with no content
    const general = await fetch(`${url}/api/general`);
    expect(general.status).toBe(200);
    expect(await general.json()).toMatchObject({ site_title: 'Khela', site_status: 1, system_notice: null });
    expect((await fetch(`${url}/docs`)).status).toBe(404);
    expect((await fetch(`${url}/openapi.json`)).status).toBe(404);
    const preflight = (origin: string) =>
      fetch(`${url}/api/balance`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
    expect((await preflight('https://khela.example')).headers.get('access-control-allow-origin')).toBe('https://khela.example');
    expect((await preflight('http://localhost:3000')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  } finally {
    await run.stop();
  }
  const db = await open();
  try {
    expect((await db.query('SELECT count(*)::int AS n FROM players')).rows[0]).toEqual({ n: 0 });
    expect((await db.query('SELECT count(*)::int AS n FROM operators')).rows[0]).toEqual({ n: 0 });
    // nothing at all is seeded: no demo receiving numbers, games, sliders or settings
    for (const table of ['payment_methods', 'payment_method_numbers', 'games', 'sliders', 'promotions', 'general_settings']) {
      expect((await db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0], table).toEqual({ n: 0 });
    }
  } finally {
    await db.close();
  }
}

describe('the API started with NODE_ENV=production and good secrets', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('PGlite: starts with no demo player, no operator, no /docs and only the configured origins', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'khela-prod-'));
    dirs.push(dir);
    const data = path.join(dir, 'pglite');
    await startsClean({ DATA_DIR: data }, () => createPgliteDb(data));
  });

  it('PostgreSQL: the same', async (ctx) => {
    if (!(await postgresAvailable())) return ctx.skip();
    const schema = `t_prod_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      await startsClean({ DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema }, () =>
        createPostgresDb({ url: TEST_DATABASE_URL, schema }),
      );
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });
});
