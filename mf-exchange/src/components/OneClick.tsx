import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { Button, ErrorText, Modal, formatMoney, theme, useBalance } from '@khela/web';
import '../i18n-trader';
import { defaultSettings, useExchangeSettings, type ExchangeSettings, type SettingsChange } from '../trading/settings';
import { settingsRefusalText } from './trader-texts';

/** The bar's box. */
const barCss = (on: boolean) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin: 8px 0;
  padding: 6px 10px;
  border-radius: ${theme.radius.md};
  border: 1px solid ${on ? theme.color.warning : theme.color.border};
  background: ${theme.color.surface};
  font-size: 13px;
`;

/**
 * One-click betting (issue 33): off until the player turns it on; the first time, a dialog says what it does and asks
 * to confirm (the server keeps that it was confirmed). The stake is chosen in advance from the player's presets. While
 * on, a click on a price places a bet at once (the odds view passes the stake to the slip, which places it and shows
 * the delay and refusals as usual).
 *
 * Until the player's settings are read, and with `placeholder` (the server's page and the hydrating render, where the
 * player is not known), the bar is there with the default settings but hidden: it takes the room it will take (two
 * lines on a phone), so the prices under it do not move when it shows (issue 31, CLS).
 */
export function OneClickBar({ placeholder = false }: { placeholder?: boolean }) {
  if (placeholder) return <Bar settings={defaultSettings()} loaded={false} />;
  return <LiveBar />;
}

function LiveBar() {
  const { settings, loaded, update } = useExchangeSettings();
  return <Bar settings={settings} loaded={loaded} update={update} />;
}

function Bar({
  settings,
  loaded,
  update = () => Promise.reject(new Error('settings not read')),
}: {
  settings: ExchangeSettings;
  loaded: boolean;
  update?: (change: SettingsChange) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('exchange');
  const currency = useBalance()?.currency ?? 'BDT';
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stakes = [...new Set([...settings.stake_presets, ...(settings.one_click_stake ? [settings.one_click_stake] : [])])].sort(
    (a, b) => a - b,
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const stake = chosen ?? settings.one_click_stake ?? settings.stake_presets[0] ?? 100;
  const money = (n: number) => formatMoney(n, currency, i18n.language);

  const save = async (change: Parameters<typeof update>[0]) => {
    setSaving(true);
    setError(null);
    try {
      await update(change);
      return true;
    } catch (e) {
      setError(settingsRefusalText(e, i18n.language, t));
      return false;
    } finally {
      setSaving(false);
    }
  };
  const toggle = (on: boolean) => {
    if (!on) return void save({ one_click: false });
    if (!settings.one_click_confirmed) return setAsking(true);
    void save({ one_click: true, one_click_stake: stake });
  };
  return (
    <div
      data-testid={loaded ? 'one-click' : 'one-click-room'}
      aria-hidden={loaded ? undefined : true}
      css={[barCss(settings.one_click), !loaded && { visibility: 'hidden' }]}
    >
      <label css={{ display: 'flex', alignItems: 'center', gap: 8, fontWeight: 600, minHeight: 36 }}>
        <input
          type="checkbox"
          role="switch"
          data-testid="one-click-toggle"
          checked={settings.one_click}
          disabled={saving || !loaded}
          onChange={(e) => toggle(e.target.checked)}
          css={{ width: 20, height: 20 }}
        />
        {t('trader.oneClick')}
      </label>
      <label css={{ display: 'flex', alignItems: 'center', gap: 6, color: theme.color.textMuted }}>
        {t('trader.oneClickStake')}
        <select
          data-testid="one-click-stake"
          value={stake}
          disabled={saving || !loaded}
          onChange={(e) => {
            const n = Number(e.target.value);
            setChosen(n);
            if (settings.one_click) void save({ one_click_stake: n });
          }}
          css={css`
            min-height: 36px;
            font: inherit;
            color: ${theme.color.text};
            background: ${theme.color.surfaceRaised};
            border: 1px solid ${theme.color.border};
            border-radius: ${theme.radius.sm};
            padding: 0 6px;
          `}
        >
          {stakes.map((s) => (
            <option key={s} value={s}>
              {money(s)}
            </option>
          ))}
        </select>
      </label>
      <span
        data-testid="one-click-state"
        css={{ color: settings.one_click ? theme.color.warning : theme.color.textMuted, fontWeight: 600 }}
      >
        {settings.one_click && settings.one_click_stake
          ? t('trader.oneClickOn', { stake: money(settings.one_click_stake) })
          : t('trader.oneClickOff')}
      </span>
      <ErrorText testId="one-click-error" css={{ flexBasis: '100%' }}>
        {error}
      </ErrorText>
      <Modal
        open={asking}
        title={t('trader.confirmTitle')}
        onClose={() => setAsking(false)}
        footer={
          <div css={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('trader.cancel')}
            </Button>
            <Button
              data-testid="one-click-confirm"
              disabled={saving}
              onClick={() =>
                void save({ one_click: true, one_click_stake: stake, confirm_one_click: true }).then((ok) => ok && setAsking(false))
              }
            >
              {t('trader.turnOn')}
            </Button>
          </div>
        }
      >
        <p data-testid="one-click-explain" css={{ margin: '0 0 8px', lineHeight: 1.5 }}>
          {t('trader.confirmText')}
        </p>
        <p css={{ margin: '0 0 8px', fontWeight: 700 }}>{t('trader.oneClickOn', { stake: money(stake) })}</p>
        <p css={{ margin: 0, lineHeight: 1.5, color: theme.color.textMuted }}>
          {t('trader.keepText', { choice: settings.keep_in_play ? t('trader.keepOn') : t('trader.keepOff') })}
        </p>
      </Modal>
    </div>
  );
}
