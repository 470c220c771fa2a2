import { marketBlock, type SeamlessAction, type SeamlessRequest, type SeamlessResponse, type SeamlessStatus } from '@khela/contracts';
import type { Db, Queryable } from '../db';
import {
  InsufficientFunds,
  availableMinor,
  fromMinor,
  getPlayerBalance,
  houseAccount,
  parseMinor,
  playerAccounts,
  toMinor,
  transfer,
} from '../ledger';
import type { Currency } from '../ledger';
import { recordTurnover } from '../core/turnover';
import { rewardReferrerIfQualified } from '../identity/rewards/service';
import type { ProtectionConfig } from '../protection/config';
import { ProtectionRefusal, assertMayPlay, assertMayWager, recordRefusal } from '../protection/service';
import type { CasinoConfig } from './config';
import { lockPlayer } from '../core/players';
import { hashLaunchToken } from './service';
import { DISABLED_STATUS, LIVE_SESSION_SQL } from '../auth/sessions';
import { callbackRetries } from '../ops/metrics';

/*
 * The operator's seamless wallet: what a game provider calls for every round.
 * Rules (docs/money.md): signature first (routes), one answer per (provider, transaction id) — a replay gets the
 * stored answer and moves nothing, the same id with other details is DUPLICATE_TRANSACTION; wins and
 * rollbacks never look at token expiry; a rollback remembers its reference so a late bet is refused;
 * the money, the journal row and the round change commit in one database transaction.
 * Responsible gambling: authenticate and bet ask the protection service (a closed account answers USER_DISABLED, a
 * wager or loss limit LIMIT_REACHED, with the service's message); balance, win and rollback are never refused — money
 * owed to the player is always paid, whatever their exclusion or limits. Lock order of a bet: launch -> player ->
 * round -> ledger; win and rollback take the player's row before the round too.
 */

/** Thrown inside the transaction to undo it and answer with a status. */
class Refusal extends Error {
  constructor(
    readonly status: SeamlessStatus,
    message: string,
    readonly balanceOf?: number,
  ) {
    super(message);
  }
}

export interface SeamlessOutcome {
  response: SeamlessResponse;
  /** Player whose balance changed (push after commit). */
  movedFor?: number;
}

interface LaunchRow {
  player_id: string;
  game_code: string;
  currency: Currency;
  expired: boolean;
  session_live: boolean;
  username: string;
  player_status: string;
  exchange_market: number;
  cs_market: number;
}

interface JournalRow {
  id: string;
  kind: 'bet' | 'win' | 'rollback';
  player_id: string | null;
  round_id: string;
  amount_minor: string;
  fingerprint: string;
  rolled_back: boolean;
  response: SeamlessResponse;
}

export class SeamlessWallet {
  constructor(
    private readonly db: Db,
    private readonly config: CasinoConfig,
    private readonly protection: ProtectionConfig,
  ) {}

  async handle<A extends SeamlessAction>(provider: string, action: A, req: SeamlessRequest<A>): Promise<SeamlessOutcome> {
    const base = { request_uuid: req.request_uuid };
    try {
      const out = await (this.handlers[action] as (p: string, r: SeamlessRequest<A>) => Promise<SeamlessOutcome>)(provider, req);
      return { ...out, response: { ...out.response, ...base } };
    } catch (err) {
      if (err instanceof Refusal) {
        const balance = err.balanceOf !== undefined ? await this.balanceString(err.balanceOf) : undefined;
        return { response: { status: err.status, message: err.message, ...base, ...(balance ? { balance } : {}) } };
      }
      if (err instanceof ProtectionRefusal) {
        // the transaction rolled back: keep a session limit reached at this moment (closed until the next Dhaka day)
        await recordRefusal(this.db, err);
        return { response: { status: err.isLimit ? 'LIMIT_REACHED' : 'USER_DISABLED', message: err.message, ...base } };
      }
      if (err instanceof InsufficientFunds) {
        return {
          response: { status: 'NOT_ENOUGH_MONEY', message: 'Insufficient balance.', balance: fromMinor(err.balanceMinor), ...base },
        };
      }
      throw err;
    }
  }

