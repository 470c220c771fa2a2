import { dhakaDateKey } from '@khela/web';
import { toMinor, type ExchangeRecord, type SettledBet } from '@khela/contracts';

/** Paisa of an API amount (the contracts' exact maths), as a number for sums and colours on screen. */
export const paisa = (v: string) => Number(toMinor(v));

export interface RecordGroup {
  key: string;
  date: string;
  platform: string;
  gameType: string;
  turnoverMinor: number;
  profitMinor: number;
  records: SettledBet[];
}

/** Spec 2: grouped by date (Dhaka), then platform and game type, with Turnover and Profit/Loss. */
export function groupRecords(records: SettledBet[]): Array<{ date: string; groups: RecordGroup[] }> {
  const byDate = new Map<string, Map<string, RecordGroup>>();
  for (const r of records) {
    const date = dhakaDateKey(r.created_at);
    const groups = byDate.get(date) ?? new Map<string, RecordGroup>();
    byDate.set(date, groups);
    const key = `${date}|${r.platform}|${r.game_type}`;
    const g = groups.get(key) ?? { key, date, platform: r.platform, gameType: r.game_type, turnoverMinor: 0, profitMinor: 0, records: [] };
    groups.set(key, g);
    g.turnoverMinor += paisa(r.bet_amount);
    g.profitMinor += paisa(r.winAmount) - paisa(r.bet_amount);
    g.records.push(r);
  }
  return [...byDate.entries()].sort(([a], [b]) => b.localeCompare(a)).map(([date, groups]) => ({ date, groups: [...groups.values()] }));
}

/** Spec 4: an exchange record is open (processing), WON (green), LOST (red); VOID, LAPSED, CANCELLED are neutral. */
export function exchangeStatusTone(status: ExchangeRecord['status']): 'processing' | 'won' | 'lost' | 'neutral' {
  return status === 'open' ? 'processing' : status === 'WON' ? 'won' : status === 'LOST' ? 'lost' : 'neutral';
}
