// The player beside a conversation (right pane): who they are, their wallet, their last payments.
import { Link } from 'react-router';
import { css } from '@emotion/react';
import type { ResponseOf, staffChat } from '@khela/contracts';
import { Money, Muted, StatusBadge, theme } from '@khela/web';
import { Facts } from '../../../ui/layout';
import { when } from '../../../ui/time';
import { paneCss } from './styles';

type DeskPlayer = ResponseOf<typeof staffChat>['player'];

const PAYMENT_STATUS = ['Pending', 'Success', 'Failed'];

export function PlayerPanel({ player }: { player: DeskPlayer }) {
  return (
    <aside css={paneCss} data-testid="desk-player" aria-label="Player">
      <h2
        css={css`
          margin-top: 0 !important;
        `}
      >
        Player
      </h2>
      <Facts>
        <dt>Username</dt>
        <dd>
          <Link to={`/players/${player.id}`}>{player.username}</Link>
        </dd>
        <dt>Player id</dt>
        <dd>{player.id}</dd>
        <dt>Name</dt>
        <dd>{player.name ?? '—'}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={player.status} variant="text" testId="desk-player-status" />
        </dd>
        <dt>Currency</dt>
        <dd>{player.currency}</dd>
        <dt>Balance</dt>
        <dd data-testid="desk-player-balance">
          <Money value={player.balance} /> {player.currency}
        </dd>
        <dt>Phone</dt>
        <dd>
          {player.phone ?? '—'} {player.phone_verified ? '✓ verified' : '(not verified)'}
        </dd>
        <dt>E-mail</dt>
        <dd>{player.email_verified ? 'verified' : 'not verified'}</dd>
        <dt>Joined</dt>
        <dd>{when(player.created_at)}</dd>
      </Facts>
      <h2>Last payments</h2>
      {player.transactions.length === 0 ? (
        <Muted>None yet</Muted>
      ) : (
        <table
          css={css`
            width: 100%;
            font-size: 12px;
            border-collapse: collapse;
            td {
              padding: 3px 4px;
              border-bottom: 1px solid ${theme.color.border};
            }
          `}
        >
          <tbody>
            {player.transactions.map((t) => (
              <tr key={t.id}>
                <td>{t.action === 'deposit' ? 'Deposit' : 'Withdrawal'}</td>
                <td>
                  <Money value={t.amount} /> {t.currency}
                </td>
                <td>{PAYMENT_STATUS[t.status] ?? t.status}</td>
                <td>{when(t.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </aside>
  );
}
