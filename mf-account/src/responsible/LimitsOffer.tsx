import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import type { ProtectionStatus } from '@khela/contracts';
import { Button, theme, useHost } from '@khela/web';
import { Notice, row } from '../ui';
import { useErrorText } from './text';

const card = css`
  border: 2px solid ${theme.color.brand};
  border-radius: ${theme.radius.lg};
  background: ${theme.color.surface};
  padding: 16px;
  margin-bottom: 16px;
  h2 {
    margin: 0 0 8px;
    font-size: 18px;
  }
  p {
    margin: 0 0 12px;
    line-height: 1.5;
  }
`;

/**
 * The limits offered after sign-up and before the first deposit (status `limits_offer`): a way to set them (`action`)
 * and Skip, which tells the server and the session. The Responsible gaming page stays reachable after a skip.
 */
export function LimitsOffer(props: { action: ReactNode; onSkipped?: (status: ProtectionStatus) => void }) {
  const { t } = useTranslation('account');
  const { session } = useHost();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const skip = async () => {
    setBusy(true);
    setError(null);
    try {
      props.onSkipped?.(await session.skipLimitsOffer());
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section css={card} data-testid="rg-offer" aria-labelledby="rg-offer-title">
      <h2 id="rg-offer-title">{t('rg.offerTitle')}</h2>
      <p>{t('rg.offerText')}</p>
      {error && (
        <Notice kind="error" testId="rg-offer-error">
          {error}
        </Notice>
      )}
      <div css={row}>
        {props.action}
        <Button variant="secondary" data-testid="rg-offer-skip" disabled={busy} onClick={() => void skip()}>
          {t('rg.offerSkip')}
        </Button>
      </div>
    </section>
  );
}
