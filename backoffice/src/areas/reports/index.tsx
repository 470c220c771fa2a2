// Area 'reports' (roles payments and risk): daily deposits, withdrawals, casino GGR, exchange commission and bonus
// cost per currency for a range of Dhaka dates, from the ledger; table and CSV.
import { useState } from 'react';
import { css } from '@emotion/react';
import { DAY_MS, DHAKA_OFFSET_MS, staffDailyReport, type ResponseOf, type StaffReportRow } from '@khela/contracts';
import { Button, ErrorText, errorText, theme } from '@khela/web';
import { downloadCsv, toCsv } from '../../ui/csv';
import { Screen, Toolbar } from '../../ui/layout';
import { useStaffQuery } from '../../ui/query';

type Report = ResponseOf<typeof staffDailyReport>;

/** Today's Dhaka date, minus `days`. */
export function dhakaDate(daysAgo = 0, now = Date.now()): string {
  return new Date(now + DHAKA_OFFSET_MS - daysAgo * DAY_MS).toISOString().slice(0, 10);
}

const FIGURES: Array<{ key: keyof Omit<StaffReportRow, 'day' | 'currency'>; label: string }> = [
  { key: 'deposits', label: 'Deposits' },
  { key: 'withdrawals', label: 'Withdrawals' },
  { key: 'casino_ggr', label: 'Casino GGR' },
  { key: 'exchange_commission', label: 'Exchange commission' },
  { key: 'bonus_cost', label: 'Bonus cost' },
];

const tableCss = css`
  border-collapse: collapse;
  font-size: 13px;
  min-width: 720px;
  th,
  td {
    padding: 6px 10px;
    border-bottom: 1px solid ${theme.color.border};
    text-align: right;
    white-space: nowrap;
  }
  th:nth-of-type(-n + 2),
  td:nth-of-type(-n + 2) {
    text-align: left;
  }
  th {
    color: ${theme.color.textMuted};
    font-weight: 600;
  }
  tfoot td {
    font-weight: 700;
  }
  .neg {
    color: ${theme.color.danger};
  }
`;

const cell = (v: string) => <td className={v.startsWith('-') ? 'neg' : undefined}>{v}</td>;

export function reportCsv(report: Report): string {
  return toCsv(
    ['day', 'currency', ...FIGURES.map((f) => f.key)],
    report.rows.map((r) => [r.day, r.currency, ...FIGURES.map((f) => r[f.key])]),
  );
}

export default function Reports() {
  const [from, setFrom] = useState(() => dhakaDate(6));
  const [to, setTo] = useState(() => dhakaDate(0));
  // the range shown: the first at once, later ones on "Show" (the last report stays until the next comes)
  const [shown, setShown] = useState({ from, to });
  const q = useStaffQuery(staffDailyReport, { query: shown }, { keepPrevious: true });
  const report: Report | null = q.data ?? null;
  const error = q.error ? errorText(q.error) : null;
  const busy = q.isFetching;
  const run = () => (shown.from === from && shown.to === to ? void q.refetch() : setShown({ from, to }));

  function download() {
    if (!report) return;
    downloadCsv(`report-${report.from}-${report.to}.csv`, reportCsv(report));
  }

  const preset = (days: number) => {
    setFrom(dhakaDate(days - 1));
    setTo(dhakaDate(0));
  };

  return (
    <Screen>
      <h1>Reports</h1>
      <p
        css={css`
          color: ${theme.color.textMuted};
          font-size: 13px;
          margin-top: 0;
        `}
      >
        Daily figures per currency from the ledger, by Dhaka date (GMT+6). GGR: casino bets minus wins and rollbacks. Bonus cost: deposit
        bonuses, claimed cash bonuses and VIP point conversions.
      </p>
      <Toolbar>
        <label>
          From <input type="date" aria-label="From (Dhaka date)" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          To <input type="date" aria-label="To (Dhaka date)" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </label>
        <Button onClick={run} disabled={busy || !from || !to}>
          {busy ? 'Loading…' : 'Show'}
        </Button>
        <Button variant="ghost" onClick={() => preset(1)}>
          Today
        </Button>
        <Button variant="ghost" onClick={() => preset(7)}>
          7 days
        </Button>
        <Button variant="ghost" onClick={() => preset(30)}>
          30 days
        </Button>
        <span style={{ flex: 1 }} />
        <Button variant="secondary" onClick={download} disabled={!report}>
          Export CSV
        </Button>
      </Toolbar>
      {error && <ErrorText>{error}</ErrorText>}
      {report && (
        <div style={{ overflow: 'auto' }}>
          <table css={tableCss} data-testid="report-table">
            <thead>
              <tr>
                <th>Day</th>
                <th>Currency</th>
                {FIGURES.map((f) => (
                  <th key={f.key}>{f.label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={`${r.day}|${r.currency}`}>
                  <td>{r.day}</td>
                  <td>{r.currency}</td>
                  {FIGURES.map((f) => (
                    <Cell key={f.key} v={r[f.key]} />
                  ))}
                </tr>
              ))}
              {report.rows.length === 0 && (
                <tr>
                  <td colSpan={2 + FIGURES.length} style={{ textAlign: 'center', color: theme.color.textMuted }}>
                    No money moved in this range.
                  </td>
                </tr>
              )}
            </tbody>
            <tfoot>
              {report.totals.map((t) => (
                <tr key={t.currency}>
                  <td>Total</td>
                  <td>{t.currency}</td>
                  {FIGURES.map((f) => (
                    <Cell key={f.key} v={t[f.key]} />
                  ))}
                </tr>
              ))}
            </tfoot>
          </table>
        </div>
      )}
    </Screen>
  );
}

function Cell(props: { v: string }) {
  return cell(props.v);
}
