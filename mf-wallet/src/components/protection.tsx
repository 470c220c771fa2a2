// Responsible gambling on the wallet's screens: the limits offered before the first deposit, the closed deposit
// gate (the API refuses too; this tells the player before they try) and the verification hold of withdrawals.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { css } from '@emotion/react';
import type { ProtectionGate, WalletTransaction } from '@khela/contracts';
import { Button, Card, protectionGateText, theme, useHost, useLocale, Row, Text } from '@khela/web';

const box = css`
  margin: 0 0 18px;
`;
const title = css`
  margin: 0 0 8px;
  font-size: 17px;
`;
const muted = css`
  margin: 0 0 12px;
  color: ${theme.color.textMuted};
  font-size: 14px;
  line-height: 1.45;
`;
const linkButton = css`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 16px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.brand};
  color: ${theme.color.brandText};
  font-weight: 600;
  text-decoration: none;
`;

/**
 * Before the first deposit (the status's `limits_offer`): set deposit limits first, or skip. Skipping tells the
 * API (the offer does not come back) and refreshes the session's protection status; the page stays reachable.
 */
export function LimitsOffer() {
  const { t } = useTranslation('wallet');
  const { session, bus } = useHost();
  const [busy, setBusy] = useState(false);

  const skip = async () => {
    setBusy(true);
    try {
      await session.skipLimitsOffer();
    } catch (err) {
      bus.publish('toast', { kind: 'error', message: err instanceof Error ? err.message : t('errors.unknown') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card css={box} data-testid="rg-deposit-offer" role="region" aria-labelledby="rg-deposit-offer-title">
      <h2 id="rg-deposit-offer-title" css={title}>
        {t('rg.offerTitle')}
      </h2>
      <p css={muted}>{t('rg.offerWhy')}</p>
      <Row wrap align="stretch">
        <Link to="/responsible-gaming" data-testid="rg-deposit-offer-set" css={linkButton}>
          {t('rg.offerSet')}
        </Link>
        <Button type="button" variant="secondary" onClick={skip} disabled={busy} data-testid="rg-deposit-offer-skip">
          {t('rg.offerSkip')}
        </Button>
      </Row>
    </Card>
  );
}

/** Deposits closed by the protection service: why (and until when), the way out where there is one, and withdrawal. */
export function DepositClosed({ gate }: { gate: ProtectionGate }) {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  return (
    <Card css={box} role="alert">
      <h2 css={title}>{t('rg.closedTitle')}</h2>
      <p
        data-testid="rg-deposit-closed"
        css={css`
          margin: 0 0 12px;
          line-height: 1.45;
        `}
      >
        {protectionGateText(gate, locale)}
      </p>
      {gate.reason === 'birthday_missing' && (
        <p
          css={css`
            margin: 0 0 12px;
          `}
        >
          <Link to="/profile" data-testid="rg-deposit-birthday">
            {t('rg.addBirthday')}
          </Link>
        </p>
      )}
      {/* a risk hold may close withdrawals too (its text says so): then they are not offered */}
      {!(gate.reason === 'risk_hold' && gate.params?.withdrawals === false) && (
        <Text as="p">
          {t('rg.withdrawOpen')}{' '}
          <Link to="/withdrawal" data-testid="rg-deposit-withdraw">
            {t('rg.goWithdraw')}
          </Link>
        </Text>
      )}
    </Card>
  );
}

/**
 * Whether a withdrawal waits for staff's due-diligence check (`verification_required`, set by the API when the
 * player's deposits or withdrawals in 180 days passed the threshold). Only a pending withdrawal waits.
 */
export function awaitsVerification(tx: WalletTransaction): boolean {
  return tx.action === 'withdraw' && tx.key === '0' && tx.verification_required === true;
}

/** The "Verification required" label of a record: the reason as its tooltip (and on a second line when `detailed`). */
export function VerificationLabel({ detailed = false }: { detailed?: boolean }) {
  const { t } = useTranslation('wallet');
  return (
    <Text
      tone="warning"
      size="xs"
      weight={600}
      block
      data-testid={detailed ? 'rg-verification-details' : 'rg-verification-required'}
      title={t('rg.verificationReason')}
    >
      {t('rg.verificationTitle')}
      {detailed && (
        <span
          data-testid="rg-verification-reason"
          css={css`
            display: block;
            font-weight: 400;
            color: ${theme.color.textMuted};
            margin-top: 2px;
          `}
        >
          {t('rg.verificationReason')}
        </span>
      )}
    </Text>
  );
}
