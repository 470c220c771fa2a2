import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import type { RecallResult } from '@khela/contracts';
import { ApiError, Button, ErrorText, formatMoney, registerTranslations, theme, useHost } from '@khela/web';

/*
 * The withdrawal page's "Recall all first" (issue 30): withdrawals are from the main wallet only, so while money sits
 * in transfer-wallet providers' wallets the page says how much and offers Recall All; each provider's result is shown
 * (one that does not answer keeps its money, the others come back).
 */

const en = {
  held: '{{amount}} is in your provider wallets ({{names}}). Withdrawals are paid from your main wallet only.',
  recall: 'Recall all first',
  recalling: 'Recalling…',
  recalled: '{{name}}: {{amount}} is back in your main wallet.',
  pending: '{{name}}: not confirmed yet; {{amount}} is safe and will be settled as soon as it answers.',
  failed: '{{name}}: not answering; the money stays in your {{name}} wallet.',
  error: 'The recall could not be sent. Try again.',
};
const bn: typeof en = {
  held: 'আপনার প্রোভাইডার ওয়ালেটে {{amount}} আছে ({{names}})। উত্তোলন শুধু মূল ওয়ালেট থেকে দেওয়া হয়।',
  recall: 'আগে সব ফেরত আনুন',
  recalling: 'ফেরত আনা হচ্ছে…',
  recalled: '{{name}}: {{amount}} আপনার মূল ওয়ালেটে ফিরে এসেছে।',
  pending: '{{name}}: এখনও নিশ্চিত হয়নি; {{amount}} নিরাপদ আছে, উত্তর পেলেই মিটিয়ে দেওয়া হবে।',
  failed: '{{name}}: সাড়া দিচ্ছে না; টাকা আপনার {{name}} ওয়ালেটেই আছে।',
  error: 'ফেরত আনার অনুরোধ পাঠানো যায়নি। আবার চেষ্টা করুন।',
};
registerTranslations('recall-first', { en, bn });

export function RecallAllFirst() {
  const { t, i18n } = useTranslation('recall-first');
  const { api, session } = useHost();
  const [wallets, setWallets] = useState<schemas.ResponseOf<typeof schemas.getProviderWallets> | null>(null);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<RecallResult[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api
      .call(schemas.getProviderWallets)
      .then((r) => live && setWallets(r))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api]);
  if (!wallets) return null;
  const holding = wallets.wallets.filter((w) => Number(w.balance ?? w.in_transit ?? 0) > 0);
  const total = holding.reduce((s, w) => s + Number(w.balance ?? w.in_transit ?? 0), 0).toFixed(2);
  const money = (v: string) => formatMoney(v, wallets.currency, i18n.language);
  if (holding.length === 0 && results.length === 0) return null;

  const recallAll = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await api.call(schemas.recallAllProviders, { body: {} });
      setResults(r.results.filter((x) => x.status !== 'nothing'));
      setWallets({ currency: r.currency, available: r.available, wallets: r.wallets, auto_transfer: r.auto_transfer });
      await session.refreshBalance();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      data-testid="recall-first"
      css={css`
        margin: 0 0 12px;
        padding: 10px 12px;
        border-radius: ${theme.radius.md};
        border: 1px solid ${theme.color.border};
        background: ${theme.color.surface};
        font-size: 13px;
        display: flex;
        flex-direction: column;
        gap: 8px;
      `}
    >
      {holding.length > 0 && <span>{t('held', { amount: money(total), names: holding.map((w) => w.name).join(', ') })}</span>}
      {results.map((r) => (
        <span
          key={r.provider}
          role="status"
          data-testid={`recall-first-${r.provider}`}
          data-status={r.status}
          css={css`
            color: ${r.status === 'recalled' ? theme.color.success : theme.color.warning};
          `}
        >
          {t(r.status === 'recalled' ? 'recalled' : r.status === 'pending' ? 'pending' : 'failed', {
            name: r.name,
            amount: money(r.amount),
          })}
        </span>
      ))}
      <ErrorText>{error}</ErrorText>
      {holding.length > 0 && (
        <Button type="button" variant="secondary" data-testid="recall-first-button" disabled={busy} onClick={() => void recallAll()}>
          {busy ? t('recalling') : t('recall')}
        </Button>
      )}
    </div>
  );
}
