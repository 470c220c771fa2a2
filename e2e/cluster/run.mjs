#!/usr/bin/env node
// Fault-injection suite of the cluster mode (issue 16): a private PostgreSQL (initdb/pg_ctl, port 25470 by
// default), two API processes + sandbox + nginx (scripts/cluster/start.mjs), then each fault in turn, printing what
// it cost (requests retried, seconds to recover) and failing on any money lost or doubled.
//
//   node e2e/cluster/run.mjs [--only s,a,b,c,d,e,h,p,k,q,r] [--keep]      (after `pnpm run build`; `pnpm test:cluster` does both)
//
// Ports: KHELA_PORT_OFFSET (default 70: nginx 8070, API 4071/4072, sandbox 4170), FAULTS_PG_PORT (25470: below the ephemeral range 32768-60999, where a client socket could hold the port).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Cluster, root } from '../../scripts/cluster/start.mjs';
import {
  approveDeposits,
  balanceOf,
  call,
  dbQuery,
  ledgerProblems,
  must,
  newPlayer,
  staffToken,
  pgClient,
  privatePostgres,
  resetStats,
  sleep,
  sseStream,
  stats,
  submitDeposit,
  newTrx,
} from './lib.mjs';

const argv = process.argv.slice(2);
const only = (argv[argv.indexOf('--only') + 1] ?? '').split(',').filter((x) => argv.includes('--only') && x);
const wanted = (f) => !only.length || only.includes(f);
const started = Date.now();
const offset = process.env.KHELA_PORT_OFFSET ?? '70';
const pgPort = Number(process.env.FAULTS_PG_PORT ?? 25470);
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'khela-faults-'));

const LEASE_MS = 1000;
const CONTENT_CHECK_MS = 300;
/** A process restarted after a fault, ready (true) or not: awaited by the next fault that needs both. */
let comingBack = Promise.resolve(true);
const results = [];
const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
  console.log(`    ${ok ? 'ok  ' : 'FAIL'} ${what}`);
};
const secs = (ms) => (ms / 1000).toFixed(1);

