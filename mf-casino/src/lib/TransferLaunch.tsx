import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { newIdempotencyKey } from '@khela/contracts';
import {
  ApiError,
  Button,
  ErrorText,
  formatMoney,
  Modal,
  protectionRefusal,
  protectionText,
  registerTranslations,
  theme,
  useHost,
  useLocale,
  Stack,
  Text,
} from '@khela/web';
import type { GameRunState, LaunchableGame } from './launch';

/*
 * Launching a transfer-wallet game (issue 30): the provider keeps the money in its own wallet, so the player first
 * chooses how much to move in (by default what main has available, capped by the loss and wager limits), then the
 * API recalls the other providers (auto transfer, the player's setting), moves the money and answers the game URL.
 */

const en = {
  title: 'Play {{name}}',
  intro: '{{provider}} keeps your money in its own wallet while you play. Choose how much to move from your main wallet.',
  available: 'Main wallet available: {{amount}}',
  already: 'Already in your {{provider}} wallet: {{amount}}',
  cap: 'Your {{limit}} limit allows at most {{amount}} now.',
  limit: { wager: 'wager', loss: 'loss' },
  amount: 'Amount to transfer',
  auto: 'Auto transfer: bring money back from my other provider wallets first',
  play: 'Transfer and play',
  playOnly: 'Play',
  moving: 'Transferring…',
  tooMuch: 'At most {{amount}}.',
  pending: '{{provider}} has not confirmed the transfer yet. Your money is safe; open the game again in a moment.',
  reversed: '{{provider}} refused the transfer; the money is back in your main wallet.',
  down: '{{provider}} is not answering. Try again later.',
  recalled: '{{amount}} came back from {{provider}}.',
  notRecalled: '{{provider}} kept its money for now ({{amount}} stays there).',
  error: 'The game could not be opened. Try again.',
};
const bn: typeof en = {
  title: '{{name}} খেলুন',
  intro: 'খেলার সময় {{provider}} আপনার টাকা নিজের ওয়ালেটে রাখে। মূল ওয়ালেট থেকে কত টাকা পাঠাবেন বেছে নিন।',
  available: 'মূল ওয়ালেটে ব্যবহারযোগ্য: {{amount}}',
  already: 'আপনার {{provider}} ওয়ালেটে আগে থেকেই আছে: {{amount}}',
  cap: 'আপনার {{limit}} সীমা এখন সর্বোচ্চ {{amount}} অনুমতি দেয়।',
  limit: { wager: 'বাজি', loss: 'ক্ষতি' },
  amount: 'পাঠানোর পরিমাণ',
  auto: 'অটো ট্রান্সফার: আগে আমার অন্যান্য প্রোভাইডার ওয়ালেট থেকে টাকা ফেরত আনুন',
  play: 'পাঠিয়ে খেলুন',
  playOnly: 'খেলুন',
  moving: 'পাঠানো হচ্ছে…',
  tooMuch: 'সর্বোচ্চ {{amount}}।',
  pending: '{{provider}} এখনও ট্রান্সফার নিশ্চিত করেনি। আপনার টাকা নিরাপদ; একটু পরে আবার গেমটি খুলুন।',
  reversed: '{{provider}} ট্রান্সফার প্রত্যাখ্যান করেছে; টাকা আপনার মূল ওয়ালেটে ফিরে এসেছে।',
  down: '{{provider}} সাড়া দিচ্ছে না। পরে আবার চেষ্টা করুন।',
  recalled: '{{provider}} থেকে {{amount}} ফিরে এসেছে।',
  notRecalled: '{{provider}} এখন টাকা ফেরত দেয়নি ({{amount}} সেখানেই আছে)।',
  error: 'গেমটি খোলা যায়নি। আবার চেষ্টা করুন।',
};
registerTranslations('transfer', { en, bn });

type Quote = schemas.ResponseOf<typeof schemas.providerLaunchQuote>;

