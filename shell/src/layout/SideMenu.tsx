import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { theme, Grow, Row, SectionLabel, PlainList, focusAfterPaint } from '@khela/web';
import { CATEGORIES, EXTRAS, type Category } from './categories';
import { CategoryPanel } from './CategoryPanel';
import { Icon } from './icons';
import { SiteLogo } from './SiteLogo';
import { LanguagePicker } from './LanguagePicker';

const item = (active: boolean) => css`
  display: flex;
  align-items: center;
  gap: 12px;
  width: 100%;
  min-height: 44px;
  padding: 8px 12px;
  border: 0;
  border-radius: ${theme.radius.md};
  background: ${active ? theme.color.surfaceRaised : 'transparent'};
  color: ${active ? theme.color.brand : theme.color.text};
  font: inherit;
  font-size: 15px;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${theme.color.info};
    outline-offset: -3px;
  }
`;

/** Mobile side menu (docs/README.md#spec-2): categories with their providers, the sports submenu, and the extras. */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Category | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const cancelFocus = focusAfterPaint(() => closeRef.current);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    // the page behind must not scroll while the menu covers it
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      cancelFocus();
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;

  const choose = (c: Category) => {
    if (c.key === 'home') {
      // docs/README.md#spec-4: Home clears the loaded systems and providers
      setSelected(null);
      onClose();
      navigate('/');
      return;
    }
    setSelected((cur) => (cur?.key === c.key ? null : c));
  };

  return (
    <div
      css={css`
        position: fixed;
        inset: 0;
        z-index: ${theme.layer.sideMenu};
        background: rgba(0, 0, 0, 0.55);
      `}
      onClick={onClose}
      data-testid="side-menu-backdrop"
    >
      <nav
        role="dialog"
        aria-modal="true"
        aria-label={t('mainMenu')}
        data-testid="side-menu"
        onClick={(e) => e.stopPropagation()}
        css={css`
          position: absolute;
          top: 0;
          left: 0;
          bottom: 0;
          width: min(320px, 86vw);
          overflow-y: auto;
          background: ${theme.color.surface};
          padding: 12px;
          display: flex;
          flex-direction: column;
          gap: 12px;
          box-shadow: 4px 0 24px rgba(0, 0, 0, 0.4);
        `}
      >
        <Row gap={0} justify="between">
          <SiteLogo mobile />
          <button
            ref={closeRef}
            type="button"
            aria-label={t('closeMenu')}
            onClick={onClose}
            css={css`
              ${item(false)};
              width: 44px;
              justify-content: center;
              padding: 0;
            `}
          >
            <Icon name="close" size={24} />
          </button>
        </Row>

        <section aria-labelledby="menu-cats">
          <SectionLabel id="menu-cats">{t('menu.categories')}</SectionLabel>
          <PlainList gap={2}>
            {CATEGORIES.map((c) => {
              const active = selected?.key === c.key;
              return (
                <li key={c.key}>
                  <button
                    type="button"
                    css={item(active)}
                    aria-expanded={c.key === 'home' ? undefined : active}
                    onClick={() => choose(c)}
                    data-testid={`menu-cat-${c.key}`}
                  >
                    <Icon name={c.icon} />
                    <Grow as="span">{t(`cat.${c.key}`)}</Grow>
                    {c.key !== 'home' && (
                      <Icon
                        name="chevron"
                        css={css`
                          transform: rotate(${active ? 90 : 0}deg);
                          transition: transform 0.2s;
                        `}
                      />
                    )}
                  </button>
                  {active && (
                    <div
                      css={css`
                        padding: 8px 4px 12px;
                      `}
                    >
                      <CategoryPanel category={c} onPick={onClose} />
                    </div>
                  )}
                </li>
              );
            })}
          </PlainList>
        </section>

        <section aria-labelledby="menu-more">
          <SectionLabel id="menu-more">{t('menu.more')}</SectionLabel>
          <PlainList gap={2}>
            {EXTRAS.map((x) => (
              <li key={x.key}>
                <Link to={x.to} css={item(false)} onClick={onClose}>
                  <Icon name={x.icon} />
                  <span>{t(`extras.${x.key}`)}</span>
                </Link>
              </li>
            ))}
            <li>
              <Link to="/page/site/component/appDownload.jsp" css={item(false)} onClick={onClose}>
                <Icon name="download" />
                <span>{t('extras.appDownload')}</span>
              </Link>
            </li>
          </PlainList>
        </section>
        <LanguagePicker />
      </nav>
    </div>
  );
}