const db = privatePostgres(pgPort);
let cluster = null;
let control = null;
const cleanup = async () => {
  control?.close();
  checker?.child.stdin.end();
  if (argv.includes('--keep') && cluster) {
    console.log(`--keep: the cluster (${cluster.siteUrl}) and its PostgreSQL (${db.url}) stay up; Ctrl+C stops them`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
  await cluster?.stop().catch(() => undefined);
  db.stop();
};
process.once('SIGINT', () => !argv.includes('--keep') && cleanup().then(() => process.exit(130)));

async function main() {
  console.log(`private PostgreSQL on 127.0.0.1:${pgPort} (${db.dir})`);
  await db.start();
  cluster = new Cluster({
    apiCount: 2,
    databaseUrl: db.url,
    runDir,
    logDir: path.join(runDir, 'logs'),
    quiet: true,
    env: {
      ...process.env,
      KHELA_PORT_OFFSET: offset,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // many sign-ups and log-ins from one address
      RATE_LIMIT_SCALE: '50',
      // the request limits' counts shared by both API processes (Redis runs on 127.0.0.1:6379 here and in CI)
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      CHALLENGE_COST: '1',
      CHALLENGE_MAX_NUMBER: '50',
      WALLET_MAX_PENDING: '50',
      // test-time delays: the feed consumer reconnects fast, the gateway retries fast, the LISTEN connection too
      ODDS_RECONNECT_MS: '200',
      ODDS_RECONNECT_MAX_MS: '1000',
      ODDS_HEARTBEAT_MS: '500',
      PG_RECONNECT_MS: '200',
      GATEWAY_RETRY_DELAYS_MS: '300,600,1000',
      GATEWAY_CALLBACK_DELAY_MS: '1500',
      EXCHANGE_BET_DELAY_MS: 'MATCH_ODDS:200,BOOKMAKER:100,FANCY:100',
      SHUTDOWN_GRACE_MS: '5000',
      // the market writer's lease (api/src/exchange/writer/lease.ts): 1 s here, looked at every 100 ms when waiting
      EXCHANGE_WRITER_LEASE_MS: String(LEASE_MS),
      EXCHANGE_WRITER_LEASE_POLL_MS: '100',
      SANDBOX_DATA_DIR: path.join(runDir, 'sandbox-data'),
      // the render servers' page cache asks the content's version at most every 300 ms (1 s in production)
      SSR_CONTENT_CHECK_MS: String(CONTENT_CHECK_MS),
      // the first screen's data budget of a loaded test machine (1.5 s in production): fault s asserts server pages
      SSR_DATA_BUDGET_MS: '15000',
    },
  });
  const t0 = Date.now();
  await cluster.start();
  console.log(`cluster up in ${secs(Date.now() - t0)} s: ${cluster.siteUrl} -> ${cluster.apiUrls.join(', ')}; logs in ${runDir}/logs`);
  const site = cluster.siteUrl;
  const sandbox = cluster.sandboxUrl;
  const opToken = await staffToken(site);

  // ---- s. the shell's pages from the render servers through nginx; one render server killed ---------------------
  if (wanted('s')) {
    console.log('\n[s] pages through nginx come server-rendered from the render servers; kill -9 one of them');
    const getPage = async (p) => {
      const res = await fetch(`${site}${p}`, {
        headers: { 'accept-encoding': 'identity', 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Mobile' },
        signal: AbortSignal.timeout(20_000),
      });
      return { status: res.status, body: await res.text(), csp: res.headers.get('content-security-policy') ?? '' };
    };
    const serverRendered = (page) => page.status === 200 && page.body.includes('id="khela-ssr"') && /<div id="root"><div/.test(page.body);
    const home = await getPage('/');
    check(serverRendered(home), 'GET / through nginx is server-rendered (the #khela-ssr data block, the first screen in #root)');
    const nonce = /'nonce-([^']+)'/.exec(home.csp)?.[1];
    check(Boolean(nonce) && home.body.includes(`nonce="${nonce}"`), "the page's CSP carries the nonce written on its <style> tags");
    check(serverRendered(await getPage('/games?type=SLOT')), 'GET /games?type=SLOT through nginx is server-rendered');
    check(serverRendered(await getPage('/promotions')), 'GET /promotions through nginx is server-rendered');
    // a built file is nginx's own (no upstream in its access-log line); the render servers' /metrics is not public
    const file = fs.readdirSync(path.join(root, 'shell/dist')).find((f) => /\.[0-9a-f]{8}\.js$/.test(f));
    const fileRes = await fetch(`${site}/${file}`);
    await sleep(200);
    const fileLine = fs
      .readFileSync(path.join(runDir, 'nginx-access.log'), 'utf8')
      .split('\n')
      .findLast((l) => l.includes(`GET /${file} `));
    check(fileRes.status === 200 && /up=- /.test(fileLine ?? ''), `a built file (/${file}) is sent by nginx itself, not a render server`);
    check((await fetch(`${site}/metrics`)).status === 404, "the render servers' /metrics is not reachable through nginx");

    // the page cache: a second page within its life comes from it; a staff change is on the pages once the check
    // interval has passed, whichever render server answers
    // (three more of a page: whichever way nginx shares them out, one render server gets it twice within its life)
    for (let i = 0; i < 3; i++) await getPage('/promotions');
    const hits = async () => {
      let n = 0;
      for (const u of cluster.renderUrls) {
        const text = await (await fetch(`${u}/metrics`)).text();
        n += Number(/^khela_ssr_page_cache_total\{result="hit"\} (\d+)/m.exec(text)?.[1] ?? 0);
      }
      return n;
    };
    check((await hits()) > 0, `pages are answered from the render servers' page cache (${await hits()} hits)`);
    const content = (
      await must(call(site, 'POST', '/api/operator/login', { body: { username: 'content', password: 'content123' } }), 'content login')
    ).token;
    const title = `Khela ${Date.now().toString(36)}`;
    const before = await must(call(site, 'GET', '/api/operator/content/settings', { token: content }), 'settings');
    await must(call(site, 'PATCH', '/api/operator/content/settings', { token: content, body: { site_title: title } }), 'change the title');
    await sleep(CONTENT_CHECK_MS + 100);
    const after = await Promise.all([getPage('/'), getPage('/'), getPage('/promotions'), getPage('/promotions')]);
    check(
      after.every((p) => p.body.includes(`<title>${title}</title>`)),
      `a staff change (the site title) is on every page once the content check interval (${CONTENT_CHECK_MS} ms) has passed`,
    );
    await must(
      call(site, 'PATCH', '/api/operator/content/settings', { token: content, body: { site_title: before.site_title } }),
      'title back',
    );

    const movedBefore = nginxMoved();
    await cluster.kill('render1', 'SIGKILL');
    const pages = [];
    for (let i = 0; i < 12; i++) pages.push(await getPage(i % 2 ? '/promotions' : '/'));
    check(
      pages.every(serverRendered),
      `with render1 killed, 12 pages in a row are served and server-rendered (${pages.filter(serverRendered).length}/12)`,
    );
    const metrics = await (await fetch(`${cluster.renderUrls[1]}/metrics`)).text();
    const served = Number(/^khela_ssr_pages_total\{route="\/",by="server"\} (\d+)/m.exec(metrics)?.[1] ?? 0);
    check(served >= 6, `render2's /metrics counts the pages it answered (${served} of / by the server)`);
    cluster.restart('render1');
    const back = await cluster.waitFor(`${cluster.renderUrls[0]}/ready`, 60_000);
    check(back, 'render1 started again answers /ready');
    results.push({
      fault: 's. kill -9 render1',
      cost: `${pages.filter((p) => !serverRendered(p)).length} of 12 pages not server-rendered, ${nginxMoved() - movedBefore} page requests moved on by nginx`,
    });
  }

  // ---- a. kill -9 one API process during a burst of deposits and exchange bets ------------------------------
  if (wanted('a')) {
    console.log('\n[a] kill -9 an API process during a burst of deposits and exchange bets');
    const PLAYERS = 10;
    const FUND = 5000;
    const DEPOSITS = [200, 300, 150];
    const STAKES = [100, 150, 120, 200, 110];
    const players = [];
    for (let i = 0; i < PLAYERS; i += 5) {
      players.push(...(await Promise.all(Array.from({ length: Math.min(5, PLAYERS - i) }, () => newPlayer(site, sandbox, 'fa')))));
    }
    for (const p of players) {
      await submitDeposit(site, p, String(FUND), `fund-${p.username}`);
      await approveDeposits(site, opToken, p);
    }
    const market = await openMarket(site, sandbox);
    resetStats();
    let done = 0;
    const total = PLAYERS * (DEPOSITS.length + STAKES.length);
    const burst = players.map(async (p) => {
      const ops = [
        ...DEPOSITS.map((amount, i) => () => submitDeposit(site, p, String(amount), `burst-dep-${p.username}-${i}`)),
        ...STAKES.map(
          (stake, i) => () =>
            must(
              call(site, 'POST', '/api/exchange/bets', {
                token: p.token,
                key: `burst-bet-${p.username}-${i}`,
                body: {
                  market_id: market.marketId,
                  selection_id: market.selectionId,
                  side: 'BACK',
                  price: market.price,
                  stake: String(stake),
                },
              }),
              'bet',
            ),
        ),
      ];
      // interleaved, as a player deposits and bets at once
      ops.sort(() => Math.random() - 0.5);
      for (const op of ops) {
        await op();
        done += 1;
      }
    });
    // a request that fails for good fails the fault, after the kill below has run
    const settled = Promise.allSettled(burst);
    const burstStart = Date.now();
    while (done < total / 4 && Date.now() - burstStart < 30_000) await sleep(10);
    const killedAt = Date.now();
    await cluster.kill('api1', 'SIGKILL');
    console.log(`    killed api1 after ${done}/${total} requests`);
    const outcomes = await settled;
    const lost = outcomes.filter((o) => o.status === 'rejected');
    check(lost.length === 0, `every player's requests succeeded in the end${lost.length ? `: ${lost[0].reason.message}` : ''}`);
    const burstStats = { ...stats };
    const recoverMs = burstStats.lastFailureAt ? burstStats.lastFailureAt - killedAt : 0;
    for (const p of players) await approveDeposits(site, opToken, p);
    // the process comes back (as a supervisor would restart it) for the next faults
    cluster.restart('api1');
    await cluster.waitReady(cluster.apiUrls[0], 120_000);

    let exact = 0;
    for (const p of players) {
      const b = await balanceOf(site, p);
      const want = FUND + DEPOSITS.reduce((a, x) => a + x, 0);
      const wantExposure = STAKES.reduce((a, x) => a + x, 0);
      const deposits = await dbQuery(
        db.url,
        `SELECT count(*)::int AS n, coalesce(sum(amount_minor), 0)::bigint AS total FROM wallet_transactions
          WHERE player_id = $1 AND action = 'deposit' AND status = 1`,
        [p.remoteId],
      );
      const bets = await dbQuery(
        db.url,
        'SELECT count(*)::int AS n, coalesce(sum(stake_minor), 0)::bigint AS total FROM exchange_bets WHERE player_id = $1',
        [p.remoteId],
      ).catch(() => [{ n: -1, total: -1 }]);
      const ok =
        b.balance === want &&
        b.exposure === wantExposure &&
        Math.abs(b.available - (b.balance - b.exposure)) < 0.005 &&
        deposits[0].n === 1 + DEPOSITS.length &&
        Number(deposits[0].total) === want * 100 &&
        (bets[0].n === -1 || (bets[0].n === STAKES.length && Number(bets[0].total) === wantExposure * 100));
      if (ok) exact += 1;
      else
        console.log(
          `    ${p.username}: balance ${b.balance} (want ${want}), exposure ${b.exposure} (want ${wantExposure}), deposits ${deposits[0].n}/${deposits[0].total}, bets ${bets[0].n}/${bets[0].total}`,
        );
    }
    const problems = await ledgerProblems(db.url);
    check(exact === PLAYERS, `${exact}/${PLAYERS} players' balances, exposures, deposits and bets exact (no request lost or doubled)`);
    check(
      problems.length === 0,
      `ledger: every transfer sums to zero, every account equals its postings${problems.length ? `: ${problems.slice(0, 3).join('; ')}` : ''}`,
    );
    results.push({
      fault: 'a. kill -9 api1 mid-burst',
      cost: `${burstStats.requests} requests, ${burstStats.retried} retried by clients (${burstStats.failedAttempts} failed attempts), clients recovered ${secs(Math.max(0, recoverMs))} s after the kill, ${nginxMoved()} requests moved on by nginx`,
    });
  }

  // ---- b. restart PostgreSQL while players browse --------------------------------------------------------------
  if (wanted('b')) {
    console.log('\n[b] restart PostgreSQL (pg_ctl restart -m fast) while players browse');
    const browsers = await Promise.all(Array.from({ length: 4 }, () => newPlayer(site, sandbox, 'fb')));
    const watcher = browsers[0];
    await submitDeposit(site, watcher, '1000', `b-fund-${watcher.username}`);
    await approveDeposits(site, opToken, watcher);
    const pidsBefore = cluster.apiUrls.map((_, i) => cluster.child(`api${i + 1}`).pid);
    // a stream opened straight on api1 before the restart; the deposit afterwards is approved through api2, so the
    // balance push must cross processes by the (reconnected) LISTEN/NOTIFY
    const ticket = (await must(call(cluster.apiUrls[0], 'POST', '/api/push/ticket', { token: watcher.token, body: {} }), 'ticket')).ticket;
    const stream = sseStream(`${cluster.apiUrls[0]}/api/push/stream?ticket=${encodeURIComponent(ticket)}`);
    await stream.opened;
    let browsing = true;
    const log = [];
    const browse = browsers.map(async (p) => {
      while (browsing) {
        const at = Date.now();
        const pick = [
          ['POST', '/api/balance', {}],
          ['GET', '/api/exchange/bets', undefined],
          ['GET', '/api/exchange-hub', undefined],
        ][Math.floor(Math.random() * 3)];
        const r = await call(site, pick[0], pick[1], { token: p.token, body: pick[2], retries: 0 }).catch(() => ({ ok: false, status: 0 }));
        log.push({ at, ok: r.ok, status: r.status });
        await sleep(100);
      }
    });
    await sleep(500);
    const restartAt = Date.now();
    await db.restart();
    const restartedAt = Date.now();
    // recovered: every request succeeds for 2 s
    let recoveredAt = 0;
    while (Date.now() - restartedAt < 30_000) {
      await sleep(250);
      const lastFail = log.filter((x) => !x.ok).at(-1)?.at ?? 0;
      if (Date.now() - Math.max(lastFail, restartedAt) > 2000) {
        recoveredAt = Math.max(lastFail, restartAt);
        break;
      }
    }
    browsing = false;
    await Promise.all(browse);
    const failed = log.filter((x) => !x.ok && x.at >= restartAt - 100);
    check(
      recoveredAt > 0,
      `the API recovered by itself (${failed.length} of ${log.length} browsing requests failed; statuses ${[...new Set(failed.map((f) => f.status))].join(',') || 'none'})`,
    );
    const pidsAfter = cluster.apiUrls.map((_, i) => cluster.child(`api${i + 1}`).pid);
    const alive = cluster.apiUrls.map((_, i) => cluster.child(`api${i + 1}`).exitCode === null);
    check(pidsAfter.join() === pidsBefore.join() && alive.every(Boolean), 'no API process restarted or died');
    // push across processes after the restart
    const before = (await balanceOf(site, watcher)).balance;
    const dep = await submitDeposit(cluster.apiUrls[1], watcher, '250', `b-push-${watcher.username}`);
    void dep;
    await approveDeposits(cluster.apiUrls[1], opToken, watcher);
    const want = before + 250;
    let pushed = false;
    const until = Date.now() + 10_000;
    while (!pushed && Date.now() < until) {
      pushed = stream.events.some((e) => e.event === 'balance' && Number(e.data?.balance) === want);
      if (!pushed) await sleep(100);
    }
    check(
      pushed,
      `a stream open on api1 through the restart got the balance ${want} approved on api2 (LISTEN reconnected)${stream.ended ? '; the stream had ended' : ''}`,
    );
    stream.close();
    results.push({
      fault: 'b. PostgreSQL restart',
      cost: `restart took ${secs(restartedAt - restartAt)} s; ${failed.length} browsing requests failed; all requests succeed again ${secs(Math.max(0, recoveredAt - restartAt))} s after the restart began; no process restarted`,
    });
  }

  // ---- c. payment gateway stopped during an e-wallet deposit ------------------------------------------------
  if (wanted('c')) {
    console.log('\n[c] stop the payment gateway (sandbox) during an e-wallet deposit');
    const p = await newPlayer(site, sandbox, 'fc');
    const methods = (await must(call(site, 'GET', '/api/showpayment-menthod?name=deposit'), 'methods')).data;
    const ewallet = methods.find((m) => m.name === 'E-Wallet' || m.account_type === 'ewallet');
    const provider = 'bkash';
    const req = await must(
      call(site, 'POST', '/api/ewa/request', {
        token: p.token,
        key: `c-ewa-${p.username}`,
        body: { amount: '700', type: ewallet.id, provider },
      }),
      'e-wallet request',
    );
    const paymentId = req.url.split('/').pop();
    // the player approves on the gateway's page; the gateway queues the callback (GATEWAY_CALLBACK_DELAY_MS) and is
    // stopped before sending it
    const approved = await fetch(`${sandbox}/gateway/pay/${paymentId}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'number=01700000000',
    });
    await cluster.kill('sandbox', 'SIGKILL');
    const stoppedAt = Date.now();
    check(approved.ok, 'the gateway took the approval before it stopped');
    const confirm = await must(call(site, 'POST', '/api/ewa/confirm', { token: p.token, body: { trx_id: req.transaction } }), 'confirm');
    const during = await balanceOf(site, p);
    check(
      confirm.key === '0' && during.balance === 0,
      `while the gateway is down the deposit stays pending (${confirm.message}, balance ${during.balance})`,
    );
    await sleep(1000);
    const restartAt = Date.now();
    cluster.restart('sandbox');
    let completedAt = 0;
    while (Date.now() - restartAt < 30_000) {
      const b = await balanceOf(site, p).catch(() => ({ balance: -1 }));
      if (b.balance === 700) {
        completedAt = Date.now();
        break;
      }
      await sleep(200);
    }
    check(
      completedAt > 0,
      `the gateway's resumed callback completed the deposit ${secs(completedAt - restartAt)} s after the gateway came back`,
    );
    // a player's confirm (which asks the gateway too) and the callback settle once between them
    await call(site, 'POST', '/api/ewa/confirm', { token: p.token, body: { trx_id: req.transaction } });
    await sleep(1500);
    const after = await balanceOf(site, p);
    const rows = await dbQuery(
      db.url,
      `SELECT count(*)::int AS n FROM ledger_transfers t JOIN ledger_postings lp ON lp.transfer_id = t.id
         JOIN ledger_accounts a ON a.id = lp.account_id WHERE a.player_id = $1 AND lp.amount_minor > 0`,
      [p.remoteId],
    );
    const gw = await (await fetch(`${sandbox}/gateway/api/payments`)).json().catch(() => ({ data: [] }));
    const attempts = gw.data?.find((x) => x.payment_id === paymentId)?.callback?.attempts ?? '?';
    check(after.balance === 700 && rows[0].n === 1, `credited exactly once (balance ${after.balance}, ${rows[0].n} credit posting)`);
    results.push({
      fault: 'c. gateway stopped mid-deposit',
      cost: `gateway down ${secs(restartAt - stoppedAt)} s; deposit pending meanwhile; completed ${secs(completedAt - restartAt)} s after restart; ${attempts} callback attempt(s) after the restart`,
    });
  }

  // ---- d. odds feed stopped ----------------------------------------------------------------------------------
  if (wanted('d')) {
    console.log('\n[d] stop the odds feed');
    const p = await newPlayer(site, sandbox, 'fd');
    await submitDeposit(site, p, '1000', `d-fund-${p.username}`);
    await approveDeposits(site, opToken, p);
    const market = await openMarket(site, sandbox);
    // a probe: a back at 1000 rests unmatched and is cancelled at once, so probing costs no balance
    const bet = async (i, retries = 12) => {
      const r = await call(site, 'POST', '/api/exchange/bets', {
        token: p.token,
        key: `d-bet-${p.username}-${i}`,
        retries,
        body: { market_id: market.marketId, selection_id: market.selectionId, side: 'BACK', price: 1000, stake: '100' },
      });
      if (r.ok && r.json?.bet?.id) await call(site, 'DELETE', `/api/exchange/bets/${r.json.bet.id}`, { token: p.token, retries: 2 });
      return r;
    };
    const first = await bet('before', 1);
    check(first.ok, `a probe bet is taken while the feed is up (${first.status} ${first.ok ? '' : first.text.slice(0, 120)})`);
    await cluster.kill('sandbox', 'SIGTERM');
    const downAt = Date.now();
    // the exchange says so: /ready answers 503 (feed), the market and a bet name the outage
    let saidAt = 0;
    let refusal = null;
    let i = 0;
    while (Date.now() - downAt < 20_000) {
      const r = await bet(i++, 1);
      if (!r.ok && /prices?_unavailable|prices are unavailable|odds feed/i.test(r.text)) {
        refusal = `${r.status} ${r.json?.code ?? ''} ${r.json?.message ?? r.text.slice(0, 100)}`.trim();
        saidAt = Date.now();
        break;
      }
      await sleep(250);
    }
    check(
      saidAt > 0,
      `bets are refused while the feed is down (${refusal ?? 'never refused in 20 s'})${saidAt ? ` after ${secs(saidAt - downAt)} s` : ''}`,
    );
    const ready = await fetch(`${cluster.apiUrls[0]}/ready`)
      .then((r) => r.status)
      .catch(() => 0);
    check(ready === 503, `/ready of each process reports the feed down (${ready})`);
    const state = await call(site, 'GET', `/api/exchange/markets/${market.marketId}`);
    const says = state.json?.prices_available === false;
    check(says, `the market says prices are unavailable (${state.status}: prices_available ${String(state.json?.prices_available)})`);
    const upAt = Date.now();
    cluster.restart('sandbox');
    let recoveredAt = 0;
    while (Date.now() - upAt < 30_000) {
      const m = await openMarket(site, sandbox, 1).catch(() => null);
      const r = m && (await bet(`up-${i++}`, 1));
      if (r?.ok) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(300);
    }
    check(recoveredAt > 0, `bets are taken again ${recoveredAt ? secs(recoveredAt - upAt) : 'never'} s after the feed returned`);
    results.push({
      fault: 'd. odds feed stopped',
      cost: `bets refused ${saidAt ? secs(saidAt - downAt) : 'never'} s after the feed stopped; taken again ${recoveredAt ? secs(recoveredAt - upAt) : 'never'} s after it returned`,
    });
  }

  // ---- e. a player's SSE stream survives the loss of its process (Playwright) -------------------------------
  if (wanted('e')) {
    console.log("\n[e] a browser's push stream survives the loss of its API process (Playwright)");
    control = await controlServer(site, sandbox, opToken);
    const spec = spawn(
      path.join(root, 'e2e/node_modules/.bin/playwright'),
      [
        'test',
        '-c',
        path.join(root, 'e2e/cluster/playwright.config.ts'),
        '--reporter=line',
        '--retries=0',
        '--output',
        path.join(runDir, 'pw'),
      ],
      {
        cwd: path.join(root, 'e2e'),
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, CLUSTER_SITE_URL: site, CLUSTER_CONTROL_URL: `http://127.0.0.1:${control.address().port}` },
      },
    );
    let out = '';
    spec.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(String(d).replace(/^/gm, '    '));
    });
    const code = await new Promise((r) => spec.on('exit', r));
    const gap = /stream gap (\d+) ms/.exec(out)?.[1];
    check(
      code === 0,
      `Playwright: the stream reconnected to the other process${gap ? ` after ${gap} ms` : ''} and got later balance pushes`,
    );
    results.push({
      fault: 'e. SSE across a process loss',
      cost: gap ? `stream gap ${secs(Number(gap))} s (limit 5 s)` : 'no figure (spec failed)',
    });
  }

  // ---- h. the writer of a hot market hangs (SIGSTOP) past its lease in the middle of a batch, then wakes ---------
  if (wanted('h')) {
    console.log('\n[h] the writer of a hot market is stopped (SIGSTOP) mid-batch past its lease, then continued');
    const hot = await hotMarket(site, sandbox, opToken);
    await must(hotBet(site, hot.players[0], 'LAY', `h-first-${hot.players[0].username}-${Date.now()}`), 'first bet');
    const before = await leaseOf(hot.marketId);
    const owner = processOf(before.address);
    const ownerIdx = Number(owner.slice(3)) - 1;
    const other = `api${2 - ownerIdx}`;
    const otherUrl = cluster.apiUrls[1 - ownerIdx];
    const pid = cluster.child(owner).pid;
    resetStats();
    // a stream of bets straight to the writer (not through nginx, which would keep sending to a stopped process)
    let streaming = true;
    const half = hot.players.length / 2;
    const toOwner = hot.players.slice(0, half).map(async (p, i) => {
      for (let j = 0; streaming && j < 40; j++)
        await hotBet(cluster.apiUrls[ownerIdx], p, (i + j) % 2 ? 'BACK' : 'LAY', `h-o-${p.username}-${j}`);
    });
    // stopped while one of its batches holds the market (its transaction open, the market's row locked): a probe
    // that cannot lock the row at once, then the writer's connection idle in a transaction, after the stop
    const pg = await pgClient(db.url);
    const rowLocked = async () => {
      await pg.query('BEGIN');
      try {
        await pg.query('SELECT 1 FROM exchange_markets WHERE market_id = $1 FOR UPDATE NOWAIT', [hot.marketId]);
        return false;
      } catch (err) {
        if (err.code === '55P03') return true;
        throw err;
      } finally {
        await pg.query('ROLLBACK');
      }
    };
    let caught = false;
    let stoppedAt = 0;
    for (let attempt = 0; attempt < 400 && !caught; attempt++) {
      if (!(await rowLocked())) continue;
      process.kill(pid, 'SIGSTOP');
      stoppedAt = Date.now();
      await sleep(30);
      const open = await pg.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND state = 'idle in transaction'`,
        [owner],
      );
      caught = open.rows[0].n > 0 && (await rowLocked());
      if (!caught) process.kill(pid, 'SIGCONT');
    }
    streaming = false;
    check(caught, `${owner} stopped with a batch written and not committed (its transaction open, the market's row locked)`);
    // bets straight to the other process meanwhile: it forwards them to the stopped writer, sees its lease lapse,
    // takes the market, and its batch waits for the stopped transaction's row lock
    const toOther = hot.players.slice(half).map(async (p, i) => {
      for (let j = 0; j < 6; j++) await hotBet(otherUrl, p, (i + j) % 2 ? 'BACK' : 'LAY', `h-p-${p.username}-${j}`);
    });
    const after = await nextHolder(hot.marketId, before, stoppedAt);
    // continued after the take-over and before the server ends its transaction (twice the lease): its late batch
    // reaches its last statement, the fence, which finds another epoch
    process.kill(pid, 'SIGCONT');
    const contAt = Date.now();
    const outcomes = await Promise.allSettled([...toOwner, ...toOther]);
    await pg.end();
    const lost = outcomes.filter((o) => o.status === 'rejected');
    check(lost.length === 0, `every bet was answered in the end${lost.length ? `: ${lost[0].reason.message}` : ''}`);
    check(
      after !== null && after.at - stoppedAt <= 2000 && processOf(after.address) === other,
      after
        ? `${processOf(after.address)} took the market ${secs(after.at - stoppedAt)} s after ${owner} stopped (epoch ${before.epoch} -> ${after.epoch})`
        : 'no other process took the market within 10 s',
    );
    // the late batch: its fence found another epoch (the log says so), or the server had ended its transaction
    const ownerLog = fs.readFileSync(path.join(runDir, 'logs', `${owner}.log`), 'utf8');
    const fenced = ownerLog.includes('lease lost, batch rolled back');
    const ended = /idle-in-transaction timeout/i.test(ownerLog);
    check(
      fenced || ended,
      `${owner}'s late batch did not commit: woken ${secs(contAt - stoppedAt)} s after the stop, ${
        fenced
          ? `its fence found epoch ${after?.epoch} and it rolled back`
          : ended
            ? 'the server had ended its transaction'
            : 'no sign of it'
      }`,
    );
    await checkHotBets(site, hot, 'h');
    results.push({
      fault: 'h. hot market writer hung',
      cost: `stopped ${secs(contAt - stoppedAt)} s; market written by ${other} ${after ? secs(after.at - stoppedAt) : 'never'} s after the stop; ${stats.retried} client retries`,
    });
  }

  // ---- p. PostgreSQL restarts in the middle of a burst on the hot market --------------------------------------------
  if (wanted('p')) {
    console.log('\n[p] restart PostgreSQL (pg_ctl restart -m fast) in the middle of a burst of bets on the hot market');
    const hot = await hotMarket(site, sandbox, opToken);
    const PER = 10;
    const total = hot.players.length * PER;
    let done = 0;
    resetStats();
    const burst = hot.players.map(async (p, i) => {
      for (let j = 0; j < PER; j++) {
        await hotBet(site, p, (i + j) % 2 ? 'BACK' : 'LAY', `p-${p.username}-${j}`, 20);
        done += 1;
      }
    });
    const settled = Promise.allSettled(burst);
    const burstStart = Date.now();
    while (done < total / 4 && Date.now() - burstStart < 30_000) await sleep(5);
    const restartAt = Date.now();
    await db.restart();
    const restartedAt = Date.now();
    const outcomes = await settled;
    const doneAt = Date.now();
    const burstStats = { ...stats };
    const lost = outcomes.filter((o) => o.status === 'rejected');
    check(lost.length === 0, `every bet of the burst was answered in the end${lost.length ? `: ${lost[0].reason.message}` : ''}`);
    await checkHotBets(site, hot, 'p');
    results.push({
      fault: 'p. PostgreSQL restart, hot market',
      cost: `restart took ${secs(restartedAt - restartAt)} s; ${burstStats.requests} bets, ${burstStats.retried} retried by clients (503 while the database was away); burst done ${secs(doneAt - restartedAt)} s after the restart`,
    });
  }

  // ---- k. kill -9 the process that writes a hot market, in the middle of a burst on it -------------------------
  if (wanted('k')) {
    console.log('\n[k] kill -9 the writer of a hot market in the middle of a burst of bets on it');
    const hot = await hotMarket(site, sandbox, opToken);
    // the first bet makes one process the market's writer
    await must(hotBet(site, hot.players[0], 'BACK', `k-first-${hot.players[0].username}`), 'first bet');
    const before = await leaseOf(hot.marketId);
    const owner = processOf(before.address);
    const PER = 12;
    const total = hot.players.length * PER;
    let done = 0;
    resetStats();
    const burst = hot.players.map(async (p, i) => {
      for (let j = 0; j < PER; j++) {
        await hotBet(site, p, (i + j) % 2 ? 'BACK' : 'LAY', `k-${p.username}-${j}`);
        done += 1;
      }
    });
    const settled = Promise.allSettled(burst);
    const burstStart = Date.now();
    while (done < total / 4 && Date.now() - burstStart < 30_000) await sleep(5);
    const killedAt = Date.now();
    await cluster.kill(owner, 'SIGKILL');
    console.log(`    killed ${owner} (the market's writer, epoch ${before.epoch}) after ${done}/${total} bets`);
    const after = await nextHolder(hot.marketId, before, killedAt);
    const outcomes = await settled;
    const burstStats = { ...stats };
    const lost = outcomes.filter((o) => o.status === 'rejected');
    check(lost.length === 0, `every bet of the burst was answered in the end${lost.length ? `: ${lost[0].reason.message}` : ''}`);
    check(
      after !== null && after.at - killedAt <= 2000,
      after
        ? `${processOf(after.address)} writes the market ${secs(after.at - killedAt)} s after the kill (epoch ${before.epoch} -> ${after.epoch}; limit 2 s)`
        : 'no other process took the market within 10 s',
    );
    // the process comes back (as a supervisor would restart it) while the checks and the next fault run
    cluster.restart(owner);
    comingBack = cluster.waitReady(cluster.apiUrls[Number(owner.slice(3)) - 1], 120_000);
    await checkHotBets(site, hot, 'k');
    results.push({
      fault: 'k. kill -9 the hot market writer',
      cost: `${burstStats.requests} bets, ${burstStats.retried} retried by clients; market written again ${after ? secs(after.at - killedAt) : 'never'} s after the kill`,
    });
  }

  // ---- q. a market writer's queue full: 503 with Retry-After at once, nothing done, the same keys taken later ------
  if (wanted('q')) {
    console.log("\n[q] a market's queue full: a third API process with a queue of 10 takes a market held still under a lock");
    const hot = await hotMarket(site, sandbox, opToken);
    // players of its own (the hot market's players' bets are counted by key in h, p, k and r)
    const players = await Promise.all(Array.from({ length: 4 }, () => newPlayer(site, sandbox, 'fq')));
    for (const p of players) {
      await submitDeposit(site, p, '5000', `q-fund-${p.username}`);
      await approveDeposits(site, opToken, p);
    }
    // a third process, straight (not behind nginx), whose market writers queue at most 10 commands a market
    const port = await freePort();
    const spec = cluster.apiSpec(0);
    cluster.spawn({
      ...spec,
      name: 'api3',
      env: { ...spec.env, PORT: String(port), KHELA_INSTANCE: 'api3', EXCHANGE_WRITER_QUEUE_MAX: '10' },
    });
    const api3 = `http://127.0.0.1:${port}`;
    check(await cluster.waitReady(api3, 120_000), 'the third process is ready');
    // a market no process writes yet (the hot one is held), held still: no feed version joins its queue
    const market = await openMarket(site, sandbox, 40, hot.marketId);
    const body = { market_id: market.marketId, selection_id: market.selectionId, side: 'BACK', price: 1000, stake: '100' };
    const route = `/api/exchange/markets/${encodeURIComponent(market.marketId)}/bets`;
    const send = async (p, key) => {
      const res = await fetch(`${api3}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}`, 'idempotency-key': key },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      return { key, p, status: res.status, retryAfter: res.headers.get('retry-after'), json: await res.json().catch(() => null) };
    };
    // the market's row locked from outside: the process's first batch waits for it, so what comes next queues
    const pg = await pgClient(db.url);
    let sent = [];
    let first = null;
    try {
      await pg.query('BEGIN');
      await pg.query('SELECT 1 FROM exchange_markets WHERE market_id = $1 FOR UPDATE', [market.marketId]);
      first = send(players[0], 'q-first');
      await sleep(300);
      sent = players.flatMap((p, i) => Array.from({ length: 10 }, (_, j) => send(p, `q-${i}-${j}`)));
      await sleep(400);
    } finally {
      await pg.query('ROLLBACK').catch(() => undefined);
      await pg.end();
    }
    const answers = await Promise.all(sent);
    check((await first)?.status === 200, 'the bet whose batch waited for the lock was placed once the lock went');
    const refused = answers.filter((a) => a.status === 503);
    const taken = answers.filter((a) => a.status === 200);
    check(
      refused.length >= 20 && refused.length + taken.length === answers.length,
      `with the queue full, ${refused.length} of ${answers.length} bets were answered 503 at once and ${taken.length} waited and were taken (queue of 10)`,
    );
    check(
      refused.every((a) => Number(a.retryAfter) >= 1 && a.json?.message),
      `every 503 says when to come back (Retry-After: ${refused[0]?.retryAfter}) and why ("${refused[0]?.json?.message}")`,
    );
    const stored = await dbQuery(db.url, 'SELECT count(*)::int AS n FROM exchange_bets WHERE market_id = $1', [market.marketId]);
    const keys = await dbQuery(db.url, 'SELECT count(*)::int AS n FROM wallet_idempotency WHERE key = ANY($1::text[])', [
      refused.map((a) => a.key),
    ]);
    check(
      stored[0].n === taken.length + 1 && keys[0].n === 0,
      `nothing of a refused bet was done: ${stored[0].n} bets stored (the first and the ${taken.length} taken), no refused key kept`,
    );
    // the refused bets again with their keys, as a client told to come back: each placed once
    const again = await Promise.all(refused.map((a) => call(api3, 'POST', route, { token: a.p.token, key: a.key, body })));
    const after = await dbQuery(db.url, 'SELECT count(*)::int AS n FROM exchange_bets WHERE market_id = $1', [market.marketId]);
    check(
      again.every((r) => r.status === 200) && after[0].n === answers.length + 1,
      `sent again with their keys, the ${refused.length} refused bets were placed once each (${after[0].n} bets in all)`,
    );
    await cluster.kill('api3', 'SIGTERM');
    results.push({
      fault: 'q. a market queue full',
      cost: `${refused.length} of ${answers.length} bets answered 503 (Retry-After ${refused[0]?.retryAfter} s), placed when sent again`,
    });
  }

  // ---- r. rolling restart under traffic (SIGTERM: graceful shutdown, then /ready, one process at a time) ------
  if (wanted('r')) {
    console.log('\n[r] rolling restart of both API processes while players browse, deposit and bet on a hot market');
    const players = await Promise.all(Array.from({ length: 4 }, () => newPlayer(site, sandbox, 'fr')));
    const hot = await hotMarket(site, sandbox, opToken);
    check(await comingBack, 'the process killed in k is back');
    let running = true;
    const log = [];
    let n = 0;
    const traffic = players.map(async (p) => {
      while (running) {
        const deposit = n++ % 4 === 0;
        const r = await (
          deposit
            ? call(site, 'POST', '/api/submit-deposit', {
                token: p.token,
                key: `r-${p.username}-${n}`,
                body: { amount: '100', payment_id: await bkash(site), transaction_id: newTrx() },
              })
            : call(site, 'POST', '/api/balance', { token: p.token, body: {} })
        ).catch((err) => ({ ok: false, status: 0, text: err.message }));
        // 409: the wallet's one-pending-deposit rule answered, which is an answer, not a failure
        log.push({ ok: r.ok || r.status === 409, status: r.status, text: r.ok ? '' : r.text.slice(0, 80), deposit });
        if (deposit && r.ok) p.deposits = (p.deposits ?? 0) + 1;
        await sleep(50);
      }
    });
    // bets on the hot market all along: each process, when rolled, drains its writer and hands the market over
    const bets = [];
    const betting = hot.players.slice(0, 4).map(async (p, i) => {
      for (let j = 0; running; j++) {
        const at = Date.now();
        const r = await hotBet(site, p, (i + j) % 2 ? 'BACK' : 'LAY', `r-${p.username}-${j}`).catch((err) => ({
          ok: false,
          text: err.message,
        }));
        bets.push({ at, ms: Date.now() - at, ok: r.ok, text: r.ok ? '' : r.text.slice(0, 120) });
        await sleep(50);
      }
    });
    // the lease as it goes, every 25 ms
    const seen = [];
    const watching = (async () => {
      while (running) {
        const l = await leaseOf(hot.marketId).catch(() => null);
        if (l && (!seen.length || seen.at(-1).owner !== l.owner || seen.at(-1).epoch !== l.epoch)) seen.push(l);
        else if (l && seen.length) seen[seen.length - 1] = l;
        await sleep(25);
      }
    })();
    resetStats();
    const rollAt = Date.now();
    await cluster.roll();
    const rolledMs = Date.now() - rollAt;
    await sleep(500);
    running = false;
    await Promise.all([...traffic, ...betting, watching]);
    const rollStats = { ...stats };
    const failed = log.filter((x) => !x.ok);
    let exact = 0;
    for (const p of players) {
      const rows = await dbQuery(db.url, "SELECT count(*)::int AS n FROM wallet_transactions WHERE player_id = $1 AND action = 'deposit'", [
        p.remoteId,
      ]);
      if (rows[0].n === (p.deposits ?? 0)) exact += 1;
    }
    check(
      exact === players.length,
      `${exact}/${players.length} players have exactly the deposits they were answered (none lost or doubled)`,
    );
    check(
      failed.length === 0,
      `no request failed during the roll (${failed.length} of ${log.length}${
        failed.length
          ? `: ${failed
              .slice(0, 3)
              .map((f) => `${f.status} ${f.text}`)
              .join(' | ')}`
          : ''
      })`,
    );
    // every change of the market's writer was a hand-over: taken before the last expiry seen of the one before
    // (a release by the closing process), never by waiting for the expiry
    const changes = [];
    let last = null;
    for (const l of seen) {
      if (!l.owner) continue;
      if (last && l.owner !== last.owner)
        changes.push({ from: processOf(last.address), to: processOf(l.address), early: l.acquired_at < last.expires_at });
      last = l;
    }
    const failedBets = bets.filter((b) => !b.ok);
    check(
      failedBets.length === 0,
      `every bet on the hot market was answered in the end (${bets.length}${failedBets.length ? `; ${failedBets.length} failed: ${failedBets[0].text}` : ''})`,
    );
    // a process rolled while holding the market releases it at once; a change after an expiry can only come from a
    // process stalled past its lease (load), which is reported, not failed
    check(
      changes.some((c) => c.early),
      `the market's writer changed ${changes.length} time(s) during the roll (${changes
        .map((c) => `${c.from} -> ${c.to}${c.early ? '' : ' after an expiry'}`)
        .join(', ')}): handed over before its lease expired`,
    );
    await checkHotBets(site, hot, 'r');
    const slowest = Math.max(0, ...bets.map((b) => b.ms));
    results.push({
      fault: 'r. rolling restart',
      cost: `both processes rolled in ${secs(rolledMs)} s; ${log.length} requests and ${bets.length} bets, ${rollStats.retried} retried by clients, ${failed.length} failed; slowest bet ${secs(slowest)} s; writer handed over ${changes.length} time(s)`,
    });
  }

  // money across every fault
  const problems = await ledgerProblems(db.url);
  check(problems.length === 0, 'ledger consistent after every fault');
}

// ---- the hot market of faults h, p, k and r ---------------------------------------------------------------------

let hotState = null;
/**
 * One pre-play Match Odds market held still, with no feed liquidity on the runner the faults bet on (every match is
 * player to player), and 8 players with 5,000 each. Their bets: 100 at 2.0, backs and lays (they cross each other).
 */
async function hotMarket(site, sandbox, opToken) {
  if (hotState) return hotState;
  const market = await openMarket(site, sandbox);
  await fetch(`${sandbox}/odds/markets/${market.marketId}/liquidity`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ selectionId: Number(market.selectionId) }),
  });
  for (let i = 0; i < 50; i++) {
    const state = (await call(site, 'GET', `/api/exchange/markets/${market.marketId}`, { retries: 2 })).json;
    const runner = state?.runners?.find((r) => String(r.selection_id) === String(market.selectionId));
    if (runner && !runner.back?.length && !runner.lay?.length) break;
    await sleep(200);
  }
  const players = [];
  for (let i = 0; i < 8; i += 4) players.push(...(await Promise.all(Array.from({ length: 4 }, () => newPlayer(site, sandbox, 'fx')))));
  for (const p of players) {
    await submitDeposit(site, p, '5000', `x-fund-${p.username}`);
    await approveDeposits(site, opToken, p);
  }
  hotState = { ...market, players, acks: new Map() };
  return hotState;
}

