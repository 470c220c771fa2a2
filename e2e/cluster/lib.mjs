// Helpers of the fault-injection suite: a private PostgreSQL, an HTTP client that retries like a player's app
// (same Idempotency-Key), players made and funded through the API, and the money checks.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/cluster/start.mjs';

const pg = createRequire(path.join(root, 'api/package.json'))('pg');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A PostgreSQL of its own (initdb + pg_ctl from Debian's postgresql package) on `port` in a temporary directory:
 * the faults restart it, so it must never be the machine's shared server. As root, initdb refuses to run: the
 * cluster belongs to the `postgres` user then.
 */
export function privatePostgres(port) {
  const versions = fs
    .readdirSync('/usr/lib/postgresql')
    .filter((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error('no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)');
  const bin = `/usr/lib/postgresql/${versions[0]}/bin`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'khela-faults-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (tool, args) => {
    const cmd = asRoot ? 'runuser' : `${bin}/${tool}`;
    const full = asRoot ? ['-u', 'postgres', '--', `${bin}/${tool}`, ...args] : args;
    const r = spawnSync(cmd, full, { encoding: 'utf8', cwd: dir });
    if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
    return r;
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const ctl = (...args) => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', ...args]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/khela`,
    dir,
    async start() {
      run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
      ctl('start');
      const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
      await c.connect();
      await c.query('CREATE DATABASE khela');
      await c.end();
    },
    /** pg_ctl restart -m fast, without blocking this process (the players keep browsing meanwhile). */
    restart: () =>
      new Promise((resolve, reject) => {
        const args = ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'restart', '-m', 'fast'];
        const child = asRoot
          ? spawn('runuser', ['-u', 'postgres', '--', `${bin}/pg_ctl`, ...args], { cwd: dir })
          : spawn(`${bin}/pg_ctl`, args, { cwd: dir });
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl restart exited with ${code}`))));
      }),
    stop() {
      try {
        ctl('stop', '-m', 'immediate');
      } catch {}
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Counters of what the faults cost the clients. */
export const stats = { requests: 0, retried: 0, failedAttempts: 0, lastFailureAt: 0 };
export const resetStats = () => Object.assign(stats, { requests: 0, retried: 0, failedAttempts: 0, lastFailureAt: 0 });

/**
 * One API call as a player's app makes it: a network error or a 502/503/504 is retried (a POST with the same
 * Idempotency-Key, so the server answers the stored result if the first attempt went through).
 */
export async function call(base, method, p, { token, body, key, retries = 12, headers = {} } = {}) {
  stats.requests += 1;
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${base}${p}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
          ...headers,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(20_000),
      });
      if ([502, 503, 504].includes(res.status) && attempt < retries) throw new Error(`HTTP ${res.status}`);
      const text = await res.text();
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {}
      return { status: res.status, ok: res.ok, json, text };
    } catch (err) {
      stats.failedAttempts += 1;
      stats.lastFailureAt = Date.now();
      if (attempt >= retries) throw new Error(`${method} ${p}: ${err.message} after ${attempt + 1} attempts`);
      stats.retried += 1;
      await sleep(Math.min(1000, 100 * 2 ** attempt));
    }
  }
}

export async function must(promise, what) {
  const r = await promise;
  if (!r.ok) throw new Error(`${what}: HTTP ${r.status} ${r.text.slice(0, 300)}`);
  return r.json;
}

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}${Math.floor(Math.random() * 1e3)}`;

/** A verified adult player (phone code read from the sandbox outbox), logged in. */
export async function newPlayer(site, sandbox, prefix = 'flt') {
  const username = `${prefix}${uniq()}`.slice(0, 16);
  const phone = `018${String(Date.now()).slice(-6)}${String(seq++ % 100).padStart(2, '0')}`;
  const password = 'secret123';
  await must(
    call(site, 'POST', '/api/v1/create-players', {
      body: { username, password, confirmPassword: password, name: 'Fault Player', phone, currency: 'BDT', status: 'active' },
    }),
    'sign-up',
  );
  const login = await must(call(site, 'POST', '/api/login', { body: { username, password } }), 'login');
  const token = login.token;
  await must(call(site, 'POST', '/api/send-verification-code', { token, body: { phone } }), 'send code');
  let code = null;
  for (let i = 0; i < 60 && !code; i++) {
    const { messages } = await (await fetch(`${sandbox}/outbox/messages?to=${phone}`)).json();
    code = messages.find((m) => m.code)?.code ?? null;
    if (!code) await sleep(150);
  }
  await must(call(site, 'POST', '/api/verify-phone-number', { token, body: { verification_code: code } }), 'verify phone');
  await must(
    call(site, 'POST', '/api/user/profile/update', { token, body: { remote_id: String(login.remote_id), dofb: '1995-05-17' } }),
    'birthday',
  );
  return { username, password, token, remoteId: String(login.remote_id) };
}

export async function staffToken(site) {
  return (
    await must(call(site, 'POST', '/api/operator/login', { body: { username: 'operator', password: 'operator123' } }), 'operator login')
  ).token;
}

/** A fresh bKash transaction id (10 letters and digits): a bKash deposit is an agent deposit and needs one, used once. */
export function newTrx() {
  const abc = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from({ length: 10 }, () => abc[Math.floor(Math.random() * abc.length)]).join('');
}

let bkashId = null;
/** A manual bKash deposit (pending until the operator approves it). */
export async function submitDeposit(site, player, amount, key) {
  if (!bkashId) {
    const methods = (await must(call(site, 'GET', '/api/showpayment-menthod?name=deposit'), 'methods')).data;
    bkashId = methods.find((m) => m.name === 'bKash').id;
  }
  // the id follows the Idempotency-Key, so a retry sends the same body
  const transaction_id = key ? createHash('sha256').update(`${player.token}|${key}`).digest('hex').slice(0, 10).toUpperCase() : newTrx();
  return must(
    call(site, 'POST', '/api/submit-deposit', { token: player.token, key, body: { amount, payment_id: bkashId, transaction_id } }),
    'deposit',
  );
}

/** Approves every pending deposit of the player; answers how many. */
export async function approveDeposits(site, opToken, player) {
  const pending = (
    await must(call(site, 'GET', `/api/operator/payments?status=0&player=${player.remoteId}`, { token: opToken }), 'pending')
  ).data;
  const mine = pending.filter((t) => String(t.player_id) === player.remoteId);
  for (const t of mine) {
    await must(
      call(site, 'POST', `/api/operator/payments/${t.id}/approve`, { token: opToken, key: `approve-${t.id}`, body: {} }),
      'approve',
    );
  }
  return mine.length;
}

export async function balanceOf(site, player) {
  const b = await must(call(site, 'POST', '/api/balance', { token: player.token, body: {} }), 'balance');
  return { balance: Number(b.balance), exposure: Number(b.exposure ?? 0), available: Number(b.available ?? b.balance) };
}

/**
 * The ledger's own invariants, read from the database: every transfer sums to zero, every account's balance is
 * the sum of its postings, and no idempotency key was used twice.
 */
export async function ledgerProblems(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const unbalanced = await c.query('SELECT transfer_id FROM ledger_postings GROUP BY transfer_id HAVING sum(amount_minor) <> 0');
    const drift = await c.query(
      `SELECT a.code FROM ledger_accounts a
         LEFT JOIN (SELECT account_id, sum(amount_minor) AS s FROM ledger_postings GROUP BY account_id) p ON p.account_id = a.id
        WHERE a.balance_minor <> coalesce(p.s, 0)`,
    );
    return [
      ...unbalanced.rows.map((r) => `transfer ${r.transfer_id} does not sum to zero`),
      ...drift.rows.map((r) => `account ${r.code} differs from its postings`),
    ];
  } finally {
    await c.end();
  }
}

/** A connected client of its own (the caller ends it). */
export async function pgClient(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  return c;
}

export async function dbQuery(databaseUrl, sql, params) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/**
 * A Server-Sent Events reader over fetch: resolves `opened` on the response, collects events, `closed` when the
 * stream ends.
 */
export function sseStream(url) {
  const events = [];
  const controller = new AbortController();
  let ended = false;
  const opened = fetch(url, { signal: controller.signal }).then((res) => {
    if (!res.ok) throw new Error(`stream answered ${res.status}`);
    (async () => {
      const decoder = new TextDecoder();
      let buf = '';
      try {
        for await (const chunk of res.body) {
          buf += decoder.decode(chunk, { stream: true });
          let i;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event) events.push({ event, data: data ? JSON.parse(data) : null, at: Date.now() });
          }
        }
      } catch {}
      ended = true;
    })();
    return res;
  });
  return {
    events,
    opened,
    close: () => controller.abort(),
    get ended() {
      return ended;
    },
  };
}
