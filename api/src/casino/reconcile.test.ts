import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { checkLedger, houseAccount, playerAccounts, toMinor, transfer } from '../ledger';
import { createPlayer, tokenFor } from '../testing/helpers';
import { appPerFile } from '../testing/app-per-file';
// The real sandbox provider, talking to this API in-process: the same code the site runs.
import { GameProvider } from '../../../sandbox/src/provider/engine';
import { WalletClient, type WalletTransport } from '../../../sandbox/src/provider/wallet-client';
import { reconcileRounds } from './reconcile';

let db: Db;
let app: FastifyInstance;
let provider: GameProvider;
appPerFile((t) => ({ db, app } = t), { after: () => provider?.close() });

async function playerWithLaunch(amount: string, game = 'sandbox-slot', type = 'SLOT') {
  const playerId = await createPlayer(db);
  await db.tx(async (q) => {
    const { main, currency } = await playerAccounts(q, playerId);
    const cash = await houseAccount(q, 'cash', currency);
    await transfer(q, {
      idempotencyKey: `reconcile-fund:${playerId}`,
      kind: 'seed',
      legs: [
        { account: cash, amountMinor: -toMinor(amount) },
        { account: main, amountMinor: toMinor(amount) },
      ],
    });
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/game-run',
    headers: { authorization: `Bearer ${await tokenFor(db, playerId)}` },
    payload: { gameCode: game, gameType: type, platform: 'SANDBOX' },
  });
  return { playerId, token: new URL(res.json().url).searchParams.get('token')! };
}

describe('reconciliation: the provider round log against the ledger', () => {
  it('replays a log with lost answers, retries and refusals and finds no difference', async () => {
    let calls = 0;
    // the broke player's one bet must reach its refusal, never the lost-answer path below
    let brokeToken = '\u0000';
    // A bad network: every 5th bet reaches us but its answer is lost (the provider rolls it back);
    // every 4th win is delivered twice (a retry after a timeout).
    const transport: WalletTransport = async (path, body, headers) => {
      calls++;
      const send = async () => {
        const res = await app.inject({ method: 'POST', url: path, headers, payload: body });
        return { httpStatus: res.statusCode, json: res.json() as unknown };
      };
      if (path.endsWith('/bet') && calls % 5 === 0 && !body.includes(brokeToken)) {
        await send();
        throw new Error('timeout');
      }
      if (path.endsWith('/win') && calls % 4 === 0) await send();
      return send();
    };
    provider = new GameProvider({
      providerId: 'sandbox',
      wallet: new WalletClient(transport, 'sandbox', 'dev-provider-secret'),
      retryDelayMs: 1,
    });

    const rich = await playerWithLaunch('500.00');
    const poor = await playerWithLaunch('25.00');
    const crash = await playerWithLaunch('200.00', 'sandbox-crash', 'EGAME');
    // the poor player may get lucky; this one cannot cover a single bet, so a refusal is always in the log
    const broke = await playerWithLaunch('5.00');
    brokeToken = broke.token;
    const richSession = await provider.openSession({ token: rich.token, gameCode: 'sandbox-slot', gameType: 'SLOT' });
    const poorSession = await provider.openSession({ token: poor.token, gameCode: 'sandbox-slot', gameType: 'SLOT' });
    const crashSession = await provider.openSession({ token: crash.token, gameCode: 'sandbox-crash', gameType: 'EGAME' });
    const brokeSession = await provider.openSession({ token: broke.token, gameCode: 'sandbox-slot', gameType: 'SLOT' });

    for (let i = 0; i < 25; i++) await provider.spin(richSession.id, i % 3 === 0 ? 2000 : 1000).catch(() => undefined);
    // runs out of money: the refused bets must not move anything
    for (let i = 0; i < 6; i++) await provider.spin(poorSession.id, 1000).catch(() => undefined);
    await provider.spin(brokeSession.id, 1000).catch(() => undefined);
    for (let i = 0; i < 4; i++) {
      const r = await provider.crashStart(crashSession.id, 1000, 1.05).catch(() => null);
      if (!r) continue;
      for (let t = 0; t < 100 && !provider.crashState(crashSession.id, r.round).settled; t++) await new Promise((x) => setTimeout(x, 20));
    }

    const log = provider.rounds();
    expect(log.length).toBe(36);
    expect(log.some((r) => r.status === 'rolled_back')).toBe(true);
    expect(log.some((r) => r.status === 'refused')).toBe(true);
    expect(log.filter((r) => r.status === 'closed').length).toBeGreaterThan(20);

    expect(await reconcileRounds(db, 'sandbox', log)).toEqual([]);
    expect((await checkLedger(db)).problems).toEqual([]);

    // the comparison can fail: a provider that believes it paid more is caught
    const closed = log.find((r) => r.status === 'closed')!;
    const tampered = { ...closed, win: (Number(closed.win) + 1).toFixed(2) };
    const diffs = await reconcileRounds(db, 'sandbox', [tampered]);
    expect(diffs.map((d) => d.round)).toEqual([closed.round, closed.round]);
  });
});