/** A bet on the hot market by its own route (nginx hashes it to one process); an answered bet is remembered by key. */
async function hotBet(base, p, side, key, retries = 12) {
  const hot = hotState;
  const body = { market_id: hot.marketId, selection_id: hot.selectionId, side, price: 2, stake: '100' };
  const r = await call(base, 'POST', `/api/exchange/markets/${encodeURIComponent(hot.marketId)}/bets`, {
    token: p.token,
    key,
    retries,
    body,
  });
  if (!r.ok) throw new Error(`bet ${key}: HTTP ${r.status} ${r.text.slice(0, 200)}`);
  hot.acks.set(key, { player: p, body, betId: r.json.bet.id });
  return r;
}

/** The market's writer lease as stored. */
async function leaseOf(marketId) {
  const rows = await dbQuery(
    db.url,
    `SELECT owner, address, epoch::int AS epoch, changes::int AS changes, expires_at, acquired_at,
            owner <> '' AND expires_at > clock_timestamp() AS live
       FROM exchange_market_leases WHERE market_id = $1`,
    [marketId],
  );
  return rows[0] ?? null;
}

/** api1, api2… of a lease's address. */
function processOf(address) {
  const i = cluster.apiUrls.indexOf(address);
  return i >= 0 ? `api${i + 1}` : `? (${address})`;
}

