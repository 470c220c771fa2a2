import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { css } from '@emotion/react';
import { Button, Modal, SafeHtml } from '@khela/web';

export interface ShownError {
  message: string;
  /** Adds the link to /profile (phone verification, date of birth). */
  profileLink?: boolean;
  title?: string;
  /** A test id of the message beside error-modal-message (e.g. rg-deposit-refused). */
  testId?: string;
}

/** docs/README.md#spec-2: the error modal shows server messages as HTML, sanitised by DOMPurify (SafeHtml) first. */
export function ErrorModal({ error, onClose }: { error: ShownError | null; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  return (
    <Modal
      open={Boolean(error)}
      title={error?.title ?? t('errorTitle')}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      {error && (
        <div data-testid="error-modal-message">
          {error.testId ? (
            <div data-testid={error.testId}>
              <SafeHtml html={error.message} />
            </div>
          ) : (
            <SafeHtml html={error.message} />
          )}
          {error.profileLink && (
            <p
              css={css`
                margin-top: 12px;
              `}
            >
              <Link to="/profile" onClick={onClose} data-testid="profile-link">
                {t('verifyPhoneLink')}
              </Link>
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
