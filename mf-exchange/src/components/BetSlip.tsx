import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { Button, Modal, theme } from '@khela/web';

export interface BetPick {
  market: string;
  selection: string;
  side: 'back' | 'lay' | 'yes' | 'no';
  price: number;
}

/** Betting is not open yet: a price click shows what was picked and says so. */
export function BetSlip({ pick, onClose }: { pick: BetPick | null; onClose: () => void }) {
  const { t } = useTranslation(['exchange', 'common']);
  const sideLabel = pick
    ? t(pick.side === 'back' || pick.side === 'lay' ? `exchange:odds.${pick.side}` : `exchange:odds.${pick.side}`)
    : '';
  return (
    <Modal
      open={pick !== null}
      title={t('exchange:betSlip.title')}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('common:close')}</Button>}
    >
      {pick && (
        <div data-testid="bet-slip">
          <dl
            css={css`
              display: grid;
              grid-template-columns: auto 1fr;
              gap: 6px 12px;
              margin: 0 0 12px;
            `}
          >
            <dt
              css={css`
                color: ${theme.color.textMuted};
              `}
            >
              {pick.market}
            </dt>
            <dd
              css={css`
                margin: 0;
              `}
            >
              {pick.selection}
            </dd>
            <dt
              css={css`
                color: ${theme.color.textMuted};
              `}
            >
              {t('exchange:betSlip.side')}
            </dt>
            <dd
              css={css`
                margin: 0;
              `}
            >
              {sideLabel}
            </dd>
            <dt
              css={css`
                color: ${theme.color.textMuted};
              `}
            >
              {t('exchange:betSlip.odds')}
            </dt>
            <dd
              css={css`
                margin: 0;
              `}
            >
              {pick.price}
            </dd>
          </dl>
          <p role="status">{t('exchange:betSlip.soon')}</p>
        </div>
      )}
    </Modal>
  );
}