/** The first live holder other than `before`'s, polled every 25 ms for 10 s from `since`; null if none. */
async function nextHolder(marketId, before, since) {
  while (Date.now() - since < 10_000) {
    const l = await leaseOf(marketId).catch(() => null);
    if (l?.live && l.owner !== before.owner) return { ...l, at: Date.now() };
    await sleep(25);
  }
  return null;
}

/**
 * After a fault on the hot market: every answered bet is stored, each player has exactly one bet per key answered
 * (none lost, none doubled), a retry of each of this fault's keys answers the same bet, and the exchange's invariants
 * hold from scratch (api/scripts/exchange-checks.ts: every exposure equals the position recomputed, every bet's
 * matched stake is its fills and within its stake, the book not crossed, the ledger balances).
 */
async function checkHotBets(site, hot, tag) {
  const ids = [...hot.acks.values()].map((a) => a.betId);
  const stored = await dbQuery(db.url, 'SELECT count(*)::int AS n FROM exchange_bets WHERE public_id = ANY($1::text[])', [ids]);
  const perPlayer = await dbQuery(
    db.url,
    'SELECT player_id::text AS id, count(*)::int AS n FROM exchange_bets WHERE player_id = ANY($1::bigint[]) GROUP BY player_id',
    [hot.players.map((p) => p.remoteId)],
  );
  const want = new Map(hot.players.map((p) => [p.remoteId, 0]));
  for (const a of hot.acks.values()) want.set(a.player.remoteId, want.get(a.player.remoteId) + 1);
  const exact = hot.players.filter((p) => (perPlayer.find((r) => r.id === p.remoteId)?.n ?? 0) === want.get(p.remoteId)).length;
  check(stored[0].n === ids.length && new Set(ids).size === ids.length, `every answered bet is stored (${stored[0].n}/${ids.length})`);
  check(
    exact === hot.players.length,
    `${exact}/${hot.players.length} players have exactly one bet per answered key (none lost, none doubled)`,
  );
  const mine = [...hot.acks].filter(([key]) => key.startsWith(`${tag}-`));
  let same = 0;
  for (let i = 0; i < mine.length; i += 16) {
    const replies = await Promise.all(
      mine.slice(i, i + 16).map(([key, a]) =>
        call(site, 'POST', `/api/exchange/markets/${encodeURIComponent(hot.marketId)}/bets`, {
          token: a.player.token,
          key,
          body: a.body,
          retries: 4,
        }),
      ),
    );
    same += replies.filter((r, j) => r.ok && r.json.bet.id === mine[i + j][1].betId).length;
  }
  check(same === mine.length, `${same}/${mine.length} retries with the same Idempotency-Key answered the same bet`);
  const checks = await exchangeChecks();
  check(
    checks.ok,
    `exposures equal the positions recomputed (${checks.positions ?? '?'} positions), bets and fills add up, the book is not crossed, the ledger balances${
      checks.ok ? '' : `: ${checks.problems.slice(0, 3).join('; ')}`
    }`,
  );
}

