// Small pieces the markets screens share: result and status texts, signed money, form controls.
import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import type { StaffMarketResult } from '@khela/contracts';
import { theme } from '@khela/web';

/** "Winner Bangladesh", "Runs 57", "Void", "—". */
export function resultText(r: StaffMarketResult | null, runners: { selection_id: string; name: string }[] = []): string {
  if (!r) return '—';
  if (r.void) return 'Void';
  if (r.runs !== undefined) return `Runs ${r.runs}`;
  if (r.winner !== undefined) return `Winner ${runners.find((x) => x.selection_id === r.winner)?.name ?? r.winner}`;
  return '—';
}

const statusColor: Record<string, string> = {
  OPEN: theme.color.success,
  SUSPENDED: theme.color.warning,
  CLOSED: theme.color.textMuted,
  INACTIVE: theme.color.textMuted,
};

export function StatusBadge(props: { status: string; staff?: boolean }) {
  return (
    <span
      data-testid="market-status"
      css={css`
        color: ${statusColor[props.status] ?? 'inherit'};
        font-weight: 600;
      `}
    >
      {props.status}
      {props.staff ? ' (staff)' : ''}
    </span>
  );
}

/** A money string, red when negative. */
export function Money(props: { value: string; strong?: boolean }) {
  const negative = props.value.startsWith('-');
  return (
    <span
      css={css`
        color: ${negative ? theme.color.danger : 'inherit'};
        font-variant-numeric: tabular-nums;
        font-weight: ${props.strong ? 600 : 'inherit'};
      `}
    >
      {props.value}
    </span>
  );
}

export function Field(props: { label: string; children: ReactNode }) {
  return (
    <label
      css={css`
        display: flex;
        flex-direction: column;
        gap: 4px;
        font-size: 13px;
        color: ${theme.color.textMuted};
        margin-bottom: 12px;
        input,
        select {
          width: 100%;
        }
      `}
    >
      {props.label}
      {props.children}
    </label>
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
