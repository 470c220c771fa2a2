import * as schemas from '@khela/contracts';
import type { ApiClient } from '@khela/web';
import { amountToMinor } from './maths';

export type Bet = schemas.ExchangeBetView;

/** What the bet-matched message box says about one of the player's bets. */
export type BetMessageKind = 'matched' | 'partial' | 'unmatched' | 'lapsed' | 'cancelled' | 'won' | 'lost' | 'void';

export interface BetMessage {
  id: number;
  kind: BetMessageKind | CashOutMessageKind;
  /** When it was said (ms), for the box to let it go after a while. */
  at: number;
  bet?: Bet;
  /** Cash out: the value locked (or asked for, while its hedges wait their delay). */
  value?: string;
  /** A partial or per-selection cash-out (issue 33): the share and the runner (null: the whole market). */
  part?: { percent: number; name: string | null };
}

/**
 * A cash-out's hedges may wait an in-play bet delay: it is 'cashingOut' until every hedge's outcome is known, then
 * 'cashOut' (all matched: the value is locked) or 'cashOutFailed' (a hedge lapsed or was refused: the position
 * stands as the market shows it). Nothing says "locked in" before it is.
 */
export type CashOutMessageKind = 'cashOut' | 'cashingOut' | 'cashOutFailed';

/**
 * What a change of one bet means for the player, or null when there is nothing new to say: a bet in its delay says
 * nothing yet; a resting bet that matched more says (partially) matched; lapsed, cancelled and settled say so once.
 */
export function betOutcome(prev: Bet | undefined, next: Bet): BetMessageKind | null {
  if (prev && prev.status === next.status && prev.matched_stake === next.matched_stake) return null;
  switch (next.status) {
    case 'PENDING':
      return null;
    case 'MATCHED':
      // the unmatched rest of a partly matched bet was cancelled: the cancel said so
      return prev && prev.matched_stake === next.matched_stake ? null : 'matched';
    case 'PARTIALLY_MATCHED':
      return prev && prev.matched_stake === next.matched_stake ? null : 'partial';
    case 'UNMATCHED':
      return prev && prev.status !== 'PENDING' ? null : 'unmatched';
    case 'LAPSED':
      return 'lapsed';
    case 'CANCELLED':
      return 'cancelled';
    case 'WON':
      return 'won';
    case 'LOST':
      return 'lost';
    case 'VOID':
      return 'void';
  }
}

/** After a bet's delay, how long the push has to tell its outcome before the store asks. */
export const DELAY_GRACE_MS = 1_500;
/** The n-th further ask for a delayed bet's outcome waits this long: 1.5 s, 3 s, 6 s, then every 10 s. */
export const delayBackoff = (attempt: number) => Math.min(10_000, DELAY_GRACE_MS * 2 ** attempt);

const isOpen = (b: Bet) => (schemas.OPEN_BET_STATUSES as readonly string[]).includes(b.status);
/** The box keeps the newest few: on a phone it must not cover the prices. */
const MAX_MESSAGES = 3;

/** The exchange calls, made with the scoped exchange token when the session holds one (docs/README.md#spec-3, /exchange-login). */
export function exchangeCalls(api: ApiClient) {
  const opts = { token: 'exchange' as const };
  return {
    // the market's own route: in cluster mode the balancer sends a market's bets to the process that writes it
    place: (body: schemas.PlaceBetBody, idempotencyKey: string) =>
      api.call(schemas.placeExchangeMarketBet, { ...opts, params: { marketId: body.market_id }, body: body as never, idempotencyKey }),
    cancel: (id: string) => api.call(schemas.cancelExchangeBet, { ...opts, params: { id } }),
    list: (query: { status: 'open' | 'all'; market_id?: string; per_page?: number }) =>
      api.call(schemas.listExchangeBets, { ...opts, query: query as never }),
    position: (marketId: string, signal?: AbortSignal) =>
      api.call(schemas.exchangeMarketPosition, { ...opts, params: { marketId }, signal }),
    market: (marketId: string, signal?: AbortSignal) => api.call(schemas.exchangeMarketState, { ...opts, params: { marketId }, signal }),
    cashOut: (
      marketId: string,
      body: { take?: boolean; min_value?: string; selection_id?: string; percent?: number },
      idempotencyKey?: string,
    ) => api.call(schemas.exchangeCashOut, { ...opts, params: { marketId }, body: body as never, idempotencyKey }),
    // issue 33: an unmatched bet's new price or stake (one key per edit), and cancel all (one market or everywhere)
    edit: (id: string, body: { price?: number; stake?: string }, idempotencyKey: string) =>
      api.call(schemas.editExchangeBet, { ...opts, params: { id }, body: body as never, idempotencyKey }),
    cancelAll: (marketId?: string) =>
      api.call(schemas.cancelAllExchangeBets, { ...opts, body: (marketId ? { market_id: marketId } : {}) as never }),
  };
}
export type ExchangeCalls = ReturnType<typeof exchangeCalls>;

