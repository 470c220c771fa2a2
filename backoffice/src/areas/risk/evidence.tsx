// An alert's evidence as staff read it, whatever the rule: its figures as label/value pairs, each list of rows
// (transactions, deposits, accounts, claims, links) as a table; times in Dhaka time, players linked to their page.
import { Fragment } from 'react';
import { Link } from 'react-router';
import { css } from '@emotion/react';
import type { AlertState } from '@khela/contracts';
import { Badge, DateTime, type Tone } from '@khela/web';
import { Facts, figuresTableCss } from '../../ui/layout';

const TX_STATUS = ['pending', 'approved', 'rejected'];
const isTime = (key: string) => /(^at$|_at$|_seen$)/.test(key);
const label = (key: string) => (key.charAt(0).toUpperCase() + key.slice(1)).replace(/_/g, ' ') + (isTime(key) ? ' (GMT+6)' : '');

function Value(props: { k: string; v: unknown }) {
  const { k, v } = props;
  if (v === null || v === undefined || v === '') return <>—</>;
  if (isTime(k) && typeof v === 'string') return <DateTime value={v} />;
  if ((k === 'player_id' || k === 'linked_id') && typeof v === 'number') return <Link to={`/players/${v}`}>{v}</Link>;
  if (k === 'status' && typeof v === 'number') return <>{TX_STATUS[v] ?? v}</>;
  if (typeof v === 'object') return <code>{JSON.stringify(v)}</code>;
  return <>{String(v)}</>;
}

const FIRST = ['at', 'id', 'player_id', 'linked_id', 'username', 'source', 'type', 'amount', 'count', 'total', 'currency', 'status'];
const rank = (k: string) => (FIRST.includes(k) ? FIRST.indexOf(k) : isTime(k) ? 100 : 50);

function RowsTable(props: { name: string; rows: Record<string, unknown>[] }) {
  // the database keeps JSON keys in its own order: who and what first, then the rest, the times last
  const keys = [...new Set(props.rows.flatMap((r) => Object.keys(r)))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return (
    <table
      data-testid={`risk-evidence-${props.name}`}
      css={[
        figuresTableCss,
        css`
          margin-top: 8px;
          width: 100%;
          font-size: 12px;
          th,
          td {
            text-align: left;
            white-space: normal;
          }
        `,
      ]}
    >
      <thead>
        <tr>
          {keys.map((k) => (
            <th key={k}>{label(k)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r, i) => (
          <tr key={i}>
            {keys.map((k) => (
              <td key={k}>
                <Value k={k} v={r[k]} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Evidence(props: { evidence: unknown }) {
  const ev = (props.evidence ?? {}) as Record<string, unknown>;
  const entries = Object.entries(ev);
  const lists = entries.filter(([, v]) => Array.isArray(v) && v.length && typeof v[0] === 'object') as [
    string,
    Record<string, unknown>[],
  ][];
  const objects = entries.filter(([, v]) => v && typeof v === 'object' && !Array.isArray(v)) as [string, Record<string, unknown>][];
  const plain = entries.filter(([, v]) => !v || typeof v !== 'object');
  if (!entries.length) return <p>No evidence was recorded with this alert.</p>;
  return (
    <div data-testid="risk-evidence">
      <Facts>
        {plain.map(([k, v]) => (
          <Fragment key={k}>
            <dt>{label(k)}</dt>
            <dd>
              <Value k={k} v={v} />
            </dd>
          </Fragment>
        ))}
      </Facts>
      {objects.map(([k, v]) => (
        <section key={k}>
          <h3
            css={css`
              font-size: 14px;
              margin: 12px 0 0;
            `}
          >
            {label(k)}
          </h3>
          <RowsTable name={k} rows={[v]} />
        </section>
      ))}
      {lists.map(([k, v]) => (
        <section key={k}>
          <h3
            css={css`
              font-size: 14px;
              margin: 12px 0 0;
            `}
          >
            {label(k)} ({v.length})
          </h3>
          <RowsTable name={k} rows={v} />
        </section>
      ))}
    </div>
  );
}

const STATE_TONE: Record<AlertState, Tone> = { open: 'warning', investigating: 'info', resolved: 'success', dismissed: 'muted' };
export function AlertStateBadge(props: { state: AlertState }) {
  return <Badge tone={STATE_TONE[props.state]}>{props.state}</Badge>;
}