export function TransferLaunchDialog({ game, onClose }: { game: LaunchableGame; onClose: () => void }) {
  const { t, i18n } = useTranslation('transfer');
  const { api, navigate, session } = useHost();
  const location = useLocation();
  const locale = useLocale();
  const [quote, setQuote] = useState<Quote | null>(null);
  const [amount, setAmount] = useState('');
  const [auto, setAuto] = useState(true);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [key] = useState(() => newIdempotencyKey());

  useEffect(() => {
    let live = true;
    api
      .call(schemas.providerLaunchQuote, { query: { gameCode: game.code } })
      .then((q) => {
        if (!live) return;
        setQuote(q);
        setAmount(q.max);
        setAuto(q.auto_transfer);
      })
      .catch((err) => live && setMessage(err instanceof ApiError ? err.message : t('error')));
    return () => {
      live = false;
    };
  }, [api, game.code, t]);

  const money = (v: string) => formatMoney(v, quote?.currency ?? 'BDT', i18n.language);
  const provider = quote?.name ?? game.platform;
  const over = quote !== null && Number(amount || 0) > Number(quote.max);
  const valid = /^\d+(\.\d{1,2})?$/.test(amount || '0') && !over;

  const play = async () => {
    if (!quote || !valid) return;
    setBusy(true);
    setMessage(null);
    try {
      if (auto !== quote.auto_transfer) await api.call(schemas.setProviderWalletSettings, { body: { auto_transfer: auto } });
      const r = await api.call(schemas.providerLaunch, {
        body: { gameCode: game.code, amount: Number(amount || 0).toFixed(2), lang: session.locale$.value },
        idempotencyKey: key,
      });
      void session.refreshBalance();
      const notes = r.recalled.map((x) =>
        x.status === 'recalled'
          ? t('recalled', { provider: x.name, amount: money(x.amount) })
          : t('notRecalled', { provider: x.name, amount: '' }),
      );
      if (r.url) {
        const state: GameRunState = { url: r.url, gameName: game.name, from: { pathname: location.pathname, search: location.search } };
        onClose();
        navigate('/gamerun', { state });
        return;
      }
      const why = r.transfer?.state === 'pending' ? 'pending' : r.transfer?.state === 'reversed' ? 'reversed' : 'down';
      setMessage([t(why, { provider }), ...notes].join(' '));
    } catch (err) {
      const refusal = protectionRefusal(err);
      setMessage(refusal ? protectionText(refusal, locale) : err instanceof ApiError ? err.message : t('error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('title', { name: game.name })}
      onClose={onClose}
      footer={
        <Button data-testid="transfer-play" disabled={!quote || !valid || busy} onClick={() => void play()}>
          {busy ? t('moving') : Number(amount || 0) > 0 ? t('play') : t('playOnly')}
        </Button>
      }
    >
      <div
        data-testid="transfer-launch"
        css={css`
          display: flex;
          flex-direction: column;
          gap: 8px;
          font-size: 14px;
        `}
      >
        <Text as="p">{t('intro', { provider })}</Text>
        {quote && (
          <>
            <Text as="p" tone="muted" data-testid="transfer-available">
              {t('available', { amount: money(quote.available) })}
            </Text>
            {Number(quote.wallet) > 0 && (
              <Text as="p" tone="muted">
                {t('already', { provider, amount: money(quote.wallet) })}
              </Text>
            )}
            {quote.capped_by && (
              <Text as="p" tone="warning" data-testid="transfer-cap">
                {t('cap', { limit: t(`limit.${quote.capped_by}`), amount: money(quote.max) })}
              </Text>
            )}
            <Stack as="label" gap={4}>
              {t('amount')}
              <input
                data-testid="transfer-amount"
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value.trim())}
                aria-invalid={!valid}
                css={css`
                  padding: 10px;
                  border-radius: ${theme.radius.sm};
                  border: 1px solid ${valid ? theme.color.border : theme.color.danger};
                  background: ${theme.color.surface};
                  color: ${theme.color.text};
                  font: inherit;
                `}
              />
            </Stack>
            {over && (
              <Text as="p" tone="danger">
                {t('tooMuch', { amount: money(quote.max) })}
              </Text>
            )}
            <label
              css={css`
                display: flex;
                gap: 8px;
                align-items: center;
                font-size: 13px;
              `}
            >
              <input type="checkbox" data-testid="transfer-auto" checked={auto} onChange={(e) => setAuto(e.target.checked)} />
              {t('auto')}
            </label>
          </>
        )}
        {message && (
          <ErrorText tone="warning" testId="transfer-message">
            {message}
          </ErrorText>
        )}
      </div>
    </Modal>
  );
}
