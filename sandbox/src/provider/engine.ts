import { randomInt, randomUUID } from 'node:crypto';
import type { WalletAnswer, WalletClient } from './wallet-client';

/*
 * The game studio's server: sessions, the two games' rules, outcomes from crypto.randomInt (never the
 * browser), and its own round log. Every round debits (bet) and credits (win, 0 for a loss) through
 * the operator's seamless wallet; a bet whose answer never arrived is rolled back.
 */

export type GameEngine = 'slot' | 'crash';

export interface Session {
  id: string;
  token: string;
  user: string;
  username: string;
  currency: string;
  gameCode: string;
  gameName: string;
  gameType: string;
  engine: GameEngine;
  lobbyUrl: string | null;
  lang: string;
  /** Last balance the operator told us, minor units. */
  balanceMinor: number;
  createdAt: number;
}

export interface LoggedTransaction {
  transaction_uuid: string;
  kind: 'bet' | 'win' | 'rollback';
  amount: string;
  reference_transaction_uuid?: string;
  status: string;
  at: string;
}

export type RoundStatus = 'open' | 'closed' | 'rolled_back' | 'refused' | 'win_pending';

export interface RoundLogEntry {
  provider: string;
  round: string;
  user: string;
  game_code: string;
  engine: GameEngine;
  currency: string;
  bet: string;
  win: string;
  status: RoundStatus;
  outcome: Record<string, unknown>;
  transactions: LoggedTransaction[];
  started_at: string;
  closed_at: string | null;
}

export class GameError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly balanceMinor?: number,
  ) {
    super(message);
  }
}

export const BET_CHOICES_MINOR = [100, 500, 1000, 2000, 5000, 10000];

