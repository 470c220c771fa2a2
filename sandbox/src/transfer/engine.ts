import { randomBytes, randomInt } from 'node:crypto';
import { fromMinor, toMinor } from '@khela/contracts';

/*
 * A transfer-wallet provider (sportsbooks, live-casino studios): it keeps the player's money in its own wallet.
 * The operator moves money in and out with its own transfer ids (applied once; a status query by id says what
 * happened); play changes the balance here, unseen by the operator bet by bet. One engine serves several vendors
 * (one wallet per vendor and user), as an aggregator of sportsbooks would. See README.md beside this file.
 */

export interface Vendor {
  code: string;
  name: string;
  kind: 'sports' | 'live';
  /** The one game this vendor offers. */
  game: { code: string; name: string };
}

/** The sports menu's names (docs/README.md#spec-2) and one live-casino table. */
export const VENDORS: readonly Vendor[] = [
  { code: 'SBO', name: 'SBO Sports', kind: 'sports', game: { code: 'sbo-sportsbook', name: 'SBO Sportsbook' } },
  { code: 'ISPORTS', name: 'I-Sports', kind: 'sports', game: { code: 'isports-sportsbook', name: 'I-Sports Sportsbook' } },
  { code: 'E1SPORTS', name: 'E1Sports', kind: 'sports', game: { code: 'e1sports-sportsbook', name: 'E1Sports Sportsbook' } },
  { code: 'HORSEBOOK', name: 'Horsebook', kind: 'sports', game: { code: 'horsebook-sportsbook', name: 'Horsebook Racing' } },
  { code: 'VIRTUAL', name: 'Virtual', kind: 'sports', game: { code: 'virtual-sportsbook', name: 'Virtual Sports' } },
  { code: 'KABADDI', name: 'Kabaddi', kind: 'sports', game: { code: 'kabaddi-sportsbook', name: 'Kabaddi Sportsbook' } },
  { code: 'FANTASY', name: 'Fantasy', kind: 'sports', game: { code: 'fantasy-sportsbook', name: 'Fantasy Sports' } },
  { code: 'LUCKYSPORTS', name: 'Lucky Sports', kind: 'sports', game: { code: 'luckysports-sportsbook', name: 'Lucky Sportsbook' } },
  { code: 'TWLIVE', name: 'TW Live Casino', kind: 'live', game: { code: 'twlive-baccarat', name: 'Live Baccarat' } },
];

export const vendorByCode = (code: string) => VENDORS.find((v) => v.code === code.toUpperCase());

export type TransferDirection = 'in' | 'out';

export interface TransferRecord {
  transfer_id: string;
  vendor: string;
  user: string;
  direction: TransferDirection;
  amount: string;
  currency: string;
  /** applied: the money moved; refused: it did not and never will (NOT_ENOUGH_MONEY); closed: asked about before it
   * arrived, so the id is refused for ever (a late arrival of the same id moves nothing). */
  state: 'applied' | 'refused' | 'closed';
  status: string;
  balance_after: string;
  at: string;
}

export interface Bet {
  bet_id: string;
  vendor: string;
  user: string;
  game_code: string;
  game_name: string;
  selection: string;
  odds: string;
  stake: string;
  win: string;
  currency: string;
  state: 'open' | 'won' | 'lost';
  created_at: string;
  settled_at: string | null;
}

export interface Wallet {
  vendor: string;
  user: string;
  currency: string;
  balanceMinor: bigint;
}

export type FaultMode = '5xx' | 'delay' | 'timeout_after_apply' | 'insufficient' | 'down';
export type FaultOp = 'transfer' | 'status' | 'balance' | 'bets' | 'launch';
export const FAULT_OPS: readonly FaultOp[] = ['transfer', 'status', 'balance', 'bets', 'launch'];

export interface Fault {
  mode: FaultMode;
  /** delay: wait before answering; timeout_after_apply: how long the connection is held before it is dropped. */
  delayMs: number;
  /** Calls still affected (null: until cleared). */
  remaining: number | null;
  ops: FaultOp[];
}

