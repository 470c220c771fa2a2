import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as schemas from '@khela/contracts';
import { AreaFallback, Spinner, useHost, useLocale } from '@khela/web';

/**
 * /chat: opens (or creates) the player's chat with support and goes to its chat box.
 * The legacy ids of docs/README.md#spec-6 are sent for compatibility; the server takes the player from the token.
 */
export function ChatEntry() {
  const { t } = useTranslation('chat');
  const { api, session } = useHost();
  const locale = useLocale();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setFailed(false);
    api
      .call(schemas.createChat, {
        body: {
          user_one_id: session.player$.value?.remoteId || schemas.LEGACY_SENDER_ID,
          user_two_id: schemas.LEGACY_SUPPORT_USER_ID,
          locale,
        },
      })
      .then((res) => live && navigate(`/chat-box/${res.chat.id}`, { replace: true }))
      .catch((err) => {
        console.warn('[chat] open failed', err);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [attempt]);
  if (failed) return <AreaFallback message={t('openFailed')} onRetry={() => setAttempt((n) => n + 1)} />;
  return (
    <div data-testid="chat-entry">
      <Spinner label={t('opening')} />
    </div>
  );
}