let checker = null;
/** api/scripts/exchange-checks.ts on the private database: one process for the suite, asked once per fault. */
async function exchangeChecks() {
  if (!checker) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/exchange-checks.ts', '--lines'], {
      cwd: path.join(root, 'api'),
      env: { ...process.env, DATABASE_URL: db.url },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const lines = [];
    const waiting = [];
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (waiting.length) waiting.shift()(line);
        else lines.push(line);
      }
    });
    child.on('exit', () => waiting.splice(0).forEach((w) => w('')));
    checker = { child, next: () => (lines.length ? Promise.resolve(lines.shift()) : new Promise((r) => waiting.push(r))) };
  }
  checker.child.stdin.write('check\n');
  const line = await checker.next();
  try {
    const out = JSON.parse(line);
    if (out.error) throw new Error(out.error);
    const problems = [...out.exposures, ...out.invariants, ...out.ledger];
    return { ok: problems.length === 0, positions: out.positions, problems };
  } catch (err) {
    return { ok: false, problems: [`exchange-checks failed: ${err.message ?? line}`] };
  }
}

let bkashMethod = null;
async function bkash(site) {
  bkashMethod ??= (await must(call(site, 'GET', '/api/showpayment-menthod?name=deposit'), 'methods')).data.find(
    (m) => m.name === 'bKash',
  ).id;
  return bkashMethod;
}

