import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import {
  ErrorText,
  IconButton,
  ApiError,
  Button,
  formatMoney,
  formatNumber,
  mq,
  protectionGateText,
  protectionRefusal,
  protectionText,
  theme,
  useBalance,
  useHost,
  useLocale,
  useProtection,
  type ProtectionRefusalBody,
  Grow,
  Row,
  Actions,
  focusAfterPaint,
} from '@khela/web';
import { useTrading, useTradingStore } from '../trading/context';
import { minorToAmount, slipFigures, snapPrice, stakeToMinor, stepLadder, type BetPick } from '../trading/maths';
import { usePushUp } from '../trading/live';
import { useMaxLiability } from '../trading/liability-limit';
import { refusalText } from '../trading/refusals';
import { useExchangeSettings } from '../trading/settings';
import { settingsRefusalText } from './trader-texts';
import '../i18n-trader';

export type { BetPick } from '../trading/maths';

/** What the slip holds now, for the odds view's "P&L with this bet" (stake in paisa, price as shown). */
export interface SlipDraft {
  pick: BetPick;
  stakeMinor: number;
  price: number;
}

const SIDE_BG: Record<BetPick['side'], string> = { back: '#d4ebfb', yes: '#d4ebfb', lay: '#fde0e6', no: '#fde0e6' };
const SIDE_EDGE: Record<BetPick['side'], string> = {
  back: theme.color.back,
  yes: theme.color.back,
  lay: theme.color.lay,
  no: theme.color.lay,
};

const pickKey = (p: BetPick) => `${p.marketId}|${p.selectionId}|${p.side}|${p.price}|${p.rate ?? ''}|${p.selection}`;

/** The request body of a pick at a price with a stake (paisa). */
export function betBody(pick: BetPick, price: number, stakeMinor: number, keepInPlay = false): schemas.PlaceBetBody {
  const stake = minorToAmount(stakeMinor);
  if (pick.kind === 'FANCY')
    return {
      market_id: pick.marketId,
      ...(pick.selectionId ? { selection_id: pick.selectionId } : {}),
      side: pick.side === 'yes' ? 'YES' : 'NO',
      line: pick.price,
      rate: pick.rate ?? 0,
      stake,
    };
  return {
    market_id: pick.marketId,
    selection_id: pick.selectionId,
    side: pick.side === 'back' ? 'BACK' : 'LAY',
    price: pick.kind === 'BOOKMAKER' ? schemas.bookmakerRateToPrice(price) : price,
    stake,
    // only a Match Odds bet can rest unmatched at the turn in-play (BookMaker is matched in full at once)
    ...(pick.kind === 'MATCH_ODDS' ? { persistence: keepInPlay ? 'PERSIST' : 'LAPSE' } : {}),
  };
}

/** One-click betting: the slip places at once with this stake (paisa); `n` tells two clicks on one price apart. */
export interface OneClick {
  stakeMinor: number;
  n: number;
}

/**
 * The bet slip of a price click (Match Odds back/lay, BookMaker back/lay, Fancy YES/NO), Betfair's colours: the
 * stake with presets, the price stepped along the ladder (Match Odds; BookMaker and Fancy prices are fixed), the
 * profit and liability before confirming; Confirm places the bet with a fresh Idempotency-Key (the same key again
 * on a retry after a network failure). A bet in its delay counts down here and cannot be cancelled (no Cancel, no
 * close: as on Betfair); the slip closes when its outcome is known, which goes to the header's message box and bell.
 * Refusals are shown with the API's own message (in Bangla when the contracts know it); responsible gambling's (play
 * closed, a wager or loss limit) in the player's language. While the session says play is closed, nothing can be
 * confirmed.
 */
