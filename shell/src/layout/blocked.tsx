import { useEffect, useState } from 'react';
import { Subject } from 'rxjs';
import { useTranslation } from 'react-i18next';
import { Button, Modal, useBusEvent } from '@khela/web';

const requests = new Subject<string>();

/** Spec 6: the market-block popup naming the section the player tried to open. */
export function openBlockedPopup(section: string): void {
  requests.next(section);
}

/** Which sections the upline blocked (published on the bus after login). */
export function useBlocked(): { exchange: boolean; casino: boolean } {
  return useBusEvent('market-block') ?? { exchange: false, casino: false };
}

export function BlockedPopup() {
  const { t } = useTranslation('shell');
  const [section, setSection] = useState<string | null>(null);
  useEffect(() => {
    const s = requests.subscribe(setSection);
    return () => s.unsubscribe();
  }, []);
  return (
    <Modal
      open={section !== null}
      title={t('marketBlockedTitle')}
      onClose={() => setSection(null)}
      footer={<Button onClick={() => setSection(null)}>{t('ok')}</Button>}
    >
      <p data-testid="market-blocked-text">{t('common:marketBlocked', { section })}</p>
    </Modal>
  );
}
