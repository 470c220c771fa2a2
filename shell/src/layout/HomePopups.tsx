import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import type { HomePopup } from '@khela/contracts';
import { Button, Modal, SafeHtml, useHost, useLoggedIn } from '@khela/web';
import { imageUrl } from './content';
import { useMarkWelcomeShowing } from '../protection/welcome';

/** A staff popup's own button goes to a path of this site or opens an outside http(s) address. */
function followLink(link: string, navigate: (to: string) => void) {
  if (link.startsWith('/') && !link.startsWith('//')) navigate(link);
  else if (/^https?:\/\//.test(link)) window.open(link, '_blank', 'noopener,noreferrer');
}

/** Title, image and HTML text of a popup staff set in the back office. */
function PopupBody({ popup }: { popup: HomePopup }) {
  return (
    <div data-testid="home-popup" data-popup-id={popup.id}>
      {popup.image && (
        <img
          src={imageUrl(popup.image)}
          alt=""
          css={css`
            display: block;
            max-width: 100%;
            border-radius: 8px;
            margin-bottom: 8px;
          `}
        />
      )}
      <SafeHtml html={popup.body} />
    </div>
  );
}

/**
 * docs/README.md#spec-4: after login (popup=1) the system notice pops up once; after sign-up (regPopup=1) the
 * welcome popup too. Closing remembers the dismissal (popup=0, regPopup=0). Staff's home popups
 * (back office, GET /api/general `popups`): a 'welcome' one replaces the built-in welcome text, the
 * 'notice' ones show with the system notice.
 */
export function HomePopups({ notice, popups }: { notice: string | null | undefined; popups?: HomePopup[] }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const { session } = useHost();
  const [welcome, setWelcome] = useState(() => session.popupPending('welcome'));
  const [showNotice, setShowNotice] = useState(() => session.popupPending('notice'));
  const staffWelcome = popups?.find((p) => p.kind === 'welcome');
  const staffNotices = (popups ?? []).filter((p) => p.kind === 'notice');
  // the limits offer (protection/LimitsOffer) waits until the welcome popup is closed
  useMarkWelcomeShowing(loggedIn && welcome);

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
        title={staffWelcome?.title ?? t('homePage.welcomeTitle')}
        onClose={closeWelcome}
        footer={
          <Button
            onClick={() => {
              closeWelcome();
              followLink(staffWelcome?.link ?? '/deposit', navigate);
            }}
          >
            {t('homePage.welcomeCta')}
          </Button>
        }
      >
        {staffWelcome ? <PopupBody popup={staffWelcome} /> : <p data-testid="welcome-text">{t('homePage.welcomeText')}</p>}
      </Modal>
    );
  }
  if (showNotice && (notice || staffNotices.length)) {
    const first = staffNotices[0];
    return (
      <Modal
        open
        title={notice || !first ? t('homePage.noticeTitle') : first.title}
        onClose={closeNotice}
        footer={<Button onClick={closeNotice}>{t('ok')}</Button>}
      >
        {notice && (
          <div data-testid="notice-popup-text">
            <SafeHtml html={notice} />
          </div>
        )}
        {staffNotices.map((p, i) => (
          <div key={p.id}>
            {(notice || i > 0) && <h3>{p.title}</h3>}
            <PopupBody popup={p} />
            {p.link && (
              <Button
                variant="secondary"
                onClick={() => {
                  closeNotice();
                  followLink(p.link!, navigate);
                }}
              >
                {p.title}
              </Button>
            )}
          </div>
        ))}
      </Modal>
    );
  }
  return null;
}
