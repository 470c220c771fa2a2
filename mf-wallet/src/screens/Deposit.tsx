import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import {
  ApiError,
  Button,
  Card,
  formatMoney,
  LoadFailed,
  mmss,
  NoData,
  Notice,
  protectionRefusal,
  protectionText,
  Spinner,
  TextField,
  theme,
  useHost,
  useLocale,
  usePlayer,
  useProtection,
  useServerQuery,
  Row,
} from '@khela/web';
import { safeExternalUrl, type PaymentMethod, type Promotion } from '@khela/contracts';
import { ErrorModal, type ShownError } from '../components/ErrorModal';
import { DepositClosed, LimitsOffer } from '../components/protection';
import { DepositSetup } from '../components/DepositSetup';
import { AmountInput, MethodChips, chip, chipRow, label, section } from '../components/parts';
import { newIdempotencyKey } from '../lib/records';

type Channel = { key: string; label: string };

interface EwalletPayment {
  url: string;
  amount: string;
  transaction: string;
  expiresAt: number;
}

function channelsOf(m: PaymentMethod | undefined, t: (k: string) => string): Channel[] {
  if (!m) return [];
  if (typeof m.account_type === 'object') return m.account_type.pgs.map((pg) => ({ key: pg.code, label: pg.name }));
  return [{ key: m.account_type, label: t(`channel.${m.account_type}`) }];
}

/**
 * /deposit: phone verified, no pending deposit, amount 100-25,000, method and channel; Agent/Merchant/Personal or e-wallet.
 * Responsible gambling: the limits are offered before the first deposit, a deposit gate the protection service
 * closed replaces the form with why (withdrawal stays reachable), and its refusals (a limit) say why in the player's
 * language.
 */
