import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import type { ProviderWallet, RecallResult } from '@khela/contracts';
import { ApiError } from '../api/client';
import { formatMoney } from '../format';
import { endpointKey, useServerQuery } from '../data/query';
import { useHost } from '../host/context';
import { registerTranslations } from '../i18n';
import { useLoggedIn } from '../session/hooks';
import { ErrorText } from '../ui/forms';
import { Button, Modal } from '../ui/kit';
import { theme } from '../ui/theme';

/*
 * The player's extra wallets (docs/README.md#spec-2, issue 30), one component for every place that shows them: the exchange header
 * (mf-exchange), the site's desktop top bar (shell) and the /account balance area (mf-account). The player's
 * transfer-wallet providers, each with the balance the provider reported (the API asks again when it is older than
 * 30 s), Recall per provider and Recall All, with progress and each provider's result. The list is read when shown
 * (once per page however many places show it), again after every balance push (the API pushes the balance after each
 * transfer) and every 30 s while the panel is open. Nothing is shown while the player has no provider wallet.
 */

const en = {
  title: 'Wallets',
  heading: 'Provider wallets',
  main: 'Main wallet (available):',
  recall: 'Recall',
  recalling: 'Recalling…',
  recallAll: 'Recall All',
  recallingAll: 'Recalling all…',
  inTransit: '{{amount}} being checked',
  unavailable: 'Not answering',
  error: 'The recall could not be sent. Try again.',
  result: {
    recalled: '{{amount}} is back in your main wallet.',
    nothing: 'Nothing to recall.',
    pending: '{{name}} has not confirmed yet: {{amount}} is safe and will be settled as soon as it answers.',
    failed: '{{name}} did not give the money back now; it stays in your {{name}} wallet. Try again later.',
  },
};
const bn: typeof en = {
  title: 'ওয়ালেট',
  heading: 'প্রোভাইডার ওয়ালেট',
  main: 'মূল ওয়ালেট (ব্যবহারযোগ্য):',
  recall: 'ফেরত আনুন',
  recalling: 'ফেরত আনা হচ্ছে…',
  recallAll: 'সব ফেরত আনুন',
  recallingAll: 'সব ফেরত আনা হচ্ছে…',
  inTransit: '{{amount}} যাচাই করা হচ্ছে',
  unavailable: 'সাড়া দিচ্ছে না',
  error: 'ফেরত আনার অনুরোধ পাঠানো যায়নি। আবার চেষ্টা করুন।',
  result: {
    recalled: '{{amount}} আপনার মূল ওয়ালেটে ফিরে এসেছে।',
    nothing: 'ফেরত আনার মতো কিছু নেই।',
    pending: '{{name}} এখনও নিশ্চিত করেনি: {{amount}} নিরাপদ আছে, উত্তর পেলেই মিটিয়ে দেওয়া হবে।',
    failed: '{{name}} এখন টাকা ফেরত দেয়নি; টাকা আপনার {{name}} ওয়ালেটেই আছে। পরে আবার চেষ্টা করুন।',
  },
};
registerTranslations('provider-wallets', { en, bn });

export interface ProviderWalletsProps {
  /** Put before every data-testid (`topbar-`, `account-`), so a page showing two of them tells them apart. */
  testIdPrefix?: string;
}

type Busy = 'all' | string | null;

const walletsKey = endpointKey(schemas.getProviderWallets);
type ProviderWalletsData = schemas.ResponseOf<typeof schemas.getProviderWallets>;

/**
 * The player's provider wallets as the page's server state: one query for every place that shows them (the desktop
 * top bar and the exchange header on one page ask once), read again after every balance push (the API pushes the
 * balance after each transfer). `load(true)` asks every provider now (`?fresh=1`), `setData` writes an answer that
 * came with a recall.
 */
export function useProviderWallets() {
  const { api, queryClient } = useHost();
  const loggedIn = useLoggedIn();
  const query = useServerQuery(schemas.getProviderWallets, {}, { topics: ['balance'], enabled: loggedIn });
  const setData = useCallback((data: ProviderWalletsData) => queryClient.setQueryData(walletsKey, data), [queryClient]);
  const load = useCallback(
    async (fresh = false) => {
      try {
        if (!fresh) return void (await queryClient.refetchQueries({ queryKey: walletsKey }));
        setData(await api.call(schemas.getProviderWallets, { query: { fresh: '1' } }));
      } catch {
        /* keep what was shown; the next push or poll tries again */
      }
    },
    [api, queryClient, setData],
  );
  return { data: loggedIn ? (query.data ?? null) : null, setData, load };
}

const money = (v: string, currency: string, lang: string) => formatMoney(v, currency, lang);

