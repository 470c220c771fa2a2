// Small pieces the markets screens share: result and status texts (money and fields are the kit's).
import type { StaffMarketResult } from '@khela/contracts';
import { StatusBadge } from '@khela/web';

/** "Winner Bangladesh", "Runs 57", "Void", "—". */
export function resultText(r: StaffMarketResult | null, runners: { selection_id: string; name: string }[] = []): string {
  if (!r) return '—';
  if (r.void) return 'Void';
  if (r.runs !== undefined) return `Runs ${r.runs}`;
  if (r.winner !== undefined) return `Winner ${runners.find((x) => x.selection_id === r.winner)?.name ?? r.winner}`;
  return '—';
}

/** A market's status as the console shows it: coloured text, "(staff)" when staff suspended it. */
export function MarketStatus(props: { status: string; staff?: boolean }) {
  return (
    <StatusBadge status={props.status} variant="text" testId="market-status">
      {props.status}
      {props.staff ? ' (staff)' : ''}
    </StatusBadge>
  );
}

const KIND_LABEL = { MATCH_ODDS: 'Match Odds', BOOKMAKER: 'BookMaker', FANCY: 'Fancy' } as const;

/** "Match Odds · cricket · 1.23" without repeating a kind the market's name already says. */
export function marketLine(m: { kind: keyof typeof KIND_LABEL; name: string; sport: string; market_id: string }, withName = true): string {
  const kind = KIND_LABEL[m.kind];
  const parts = withName ? [m.name] : [];
  if (!withName || m.name.toLowerCase() !== kind.toLowerCase()) parts.push(kind);
  return [...parts, m.sport, m.market_id].join(' · ');
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