  private async balanceString(playerId: number): Promise<string> {
    return fromMinor(availableMinor(await getPlayerBalance(this.db, playerId)));
  }

  private readonly handlers = {
    authenticate: (p: string, r: SeamlessRequest<'authenticate'>) => this.authenticate(p, r),
    balance: (p: string, r: SeamlessRequest<'balance'>) => this.balance(p, r),
    bet: (p: string, r: SeamlessRequest<'bet'>) => this.bet(p, r),
    win: (p: string, r: SeamlessRequest<'win'>) => this.win(p, r),
    rollback: (p: string, r: SeamlessRequest<'rollback'>) => this.rollback(p, r),
  };

  // --- token ---------------------------------------------------------------------------

  private async launch(q: Queryable, provider: string, token: string): Promise<LaunchRow> {
    // the launch lives only while the log-in session that made it lives (LIVE_SESSION_SQL: not revoked by logout,
    // password change or reset, not expired, player not disabled) and never past its fixed maximum life
    const r = await q.query<LaunchRow>(
      `SELECT l.player_id, l.game_code, l.currency, (l.expires_at <= now() OR l.max_expires_at <= now()) AS expired,
              (s.token_hash IS NOT NULL AND ${LIVE_SESSION_SQL}) AS session_live,
              p.username, p.status AS player_status, p.exchange_market, p.cs_market
       FROM casino_launches l JOIN players p ON p.id = l.player_id LEFT JOIN sessions s ON s.token_hash = l.session_hash
       WHERE l.token_hash = $1 AND l.provider = $2`,
      [hashLaunchToken(token), provider],
    );
    const row = r.rows[0];
    if (!row) throw new Refusal('INVALID_TOKEN', 'Unknown launch token.');
    return row;
  }

  /**
   * A token good for play: known, not expired, its session live, player not disabled and allowed in the casino;
   * slides its idle expiry, never past its fixed maximum life.
   */
  private async liveLaunch(q: Queryable, provider: string, token: string, user?: string): Promise<LaunchRow> {
    const l = await this.launch(q, provider, token);
    if (user !== undefined && user !== String(l.player_id)) throw new Refusal('INVALID_TOKEN', 'The token belongs to another user.');
    if (l.player_status === DISABLED_STATUS) throw new Refusal('USER_DISABLED', 'The player is disabled.');
    if (l.expired) throw new Refusal('TOKEN_EXPIRED', 'The launch token has expired.');
    if (!l.session_live) throw new Refusal('TOKEN_EXPIRED', 'The session that launched the game has ended.');
    // docs/README.md#spec-6, the upline block: the one rule in contracts
    if (marketBlock({ exchange_market: l.exchange_market, cs_market: l.cs_market, status: l.player_status }).casino)
      throw new Refusal('USER_DISABLED', 'The player may not play casino games.');
    await q.query(
      `UPDATE casino_launches SET expires_at = LEAST(now() + make_interval(mins => $2), max_expires_at) WHERE token_hash = $1`,
      [hashLaunchToken(token), this.config.tokenTtlMinutes],
    );
    return l;
  }

  private async authenticate(provider: string, r: SeamlessRequest<'authenticate'>): Promise<SeamlessOutcome> {
    const l = await this.db.tx(async (q) => {
      const l = await this.liveLaunch(q, provider, r.token);
      if (r.game_code && r.game_code !== l.game_code) throw new Refusal('INVALID_GAME', 'The token was issued for another game.');
      // a game opened before an exclusion, time-out, under-age flag or reached session limit does not start again
      await assertMayPlay(q, Number(l.player_id), this.protection);
      return l;
    });
    const pid = Number(l.player_id);
    return {
      response: { status: 'OK', user: String(pid), username: l.username, currency: l.currency, balance: await this.balanceString(pid) },
    };
  }

  private async balance(provider: string, r: SeamlessRequest<'balance'>): Promise<SeamlessOutcome> {
    const l = await this.db.tx((q) => this.liveLaunch(q, provider, r.token, r.user));
    const pid = Number(l.player_id);
    return { response: { status: 'OK', user: String(pid), currency: l.currency, balance: await this.balanceString(pid) } };
  }