export function ProviderWalletsButton({ testIdPrefix: prefix = '' }: ProviderWalletsProps = {}) {
  const { t, i18n } = useTranslation('provider-wallets');
  const { api } = useHost();
  const { data, setData, load } = useProviderWallets();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [results, setResults] = useState<Record<string, RecallResult>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    // opened: every provider is asked now (a win at the provider shows at once)
    void load(true);
    const id = setInterval(() => void load(), 30_000);
    return () => clearInterval(id);
  }, [open, load]);

  if (!data || data.wallets.length === 0) return null;
  const currency = data.currency;
  const total = data.wallets.reduce((s, w) => s + Number(w.balance ?? w.in_transit ?? 0), 0).toFixed(2);

  const recall = async (provider: string | null) => {
    setBusy(provider ?? 'all');
    setError(null);
    try {
      const r = provider
        ? await api.call(schemas.recallProvider, { body: { provider } })
        : await api.call(schemas.recallAllProviders, { body: {} });
      setResults((prev) => ({ ...prev, ...Object.fromEntries(r.results.map((x) => [x.provider, x])) }));
      setData({ currency: r.currency, available: r.available, wallets: r.wallets, auto_transfer: r.auto_transfer });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('error'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <button
        type="button"
        data-testid={`${prefix}provider-wallets-button`}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        css={css`
          appearance: none;
          border: 1px solid ${theme.color.border};
          background: ${theme.color.surface};
          color: ${theme.color.text};
          border-radius: ${theme.radius.sm};
          min-height: 36px;
          padding: 0 10px;
          font: inherit;
          font-size: 12px;
          cursor: pointer;
          display: inline-flex;
          flex-direction: column;
          align-items: flex-start;
          line-height: 1.2;
        `}
      >
        <span
          css={css`
            color: ${theme.color.textMuted};
          `}
        >
          {t('title')}
        </span>
        <strong data-testid={`${prefix}provider-wallets-total`}>{money(total, currency, i18n.language)}</strong>
      </button>
      <Modal
        open={open}
        title={t('heading')}
        onClose={() => setOpen(false)}
        footer={
          <Button data-testid={`${prefix}recall-all`} disabled={busy !== null} onClick={() => void recall(null)}>
            {busy === 'all' ? t('recallingAll') : t('recallAll')}
          </Button>
        }
      >
        <p
          css={css`
            margin: 0 0 10px;
            font-size: 13px;
            color: ${theme.color.textMuted};
          `}
        >
          {t('main')} <strong data-testid={`${prefix}provider-wallets-main`}>{money(data.available, currency, i18n.language)}</strong>
        </p>
        <ul
          data-testid={`${prefix}provider-wallets`}
          css={css`
            list-style: none;
            margin: 0;
            padding: 0;
            display: flex;
            flex-direction: column;
            gap: 8px;
          `}
        >
          {data.wallets.map((w) => (
            <WalletRow
              key={w.provider}
              wallet={w}
              currency={currency}
              busy={busy === 'all' || busy === w.provider}
              disabled={busy !== null}
              result={results[w.provider]}
              prefix={prefix}
              onRecall={() => void recall(w.provider)}
            />
          ))}
        </ul>
        <ErrorText testId={`${prefix}provider-wallets-error`}>{error}</ErrorText>
      </Modal>
    </>
  );
}

function WalletRow(props: {
  wallet: ProviderWallet;
  currency: string;
  busy: boolean;
  disabled: boolean;
  result?: RecallResult;
  onRecall: () => void;
  prefix: string;
}) {
  const { t, i18n } = useTranslation('provider-wallets');
  const { wallet: w, result } = props;
  const figure =
    w.state === 'pending'
      ? t('inTransit', { amount: money(w.in_transit ?? '0', props.currency, i18n.language) })
      : w.state === 'unavailable'
        ? t('unavailable')
        : money(w.balance ?? '0', props.currency, i18n.language);
  return (
    <li
      data-testid={`${props.prefix}provider-wallet-${w.provider}`}
      data-state={w.state}
      css={css`
        border: 1px solid ${theme.color.border};
        border-radius: ${theme.radius.md};
        padding: 8px 10px;
        background: ${theme.color.surface};
      `}
    >
      <div
        css={css`
          display: flex;
          align-items: center;
          gap: 8px;
        `}
      >
        <span
          css={css`
            flex: 1;
          `}
        >
          {w.name}
        </span>
        <strong data-testid={`${props.prefix}provider-wallet-balance-${w.provider}`}>{figure}</strong>
        <Button
          variant="secondary"
          data-testid={`${props.prefix}recall-${w.provider}`}
          disabled={props.disabled || w.state === 'pending'}
          onClick={props.onRecall}
        >
          {props.busy ? t('recalling') : t('recall')}
        </Button>
      </div>
      {result && (
        <p
          data-testid={`${props.prefix}recall-result-${w.provider}`}
          data-status={result.status}
          role="status"
          css={css`
            margin: 6px 0 0;
            font-size: 12px;
            color: ${result.status === 'recalled' || result.status === 'nothing' ? theme.color.success : theme.color.warning};
          `}
        >
          {t(`result.${result.status}`, { name: w.name, amount: money(result.amount, props.currency, i18n.language) })}
        </p>
      )}
    </li>
  );
}
