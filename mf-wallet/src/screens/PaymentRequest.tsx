import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { css, keyframes } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { Card, Page, formatMoney, mmss, theme, useHost, useLocale, Text } from '@khela/web';

interface RequestState {
  amount?: string;
  payment_icon?: string | null;
  action?: 'deposit' | 'withdraw';
  transaction?: string;
  /** Single-use deposit reference (manual deposits): binds /make-payment to this deposit. */
  reference?: string;
  /** A withdrawal created waiting for the due-diligence check: the API's message (English). */
  verification?: string;
}

const pulse = keyframes`0%,100%{transform:scale(1)}50%{transform:scale(1.12)}`;

/**
 * /payment-request: "Get Ready!", "Your Money is on its way", a 30-minute countdown, amount and icon,
 * Close to /account. Coming back from the payment gateway (?transaction=...) it asks the API to settle.
 * A withdrawal waiting for verification says so and why instead of the countdown. When staff approve or reject the
 * request (the player push's `payment` topic, relayed on the bus) the countdown stops and the page says which.
 */
export function PaymentRequest() {
  const { t } = useTranslation('wallet');
  const { api, bus } = useHost();
  const locale = useLocale();
  const state = (useLocation().state ?? {}) as RequestState;
  const [params] = useSearchParams();
  const transaction = params.get('transaction');
  const amount = state.amount ?? params.get('amount') ?? null;
  const verification = state.action === 'withdraw' && Boolean(state.verification);
  const [left, setLeft] = useState(schemas.PAYMENT_REQUEST_SECONDS);
  const [gatewayKey, setGatewayKey] = useState<'0' | '1' | '2' | null>(null);
  // staff decided this request (1 approved, 2 rejected): the countdown stops
  const [decided, setDecided] = useState<1 | 2 | null>(null);

  useEffect(() => {
    if (!state.transaction) return;
    const s = bus.on('payment').subscribe((e) => {
      if (e.transaction === state.transaction && (e.status === 1 || e.status === 2)) setDecided(e.status);
    });
    return () => s.unsubscribe();
  }, [bus, state.transaction]);

  useEffect(() => {
    if (decided) return;
    const end = Date.now() + left * 1000;
    const id = setInterval(() => setLeft(Math.max(0, Math.round((end - Date.now()) / 1000))), 1000);
    return () => clearInterval(id);
    // the countdown starts once (and stops on a decision): `left` is read only when it starts
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [decided]);

  useEffect(() => {
    if (!transaction) return;
    let stop = false;
    let tries = 0;
    // The gateway's callback usually settles first; confirm asks the gateway itself if it has not.
    const poll = async () => {
      try {
        const r = await api.call(schemas.ewaConfirm, { body: { trx_id: transaction } });
        if (stop) return;
        setGatewayKey(r.key);
        if (r.key === '0' && ++tries < 20) setTimeout(poll, 2000);
      } catch {
        if (!stop && ++tries < 20) setTimeout(poll, 3000);
      }
    };
    void poll();
    return () => {
      stop = true;
    };
  }, [transaction, api]);

  return (
    <Page>
      <Card
        css={css`
          text-align: center;
          padding: 28px 16px;
        `}
        data-testid="payment-request"
      >
        {/* drawn, not the ⏳ emoji: a phone whose font lacks it showed an empty box */}
        <svg
          aria-hidden
          data-testid="request-hourglass"
          viewBox="0 0 24 24"
          width="56"
          height="56"
          fill={theme.color.brand}
          css={css`
            animation: ${pulse} 1.4s ease-in-out infinite;
          `}
        >
          <path d="M6 2v6h.01L6 8.01 10 12l-4 4 .01.01H6V22h12v-5.99h-.01L18 16l-4-4 4-3.99-.01-.01H18V2H6zm10 14.5V20H8v-3.5l4-4 4 4zm-4-5l-4-4V4h8v3.5l-4 4z" />
        </svg>
        <h1
          css={css`
            margin: 12px 0 4px;
            color: ${theme.color.brand};
          `}
        >
          {verification
            ? t('rg.verificationTitle')
            : decided === 2
              ? t('request.notApprovedTitle')
              : decided === 1
                ? t('request.approvedTitle')
                : t('request.getReady')}
        </h1>
        {verification ? (
          <p
            role="status"
            data-testid="rg-verification-required"
            css={css`
              margin: 0 0 16px;
              line-height: 1.45;
            `}
          >
            {locale === 'en' ? state.verification : t('rg.verificationMessage')}
          </p>
        ) : decided === 2 ? null : (
          <p
            css={css`
              margin: 0 0 16px;
            `}
          >
            {t('request.onItsWay')}
          </p>
        )}
        {state.payment_icon && (
          <img
            src={api.url(state.payment_icon)}
            alt=""
            width={96}
            height={48}
            css={css`
              object-fit: contain;
            `}
          />
        )}
        {amount && (
          <p
            data-testid="request-amount"
            css={css`
              font-size: 28px;
              font-weight: 700;
              margin: 8px 0;
            `}
          >
            {formatMoney(amount, 'BDT', locale)}
          </p>
        )}
        {transaction && (
          <p data-testid="gateway-status" role="status">
            {gatewayKey === '1' ? t('request.success') : gatewayKey === '2' ? t('request.failed') : t('request.checking')}
          </p>
        )}
        {decided ? (
          <p
            role="status"
            data-testid="request-decided"
            data-decision={decided === 1 ? 'approved' : 'rejected'}
            css={css`
              margin: 16px 0 20px;
              font-weight: 600;
              color: ${decided === 1 ? theme.color.success : theme.color.danger};
            `}
          >
            {state.action === 'withdraw'
              ? t(decided === 1 ? 'request.approvedWithdraw' : 'request.rejectedWithdraw')
              : t(decided === 1 ? 'request.approvedDeposit' : 'request.rejectedDeposit')}
          </p>
        ) : verification ? (
          <p>
            <Link to="/transaction-record">{t('rg.viewRecords')}</Link>
          </p>
        ) : (
          <>
            <p
              css={css`
                color: ${theme.color.textMuted};
                margin: 16px 0 4px;
              `}
            >
              {t('request.timeLeft')}
            </p>
            <p
              data-testid="countdown"
              css={css`
                font-size: 32px;
                font-variant-numeric: tabular-nums;
                margin: 0 0 20px;
              `}
            >
              {mmss(left, locale)}
            </p>
          </>
        )}
        {state.reference && (
          <div
            css={css`
              margin: 0 0 12px;
            `}
          >
            <p
              css={css`
                color: ${theme.color.textMuted};
                margin: 0 0 4px;
              `}
            >
              {t('request.reference')}
            </p>
            <p
              data-testid="deposit-reference"
              css={css`
                font-size: 22px;
                font-weight: 700;
                letter-spacing: 2px;
                margin: 0 0 4px;
                font-variant-numeric: tabular-nums;
              `}
            >
              {state.reference}
            </p>
            <Text as="p" tone="muted" size="sm">
              {t('request.referenceHint')}
            </Text>
          </div>
        )}
        {/* nothing to confirm once staff decided it */}
        {state.action === 'deposit' && !decided && (
          <p>
            <Link to={state.reference ? `/make-payment?ref=${encodeURIComponent(state.reference)}` : '/make-payment'}>
              {t('request.confirmPayment')}
            </Link>
          </p>
        )}
        <Link
          to="/account"
          data-testid="request-close"
          css={css`
            display: inline-block;
            padding: 10px 24px;
            border-radius: ${theme.radius.md};
            background: ${theme.color.brand};
            color: ${theme.color.brandText};
            text-decoration: none;
            font-weight: 600;
          `}
        >
          {t('request.close')}
        </Link>
      </Card>
    </Page>
  );
}