export function Deposit() {
  const { t } = useTranslation('wallet');
  const { api, bus, session } = useHost();
  const remoteId = usePlayer()?.remoteId || undefined;
  const locale = useLocale();
  const protection = useProtection();
  const navigate = useNavigate();
  // the methods are the page's server state: a failure says so in place of the form, with Retry
  const methodsQuery = useServerQuery(schemas.showPaymentMethod, { query: { name: 'deposit' } }, { select: (r) => r.data });
  const methods = methodsQuery.data ?? null;
  // what the form needs besides the methods, each read when the page opens (the cached answer shown meanwhile)
  const player = { query: { remote_id: remoteId } };
  const promotions: Promotion[] = useServerQuery(schemas.getPromotions, {}, { staleTime: 0 }).data ?? [];
  const userRead = useServerQuery(schemas.userShowEndpoint, player, {
    staleTime: 0,
    select: (r) => ({ verified: r.user.session_id === '1', phone: r.user.phone ?? null }),
  });
  // a decision on a pending deposit changes the balance or brings an inbox message: read again then
  const pendingRead = useServerQuery(schemas.transactionShow, player, {
    staleTime: 0,
    topics: ['balance', 'inbox'],
    select: (r) => r.transactions.some((tx) => tx.action === 'deposit' && tx.key === '0'),
  });
  // the phone verified in the page's own first-deposit step, and a refusal with code 'pending', count at once
  const [verifiedHere, setVerifiedHere] = useState(false);
  const phoneVerified = verifiedHere || (userRead.data?.verified ?? null);
  const phone = userRead.data?.phone ?? null;
  const [pendingAtSubmit, setPending] = useState(false);
  const pending = pendingAtSubmit || (pendingRead.data ?? false);
  const [methodId, setMethodId] = useState<number | null>(null);
  const [channel, setChannel] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [promotionId, setPromotionId] = useState<number | null>(null);
  const [payerTrx, setPayerTrx] = useState('');
  const [trxError, setTrxError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const [ewallet, setEwallet] = useState<EwalletPayment | null>(null);
  const [now, setNow] = useState(Date.now());
  // One key per attempt: a retry after a network failure must not create a second request.
  const attemptKey = useRef<string | null>(null);

  const method = methods?.find((m) => m.id === methodId);
  const isEwallet = typeof method?.account_type === 'object';
  // agents' statements are matched by the payer's transaction id: an agent deposit (CashOut) needs it
  const trxRequired = method?.account_type === 'Agent';
  const trxFormat = schemas.payerTrxFormat(method?.code);
  const channels = useMemo(() => channelsOf(method, t), [method, t]);

  useEffect(() => {
    setChannel(channels.length === 1 && !isEwallet ? channels[0]!.key : null);
  }, [methodId]);

  // The number to send money to (GET /api/get-wallet-number, first item), asked once the amount rests for 250 ms;
  // none while it is asked for a new choice or when the ask failed
  const [askedAmount, setAskedAmount] = useState(amount);
  useEffect(() => {
    const timer = setTimeout(() => setAskedAmount(amount), 250);
    return () => clearTimeout(timer);
  }, [amount]);
  const wanted = Boolean(method && !isEwallet && channel) && askedAmount === amount;
  const numberRead = useServerQuery(
    schemas.getWalletNumber,
    { query: { name: method?.name ?? '', account_type: channel ?? '', amount: askedAmount || undefined } },
    { enabled: wanted, select: (list) => list[0]?.account_number ?? null, retry: false },
  );
  const walletNumber = wanted && !numberRead.error ? (numberRead.data ?? null) : null;

  useEffect(() => {
    if (!ewallet) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [ewallet]);

  const show = (message: string, profileLink = false) => setError({ message, profileLink });

  const copy = async (text: string | null, ok: string, none: string) => {
    if (!text) return bus.publish('toast', { kind: 'error', message: none });
    try {
      await navigator.clipboard?.writeText(text);
    } catch {
      /* clipboard refused: the toast still tells the player what to type */
    }
    bus.publish('toast', { kind: 'success', message: ok });
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (phoneVerified === false) return show(t('errors.phoneNotVerified'), true);
    if (pending) return show(t('errors.depositPending'));
    if (!amount.trim()) return show(t('errors.fillAmount'));
    if (!method) return show(t('errors.validMethod'));
    if (!channel) return show(t('errors.depositChannel'));
    // the payer's transaction id: the API's rule (normalised, the method's format; required for an agent deposit)
    const trxCheck = isEwallet ? null : schemas.checkPayerTrx(payerTrx, { method: method.code, required: trxRequired });
    setTrxError(trxCheck && !trxCheck.ok ? trxCheck.message[locale] : null);
    if (trxCheck && !trxCheck.ok) return show(trxCheck.message[locale]);
    attemptKey.current ??= newIdempotencyKey();
    setSubmitting(true);
    try {
      if (isEwallet) {
        const res = await api.call(schemas.ewaRequest, {
          body: { amount, type: method.id, provider: channel, promotion: promotionId },
          idempotencyKey: attemptKey.current,
        });
        setEwallet({ url: res.url, amount: res.amount, transaction: res.transaction, expiresAt: Date.now() + res.timer * 60_000 });
      } else {
        const res = await api.call(schemas.submitDeposit, {
          body: {
            remote_id: remoteId,
            account_number: walletNumber ?? undefined,
            // as typed (the API normalises it and keeps the typed spelling in the deposit's timeline)
            transaction_id: trxCheck?.value ? payerTrx.trim() : undefined,
            amount,
            payment_id: method.id,
            promotion_id: promotionId,
          },
          idempotencyKey: attemptKey.current,
        });
        navigate('/payment-request', {
          state: {
            amount: res.amount,
            payment_icon: method.icon,
            action: 'deposit',
            transaction: res.transaction_id,
            reference: res.reference,
          },
        });
      }
      attemptKey.current = null;
      // a first deposit ends the limits offer (the API's status says so)
      if (protection?.limits_offer) void session.refreshProtection();
    } catch (err) {
      const apiErr = err instanceof ApiError ? err : null;
      if (!apiErr?.network) attemptKey.current = null;
      const refusal = protectionRefusal(err);
      if (refusal) {
        // a limit (the API's own words in English) or a gate that closed since the page opened: the session's
        // status follows, so a closed gate replaces the form
        setError({
          message: protectionText(refusal, locale),
          profileLink: refusal.code === 'rg_birthday_missing',
          testId: 'rg-deposit-refused',
        });
        if (!refusal.code.endsWith('_limit')) void session.refreshProtection();
        return;
      }
      const code = (apiErr?.data as { code?: string } | undefined)?.code;
      show(apiErr?.message ?? t('errors.depositError'), code === 'phone_unverified');
      if (code === 'pending') setPending(true);
    } finally {
      setSubmitting(false);
    }
  }

  const offer = protection?.limits_offer ? <LimitsOffer /> : null;
  // a new player is asked here for what the first deposit needs (birthday, phone verification), then deposits
  const needsBirthday = protection?.deposit.open === false && protection.deposit.reason === 'birthday_missing';
  const setup = (
    <DepositSetup
      needsBirthday={needsBirthday}
      needsPhone={phoneVerified === false}
      phone={phone}
      remoteId={remoteId}
      onPhoneVerified={() => setVerifiedHere(true)}
    />
  );
  if (needsBirthday && !ewallet)
    return (
      <>
        {offer}
        {setup}
      </>
    );
  if (protection && !protection.deposit.open && !ewallet)
    return (
      <>
        {offer}
        <DepositClosed gate={protection.deposit} />
      </>
    );

  if (!methods)
    return (
      <>
        {offer}
        {setup}
        {methodsQuery.error ? (
          <LoadFailed
            what={t('methodsFailed')}
            error={methodsQuery.error}
            onRetry={methodsQuery.refetch}
            retrying={methodsQuery.isFetching}
            testId="deposit-methods-error"
          />
        ) : (
          <Spinner />
        )}
      </>
    );

  if (ewallet) {
    const left = Math.max(0, Math.round((ewallet.expiresAt - now) / 1000));
    return (
      <Card data-testid="ewallet-payment">
        <h2
          css={css`
            margin-top: 0;
          `}
        >
          {t('ewalletPay', { amount: formatMoney(ewallet.amount, 'BDT', locale) })}
        </h2>
        <p>{t('ewalletTimer', { time: mmss(left, locale) })}</p>
        <p
          css={css`
            color: ${theme.color.textMuted};
            font-size: 13px;
          `}
        >
          {ewallet.transaction}
        </p>
        <a
          href={safeExternalUrl(ewallet.url)}
          data-testid="go-to-gateway"
          css={css`
            display: block;
            text-align: center;
            padding: 12px;
            border-radius: ${theme.radius.md};
            background: ${theme.color.brand};
            color: ${theme.color.brandText};
            font-weight: 600;
            text-decoration: none;
          `}
        >
          {t('goToPayment')}
        </a>
      </Card>
    );
  }

  return (
    <>
      {offer}
      {setup}
      <form onSubmit={submit} noValidate>
        {pending && (
          <Notice role="status" testId="deposit-pending">
            {t('pending.deposit')}
          </Notice>
        )}
        <div css={section}>
          <span css={label}>{t('paymentMethod')}</span>
          {methods.length ? (
            <MethodChips methods={methods} value={methodId} onChange={setMethodId} name={t('paymentMethod')} />
          ) : (
            <NoData text={t('noMethods')} />
          )}
        </div>
        {method && (
          <div css={section}>
            <span css={label}>{t('depositChannel')}</span>
            <div role="radiogroup" aria-label={t('depositChannel')} css={chipRow}>
              {channels.map((c) => (
                <button
                  key={c.key}
                  type="button"
                  role="radio"
                  aria-checked={channel === c.key}
                  css={chip(channel === c.key)}
                  onClick={() => setChannel(c.key)}
                  data-testid={`channel-${c.key}`}
                >
                  {c.label}
                </button>
              ))}
            </div>
          </div>
        )}
        <div css={section}>
          <AmountInput
            presets={method?.deposit_presets ?? schemas.DEPOSIT_PRESETS}
            min={method?.deposit_min ?? schemas.DEPOSIT_MIN}
            max={method?.deposit_max ?? schemas.DEPOSIT_MAX}
            value={amount}
            onChange={setAmount}
          />
        </div>
        {promotions.length > 0 && (
          <div css={section}>
            <label css={label} htmlFor="deposit-promotion">
              {t('promotion')}
            </label>
            <select
              id="deposit-promotion"
              value={promotionId ?? ''}
              onChange={(e) => setPromotionId(e.target.value ? Number(e.target.value) : null)}
              css={css`
                width: 100%;
                min-height: 44px;
                border-radius: ${theme.radius.md};
                background: ${theme.color.bg};
                color: ${theme.color.text};
                border: 1px solid ${theme.color.border};
                padding: 0 10px;
                font: inherit;
              `}
            >
              <option value="">{t('noPromotion')}</option>
              {promotions.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {walletNumber && (
          <Card
            css={css`
              margin-bottom: 18px;
            `}
            data-testid="wallet-number"
          >
            <p
              css={css`
                margin: 0 0 8px;
                color: ${theme.color.textMuted};
              `}
            >
              {t('sendTo', { amount: amount ? formatMoney(amount, 'BDT', locale) : '' })}
            </p>
            <Row justify="between">
              <strong
                css={css`
                  font-size: 20px;
                  letter-spacing: 1px;
                `}
              >
                {walletNumber}
              </strong>
              <Button type="button" variant="secondary" onClick={() => copy(walletNumber, t('accountCopied'), t('noAccountToCopy'))}>
                {t('copy')}
              </Button>
            </Row>
            <div
              css={css`
                display: flex;
                justify-content: flex-end;
                margin-top: 8px;
              `}
            >
              <Button
                type="button"
                variant="ghost"
                onClick={() => copy(amount || null, t('amountCopied', { amount }), t('noAmountToCopy'))}
              >
                {t('copy')} {t('amount')}
              </Button>
            </div>
            <TextField
              label={trxRequired ? t('makePayment.trx') : t('trxIdOptional')}
              error={trxError ?? undefined}
              inputProps={{
                value: payerTrx,
                onChange: (e) => {
                  setPayerTrx(e.target.value);
                  setTrxError(null);
                },
                name: 'transaction_id',
                autoComplete: 'off',
                autoCapitalize: 'characters',
                spellCheck: false,
                placeholder: trxFormat?.example,
                required: trxRequired,
                maxLength: schemas.TRANSACTION_ID_MAX,
              }}
            />
          </Card>
        )}
        <Button type="submit" block disabled={submitting} data-testid="deposit-submit">
          {submitting ? t('submitting') : t('submit')}
        </Button>
        <ErrorModal error={error} onClose={() => setError(null)} />
      </form>
    </>
  );
}
