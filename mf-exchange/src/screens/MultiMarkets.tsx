import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { IconButton, LoadFailed, NoData, Spinner, formatMoney, theme, useLocale, Row } from '@khela/web';
import { pinStore, usePins, usePinsStatus, type PinnedMarket } from '../state';
import '../i18n-account';
import { useLiveMatchOdds } from '../trading/live-market';
import { runnerPl, useMarketPosition } from '../trading/market-position';
import { toMatchOdds } from './OddsView';
import { MatchOddsTable } from '../components/markets';
import { BetSlip, type BetPick } from '../components/BetSlip';
import { useOpenEvent } from '../components/events';

/** While the push stream is down, a pinned market is read this often. */
export const MULTI_POLL_MS = 2_000;

function PinnedCard({ pin, onPick }: { pin: PinnedMarket; onPick: (p: BetPick) => void }) {
  const { t } = useTranslation('exchange');
  const open = useOpenEvent();
  // the API's book, kept live by push (polled every 2 s only while the stream is down)
  const { market, missing } = useLiveMatchOdds(pin.marketId, MULTI_POLL_MS);
  // the player's P&L per runner and exposure here, while they have bets on it (as the odds view shows them)
  const position = useMarketPosition(pin.marketId);
  const locale = useLocale();
  return (
    <div
      data-testid="pinned-market"
      css={css`
        margin-bottom: 8px;
      `}
    >
      <Row justify="between">
        <button
          type="button"
          onClick={() =>
            open({
              EventId: pin.eventId,
              MarketId: pin.marketId,
              Event: pin.name,
              sportKey: pin.sport,
              Fancy: false,
              Bookmaker: false,
              inplay: false,
            })
          }
          css={css`
            appearance: none;
            border: 0;
            background: none;
            color: ${theme.color.text};
            font: inherit;
            font-weight: 700;
            cursor: pointer;
            text-align: left;
            padding: 8px 0;
          `}
        >
          {t(`sport.${pin.sport}`)} · {pin.name}
        </button>
        <IconButton type="button" aria-label={`${t('unpin')}: ${pin.name}`} onClick={() => pinStore.toggle(pin)}>
          ✕
        </IconButton>
      </Row>
      {position && (
        <div
          data-testid="pinned-exposure"
          css={css`
            font-size: ${theme.fontSize.sm};
            color: ${theme.color.textMuted};
            margin-bottom: 4px;
          `}
        >
          {t('header.exposure')}: {formatMoney(position.exposure, position.currency, locale)}
        </div>
      )}
      {market ? (
        <MatchOddsTable market={toMatchOdds(market)} onPick={onPick} book={position ? { now: runnerPl(position) } : undefined} />
      ) : missing ? (
        <NoData text={t('odds.marketMissing')} />
      ) : (
        <Spinner />
      )}
    </div>
  );
}

/** /exchange-multi: the player's pinned markets (kept on the server: they survive a reload and follow the player). */
export function MultiMarkets() {
  const { t } = useTranslation('exchange');
  const pins = usePins();
  const status = usePinsStatus();
  const [pick, setPick] = useState<BetPick | null>(null);
  return (
    <div
      data-testid="exchange-multi"
      css={css`
        padding: 8px 12px;
      `}
    >
      {pins.length > 0 ? (
        pins.map((p) => <PinnedCard key={p.marketId} pin={p} onPick={setPick} />)
      ) : status === 'loading' ? (
        <Spinner />
      ) : status === 'error' ? (
        <LoadFailed error={null} message={t('pins.loadFailed')} onRetry={() => pinStore.load()} />
      ) : (
        <NoData text={t('multi.empty')} />
      )}
      <BetSlip pick={pick} onClose={() => setPick(null)} />
    </div>
  );
}
