import { dhakaDateKey } from '@khela/web';
import { inDhakaDateRange, type Turnover, type WalletTransaction } from '@khela/contracts';

// One key per attempt: the contracts' rule, re-exported for the deposit and withdraw screens.
export { newIdempotencyKey } from '@khela/contracts';

export type StatusFilter = 'all' | '0' | '2' | '1';
export type TypeFilter = 'all' | 'deposit' | 'withdraw';
export type DateFilter = 'today' | 'yesterday' | 'last7' | 'all';

/** Dates are Dhaka calendar days (GMT+6) whatever the phone's own zone: the same ranges the API filters with. */
export function matchesDate(createdAt: string, filter: DateFilter, now: Date = new Date()): boolean {
  return filter === 'all' || inDhakaDateRange(createdAt, filter, now);
}

export function filterTransactions(
  list: WalletTransaction[],
  f: { status: StatusFilter; type: TypeFilter; date: DateFilter },
  now: Date = new Date(),
): WalletTransaction[] {
  return list.filter(
    (t) =>
      (f.status === 'all' || t.key === f.status) && (f.type === 'all' || t.action === f.type) && matchesDate(t.created_at, f.date, now),
  );
}

/** Newest day first, each day's rows newest first; the key is the Dhaka date. */
export function groupByDhakaDate<T extends { created_at: string }>(list: T[]): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const item of [...list].sort((a, b) => b.created_at.localeCompare(a.created_at))) {
    const key = dhakaDateKey(item.created_at);
    const g = groups.get(key);
    if (g) g.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.entries()];
}

/** docs/README.md#spec-9: bonus = required turnover / promotion turnover (or 1), 2 decimals. */
export function turnoverBonus(t: Pick<Turnover, 'required_turnover' | 'transaction'>): string {
  const multiple = t.transaction.promotion?.turnover || 1;
  return (Number(t.required_turnover) / multiple).toFixed(2);
}

/**
 * Progress bar fill in percent. Completed tickets are 100. The spec defines the active figure as
 * remaining / required; the bar shows what is done (100 minus that), labelled with both numbers.
 */
export function turnoverProgress(t: Pick<Turnover, 'status' | 'required_turnover' | 'remaining_turnover'>): number {
  if (t.status === 'complete') return 100;
  const required = Number(t.required_turnover);
  if (!(required > 0)) return 100;
  const remainingShare = Number(t.remaining_turnover) / required;
  return Math.max(0, Math.min(100, Math.round((1 - remainingShare) * 100)));
}
