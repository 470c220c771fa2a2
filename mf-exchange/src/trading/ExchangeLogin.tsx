import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import { ApiError, Button, NoData, useHost } from '@khela/web';
import { LoadingOverlay } from '../components/events';

/**
 * /exchange-login (docs/README.md#spec-2, #spec-3, #spec-7): logs in to the exchange with the scoped token of POST /api/player-login (the
 * session keeps it as `exchangeToken`; the exchange's calls then use it) and forwards to the exchange. The legacy
 * site forwarded to /gamerun because its exchange was another site in a frame; here the exchange is part of the site
 * (which may not be framed: frame-ancestors 'none'), so it forwards to /exchange.
 */
export function ExchangeLogin() {
  const { t } = useTranslation('exchange');
  const { session } = useHost();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    // a shell deployed before the session could open the exchange: the player's own token serves the exchange
    (session.openExchange ? session.openExchange() : Promise.resolve()).then(
      () => live && navigate('/exchange', { replace: true }),
      (err: unknown) => live && setError(err instanceof ApiError ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [attempt, navigate, session]);
  if (!error) return <LoadingOverlay text={t('login.opening')} />;
  return (
    <div
      data-testid="exchange-login-error"
      css={css`
        padding: 16px;
        display: flex;
        flex-direction: column;
        gap: 8px;
      `}
    >
      <NoData text={error} />
      <Button onClick={() => setAttempt((n) => n + 1)}>{t('login.retry')}</Button>
      <Button variant="secondary" onClick={() => navigate('/exchange', { replace: true })}>
        {t('login.open')}
      </Button>
    </div>
  );
}
