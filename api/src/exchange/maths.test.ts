// The exchange's money maths through the API's own code (no database): the shared table of cases
// (@khela/contracts/exchange-maths.cases) read by the bet view (betOut: potential profit and liability), by a player's
// position (positions.ts playerPosition: what the ledger holds), by settlement (settleBook, commissionOn). The same
// table runs in contracts, in the engine's test and in the bet slip's.
import { describe, expect, it } from 'vitest';
import { fromMinor, type ExchangeBetSide } from '@khela/contracts';
import { BET_CASES, COMMISSION_CASES, FANCY_CASES, POSITION_CASES, POTENTIAL_CASES } from '@khela/contracts/exchange-maths.cases';
import { betOut, type BetView } from './bets';
import type { MarketRow } from './markets';
import { playerPosition, type BetRow, type MarketBets } from './positions';
import { commissionOn, settleBook } from './settlement';

const PLAYER = 7;

function view(kind: BetView['kind'], side: ExchangeBetSide, price: number, stake: number, matched: number, matchedValue: number): BetView {
  return {
    public_id: 'b1',
    market_id: 'm1',
    market_name: 'Match Odds',
    kind,
    event_id: 'e1',
    event_name: 'A v B',
    selection_id: 's1',
    selection_name: 'A',
    side,
    price,
    line: kind === 'FANCY' ? 50 : null,
    stake_minor: String(stake),
    matched_minor: String(matched),
    matched_value: String(matchedValue),
    remaining_minor: String(stake - matched),
    status: matched === 0 ? 'UNMATCHED' : matched === stake ? 'MATCHED' : 'PARTIALLY_MATCHED',
    persistence: 'LAPSE',
    reason: null,
    profit_minor: null,
    placed_at: new Date(0),
    delay_until: null,
    settled_at: null,
  } as BetView;
}

function market(kind: MarketRow['kind'], runners: readonly string[]): MarketRow {
  return {
    marketId: 'm1',
    kind,
    runners: runners.map((r) => ({ selectionId: r, name: r })),
    fancy: kind === 'FANCY' ? { selectionId: 1, type: 2 } : null,
  } as unknown as MarketRow;
}

describe('the bet view (betOut) on the shared cases', () => {
  it.each(BET_CASES.filter((c) => c.canWin))('unmatched and fully matched: $name', (c) => {
    for (const matched of [0, c.stake]) {
      const out = betOut(view(c.kind, c.side, c.price, c.stake, matched, c.side === 'YES' || c.side === 'NO' ? 0 : matched * c.price));
      expect([out.potential_profit, out.potential_liability]).toEqual([fromMinor(c.profit), fromMinor(c.liability)]);
    }
  });

  it.each(POTENTIAL_CASES)('$name', (c) => {
    const out = betOut(view(c.kind, c.side, c.price, c.stake, c.matched, c.matchedValue));
    expect([out.potential_profit, out.potential_liability]).toEqual([fromMinor(c.profit), fromMinor(c.liability)]);
  });
});

describe("a player's position and settlement (positions.ts, settlement.ts) on the shared cases", () => {
  it.each(POSITION_CASES)('$name', (c) => {
    const m = market(c.kind, c.runners);
    let id = 0;
    const bets: BetRow[] = [];
    const parts: MarketBets['parts'] = [];
    const row = (b: (typeof c.matched)[number], matched: boolean): BetRow => ({
      id: ++id,
      playerId: PLAYER,
      currency: 'BDT',
      selectionId: b.selectionId,
      side: b.side,
      price: b.price,
      line: null,
      fancyType: null,
      stake: b.stake,
      matched: matched ? b.stake : 0,
      remaining: matched ? 0 : b.stake,
      status: matched ? 'MATCHED' : 'UNMATCHED',
    });
    for (const b of c.matched) {
      bets.push(row(b, true));
      parts.push({ betId: id, playerId: PLAYER, selectionId: b.selectionId, side: b.side, price: b.price, stake: b.stake });
    }
    for (const b of c.unmatched) bets.push(row(b, false));
    // another player's bets in the same market change nothing of this one's
    bets.push({ ...row({ side: 'BACK', selectionId: c.runners[0]!, price: 300, stake: 99_00 }, false), playerId: PLAYER + 1 });

    const pos = playerPosition(m, PLAYER, { bets, parts });
    expect(Object.fromEntries(pos.pl)).toEqual(c.pl);
    expect(Object.fromEntries(pos.worst)).toEqual(c.worst);
    expect(pos.exposure).toBe(c.exposure);

    // settled on each runner: the player's gross is the matched P&L if that runner wins (a player without bets is
    // not settled at all)
    const mine = bets.some((b) => b.playerId === PLAYER);
    for (const winner of c.runners) {
      const { gross } = settleBook(m, bets, parts, { winner });
      expect(gross.get(PLAYER)).toBe(mine ? c.pl[winner] : undefined);
    }
  });

  it.each(FANCY_CASES)('Fancy: $name', (c) => {
    const m = market('FANCY', []);
    let id = 0;
    const row = (b: (typeof c.matched)[number], status: 'MATCHED' | 'PENDING'): BetRow => ({
      id: ++id,
      playerId: PLAYER,
      currency: 'BDT',
      selectionId: '1',
      side: b.side,
      price: b.rate,
      line: b.line,
      fancyType: 2,
      stake: b.stake,
      matched: status === 'MATCHED' ? b.stake : 0,
      remaining: 0,
      status,
    });
    const bets = [...c.matched.map((b) => row(b, 'MATCHED')), ...c.pending.map((b) => row(b, 'PENDING'))];
    const pos = playerPosition(m, PLAYER, { bets, parts: [] });
    expect(pos.table).toEqual(c.table);
    expect(pos.exposure).toBe(c.exposure);
    // settled on each value of the table: the gross is that row's P&L (bets in the delay are not settled)
    for (const t of c.table) expect(settleBook(m, bets, [], { runs: t.runs }).gross.get(PLAYER)).toBe(t.pl);
  });

  it.each(COMMISSION_CASES)('commission on $gross at $bps bps', (c) => {
    expect(commissionOn(c.gross, c.bps)).toBe(c.commission);
  });
});
