// Area 'dashboard': the queues, players online, today's money per currency and open alerts; every role.
import { Link } from 'react-router';
import { css } from '@emotion/react';
import { alertNeedsNote, staffDashboard, staffResolveAlert } from '@khela/contracts';
import { Button, Card, ErrorText, Spinner, errorText, theme, Muted, Grow } from '@khela/web';
import { allows, useStaffAccount } from '../../staff/context';
import { useStaffChange, useStaffQuery } from '../../ui/query';
import { Screen, Toolbar, figuresTableCss, Spacer, RowTitle } from '../../ui/layout';
import { when } from '../../ui/time';

/**
 * "BDT 1,200.50": staff read several currencies side by side, so the code rather than a symbol (exact decimal
 * strings from the API; grouping only).
 */
export function staffMoney(amount: string, currency: string): string {
  const [int = '0', frac = '00'] = amount.replace(/^-/, '').split('.');
  const sign = amount.startsWith('-') ? '-' : '';
  return `${currency} ${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0')}`;
}

/** Refresh period besides the staff push events. */
export const DASHBOARD_REFRESH_MS = 30_000;
const EVENT_DEBOUNCE_MS = 1_000;

const tilesCss = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 12px;
  margin-bottom: 16px;
`;
const tileCss = css`
  padding: 12px 14px;
  h2 {
    font-size: 13px;
    color: ${theme.color.textMuted};
    margin: 0 0 6px;
    font-weight: 600;
  }
  .big {
    font-size: 26px;
    font-weight: 700;
  }
  .sub {
    font-size: 12px;
    color: ${theme.color.textMuted};
  }
`;
export default function Dashboard() {
  const op = useStaffAccount();
  // every 30 s, and after the staff stream's payment, chat and alert events: a busy desk sends many, so once a second
  // after the first of a burst
  const q = useStaffQuery(
    staffDashboard,
    {},
    { refetchInterval: DASHBOARD_REFRESH_MS, topics: ['payment', 'chat', 'alert'], pushDelayMs: EVENT_DEBOUNCE_MS },
  );
  const data = q.data ?? null;
  const updated = q.dataUpdatedAt ? new Date(q.dataUpdatedAt) : null;
  const change = useStaffChange();
  // a failed resolve, else a failed read (the last figures stay shown)
  const error = change.errorText ?? (q.error ? errorText(q.error) : null);
  const load = () => void q.refetch();

  const canResolve = allows(op, ['risk']);
  // resolved or refused, the dashboard is read again
  const resolve = async (id: number) => {
    if (!(await change.run(staffResolveAlert, { params: { id }, body: {} }))) load();
  };

  if (!data) {
    return <Screen>{error ? <ErrorText>{error}</ErrorText> : <Spinner label="Loading the dashboard" />}</Screen>;
  }
  const pending = (action: 'deposit' | 'withdraw') => data.pending.filter((p) => p.action === action);
  const count = (action: 'deposit' | 'withdraw') => pending(action).reduce((n, p) => n + p.count, 0);

  return (
    <Screen>
      <Toolbar>
        <RowTitle>Dashboard</RowTitle>
        <Spacer />
        {updated && <Muted>Updated {when(updated.toISOString())}</Muted>}
        <Button variant="ghost" onClick={() => void load()}>
          Refresh
        </Button>
      </Toolbar>
      {error && <ErrorText>{error}</ErrorText>}
      <div css={tilesCss}>
        {(['deposit', 'withdraw'] as const).map((action) => (
          <Card key={action} css={tileCss} data-testid={`tile-pending-${action}`}>
            <h2>Pending {action === 'deposit' ? 'deposits' : 'withdrawals'}</h2>
            <div className="big">{count(action)}</div>
            {pending(action).map((p) => (
              <div className="sub" key={p.currency}>
                {p.amount === null ? `${p.count} in ${p.currency}` : `${p.count} · ${staffMoney(p.amount, p.currency)}`}
              </div>
            ))}
          </Card>
        ))}
        <Card css={tileCss} data-testid="tile-open-chats">
          <h2>Open chats</h2>
          <div className="big">{data.open_chats}</div>
          <div className="sub">waiting for an answer</div>
        </Card>
        <Card css={tileCss} data-testid="tile-online">
          <h2>Players online</h2>
          <div className="big">{data.players_online}</div>
          <div className="sub">with a live connection</div>
        </Card>
        <Card css={tileCss} data-testid="tile-alerts">
          <h2>Open alerts</h2>
          <div
            className="big"
            css={css`
              color: ${data.alerts_total ? theme.color.warning : 'inherit'};
            `}
          >
            {data.alerts_total}
          </div>
        </Card>
      </div>

      {/* the content role is not shown money totals (the API leaves them out): nothing to show here */}
      {data.today &&
        ((today) => (
          <>
            <h2>Today ({today.day}, Dhaka date)</h2>
            {today.rows.length === 0 ? (
              <Muted as="p">No money has moved today yet.</Muted>
            ) : (
              <table
                css={[
                  figuresTableCss,
                  css`
                    min-width: 520px;
                  `,
                ]}
                data-testid="today"
              >
                <thead>
                  <tr>
                    <th>Currency</th>
                    <th>Deposits</th>
                    <th>Withdrawals</th>
                    <th>Casino GGR</th>
                    <th>Exchange commission</th>
                  </tr>
                </thead>
                <tbody>
                  {today.rows.map((r) => (
                    <tr key={r.currency}>
                      <td>{r.currency}</td>
                      <td>{staffMoney(r.deposits, r.currency)}</td>
                      <td>{staffMoney(r.withdrawals, r.currency)}</td>
                      <td>{staffMoney(r.casino_ggr, r.currency)}</td>
                      <td>{staffMoney(r.exchange_commission, r.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        ))(data.today)}

      <h2>Alerts</h2>
      {data.alerts.length === 0 ? (
        <Muted as="p">Nothing to look at.</Muted>
      ) : (
        <ul
          data-testid="alerts"
          css={css`
            list-style: none;
            padding: 0;
            margin: 0;
            font-size: 13px;
            li {
              display: flex;
              gap: 12px;
              align-items: center;
              padding: 8px 0;
              border-bottom: 1px solid ${theme.color.border};
            }
          `}
        >
          {data.alerts.map((a) => (
            <li key={a.id}>
              <span
                css={css`
                  color: ${theme.color.textMuted};
                  white-space: nowrap;
                `}
              >
                {when(a.created_at)}
              </span>
              <strong>{a.kind}</strong>
              <Grow as="span">
                {a.message}
                {a.ref ? ` (${a.ref})` : ''}
              </Grow>
              {canResolve &&
                // a fraud, AML or player-protection alert is closed on its Risk page, with a note of what was done
                (alertNeedsNote(a.kind) ? (
                  <Link to={`/risk/alerts/${a.id}`}>Open in Risk</Link>
                ) : (
                  <Button variant="secondary" onClick={() => void resolve(a.id)}>
                    Resolve
                  </Button>
                ))}
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