/** Requests nginx passed to a second process (its access log lists every upstream tried). */
function nginxMoved() {
  try {
    return fs
      .readFileSync(path.join(runDir, 'nginx-access.log'), 'utf8')
      .split('\n')
      .filter((l) => /up=\S+, /.test(l)).length;
  } catch {
    return 0;
  }
}

/**
 * A Match Odds market the API shows OPEN with a price, held still in the feed (freeze + resume) so bets neither
 * lapse nor move during the test.
 */
async function openMarket(site, sandbox, tries = 40, except = null) {
  for (let t = 0; t < tries; t++) {
    try {
      const events = (await (await fetch(`${sandbox}/odds/api/sports-events/cricket`)).json()).filter((x) => x.MarketId !== except);
      const e = events.find((x) => !x.inplay) ?? events[0];
      for (const action of ['freeze', 'resume']) await fetch(`${sandbox}/odds/markets/${e.MarketId}/${action}`, { method: 'POST' });
      const state = (await call(site, 'GET', `/api/exchange/markets/${e.MarketId}`, { retries: 2 })).json;
      const runner = state?.runners?.find((r) => r.back?.[0]?.price);
      if (state?.status === 'OPEN' && runner)
        return { marketId: e.MarketId, selectionId: runner.selection_id, price: runner.back[0].price };
    } catch {}
    await sleep(500);
  }
  throw new Error('no open Match Odds market with prices');
}