  // --- journal -------------------------------------------------------------------------

  /**
   * Claims (provider, transaction id) for this request. Returns the stored answer when the id was
   * already processed with the same details; refuses a different request reusing the id.
   */
  private async claim(
    q: Queryable,
    provider: string,
    kind: JournalRow['kind'],
    txid: string,
    fingerprint: string,
    fields: { round: string; gameCode: string; amountMinor: bigint; reference?: string },
  ): Promise<{ claimedId: number } | { replay: SeamlessResponse }> {
    const ins = await q.query<{ id: string }>(
      `INSERT INTO casino_wallet_transactions
         (provider, transaction_uuid, kind, round_id, game_code, amount_minor, reference_uuid, fingerprint, response)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '{}'::jsonb)
       ON CONFLICT (provider, transaction_uuid) DO NOTHING RETURNING id`,
      [provider, txid, kind, fields.round, fields.gameCode, fields.amountMinor.toString(), fields.reference ?? null, fingerprint],
    );
    if (ins.rows[0]) return { claimedId: Number(ins.rows[0].id) };
    const prior = await q.query<JournalRow>(
      `SELECT id, kind, player_id, round_id, amount_minor, fingerprint, rolled_back, response
       FROM casino_wallet_transactions WHERE provider = $1 AND transaction_uuid = $2`,
      [provider, txid],
    );
    const row = prior.rows[0]!;
    if (row.fingerprint !== fingerprint) {
      throw new Refusal('DUPLICATE_TRANSACTION', 'This transaction id was already used with different details.');
    }
    if (row.kind === 'bet' && row.rolled_back) throw new Refusal('TRANSACTION_ROLLED_BACK', 'This bet was rolled back.');
    callbackRetries.inc({ source: 'provider' });
    return { replay: row.response };
  }

  private async finish(q: Queryable, claimedId: number, playerId: number | null, transferId: number | null, response: SeamlessResponse) {
    await q.query(`UPDATE casino_wallet_transactions SET player_id = $2, ledger_transfer_id = $3, response = $4 WHERE id = $1`, [
      claimedId,
      playerId,
      transferId,
      JSON.stringify(response),
    ]);
  }

  private async catalogueGame(q: Queryable, code: string) {
    const g = await q.query<{ name: string; type: string; platform: string }>(`SELECT name, type, platform FROM games WHERE code = $1`, [
      code,
    ]);
    if (!g.rows[0]) throw new Refusal('INVALID_GAME', `Unknown game ${code}.`);
    return g.rows[0];
  }

  // --- rounds --------------------------------------------------------------------------

  private async lockRound(q: Queryable, provider: string, round: string) {
    const r = await q.query<{ id: string; player_id: string; status: string; bet_minor: string; win_minor: string; currency: string }>(
      `SELECT id, player_id, status, bet_minor, win_minor, currency FROM casino_rounds
       WHERE provider = $1 AND round_id = $2 FOR UPDATE`,
      [provider, round],
    );
    return r.rows[0] ?? null;
  }

  /** Closes the round: it becomes a settled bet, counts toward turnover and VIP points once. */
  private async settle(q: Queryable, roundPk: string, playerId: number) {
    const r = await q.query<{ bet_minor: string; win_minor: string }>(`SELECT bet_minor, win_minor FROM casino_rounds WHERE id = $1`, [
      roundPk,
    ]);
    const bet = parseMinor(r.rows[0]!.bet_minor);
    const win = parseMinor(r.rows[0]!.win_minor);
    if (bet === 0n && win === 0n) {
      await q.query(`UPDATE casino_rounds SET status = 'cancelled', settled_at = now() WHERE id = $1`, [roundPk]);
      return;
    }
    await q.query(`UPDATE casino_rounds SET status = 'settled', settled_at = now(), turnover_recorded_minor = $2 WHERE id = $1`, [
      roundPk,
      bet.toString(),
    ]);
    if (bet > 0n) {
      await recordTurnover(q, playerId, bet);
      await this.accrueVip(q, playerId, bet);
      // a referred friend's first settled bet may complete the referral (deposit + bet)
      await rewardReferrerIfQualified(q, playerId);
    }
  }