export function BetSlip({
  pick,
  onClose,
  onDraft,
  oneClick,
  inplay = false,
}: {
  pick: BetPick | null;
  onClose: () => void;
  onDraft?: (d: SlipDraft | null) => void;
  /** One-click betting: placed at once with the stake chosen in advance (the delay and refusals show as usual). */
  oneClick?: OneClick | null;
  /** The market is in play now (the keep in-play choice says what it means then). */
  inplay?: boolean;
}) {
  if (!pick) return null;
  return (
    <Slip
      key={`${pickKey(pick)}|${oneClick?.n ?? ''}`}
      pick={pick}
      onClose={onClose}
      onDraft={onDraft}
      oneClick={oneClick ?? null}
      inplay={inplay}
    />
  );
}

type Phase = 'edit' | 'sending' | 'pending' | 'network';

function Slip({
  pick,
  onClose,
  onDraft,
  oneClick,
  inplay,
}: {
  pick: BetPick;
  onClose: () => void;
  onDraft?: (d: SlipDraft | null) => void;
  oneClick: OneClick | null;
  inplay: boolean;
}) {
  const { t, i18n } = useTranslation(['exchange', 'common']);
  const settings = useExchangeSettings();
  const { session, navigate } = useHost();
  const store = useTradingStore();
  useTrading(); // re-render on every change of the player's bets (the delay's outcome)
  const wallet = useBalance();
  const pushUp = usePushUp();
  const [stake, setStake] = useState(oneClick ? minorToAmount(oneClick.stakeMinor).replace(/\.00$/, '') : '');
  // keep in-play: the player's remembered choice, changed here (and saved for their next bets)
  const [keep, setKeep] = useState(settings.settings.keep_in_play);
  const keepTouched = useRef(false);
  useEffect(() => {
    if (!keepTouched.current) setKeep(settings.settings.keep_in_play);
  }, [settings.settings.keep_in_play]);
  const [editing, setEditing] = useState(false);
  const [settingError, setSettingError] = useState<string | null>(null);
  const [price, setPrice] = useState(pick.price);
  const [priceText, setPriceText] = useState(String(pick.price));
  const [phase, setPhase] = useState<Phase>('edit');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<ProtectionRefusalBody | null>(null);
  const locale = useLocale();
  const play = useProtection()?.play;
  const closedText = play ? protectionGateText(play, locale) : null;
  const [pending, setPending] = useState<schemas.ExchangeBetView | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // one key per confirmed bet; kept only for a retry of the same bet after a network failure
  const keyRef = useRef<string | null>(null);
  const stakeRef = useRef<HTMLInputElement>(null);

  const maxLiability = useMaxLiability(pick.kind);
  const editable = pick.kind === 'MATCH_ODDS';
  const bettable = Boolean(pick.marketId) && (pick.kind === 'FANCY' || Boolean(pick.selectionId));
  const stakeMinor = stakeToMinor(stake) ?? 0;
  const { profit, liability } = slipFigures({ ...pick, price }, stakeMinor);
  const money = (minor: number) => formatMoney(minor / 100, wallet?.currency ?? 'BDT', i18n.language);

  // the parent's callbacks may be new functions on every render: the latest is used, none re-runs an effect
  const parent = useRef({ onDraft, onClose });
  parent.current = { onDraft, onClose };
  useEffect(() => {
    parent.current.onDraft?.({ pick, stakeMinor, price });
  }, [pick, stakeMinor, price]);
  useEffect(() => () => parent.current.onDraft?.(null), []);
  useEffect(() => focusAfterPaint(() => stakeRef.current, { preventScroll: true }), []);

  // the bet in its delay: count down, and close once the outcome is known (the header's box tells it)
  const current = pending ? store.bet(pending.id) : undefined;
  const settledOutOfDelay = current !== undefined && current.status !== 'PENDING';
  useEffect(() => {
    if (phase !== 'pending') return;
    if (settledOutOfDelay) {
      parent.current.onClose();
      return;
    }
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [phase, settledOutOfDelay]);

  const changed = () => {
    keyRef.current = null;
    setError(null);
    setRefusal(null);
    if (phase === 'network') setPhase('edit');
  };
  const setStakeText = (v: string) => {
    if (v === '' || /^\d{0,9}(\.\d{0,2})?$/.test(v)) {
      setStake(v);
      changed();
    }
  };
  const setLadderPrice = (p: number) => {
    setPrice(p);
    setPriceText(String(p));
    changed();
  };

  const confirm = async () => {
    if (!bettable || stakeMinor <= 0 || closedText) return;
    keyRef.current ??= schemas.newIdempotencyKey();
    setPhase('sending');
    setError(null);
    setRefusal(null);
    try {
      const res = await store.calls.place(betBody(pick, price, stakeMinor, keep), keyRef.current);
      keyRef.current = null;
      store.placed(res.bet);
      // with the stream up the balance arrives by push; without it, ask
      if (!pushUp) void session.refreshBalance();
      if (res.bet.status === 'PENDING') {
        setPending(res.bet);
        setPhase('pending');
      } else onClose();
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(String((err as Error)?.message ?? err), 0, undefined, true);
      if (e.network) {
        // nothing is known of the bet: the retry sends the same key, so it is placed at most once
        setPhase('network');
      } else {
        keyRef.current = null;
        setPhase('edit');
      }
      setRefusal(protectionRefusal(e));
      const code = (e.data as { code?: string } | undefined)?.code;
      setError(code === 'prices_unavailable' ? t('exchange:odds.unavailableBet') : refusalText(e.message, i18n.language));
    }
  };

  // one-click betting: placed as soon as the slip opens (once: a re-render never places it again)
  const fired = useRef(false);
  useEffect(() => {
    if (!oneClick || fired.current) return;
    fired.current = true;
    void confirm();
    // confirm reads this first render's stake and price: what the click chose
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const changeKeep = (on: boolean) => {
    keepTouched.current = true;
    setKeep(on);
    setSettingError(null);
    // remembered for the player's next bets (on the server: another device too)
    settings.update({ keep_in_play: on }).catch((e: unknown) => setSettingError(settingsRefusalText(e, i18n.language, t)));
  };

  const secondsLeft = pending?.delay_until ? Math.max(0, Math.ceil((Date.parse(pending.delay_until) - now) / 1000)) : 0;
  const sideLabel = t(`exchange:odds.${pick.side}`);
  const busy = phase === 'sending' || phase === 'pending';

  return (
    <section
      data-testid="bet-slip"
      aria-label={t('exchange:betSlip.title')}
      data-side={pick.side}
      css={css`
        position: fixed;
        left: 0;
        right: 0;
        bottom: 56px;
        z-index: ${theme.layer.sheet};
        background: ${SIDE_BG[pick.side]};
        color: #111;
        border-top: 4px solid ${SIDE_EDGE[pick.side]};
        box-shadow: 0 -6px 24px rgba(0, 0, 0, 0.45);
        padding: 10px 12px 12px;
        max-height: calc(100vh - 120px);
        overflow: auto;
        ${mq.desktop} {
          left: auto;
          right: 24px;
          bottom: 72px;
          width: 380px;
          border-radius: ${theme.radius.md};
          border-top-width: 6px;
        }
      `}
    >
      <Row align="start">
        <Grow clip>
          <div
            css={css`
              font-size: 12px;
              color: #333;
            `}
          >
            {pick.marketName}
          </div>
          <div
            css={css`
              font-weight: 700;
              font-size: 15px;
              overflow-wrap: anywhere;
            `}
          >
            <span
              data-testid="slip-side"
              css={css`
                display: inline-block;
                padding: 0 6px;
                margin-right: 6px;
                border-radius: ${theme.radius.sm};
                background: ${SIDE_EDGE[pick.side]};
                font-size: 12px;
                text-transform: uppercase;
              `}
            >
              {sideLabel}
            </span>
            {pick.selection}
          </div>
          {oneClick && (
            <div data-testid="slip-one-click" css={{ fontSize: 12, color: '#333' }}>
              {t('exchange:trader.placing')}
            </div>
          )}
        </Grow>
        {/* a bet in its delay cannot be cancelled (as on Betfair): the slip stays until its outcome is known */}
        {phase !== 'pending' && (
          <IconButton type="button" size={40} colour="#111" aria-label={t('common:close')} onClick={onClose}>
            ✕
          </IconButton>
        )}
      </Row>

      <div
        css={css`
          display: grid;
          grid-template-columns: 1fr 1fr;
          gap: 8px;
          margin-top: 8px;
        `}
      >
        <label css={fieldCss}>
          <span>
            {pick.kind === 'MATCH_ODDS'
              ? t('exchange:betSlip.odds')
              : pick.kind === 'BOOKMAKER'
                ? t('exchange:betSlip.rate')
                : t('exchange:betSlip.lineRate')}
          </span>
          {editable ? (
            <span css={stepperCss}>
              <button
                type="button"
                aria-label={t('exchange:betSlip.priceDown')}
                disabled={busy}
                onClick={() => setLadderPrice(stepLadder(price, -1))}
              >
                −
              </button>
              <input
                data-testid="slip-price"
                inputMode="decimal"
                value={priceText}
                disabled={busy}
                onChange={(e) => {
                  if (/^\d{0,4}(\.\d{0,2})?$/.test(e.target.value)) setPriceText(e.target.value);
                }}
                onBlur={() => setLadderPrice(snapPrice(Number(priceText), pick.side === 'lay' ? 'lay' : 'back'))}
              />
              <button
                type="button"
                aria-label={t('exchange:betSlip.priceUp')}
                disabled={busy}
                onClick={() => setLadderPrice(stepLadder(price, 1))}
              >
                +
              </button>
            </span>
          ) : (
            <output data-testid="slip-price" css={readOnlyCss}>
              {pick.kind === 'FANCY' ? `${pick.price} @ ${pick.rate ?? ''}` : pick.price}
            </output>
          )}
        </label>
        <label css={fieldCss}>
          <span>{t('exchange:betSlip.stake')}</span>
          <input
            ref={stakeRef}
            data-testid="slip-stake"
            inputMode="decimal"
            placeholder={t('exchange:betSlip.stakePlaceholder')}
            value={stake}
            disabled={busy}
            onChange={(e) => setStakeText(e.target.value)}
            css={inputCss}
          />
        </label>
      </div>

      {editing ? (
        <PresetEditor
          presets={settings.settings.stake_presets}
          onDone={() => setEditing(false)}
          save={(p) => settings.update({ stake_presets: p })}
        />
      ) : (
        <div
          css={css`
            display: flex;
            gap: 4px;
            margin-top: 8px;
          `}
        >
          <div
            role="group"
            aria-label={t('exchange:betSlip.presets')}
            data-testid="slip-presets"
            css={css`
              flex: 1;
              display: grid;
              grid-template-columns: repeat(6, 1fr);
              gap: 4px;
            `}
          >
            {settings.settings.stake_presets.map((p, i) => (
              <button key={i} type="button" disabled={busy} onClick={() => setStakeText(String(p))} css={presetCss}>
                {formatNumber(p, locale)}
              </button>
            ))}
          </div>
          {settings.loaded && (
            <button
              type="button"
              data-testid="slip-edit-presets"
              disabled={busy}
              aria-label={t('exchange:trader.editPresets')}
              title={t('exchange:trader.editPresets')}
              onClick={() => setEditing(true)}
              css={[presetCss, { minWidth: 36, flex: 'none' }]}
            >
              ✎
            </button>
          )}
        </div>
      )}

      <dl
        css={css`
          display: grid;
          grid-template-columns: auto 1fr;
          gap: 2px 12px;
          margin: 10px 0 0;
          font-size: 14px;
          dd {
            margin: 0;
            text-align: right;
            font-weight: 700;
            font-variant-numeric: tabular-nums;
          }
        `}
      >
        <dt>{t('exchange:betSlip.profit')}</dt>
        <dd data-testid="slip-profit" style={{ color: '#05571f' }}>
          {money(profit)}
        </dd>
        <dt>{t('exchange:betSlip.liability')}</dt>
        <dd data-testid="slip-liability" style={{ color: '#8c1d18' }}>
          {money(liability)}
        </dd>
        {maxLiability != null && (
          <>
            <dt>{t('exchange:betSlip.maxLiability')}</dt>
            <dd data-testid="slip-max-liability">{formatMoney(maxLiability, wallet?.currency ?? 'BDT', i18n.language)}</dd>
          </>
        )}
        {wallet?.available != null && (
          <>
            <dt>{t('exchange:betSlip.available')}</dt>
            <dd data-testid="slip-available">{formatMoney(wallet.available, wallet.currency ?? 'BDT', i18n.language)}</dd>
          </>
        )}
      </dl>

      {pick.kind === 'MATCH_ODDS' && (
        <div data-testid="slip-keep" css={{ marginTop: 8, fontSize: 13 }}>
          <label css={{ display: 'flex', alignItems: 'center', gap: 8, fontWeight: 600, minHeight: 32 }}>
            <input
              type="checkbox"
              data-testid="slip-keep-in-play"
              checked={keep}
              disabled={busy}
              onChange={(e) => changeKeep(e.target.checked)}
              css={{ width: 20, height: 20 }}
            />
            {t('exchange:trader.keepInPlay')}
          </label>
          <p data-testid="slip-keep-hint" css={{ margin: '2px 0 0', color: '#333' }}>
            {inplay ? t('exchange:trader.inPlayHint') : keep ? t('exchange:trader.keepHint') : t('exchange:trader.lapseHint')}
          </p>
        </div>
      )}
      {settingError && (
        <ErrorText testId="slip-setting-error" css={errorCss}>
          {settingError}
        </ErrorText>
      )}
      {!bettable && <ErrorText css={errorCss}>{t('exchange:betSlip.unavailable')}</ErrorText>}
      {closedText && (
        <ErrorText testId="slip-closed" css={errorCss}>
          {closedText}
        </ErrorText>
      )}
      {play?.reason === 'birthday_missing' && (
        // one birthday rule: entered once on the profile page (locked once set), before the first stake or deposit
        <Button type="button" variant="secondary" block data-testid="slip-birthday" onClick={() => navigate('/profile')}>
          {t('exchange:betSlip.addBirthday')}
        </Button>
      )}
      {(refusal || error) && (
        <ErrorText testId="slip-error" code={refusal?.code} css={errorCss}>
          {refusal ? protectionText(refusal, locale) : error}
        </ErrorText>
      )}
      {phase === 'pending' && (
        <p role="status" data-testid="slip-pending" css={pendingCss}>
          {secondsLeft > 0 ? t('exchange:betSlip.pending', { seconds: secondsLeft }) : t('exchange:betSlip.checking')}
        </p>
      )}

      <Actions>
        {phase !== 'pending' && (
          <Button variant="secondary" onClick={onClose} css={secondaryCss}>
            {t('exchange:betSlip.cancel')}
          </Button>
        )}
        <Button
          data-testid="slip-confirm"
          disabled={!bettable || stakeMinor <= 0 || busy || Boolean(closedText)}
          onClick={() => void confirm()}
          css={css`
            flex: 1;
            background: #1e7b34;
            color: #fff;
          `}
        >
          {phase === 'sending'
            ? t('exchange:betSlip.placing')
            : phase === 'pending'
              ? t('exchange:betSlip.waiting')
              : phase === 'network'
                ? t('exchange:betSlip.retry')
                : t('exchange:betSlip.confirm')}
        </Button>
      </Actions>
    </section>
  );
}

const fieldCss = css`
  display: flex;
  flex-direction: column;
  gap: 4px;
  font-size: 12px;
  color: #333;
`;
const inputCss = css`
  width: 100%;
  min-height: 40px;
  padding: 6px 8px;
  border: 1px solid rgba(0, 0, 0, 0.3);
  border-radius: ${theme.radius.sm};
  font: inherit;
  font-size: 16px;
  font-weight: 700;
  color: #111;
  background: #fff;
  box-sizing: border-box;
`;
const stepperCss = css`
  display: flex;
  align-items: stretch;
  gap: 0;
  input {
    ${inputCss};
    border-radius: 0;
    text-align: center;
    min-width: 0;
  }
  button {
    appearance: none;
    border: 1px solid rgba(0, 0, 0, 0.3);
    background: #fff;
    color: #111;
    font-size: 18px;
    font-weight: 700;
    min-width: 36px;
    cursor: pointer;
  }
  button:first-of-type {
    border-radius: ${theme.radius.sm} 0 0 ${theme.radius.sm};
    border-right: 0;
  }
  button:last-of-type {
    border-radius: 0 ${theme.radius.sm} ${theme.radius.sm} 0;
    border-left: 0;
  }
`;
const readOnlyCss = css`
  display: flex;
  align-items: center;
  min-height: 40px;
  padding: 0 8px;
  border-radius: ${theme.radius.sm};
  background: rgba(255, 255, 255, 0.6);
  font-size: 16px;
  font-weight: 700;
  color: #111;
`;
const errorCss = css`
  margin: 8px 0 0;
  padding: 8px;
  border-radius: ${theme.radius.sm};
  background: #fff;
  border-left: 4px solid #b3261e;
  color: #8a1c14;
  font-size: 13px;
`;
const pendingCss = css`
  margin: 8px 0 0;
  padding: 8px;
  border-radius: ${theme.radius.sm};
  background: #fff8e1;
  border-left: 4px solid ${theme.color.warning};
  color: #5f4100;
  font-size: 13px;
  font-weight: 600;
`;
const secondaryCss = css`
  background: #fff;
  color: #111;
  border: 1px solid rgba(0, 0, 0, 0.25);
`;
const presetCss = css`
  appearance: none;
  border: 1px solid rgba(0, 0, 0, 0.2);
  background: #fff;
  color: #111;
  border-radius: ${theme.radius.sm};
  min-height: 36px;
  padding: 0 2px;
  font: inherit;
  font-size: 12px;
  font-weight: 600;
  cursor: pointer;
`;

/** The six stake presets as fields: saved on the server (whole amounts within the stake limits, checked there too). */
function PresetEditor({
  presets,
  save,
  onDone,
}: {
  presets: readonly number[];
  save: (p: number[]) => Promise<unknown>;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('exchange');
  const [values, setValues] = useState(() => presets.map(String));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = values.every((v) => /^\d{1,9}$/.test(v) && Number(v) > 0);
  const submit = async () => {
    if (!valid) return;
    setSaving(true);
    setError(null);
    try {
      await save(values.map(Number));
      onDone();
    } catch (e) {
      setError(settingsRefusalText(e, i18n.language, t));
      setSaving(false);
    }
  };
  return (
    <form
      data-testid="preset-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      css={{ marginTop: 8 }}
    >
      <div css={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 4 }}>
        {values.map((v, i) => (
          <input
            key={i}
            data-testid="preset-input"
            aria-label={t('trader.presetLabel', { n: i + 1 })}
            inputMode="numeric"
            value={v}
            disabled={saving}
            onChange={(e) => {
              const next = e.target.value.replace(/[^\d]/g, '').slice(0, 9);
              setValues((prev) => prev.map((x, k) => (k === i ? next : x)));
              setError(null);
            }}
            css={[inputCss, { minHeight: 36, fontSize: 14, textAlign: 'center' }]}
          />
        ))}
      </div>
      {error && (
        <ErrorText testId="preset-error" css={errorCss}>
          {error}
        </ErrorText>
      )}
      <div css={{ display: 'flex', gap: 8, marginTop: 6 }}>
        <Button type="button" variant="secondary" onClick={onDone} css={secondaryCss} disabled={saving}>
          {t('trader.cancel')}
        </Button>
        <Button type="submit" data-testid="preset-save" disabled={!valid || saving} css={{ flex: 1 }}>
          {t('trader.savePresets')}
        </Button>
      </div>
    </form>
  );
}
