// The top of a player's page: name, status, upline flags, hold and protection badges; then the wallet's figures.
import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import type { StaffPlayerProfile } from '@khela/contracts';
import { Card, theme, StatusBadge } from '@khela/web';
import { FlagCell } from './ui';
import { RowTitle } from '../../ui/layout';

/** The name row: `children` are the pieces with reads of their own (hold, protection badges). */
export function PlayerTitle({ p, children }: { p: StaffPlayerProfile; children?: ReactNode }) {
  return (
    <div
      css={css`
        display: flex;
        align-items: center;
        gap: 12px;
        flex-wrap: wrap;
        margin: 8px 0 12px;
      `}
    >
      <RowTitle>
        {p.username} <small style={{ color: theme.color.textMuted, fontWeight: 400 }}>#{p.id}</small>
      </RowTitle>
      <StatusBadge status={p.status} testId="player-status" />
      <span data-testid="player-flags" style={{ fontSize: 13 }}>
        exchange <FlagCell value={p.exchange_market} /> · casino <FlagCell value={p.cs_market} />
      </span>
      {children}
    </div>
  );
}

/** The wallet in cards: balance, available, exposure, pending withdrawals, owed, bonus, VIP coin, turnover to go. */
export function WalletFigures({ p }: { p: StaffPlayerProfile }) {
  return (
    <div
      css={css`
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
        gap: 8px;
        margin-bottom: 12px;
      `}
    >
      {(
        [
          ['Balance', p.wallet.balance],
          ['Available', p.wallet.available],
          ['Exposure', p.wallet.exposure],
          ['Pending withdrawals', p.wallet.pending_withdrawals],
          ['Owed', p.wallet.owed],
          ['Cash bonus', p.cash_bonus],
          ['VIP coin', String(p.vip_coin)],
          ['Turnover to go', p.turnover_remaining],
        ] as const
      ).map(([label, value]) => (
        <Card
          key={label}
          css={css`
            padding: 8px 12px;
          `}
        >
          <div style={{ fontSize: 12, color: theme.color.textMuted }}>{label}</div>
          <div data-testid={`wallet-${label.toLowerCase().replace(/ /g, '-')}`} style={{ fontSize: 17, fontWeight: 600 }}>
            {value} {label === 'VIP coin' ? '' : p.currency}
          </div>
        </Card>
      ))}
    </div>
  );
}