/** What the Playwright spec asks of the suite: make a funded player, kill/restart a process, approve a deposit. */
/** A port nothing listens on now (the third API process of fault q). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function controlServer(site, sandbox, opToken) {
  const players = new Map();
  const server = http.createServer(async (req, res) => {
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const u = new URL(req.url, 'http://x');
      const [, action, arg] = u.pathname.split('/');
      if (action === 'player') {
        const p = await newPlayer(site, sandbox, 'fe');
        await submitDeposit(site, p, '1000', `e-fund-${p.username}`);
        await approveDeposits(site, opToken, p);
        players.set(p.username, p);
        return send(200, { username: p.username, token: p.token, remote_id: p.remoteId });
      }
      if (action === 'kill') {
        await cluster.kill(arg, 'SIGKILL');
        return send(200, { killedAt: Date.now() });
      }
      if (action === 'restart') {
        cluster.restart(arg);
        const i = Number(arg.replace('api', '')) - 1;
        return send(200, { ready: await cluster.waitReady(cluster.apiUrls[i], 120_000) });
      }
      if (action === 'deposit') {
        const p = players.get(arg);
        await submitDeposit(site, p, u.searchParams.get('amount') ?? '100', `e-dep-${p.username}-${Date.now()}`);
        await approveDeposits(site, opToken, p);
        return send(200, await balanceOf(site, p));
      }
      send(404, { message: 'unknown control' });
    } catch (err) {
      send(500, { message: err.message });
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return server;
}

let code = 0;
try {
  await main();
} catch (err) {
  failures.push(`suite error: ${err.stack ?? err.message}`);
  console.error(err);
}
console.log('\nWhat each fault cost:');
for (const r of results) console.log(`  ${r.fault.padEnd(32)} ${r.cost}`);
console.log(`\nload average ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}; suite ${secs(Date.now() - started)} s`);
if (failures.length) {
  code = 1;
  console.log(`\n${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
  console.log(`logs: ${runDir}/logs, nginx: ${runDir}/nginx-*.log`);
} else console.log('\nall faults passed: no money lost or doubled');
await cleanup();
// the run dir (logs, nginx config) stays for a failed run only
if (!code) fs.rmSync(runDir, { recursive: true, force: true });
process.exit(code);