  private async accrueVip(q: Queryable, playerId: number, turnoverMinor: bigint) {
    const r = await q.query<{ turnover_minor: string; points_awarded: number }>(
      `INSERT INTO casino_vip_accrual (player_id, turnover_minor) VALUES ($1, $2)
       ON CONFLICT (player_id) DO UPDATE SET turnover_minor = casino_vip_accrual.turnover_minor + EXCLUDED.turnover_minor
       RETURNING turnover_minor, points_awarded`,
      [playerId, turnoverMinor.toString()],
    );
    const due = Number(parseMinor(r.rows[0]!.turnover_minor) / this.config.turnoverPerVipPointMinor) - r.rows[0]!.points_awarded;
    if (due <= 0) return;
    await q.query(`UPDATE casino_vip_accrual SET points_awarded = points_awarded + $2 WHERE player_id = $1`, [playerId, due]);
    await q.query(`UPDATE players SET vip_coin = vip_coin + $2, updated_at = now() WHERE id = $1`, [playerId, due]);
  }

  private ok(playerId: number, currency: string, balanceMinor: bigint, txid: string): SeamlessResponse {
    return { status: 'OK', user: String(playerId), currency, balance: fromMinor(balanceMinor), transaction_uuid: txid };
  }

  // --- bet -----------------------------------------------------------------------------