export interface TradingSnapshot {
  /** The player's open bets in every market, newest first (null until the first answer). */
  openBets: Bet[] | null;
  /** The bet-matched message box, newest first. */
  messages: BetMessage[];
  /** Bumped per market whenever the player's bets in it changed (positions refetch on it). */
  marketVersions: Readonly<Record<string, number>>;
}

/**
 * The player's bets as the exchange frame knows them: the open bets of the Bets panel, the bet-matched messages,
 * and a version per market for the positions. Fed by the first load, by the player's own actions, and by the
 * per-player `odds` push `{ marketId, bets: true }` (another player's order matched a resting bet, a delay ended).
 */
export class TradingStore {
  private snap: TradingSnapshot = { openBets: null, messages: [], marketVersions: {} };
  private known = new Map<string, Bet>();
  private listeners = new Set<() => void>();
  private nextId = 1;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private watched = new Set<string>();
  private generation = 0;
  /** Cash-outs whose hedges are in their delay, by their 'cashingOut' message. */
  private cashOuts = new Map<number, { hedgeIds: string[]; value: string }>();

  constructor(readonly calls: ExchangeCalls) {}

  get = () => this.snap;
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };

  private set(patch: Partial<TradingSnapshot>) {
    this.snap = { ...this.snap, ...patch };
    this.listeners.forEach((l) => l());
  }

  private bump(marketIds: Iterable<string>) {
    const v = { ...this.snap.marketVersions };
    for (const m of marketIds) v[m] = (v[m] ?? 0) + 1;
    return v;
  }

  private say(kind: BetMessage['kind'], extra: Omit<BetMessage, 'id' | 'kind' | 'at'> = {}): BetMessage {
    return { id: this.nextId++, kind, at: Date.now(), ...extra };
  }

  /** Takes in fresh states of some bets: messages for what changed, the open list, and the markets' versions. */
  private absorb(bets: Bet[], opts: { quiet?: boolean; replaceMarket?: string; replaceAll?: boolean } = {}) {
    const messages: BetMessage[] = [];
    const markets = new Set<string>();
    for (const b of bets) {
      const prev = this.known.get(b.id);
      const kind = opts.quiet ? null : betOutcome(prev, b);
      if (kind) messages.push(this.say(kind, { bet: b }));
      if (!prev || prev.status !== b.status || prev.matched_stake !== b.matched_stake || prev.unmatched_stake !== b.unmatched_stake)
        markets.add(b.market_id);
      this.known.set(b.id, b);
    }
    let open = this.snap.openBets ?? [];
    const fresh = new Map(bets.map((b) => [b.id, b]));
    if (opts.replaceAll) open = [];
    else if (opts.replaceMarket) open = open.filter((b) => b.market_id !== opts.replaceMarket);
    open = open.filter((b) => !fresh.has(b.id));
    open = [...bets.filter(isOpen), ...open].sort((a, b) => Number(b.id) - Number(a.id) || b.placed_at.localeCompare(a.placed_at));
    if (opts.replaceAll) for (const b of this.snap.openBets ?? []) if (!fresh.has(b.id)) markets.add(b.market_id);
    if (opts.replaceMarket) markets.add(opts.replaceMarket);
    this.set({
      openBets: open,
      messages: [...messages.reverse(), ...this.snap.messages].slice(0, MAX_MESSAGES),
      marketVersions: markets.size ? this.bump(markets) : this.snap.marketVersions,
    });
    for (const b of bets) if (b.status === 'PENDING') this.watchDelay(b);
    this.resolveCashOuts();
  }

  /** A cash-out whose hedges all left their delay says how it ended, in place of its "Cashing out…". */
  private resolveCashOuts() {
    for (const [id, c] of this.cashOuts) {
      const hedges = c.hedgeIds.map((h) => this.known.get(h));
      if (hedges.some((b) => !b || b.status === 'PENDING')) continue;
      this.cashOuts.delete(id);
      // a hedge that did not match in full (lapsed, cancelled); one already settled since still matched
      const failed = hedges.find((b) => amountToMinor(b!.matched_stake) < amountToMinor(b!.stake));
      const outcome = failed ? this.say('cashOutFailed', { bet: failed, value: c.value }) : this.say('cashOut', { value: c.value });
      this.set({ messages: [outcome, ...this.snap.messages.filter((m) => m.id !== id)].slice(0, MAX_MESSAGES) });
    }
  }

  /** The open bets of every market. The first load only learns them; later loads (push back, poll) report changes. */
  async loadOpen(): Promise<void> {
    const gen = this.generation;
    const first = this.snap.openBets === null;
    const res = await this.calls.list({ status: 'open', per_page: 200 });
    if (gen !== this.generation) return;
    // a bet that left the open list ended: its market says how
    const gone = [...(this.snap.openBets ?? [])].filter((b) => !res.data.some((x) => x.id === b.id));
    this.absorb(res.data, { quiet: first, replaceAll: true });
    for (const m of new Set(gone.map((b) => b.market_id))) await this.marketChanged(m);
  }

  /** The per-player push said the player's bets in this market changed: read them and say what happened. */
  async marketChanged(marketId: string): Promise<void> {
    const gen = this.generation;
    const res = await this.calls.list({ status: 'all', market_id: marketId, per_page: 50 });
    if (gen !== this.generation) return;
    // a bet this page never saw open (settled or lapsed before it opened) says nothing here: the bell keeps it
    const relevant = res.data.filter((b) => this.known.has(b.id) || isOpen(b));
    this.absorb(relevant, { replaceMarket: marketId });
  }

  /** The answer of the player's own bet (or cancel): known at once, without waiting for the push. */
  placed(bet: Bet): void {
    this.absorb([bet]);
  }

  /** The answer of a cash-out: locked now, or (hedges in their delay) cashing out until their outcome is known. */
  cashedOut(marketId: string, value: string, bets: Bet[], part?: BetMessage['part']): void {
    const waiting = bets.some((b) => b.status === 'PENDING');
    const message = this.say(waiting ? 'cashingOut' : 'cashOut', { value, ...(part ? { part } : {}) });
    if (waiting) this.cashOuts.set(message.id, { hedgeIds: bets.map((b) => b.id), value });
    this.set({ messages: [message, ...this.snap.messages].slice(0, MAX_MESSAGES) });
    this.absorb(bets, { quiet: true });
    void this.marketChanged(marketId).catch(() => undefined);
  }

  async cancel(id: string): Promise<Bet> {
    const res = await this.calls.cancel(id);
    // a partly matched bet stays MATCHED for its matched part: the cancel is said either way
    this.absorb([res.bet], { quiet: true });
    this.set({ messages: [this.say('cancelled', { bet: res.bet }), ...this.snap.messages].slice(0, MAX_MESSAGES) });
    return res.bet;
  }

  /**
   * An edit of an unmatched bet: a stake decrease answers the same bet (nothing to say but its new size); a new price
   * or stake answers the new bet (said like a placement: unmatched, matched…) and the old one, its unmatched part gone.
   */
  async edit(id: string, body: { price?: number; stake?: string }, idempotencyKey: string): Promise<Bet> {
    const res = await this.calls.edit(id, body, idempotencyKey);
    if (res.replaced) {
      this.absorb([res.replaced], { quiet: true });
      this.absorb([res.bet]);
    } else this.absorb([res.bet], { quiet: true });
    return res.bet;
  }

  /** Cancel all unmatched, in one market or everywhere: each cancelled bet is said (the box keeps the newest few). */
  async cancelAll(marketId?: string): Promise<Bet[]> {
    const res = await this.calls.cancelAll(marketId);
    this.absorb(res.cancelled, { quiet: true });
    const said = res.cancelled.map((bet) => this.say('cancelled', { bet }));
    this.set({ messages: [...said, ...this.snap.messages].slice(0, MAX_MESSAGES) });
    return res.cancelled;
  }

  /** The last known state of one of the player's bets. */
  bet(id: string): Bet | undefined {
    return this.known.get(id);
  }

  /** A message the player may dismiss, and the box lets go of after a while (not a cash-out still waiting). */
  lasting(m: BetMessage): boolean {
    return m.kind === 'cashingOut' && this.cashOuts.has(m.id);
  }

  dismiss(id: number): void {
    this.set({ messages: this.snap.messages.filter((m) => m.id !== id) });
  }

  /**
   * A bet in its delay: the push tells its outcome; if none has shortly after the delay (the stream is down, a
   * message was lost), ask, and keep asking with back-off (a refused or failed answer included) until it is known.
   */
  private watchDelay(bet: Bet) {
    if (this.watched.has(bet.id)) return;
    this.watched.add(bet.id);
    const gen = this.generation;
    const until = bet.delay_until ? Date.parse(bet.delay_until) : Date.now();
    const ask = (attempt: number, wait: number) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (gen !== this.generation) return;
        if (this.known.get(bet.id)?.status !== 'PENDING') {
          this.watched.delete(bet.id);
          return;
        }
        void this.marketChanged(bet.market_id)
          .catch(() => undefined)
          .then(() => {
            if (gen !== this.generation) return;
            if (this.known.get(bet.id)?.status === 'PENDING') ask(attempt + 1, delayBackoff(attempt));
            else this.watched.delete(bet.id);
          });
      }, wait);
      this.timers.add(timer);
    };
    ask(0, Math.max(0, until - Date.now()) + DELAY_GRACE_MS);
  }

  /** Logout: forget the player's bets. */
  reset(): void {
    this.generation++;
    this.known.clear();
    this.timers.forEach(clearTimeout);
    this.timers.clear();
    this.watched.clear();
    this.cashOuts.clear();
    this.set({ openBets: null, messages: [], marketVersions: {} });
  }
}
