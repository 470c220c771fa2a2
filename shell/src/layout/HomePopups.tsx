import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Modal, SafeHtml, useHost, useLoggedIn } from '@khela/web';

/**
 * Spec 4: after login (popup=1) the system notice pops up once; after sign-up (regPopup=1) the
 * welcome popup too. Closing remembers the dismissal (popup=0, regPopup=0).
 */
export function HomePopups({ notice }: { notice: string | null | undefined }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const { session } = useHost();
  const [welcome, setWelcome] = useState(() => session.popupPending('welcome'));
  const [showNotice, setShowNotice] = useState(() => session.popupPending('notice'));

  const closeWelcome = () => {
    session.dismissPopup('welcome');
    setWelcome(false);
  };
  const closeNotice = () => {
    session.dismissPopup('notice');
    setShowNotice(false);
  };

  if (!loggedIn) return null;
  if (welcome) {
    return (
      <Modal
        open
        title={t('homePage.welcomeTitle')}
        onClose={closeWelcome}
        footer={
          <Button
            onClick={() => {
              closeWelcome();
              navigate('/deposit');
            }}
          >
            {t('homePage.welcomeCta')}
          </Button>
        }
      >
        <p data-testid="welcome-text">{t('homePage.welcomeText')}</p>
      </Modal>
    );
  }
  if (showNotice && notice) {
    return (
      <Modal open title={t('homePage.noticeTitle')} onClose={closeNotice} footer={<Button onClick={closeNotice}>{t('ok')}</Button>}>
        <div data-testid="notice-popup-text">
          <SafeHtml html={notice} />
        </div>
      </Modal>
    );
  }
  return null;
}