export const toMinor = (s: string) => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw new GameError('WRONG_SYNTAX', `Bad amount ${s}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
};
export const fromMinor = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

// --- Slot: 3 reels, one line -------------------------------------------------------------

export const SLOT_SYMBOLS = [
  // plain Unicode card symbols: every phone font has them (emoji fonts are not a given)
  { id: 'heart', glyph: '♥', color: '#e0245e', weight: 30, three: 8 },
  { id: 'club', glyph: '♣', color: '#2f9e44', weight: 25, three: 12 },
  { id: 'spade', glyph: '♠', color: '#1c3d8c', weight: 20, three: 20 },
  { id: 'star', glyph: '★', color: '#e6a700', weight: 13, three: 30 },
  { id: 'seven', glyph: '7', color: '#d00000', weight: 8, three: 60 },
  { id: 'diamond', glyph: '♦', color: '#0096c7', weight: 4, three: 150 },
] as const;
/** Two of a kind on reels 1 and 2 pays 1.8x (in tenths to keep money integer). */
const TWO_KIND_TENTHS = 18;
const TOTAL_WEIGHT = SLOT_SYMBOLS.reduce((s, x) => s + x.weight, 0);

export type RandomInt = (min: number, max: number) => number;

function pickSymbol(rnd: RandomInt): (typeof SLOT_SYMBOLS)[number] {
  let r = rnd(0, TOTAL_WEIGHT);
  for (const s of SLOT_SYMBOLS) {
    if (r < s.weight) return s;
    r -= s.weight;
  }
  return SLOT_SYMBOLS[0];
}

/** Win in minor units for a bet and a line of three symbol ids. */
export function slotPayout(betMinor: number, line: string[]): { winMinor: number; rule: string } {
  const [a, b, c] = line;
  const sym = SLOT_SYMBOLS.find((s) => s.id === a);
  if (sym && a === b && b === c) return { winMinor: betMinor * sym.three, rule: `3x ${sym.id} pays ${sym.three}x` };
  if (a === b) return { winMinor: Math.floor((betMinor * TWO_KIND_TENTHS) / 10), rule: `2x ${a} pays 1.8x` };
  return { winMinor: 0, rule: 'no win' };
}

// --- Crash: a multiplier that grows until a hidden crash point ----------------------------

/** m(t) = e^(GROWTH * seconds) */
export const CRASH_GROWTH = 0.15;
/** House edge 3%: crash point = 0.97 / (1 - u), floored to 2 decimals, at least 1.00. */
export function crashPointFrom(u: number): number {
  // capped at 1000x so a round always ends within a minute or so
  return Math.min(100_000, Math.max(100, Math.floor(97 / (1 - u)))) / 100;
}
export const multiplierAt = (elapsedMs: number) => Math.floor(100 * Math.exp((CRASH_GROWTH * elapsedMs) / 1000)) / 100;
export const msToReach = (multiplier: number) => (Math.log(multiplier) / CRASH_GROWTH) * 1000;

interface CrashRound {
  round: string;
  sessionId: string;
  betTx: string;
  betMinor: number;
  crashPoint: number;
  startedAt: number;
  autoCashout: number | null;
  settled: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface ProviderOptions {
  providerId: string;
  wallet: WalletClient;
  random?: RandomInt;
  now?: () => number;
  /** Retries of a win/rollback the operator did not answer. */
  retries?: number;
  retryDelayMs?: number;
  maxLog?: number;
}

export class GameProvider {
  readonly providerId: string;
  private readonly wallet: WalletClient;
  private readonly rnd: RandomInt;
  private readonly now: () => number;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly maxLog: number;
  private readonly sessions = new Map<string, Session>();
  private readonly log: RoundLogEntry[] = [];
  private readonly crashRounds = new Map<string, CrashRound>();

  constructor(opts: ProviderOptions) {
    this.providerId = opts.providerId;
    this.wallet = opts.wallet;
    this.rnd = opts.random ?? ((min, max) => randomInt(min, max));
    this.now = opts.now ?? Date.now;
    this.retries = opts.retries ?? 4;
    this.retryDelayMs = opts.retryDelayMs ?? 300;
    this.maxLog = opts.maxLog ?? 10_000;
  }

  /** Validates the operator's launch token (authenticate) and opens a game session. */
  async openSession(p: {
    token: string;
    gameCode: string;
    gameName?: string;
    gameType?: string;
    lobbyUrl?: string | null;
    lang?: string;
  }): Promise<Session> {
    const a = await this.wallet.call('authenticate', { token: p.token, game_code: p.gameCode });
    if (a.status !== 'OK' || !a.user || !a.balance || !a.currency) {
      throw new GameError(a.status, a.message ?? `The operator refused the launch (${a.status})`);
    }
    const gameType = (p.gameType ?? '').toUpperCase();
    const engine: GameEngine = p.gameCode.includes('crash') || gameType === 'EGAME' ? 'crash' : 'slot';
    const session: Session = {
      id: randomUUID(),
      token: p.token,
      user: a.user,
      username: a.username ?? a.user,
      currency: a.currency,
      gameCode: p.gameCode,
      gameName: p.gameName || p.gameCode,
      gameType: gameType || (engine === 'crash' ? 'EGAME' : 'SLOT'),
      engine,
      lobbyUrl: p.lobbyUrl ?? null,
      lang: p.lang === 'bn' ? 'bn' : 'en',
      balanceMinor: toMinor(a.balance),
      createdAt: this.now(),
    };
    this.sessions.set(session.id, session);
    // a sandbox runs for days: forget sessions nobody has opened for 12 hours
    for (const [id, old] of this.sessions) if (this.now() - old.createdAt > 12 * 3_600_000) this.sessions.delete(id);
    return session;
  }

  session(id: string): Session {
    const s = this.sessions.get(id);
    if (!s) throw new GameError('SESSION_NOT_FOUND', 'Game session not found; reopen the game');
    return s;
  }

  async refreshBalance(sessionId: string): Promise<number> {
    const s = this.session(sessionId);
    const a = await this.wallet.call('balance', { token: s.token, user: s.user, game_code: s.gameCode });
    if (a.status !== 'OK' || !a.balance) throw new GameError(a.status, a.message ?? a.status);
    s.balanceMinor = toMinor(a.balance);
    return s.balanceMinor;
  }

  rounds(filter: { user?: string; game_code?: string } = {}): RoundLogEntry[] {
    return this.log.filter((r) => (!filter.user || r.user === filter.user) && (!filter.game_code || r.game_code === filter.game_code));
  }

  private newRound(s: Session, betMinor: number): RoundLogEntry {
    const entry: RoundLogEntry = {
      provider: this.providerId,
      round: `r-${randomUUID()}`,
      user: s.user,
      game_code: s.gameCode,
      engine: s.engine,
      currency: s.currency,
      bet: fromMinor(0),
      win: fromMinor(0),
      status: 'open',
      outcome: {},
      transactions: [],
      started_at: new Date(this.now()).toISOString(),
      closed_at: null,
    };
    void betMinor;
    this.log.push(entry);
    if (this.log.length > this.maxLog) this.log.splice(0, this.log.length - this.maxLog);
    return entry;
  }

  private record(entry: RoundLogEntry, tx: Omit<LoggedTransaction, 'at'>) {
    entry.transactions.push({ ...tx, at: new Date(this.now()).toISOString() });
  }

  /** Debits the stake. Refused bets end the round; an unanswered bet is rolled back. */
  private async placeBet(s: Session, entry: RoundLogEntry, betMinor: number, roundClosed = false): Promise<string> {
    if (!BET_CHOICES_MINOR.includes(betMinor)) throw new GameError('WRONG_SYNTAX', 'Choose one of the offered stakes');
    const txid = `bet-${randomUUID()}`;
    let answer: WalletAnswer;
    try {
      answer = await this.wallet.call('bet', {
        token: s.token,
        user: s.user,
        transaction_uuid: txid,
        round: entry.round,
        round_closed: roundClosed,
        game_code: s.gameCode,
        amount: fromMinor(betMinor),
        currency: s.currency,
      });
    } catch {
      answer = { status: 'UNKNOWN', message: 'The operator did not answer' };
    }
    this.record(entry, { transaction_uuid: txid, kind: 'bet', amount: fromMinor(betMinor), status: answer.status });
    if (answer.status === 'OK') {
      entry.bet = fromMinor(betMinor);
      if (answer.balance) s.balanceMinor = toMinor(answer.balance);
      return txid;
    }
    if (answer.status === 'UNKNOWN') {
      // We cannot know whether the operator took the money: cancel it so both sides agree.
      await this.rollback(s, entry, txid);
      throw new GameError('UNKNOWN', 'The bet could not be confirmed and was cancelled');
    }
    entry.status = 'refused';
    entry.closed_at = new Date(this.now()).toISOString();
    if (answer.balance) s.balanceMinor = toMinor(answer.balance);
    throw new GameError(answer.status, answer.message ?? answer.status, answer.balance ? toMinor(answer.balance) : undefined);
  }

  private async retry<T extends WalletAnswer>(call: () => Promise<T>): Promise<T | WalletAnswer> {
    let last: WalletAnswer = { status: 'UNKNOWN' };
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      try {
        last = await call();
        if (last.status !== 'UNKNOWN') return last;
      } catch {
        last = { status: 'UNKNOWN', message: 'The operator did not answer' };
      }
      if (attempt < this.retries) await new Promise((r) => setTimeout(r, this.retryDelayMs * (attempt + 1)));
    }
    return last;
  }

  private async rollback(s: Session, entry: RoundLogEntry, betTx: string) {
    const txid = `rb-${randomUUID()}`;
    const answer = await this.retry(() =>
      this.wallet.call('rollback', {
        token: s.token,
        user: s.user,
        transaction_uuid: txid,
        reference_transaction_uuid: betTx,
        round: entry.round,
        round_closed: true,
        game_code: s.gameCode,
      }),
    );
    this.record(entry, {
      transaction_uuid: txid,
      kind: 'rollback',
      amount: entry.bet,
      reference_transaction_uuid: betTx,
      status: answer.status,
    });
    entry.status = 'rolled_back';
    entry.bet = fromMinor(0);
    entry.closed_at = new Date(this.now()).toISOString();
    if (answer.balance) s.balanceMinor = toMinor(answer.balance);
  }

  /** Credits the win (0 closes a lost round). Retried: a win must reach the operator. */
  private async settle(s: Session, entry: RoundLogEntry, betTx: string, winMinor: number) {
    const txid = `win-${randomUUID()}`;
    const payload = {
      token: s.token,
      user: s.user,
      transaction_uuid: txid,
      reference_transaction_uuid: betTx,
      round: entry.round,
      round_closed: true,
      game_code: s.gameCode,
      amount: fromMinor(winMinor),
      currency: s.currency,
    };
    // the same transaction id on every retry: the operator answers a replay without paying twice
    const answer = await this.retry(() => this.wallet.call('win', payload));
    this.record(entry, {
      transaction_uuid: txid,
      kind: 'win',
      amount: fromMinor(winMinor),
      reference_transaction_uuid: betTx,
      status: answer.status,
    });
    if (answer.status === 'OK') {
      entry.win = fromMinor(winMinor);
      entry.status = 'closed';
      entry.closed_at = new Date(this.now()).toISOString();
      if (answer.balance) s.balanceMinor = toMinor(answer.balance);
    } else {
      entry.status = 'win_pending';
    }
  }

  // --- Slot -------------------------------------------------------------------------------

  async spin(sessionId: string, betMinor: number) {
    const s = this.session(sessionId);
    if (s.engine !== 'slot') throw new GameError('INVALID_GAME', 'This session is not a slot');
    const entry = this.newRound(s, betMinor);
    const betTx = await this.placeBet(s, entry, betMinor);
    const reels = [pickSymbol(this.rnd), pickSymbol(this.rnd), pickSymbol(this.rnd)];
    const line = reels.map((r) => r.id);
    const { winMinor, rule } = slotPayout(betMinor, line);
    entry.outcome = { line, rule };
    await this.settle(s, entry, betTx, winMinor);
    return {
      round: entry.round,
      reels: reels.map((r) => ({ id: r.id, glyph: r.glyph, color: r.color })),
      rule,
      bet: fromMinor(betMinor),
      win: fromMinor(entry.status === 'closed' ? winMinor : 0),
      status: entry.status,
      balance: fromMinor(s.balanceMinor),
    };
  }

  // --- Crash ------------------------------------------------------------------------------

  async crashStart(sessionId: string, betMinor: number, autoCashout: number | null) {
    const s = this.session(sessionId);
    if (s.engine !== 'crash') throw new GameError('INVALID_GAME', 'This session is not a crash game');
    if ([...this.crashRounds.values()].some((r) => r.sessionId === sessionId && !r.settled)) {
      throw new GameError('ROUND_OPEN', 'Finish the current round first');
    }
    if (autoCashout !== null && !(autoCashout >= 1.01 && autoCashout <= 1000)) {
      throw new GameError('WRONG_SYNTAX', 'Auto cash-out must be between 1.01 and 1000');
    }
    const entry = this.newRound(s, betMinor);
    const betTx = await this.placeBet(s, entry, betMinor);
    // 2^32 draws from the server's CSPRNG; the browser never sees the crash point before it happens
    const u = this.rnd(0, 2 ** 32) / 2 ** 32;
    const crashPoint = crashPointFrom(u);
    const round: CrashRound = {
      round: entry.round,
      sessionId,
      betTx,
      betMinor,
      crashPoint,
      startedAt: this.now(),
      autoCashout,
      settled: false,
      timer: null,
    };
    this.crashRounds.set(entry.round, round);
    const target = autoCashout !== null && autoCashout < crashPoint ? autoCashout : crashPoint;
    round.timer = setTimeout(
      () => void this.finishCrash(round, autoCashout !== null && autoCashout < crashPoint ? autoCashout : null),
      msToReach(target),
    );
    return {
      round: entry.round,
      bet: fromMinor(betMinor),
      balance: fromMinor(s.balanceMinor),
      growth: CRASH_GROWTH,
      started_at: round.startedAt,
    };
  }

  /** Settles once: a cash-out at `multiplier`, or the crash (null). */
  private async finishCrash(round: CrashRound, multiplier: number | null) {
    if (round.settled) return null;
    round.settled = true;
    if (round.timer) clearTimeout(round.timer);
    const s = this.session(round.sessionId);
    const entry = this.log.find((e) => e.round === round.round)!;
    // integer hundredths: 100 * 1.13 in floating point is 112.99999999999999
    const winMinor = multiplier === null ? 0 : Math.floor((round.betMinor * Math.round(multiplier * 100)) / 100);
    entry.outcome = { crash_point: round.crashPoint, cashed_out_at: multiplier };
    await this.settle(s, entry, round.betTx, winMinor);
    return winMinor;
  }

  async crashCashout(sessionId: string, roundId: string) {
    const round = this.crashRounds.get(roundId);
    if (!round || round.sessionId !== sessionId) throw new GameError('TRANSACTION_DOES_NOT_EXIST', 'Unknown round');
    const m = multiplierAt(this.now() - round.startedAt);
    if (!round.settled && m < round.crashPoint) await this.finishCrash(round, m);
    return this.crashState(sessionId, roundId);
  }

  crashState(sessionId: string, roundId: string) {
    const round = this.crashRounds.get(roundId);
    if (!round || round.sessionId !== sessionId) throw new GameError('TRANSACTION_DOES_NOT_EXIST', 'Unknown round');
    const s = this.session(sessionId);
    const entry = this.log.find((e) => e.round === roundId)!;
    const live = multiplierAt(this.now() - round.startedAt);
    const crashed = !round.settled ? live >= round.crashPoint : entry.outcome.cashed_out_at == null;
    return {
      round: roundId,
      settled: round.settled && entry.status !== 'open',
      multiplier: round.settled ? ((entry.outcome.cashed_out_at as number | null) ?? round.crashPoint) : Math.min(live, round.crashPoint),
      crashed,
      // revealed only once the round is over
      crash_point: round.settled ? round.crashPoint : null,
      win: entry.win,
      bet: fromMinor(round.betMinor),
      balance: fromMinor(s.balanceMinor),
      status: entry.status,
    };
  }

  /** Stops pending crash timers (tests, shutdown). */
  close() {
    for (const r of this.crashRounds.values()) if (r.timer) clearTimeout(r.timer);
  }
}
