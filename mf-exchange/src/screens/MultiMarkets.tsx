import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { NoData, Spinner, theme, useHost } from '@khela/web';
import { oddsClient } from '../odds';
import { pinStore, usePins, type PinnedMarket } from '../state';
import { usePoll } from '../usePoll';
import { MatchOddsTable } from '../components/markets';
import { BetSlip, type BetPick } from '../components/BetSlip';
import { useOpenEvent } from '../components/events';

function PinnedCard({ pin, onPick }: { pin: PinnedMarket; onPick: (p: BetPick) => void }) {
  const { api } = useHost();
  const { t } = useTranslation('exchange');
  const open = useOpenEvent();
  const [market, setMarket] = useState<schemas.MatchOdds[number] | null>(null);
  usePoll(async (signal) => setMarket((await oddsClient(api).matchOdds(pin.marketId, signal))[0] ?? null), 2_000, pin.marketId);
  return (
    <div
      data-testid="pinned-market"
      css={css`
        margin-bottom: 8px;
      `}
    >
      <div
        css={css`
          display: flex;
          justify-content: space-between;
          align-items: center;
          gap: 8px;
        `}
      >
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
        <button
          type="button"
          aria-label={`${t('unpin')}: ${pin.name}`}
          onClick={() => pinStore.toggle(pin)}
          css={css`
            appearance: none;
            border: 0;
            background: none;
            color: ${theme.color.textMuted};
            cursor: pointer;
            font-size: 18px;
            min-width: 44px;
            min-height: 44px;
          `}
        >
          ✕
        </button>
      </div>
      {market ? <MatchOddsTable market={market} onPick={onPick} /> : <Spinner />}
    </div>
  );
}

/** /exchange-multi: the markets pinned this session. */
export function MultiMarkets() {
  const { t } = useTranslation('exchange');
  const pins = usePins();
  const [pick, setPick] = useState<BetPick | null>(null);
  return (
    <div
      data-testid="exchange-multi"
      css={css`
        padding: 8px 12px;
      `}
    >
      {pins.length === 0 ? <NoData text={t('multi.empty')} /> : pins.map((p) => <PinnedCard key={p.marketId} pin={p} onPick={setPick} />)}
      <BetSlip pick={pick} onClose={() => setPick(null)} />
    </div>
  );
}