export class TransferError extends Error {
  constructor(
    readonly status: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface PlaySession {
  id: string;
  vendor: string;
  user: string;
  currency: string;
  gameCode: string;
  gameName: string;
  lang: string;
  createdAt: number;
}

/** The events a sportsbook page offers (fixed, so a test can name a selection). */
export const SPORTS_EVENTS = [
  {
    id: 'e1',
    name: 'Dhaka Dynamites v Sylhet Strikers',
    selections: [
      { name: 'Dhaka Dynamites', odds: '1.90' },
      { name: 'Sylhet Strikers', odds: '2.00' },
    ],
  },
  {
    id: 'e2',
    name: 'Bangladesh v India',
    selections: [
      { name: 'Bangladesh', odds: '2.50' },
      { name: 'India', odds: '1.55' },
    ],
  },
  {
    id: 'e3',
    name: 'Abahani v Mohammedan',
    selections: [
      { name: 'Abahani', odds: '2.10' },
      { name: 'Draw', odds: '3.20' },
      { name: 'Mohammedan', odds: '3.40' },
    ],
  },
];
export const LIVE_SELECTIONS = [
  { name: 'Player', odds: '2.00' },
  { name: 'Banker', odds: '1.95' },
  { name: 'Tie', odds: '9.00' },
];

const now = () => new Date().toISOString();
const key = (vendor: string, user: string) => `${vendor}:${user}`;

export class TransferProvider {
  private wallets = new Map<string, Wallet>();
  private transfers = new Map<string, TransferRecord>();
  private bets: Bet[] = [];
  private sessions = new Map<string, PlaySession>();
  /** By vendor code, or '*' for every vendor. */
  private faults = new Map<string, Fault>();
  /** Every signed call received (newest last), for the control page and tests. */
  readonly calls: Array<{ vendor: string; op: string; at: string; fault: FaultMode | null }> = [];

  reset(): void {
    this.wallets.clear();
    this.transfers.clear();
    this.bets = [];
    this.sessions.clear();
    this.faults.clear();
    this.calls.length = 0;
  }

  // --- faults -------------------------------------------------------------------------------

  setFault(vendor: string, fault: Fault | null): void {
    const k = vendor === '*' ? '*' : vendor.toUpperCase();
    if (fault) this.faults.set(k, fault);
    else this.faults.delete(k);
  }

  listFaults(): Record<string, Fault> {
    return Object.fromEntries(this.faults);
  }

  /** The fault that applies to this call (and counts it down), or null. */
  takeFault(vendor: string, op: FaultOp): Fault | null {
    for (const k of [vendor, '*']) {
      const f = this.faults.get(k);
      if (!f || !f.ops.includes(op)) continue;
      if (f.remaining !== null) {
        f.remaining -= 1;
        if (f.remaining <= 0) this.faults.delete(k);
      }
      return f;
    }
    return null;
  }

  // --- wallets ------------------------------------------------------------------------------

  private wallet(vendor: string, user: string, currency: string): Wallet {
    const k = key(vendor, user);
    let w = this.wallets.get(k);
    if (!w) {
      w = { vendor, user, currency, balanceMinor: 0n };
      this.wallets.set(k, w);
    }
    if (w.currency !== currency) throw new TransferError('WRONG_CURRENCY', `This account plays in ${w.currency}.`);
    return w;
  }

  balance(vendor: string, user: string, currency: string): { user: string; currency: string; balance: string } {
    const w = this.wallet(vendor, user, currency);
    return { user, currency: w.currency, balance: fromMinor(w.balanceMinor) };
  }

  listWallets(filter: { vendor?: string; user?: string } = {}) {
    return [...this.wallets.values()]
      .filter((w) => (!filter.vendor || w.vendor === filter.vendor.toUpperCase()) && (!filter.user || w.user === filter.user))
      .map((w) => ({ vendor: w.vendor, user: w.user, currency: w.currency, balance: fromMinor(w.balanceMinor) }));
  }

  /**
   * Applies a transfer once per id. The same id again answers what it answered the first time (and moves nothing);
   * the same id with other details is DUPLICATE_TRANSACTION; an id closed by a status query is refused.
   */
  transfer(
    vendor: string,
    input: { transfer_id: string; user: string; currency: string; direction: TransferDirection; amount: string },
    opts: { refuse?: boolean } = {},
  ): TransferRecord {
    const seen = this.transfers.get(input.transfer_id);
    if (seen) {
      if (seen.state === 'closed') throw new TransferError('TRANSACTION_CLOSED', 'This transfer id was closed by a status query.');
      if (
        seen.vendor !== vendor ||
        seen.user !== input.user ||
        seen.direction !== input.direction ||
        seen.amount !== fromMinor(toMinor(input.amount))
      ) {
        throw new TransferError('DUPLICATE_TRANSACTION', 'This transfer id was used with other details.');
      }
      return seen;
    }
    const amount = toMinor(input.amount);
    if (amount <= 0n) throw new TransferError('WRONG_SYNTAX', 'amount must be positive');
    const w = this.wallet(vendor, input.user, input.currency);
    const base = {
      transfer_id: input.transfer_id,
      vendor,
      user: input.user,
      direction: input.direction,
      amount: fromMinor(amount),
      currency: w.currency,
      at: now(),
    };
    let record: TransferRecord;
    if (opts.refuse || (input.direction === 'out' && w.balanceMinor < amount)) {
      record = { ...base, state: 'refused', status: 'NOT_ENOUGH_MONEY', balance_after: fromMinor(w.balanceMinor) };
    } else {
      w.balanceMinor += input.direction === 'in' ? amount : -amount;
      record = { ...base, state: 'applied', status: 'OK', balance_after: fromMinor(w.balanceMinor) };
    }
    this.transfers.set(input.transfer_id, record);
    return record;
  }

  /** What happened to a transfer id. An id never seen is closed now, so it can never be applied later. */
  status(vendor: string, transferId: string): TransferRecord {
    const seen = this.transfers.get(transferId);
    if (seen) {
      if (seen.vendor !== vendor) throw new TransferError('TRANSACTION_DOES_NOT_EXIST', 'No such transfer at this vendor.');
      return seen;
    }
    const closed: TransferRecord = {
      transfer_id: transferId,
      vendor,
      user: '',
      direction: 'in',
      amount: '0.00',
      currency: '',
      state: 'closed',
      status: 'TRANSACTION_DOES_NOT_EXIST',
      balance_after: '0.00',
      at: now(),
    };
    this.transfers.set(transferId, closed);
    return closed;
  }

  listTransfers(filter: { vendor?: string; user?: string } = {}): TransferRecord[] {
    return [...this.transfers.values()].filter(
      (t) => (!filter.vendor || t.vendor === filter.vendor.toUpperCase()) && (!filter.user || t.user === filter.user),
    );
  }

  /** Moves a wallet's balance directly (the control API's stand-in for play the operator never sees). */
  adjust(vendor: string, user: string, amount: string): Wallet {
    const k = key(vendor, user);
    const w = this.wallets.get(k);
    if (!w) throw new TransferError('USER_NOT_FOUND', 'No wallet for this user at this vendor.');
    const next = w.balanceMinor + toMinor(amount);
    if (next < 0n) throw new TransferError('NOT_ENOUGH_MONEY', 'The wallet would go below zero.');
    w.balanceMinor = next;
    return w;
  }

  // --- play ---------------------------------------------------------------------------------

  openSession(vendor: Vendor, input: { user: string; currency: string; game_code?: string; lang?: string }): PlaySession {
    this.wallet(vendor.code, input.user, input.currency);
    const s: PlaySession = {
      id: randomBytes(16).toString('base64url'),
      vendor: vendor.code,
      user: input.user,
      currency: input.currency,
      gameCode: vendor.game.code,
      gameName: vendor.game.name,
      lang: input.lang === 'bn' ? 'bn' : 'en',
      createdAt: Date.now(),
    };
    this.sessions.set(s.id, s);
    return s;
  }

  session(id: string): PlaySession {
    const s = this.sessions.get(id);
    if (!s) throw new TransferError('SESSION_NOT_FOUND', 'This game session has ended. Open the game again.');
    return s;
  }

  /** A bet debits the provider's wallet at once; it stays open until settled (control API). */
  placeBet(sessionId: string, input: { selection: string; stake: string }): Bet {
    const s = this.session(sessionId);
    const vendor = vendorByCode(s.vendor)!;
    const choices = vendor.kind === 'live' ? LIVE_SELECTIONS : SPORTS_EVENTS.flatMap((e) => e.selections);
    const choice = choices.find((c) => c.name === input.selection);
    if (!choice) throw new TransferError('WRONG_SYNTAX', 'Unknown selection.');
    const stake = toMinor(input.stake);
    if (stake <= 0n) throw new TransferError('WRONG_SYNTAX', 'The stake must be positive.');
    const w = this.wallet(s.vendor, s.user, s.currency);
    if (w.balanceMinor < stake)
      throw new TransferError('NOT_ENOUGH_MONEY', 'Not enough balance at this provider.', { balance: fromMinor(w.balanceMinor) });
    w.balanceMinor -= stake;
    const bet: Bet = {
      bet_id: `B${Date.now().toString(36)}${randomInt(1e6).toString(36)}`,
      vendor: s.vendor,
      user: s.user,
      game_code: s.gameCode,
      game_name: s.gameName,
      selection: choice.name,
      odds: choice.odds,
      stake: fromMinor(stake),
      win: '0.00',
      currency: s.currency,
      state: 'open',
      created_at: now(),
      settled_at: null,
    };
    this.bets.push(bet);
    return bet;
  }

  /** Settles a bet as won (stake x odds credited to the wallet) or lost. */
  settle(betId: string, result: 'won' | 'lost'): Bet {
    const bet = this.bets.find((b) => b.bet_id === betId);
    if (!bet) throw new TransferError('TRANSACTION_DOES_NOT_EXIST', 'No such bet.');
    if (bet.state !== 'open') return bet;
    bet.state = result;
    bet.settled_at = now();
    if (result === 'won') {
      const win = (toMinor(bet.stake) * toMinor(bet.odds)) / 100n;
      bet.win = fromMinor(win);
      const w = this.wallets.get(key(bet.vendor, bet.user))!;
      w.balanceMinor += win;
    }
    return bet;
  }

  listBets(filter: { vendor?: string; user?: string; state?: string } = {}): Bet[] {
    return this.bets
      .filter(
        (b) =>
          (!filter.vendor || b.vendor === filter.vendor.toUpperCase()) &&
          (!filter.user || b.user === filter.user) &&
          (!filter.state || b.state === filter.state),
      )
      .slice()
      .reverse();
  }
}
