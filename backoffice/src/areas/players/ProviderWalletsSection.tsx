// The player page's "Provider wallets" section (issue 30): each wallet the player has at a transfer-wallet provider
// (what the ledger holds there, what the provider last reported and when, GMT+6) and every transfer with its state;
// payments staff re-query and resolve a pending one there (ProviderTransfers). Nothing when the player never had one.
import { Link } from 'react-router';
import { css } from '@emotion/react';
import { staffPlayerProviderWallets } from '@khela/contracts';
import { AsyncState, Card, DateTime, Money, Muted } from '@khela/web';
import { figuresTableCss } from '../../ui/layout';
import { TransferTable } from '../payments/ProviderTransfers';
import { useStaffQuery } from '../../ui/query';

export function ProviderWalletsSection({ playerId }: { playerId: number }) {
  const q = useStaffQuery(staffPlayerProviderWallets, { params: { id: playerId } });
  return (
    <AsyncState
      query={q}
      loading={null}
      isEmpty={(d) => !d.wallets.length && !d.transfers.length}
      empty={null}
      testId="provider-wallets-error"
    >
      {(d) => {
        const pending = d.transfers.filter((t) => t.state === 'pending').length;
        return (
          <Card
            data-testid="player-provider-wallets"
            css={css`
              padding: 8px 12px;
              margin-bottom: 12px;
            `}
          >
            <div
              css={css`
                display: flex;
                gap: 12px;
                align-items: baseline;
                flex-wrap: wrap;
                margin-bottom: 4px;
              `}
            >
              <strong>Provider wallets</strong>
              <Muted>
                {d.transfers.length} transfer{d.transfers.length === 1 ? '' : 's'}
                {pending ? `, ${pending} pending` : ''}
              </Muted>
              <Link to="/players/pending-transfers" style={{ fontSize: 13 }}>
                All pending transfers →
              </Link>
            </div>
            <table css={figuresTableCss}>
              <thead>
                <tr>
                  <th>Provider</th>
                  <th>Ledger</th>
                  <th>Last reported</th>
                  <th>Reported at (GMT+6)</th>
                </tr>
              </thead>
              <tbody>
                {d.wallets.map((w) => (
                  <tr key={w.provider} data-testid={`player-provider-wallet-${w.provider}`}>
                    <td>{w.name}</td>
                    <td data-testid="provider-wallet-ledger">
                      <Money value={w.ledger_balance} />
                    </td>
                    <td data-testid="provider-wallet-reported">
                      <Money value={w.reported} />
                    </td>
                    <td>
                      <DateTime value={w.reported_at} zone />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {d.transfers.length > 0 && (
              <details open={pending > 0}>
                <summary
                  css={css`
                    cursor: pointer;
                    font-size: 13px;
                    margin: 8px 0 4px;
                  `}
                >
                  Transfers
                </summary>
                <TransferTable rows={d.transfers} onChanged={() => void q.refetch()} testId="player-provider-transfers" />
              </details>
            )}
          </Card>
        );
      }}
    </AsyncState>
  );
}