  private async bet(provider: string, r: SeamlessRequest<'bet'>): Promise<SeamlessOutcome> {
    const amount = toMinor(r.amount);
    const fp = JSON.stringify(['bet', r.user, r.round, r.game_code, amount.toString(), r.currency]);
    return this.db.tx(async (q) => {
      const c = await this.claim(q, provider, 'bet', r.transaction_uuid, fp, {
        round: r.round,
        gameCode: r.game_code,
        amountMinor: amount,
      });
      if ('replay' in c) return { response: c.replay };
      const tomb = await q.query(`SELECT 1 FROM casino_rolled_back_ids WHERE provider = $1 AND transaction_uuid = $2`, [
        provider,
        r.transaction_uuid,
      ]);
      if (tomb.rows.length) throw new Refusal('TRANSACTION_ROLLED_BACK', 'This bet was already rolled back.');

      const l = await this.liveLaunch(q, provider, r.token, r.user);
      const playerId = Number(l.player_id);
      if (r.currency !== l.currency) throw new Refusal('WRONG_CURRENCY', `The player plays in ${l.currency}.`, playerId);
      if (r.game_code !== l.game_code) throw new Refusal('INVALID_GAME', 'The token was issued for another game.');
      const game = await this.catalogueGame(q, r.game_code);
      // responsible gambling, after the launch is validated and before the round and ledger locks: exclusion, time-out,
      // under age, session limit, then the wager and loss limits with this stake (locks the player's row)
      await assertMayWager(q, playerId, amount, this.protection);

      let round = await this.lockRound(q, provider, r.round);
      if (round && (round.status !== 'open' || Number(round.player_id) !== playerId)) {
        throw new Refusal('WRONG_SYNTAX', 'This round is closed or belongs to another player.');
      }
      if (!round) {
        await q.query(
          `INSERT INTO casino_rounds (provider, round_id, player_id, game_code, game_name, game_type, platform, currency)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [provider, r.round, playerId, r.game_code, game.name, game.type, game.platform, l.currency],
        );
        round = (await this.lockRound(q, provider, r.round))!;
      }

      const { main } = await playerAccounts(q, playerId);
      const house = await houseAccount(q, 'games', l.currency);
      const t = await transfer(q, {
        idempotencyKey: `casino:${provider}:${r.transaction_uuid}`,
        kind: 'casino.bet',
        reference: `${provider}:${r.round}`,
        metadata: { provider, round: r.round, game_code: r.game_code },
        legs: [
          { account: main, amountMinor: -amount },
          { account: house, amountMinor: amount },
        ],
      });
      await q.query(`UPDATE casino_rounds SET bet_minor = bet_minor + $2 WHERE id = $1`, [round.id, amount.toString()]);
      if (r.round_closed) await this.settle(q, round.id, playerId);
      const response = this.ok(playerId, l.currency, t.available.get(main)!, r.transaction_uuid);
      await this.finish(q, c.claimedId, playerId, t.transferId, response);
      return { response, movedFor: playerId };
    });
  }

  // --- win -----------------------------------------------------------------------------

  private async referencedBet(q: Queryable, provider: string, reference: string) {
    const b = await q.query<JournalRow & { currency: string }>(
      `SELECT t.id, t.kind, t.player_id, t.round_id, t.amount_minor, t.fingerprint, t.rolled_back, t.response, r.currency
       FROM casino_wallet_transactions t JOIN casino_rounds r ON r.provider = t.provider AND r.round_id = t.round_id
       WHERE t.provider = $1 AND t.transaction_uuid = $2 AND t.player_id IS NOT NULL`,
      [provider, reference],
    );
    return b.rows[0] ?? null;
  }

  private async win(provider: string, r: SeamlessRequest<'win'>): Promise<SeamlessOutcome> {
    const amount = toMinor(r.amount);
    const fp = JSON.stringify(['win', r.user, r.round, r.game_code, amount.toString(), r.currency, r.reference_transaction_uuid]);
    return this.db.tx(async (q) => {
      const c = await this.claim(q, provider, 'win', r.transaction_uuid, fp, {
        round: r.round,
        gameCode: r.game_code,
        amountMinor: amount,
        reference: r.reference_transaction_uuid,
      });
      if ('replay' in c) return { response: c.replay };
      const bet = await this.referencedBet(q, provider, r.reference_transaction_uuid);
      if (!bet || bet.kind !== 'bet') {
        const tomb = await q.query(`SELECT 1 FROM casino_rolled_back_ids WHERE provider = $1 AND transaction_uuid = $2`, [
          provider,
          r.reference_transaction_uuid,
        ]);
        if (tomb.rows.length) throw new Refusal('TRANSACTION_ROLLED_BACK', 'The referenced bet was rolled back.');
        throw new Refusal('TRANSACTION_DOES_NOT_EXIST', 'The referenced bet does not exist.');
      }
      const playerId = Number(bet.player_id);
      if (bet.rolled_back) throw new Refusal('TRANSACTION_ROLLED_BACK', 'The referenced bet was rolled back.', playerId);
      if (bet.round_id !== r.round || String(playerId) !== r.user) {
        throw new Refusal('WRONG_SYNTAX', 'The win does not match the round or user of its bet.', playerId);
      }
      if (r.currency !== bet.currency) throw new Refusal('WRONG_CURRENCY', `The round is in ${bet.currency}.`, playerId);
      // No token check here: a win settles money already at stake, whatever happened to the launch token, and no
      // protection check either (a win is paid during an exclusion). The player's row first: lock order player -> round.
      await lockPlayer(q, playerId);
      const round = (await this.lockRound(q, provider, r.round))!;
      const { main } = await playerAccounts(q, playerId);
      let balance: bigint;
      let transferId: number | null = null;
      if (amount > 0n) {
        const house = await houseAccount(q, 'games', bet.currency as Currency);
        const t = await transfer(q, {
          idempotencyKey: `casino:${provider}:${r.transaction_uuid}`,
          kind: 'casino.win',
          reference: `${provider}:${r.round}`,
          metadata: { provider, round: r.round, game_code: r.game_code, bet: r.reference_transaction_uuid },
          legs: [
            { account: house, amountMinor: -amount },
            { account: main, amountMinor: amount },
          ],
        });
        balance = t.available.get(main)!;
        transferId = t.transferId;
        await q.query(`UPDATE casino_rounds SET win_minor = win_minor + $2 WHERE id = $1`, [round.id, amount.toString()]);
      } else {
        balance = availableMinor(await getPlayerBalance(q, playerId));
      }
      if (r.round_closed && round.status === 'open') await this.settle(q, round.id, playerId);
      const response = this.ok(playerId, bet.currency, balance, r.transaction_uuid);
      await this.finish(q, c.claimedId, playerId, transferId, response);
      return { response, movedFor: amount > 0n ? playerId : undefined };
    });
  }

  // --- rollback ------------------------------------------------------------------------

  private async rollback(provider: string, r: SeamlessRequest<'rollback'>): Promise<SeamlessOutcome> {
    const fp = JSON.stringify(['rollback', r.user, r.round, r.game_code, r.reference_transaction_uuid]);
    return this.db.tx(async (q) => {
      const c = await this.claim(q, provider, 'rollback', r.transaction_uuid, fp, {
        round: r.round,
        gameCode: r.game_code,
        amountMinor: 0n,
        reference: r.reference_transaction_uuid,
      });
      if ('replay' in c) return { response: c.replay };
      // remembered whatever comes next, so a bet arriving after its rollback is refused
      await q.query(`INSERT INTO casino_rolled_back_ids (provider, transaction_uuid) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
        provider,
        r.reference_transaction_uuid,
      ]);
      const bet = await this.referencedBet(q, provider, r.reference_transaction_uuid);
      if (!bet) {
        // Committed on purpose (journal row + remembered id): answered, not refused.
        const response: SeamlessResponse = { status: 'TRANSACTION_DOES_NOT_EXIST', message: 'The referenced bet does not exist.' };
        await this.finish(q, c.claimedId, null, null, response);
        return { response };
      }
      const playerId = Number(bet.player_id);
      if (bet.kind !== 'bet') throw new Refusal('WRONG_SYNTAX', 'Only a bet can be rolled back.', playerId);
      if (bet.round_id !== r.round || String(playerId) !== r.user) {
        throw new Refusal('WRONG_SYNTAX', 'The rollback does not match the round or user of its bet.', playerId);
      }
      const wins = await q.query(
        `SELECT 1 FROM casino_wallet_transactions WHERE provider = $1 AND kind = 'win' AND reference_uuid = $2 AND player_id IS NOT NULL`,
        [provider, r.reference_transaction_uuid],
      );
      if (wins.rows.length) throw new Refusal('WRONG_SYNTAX', 'A bet that already has a win cannot be rolled back.', playerId);

      // never refused (the stake goes back whatever the player's protection state); lock order player -> round -> ledger
      await lockPlayer(q, playerId);
      const { main } = await playerAccounts(q, playerId);
      const round = (await this.lockRound(q, provider, r.round))!;
      let balance: bigint;
      let transferId: number | null = null;
      if (bet.rolled_back) {
        // already cancelled under another rollback id: nothing more to give back
        balance = availableMinor(await getPlayerBalance(q, playerId));
      } else {
        const amount = parseMinor(bet.amount_minor);
        const house = await houseAccount(q, 'games', bet.currency as Currency);
        const t = await transfer(q, {
          idempotencyKey: `casino:${provider}:${r.transaction_uuid}`,
          kind: 'casino.rollback',
          reference: `${provider}:${r.round}`,
          metadata: { provider, round: r.round, bet: r.reference_transaction_uuid },
          legs: [
            { account: house, amountMinor: -amount },
            { account: main, amountMinor: amount },
          ],
        });
        balance = t.available.get(main)!;
        transferId = t.transferId;
        await q.query(`UPDATE casino_wallet_transactions SET rolled_back = true WHERE id = $1`, [bet.id]);
        await q.query(`UPDATE casino_rounds SET bet_minor = bet_minor - $2 WHERE id = $1`, [round.id, amount.toString()]);
        await q.query(`UPDATE casino_wallet_transactions SET amount_minor = $2 WHERE id = $1`, [c.claimedId, amount.toString()]);
      }
      if (r.round_closed && round.status === 'open') await this.settle(q, round.id, playerId);
      else if (round.status === 'settled') {
        // a rollback after settlement: the round keeps its record, cancelled once nothing is left at stake
        await q.query(`UPDATE casino_rounds SET status = 'cancelled' WHERE id = $1 AND bet_minor = 0 AND win_minor = 0`, [round.id]);
      }
      const response = this.ok(playerId, bet.currency, balance, r.transaction_uuid);
      await this.finish(q, c.claimedId, playerId, transferId, response);
      return { response, movedFor: transferId ? playerId : undefined };
    });
  }
}
