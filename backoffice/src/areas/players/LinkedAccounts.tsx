import { Link } from 'react-router';
import { css } from '@emotion/react';
import type { StaffPlayerProfile } from '@khela/contracts';
import { Card, theme } from '@khela/web';
import { when, whenCell } from '../../ui/time';

type PlayerLink = NonNullable<StaffPlayerProfile['links']>[number];

/**
 * The accounts linked to this one (the same verified phone, name and birthday, payer number or device), each with its
 * reason and what is shared; a linked account's self-exclusion is shown, as it closes this account's deposits and
 * stakes too. Nothing when there is no link.
 */
export function LinkedAccounts({ links }: { links: PlayerLink[] }) {
  if (!links.length) return null;
  const excluded = links.some((l) => l.self_excluded_until !== undefined);
  return (
    <Card
      data-testid="linked-accounts"
      css={css`
        padding: 8px 12px;
        margin-bottom: 12px;
        ${excluded ? `border-left: 4px solid ${theme.color.danger};` : ''}
      `}
    >
      <div style={{ fontWeight: 600, marginBottom: 4 }}>
        Linked accounts ({links.length})
        {excluded ? (
          <span style={{ color: theme.color.danger, fontWeight: 400, marginLeft: 8 }} data-testid="linked-excluded">
            a linked account is self-excluded: deposits and stakes here are refused
          </span>
        ) : null}
      </div>
      <table
        css={css`
          width: 100%;
          font-size: 13px;
          border-collapse: collapse;
          td,
          th {
            text-align: left;
            padding: 2px 8px 2px 0;
          }
        `}
      >
        <thead>
          <tr style={{ color: theme.color.textMuted }}>
            <th>Account</th>
            <th>Reason</th>
            <th>Shared</th>
            <th>Found (GMT+6)</th>
            <th>Self-exclusion</th>
          </tr>
        </thead>
        <tbody>
          {links.map((l) => (
            <tr key={`${l.player_id}:${l.reason}`} data-testid="linked-account">
              <td>
                <Link to={`/players/${l.player_id}`}>
                  {l.username} #{l.player_id}
                </Link>
              </td>
              <td>{l.reason_label}</td>
              <td>{l.detail}</td>
              <td>{whenCell(l.created_at)}</td>
              <td>
                {l.self_excluded_until === undefined
                  ? '—'
                  : l.self_excluded_until === null
                    ? 'permanent'
                    : `until ${when(l.self_excluded_until)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
