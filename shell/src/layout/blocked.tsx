import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketBlock } from '@khela/contracts';
import { Button, Modal, useMarketBlock } from '@khela/web';

const OpenBlockedPopup = createContext<(section: string) => void>(() => undefined);

/** docs/README.md#spec-6: the market-block popup naming the section the player tried to open, for the whole layout. */
export function BlockedPopupProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const [section, setSection] = useState<string | null>(null);
  const open = useCallback((name: string) => setSection(name), []);
  return (
    <OpenBlockedPopup.Provider value={open}>
      {children}
      <Modal
        open={section !== null}
        title={t('marketBlockedTitle')}
        onClose={() => setSection(null)}
        footer={<Button onClick={() => setSection(null)}>{t('ok')}</Button>}
      >
        <p data-testid="market-blocked-text">{t('common:marketBlocked', { section })}</p>
      </Modal>
    </OpenBlockedPopup.Provider>
  );
}

/** Opens the popup for a section (menus call it when the player picks a blocked section). */
export const useOpenBlockedPopup = () => useContext(OpenBlockedPopup);

/** Which sections the upline blocked: the player session's decision. */
export const useBlocked = (): MarketBlock => useMarketBlock();
