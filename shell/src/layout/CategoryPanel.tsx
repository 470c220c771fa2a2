import { Link, useNavigate } from 'react-router';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, Spinner, theme, useHost, SectionTitle } from '@khela/web';
import { SPORTS, gamesPath, sportsPath, type Category, type SportsEntry } from './categories';
import { useCategoryProviders } from './providers';
import { imageUrl } from './content';
import { useBlocked, useOpenBlockedPopup } from './blocked';
import { Icon } from './icons';

const grid = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  gap: 8px;
`;
const tile = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 6px;
  min-height: 72px;
  padding: 8px 4px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.surfaceRaised};
  color: ${theme.color.text};
  text-decoration: none;
  font-size: 13px;
  text-align: center;
  border: 1px solid ${theme.color.border};
  cursor: pointer;
  font: inherit;
  width: 100%;
  &:focus-visible {
    outline: 3px solid ${theme.color.info};
    outline-offset: 2px;
  }
`;

/** The sports submenu: guests go to /login (docs/README.md#spec-2); a blocked exchange shows the popup (docs/README.md#spec-6). */
export function SportsList({ onPick }: { onPick?: () => void }) {
  const { t } = useTranslation('shell');
  const { session } = useHost();
  const navigate = useNavigate();
  const blocked = useBlocked();
  const openBlockedPopup = useOpenBlockedPopup();
  const pick = (entry: SportsEntry) => {
    onPick?.();
    // the session at the tap, not the render's: a player's tap held while the server's (visitor) page hydrates is theirs
    if (!session.player$.value) return navigate('/login');
    if (entry.code === 'EXCHANGE' && blocked.exchange) return openBlockedPopup(t('homePage.exchange'));
    if (entry.code !== 'EXCHANGE' && blocked.casino) return openBlockedPopup(entry.name);
    navigate(sportsPath(entry));
  };
  return (
    <ul css={grid} aria-label={t('menu.sportsList')} data-testid="sports-list">
      {SPORTS.map((s) => (
        <li key={s.code}>
          <button type="button" css={tile} onClick={() => pick(s)}>
            <Icon name={s.icon} size={22} />
            <span>{s.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Providers of the selected category (systems first, then their providers), each opening its game list. */
export function CategoryPanel({ category, onPick }: { category: Category; onPick?: () => void }) {
  const { t } = useTranslation('shell');
  const blocked = useBlocked();
  const openBlockedPopup = useOpenBlockedPopup();
  const state = useCategoryProviders(category.type);
  const label = t(`cat.${category.key}`);
  if (category.type === 'SPORTS') return <SportsList onPick={onPick} />;
  if (!category.type) return null;
  if (state.loading) return <Spinner />;
  const providers = state.data?.providers ?? [];
  const systems = state.data?.systems ?? [];
  // with no provider rows, the systems themselves are the choices
  const items = providers.length
    ? providers.map((p) => ({
        key: `${p.system}:${p.platform}`,
        name: p.name,
        icon: p.icon,
        to: gamesPath(category.type!, p.system, p.name),
      }))
    : systems.map((s) => ({ key: s.platform, name: s.name, icon: s.icon, to: gamesPath(category.type!, s.platform, s.name) }));
  const type = category.type;
  return (
    <div data-testid="category-providers">
      <SectionTitle as="h3" size="md" tone="muted">
        {t('menu.providers', { category: label })}
      </SectionTitle>
      {state.failure !== undefined && !state.data ? (
        <LoadFailed error={state.failure} onRetry={state.retry} retrying={state.retrying} testId="category-providers-error" />
      ) : (
        <ul css={grid}>
          <li>
            <Link css={tile} to={gamesPath(type, undefined, label)} onClick={(e) => guard(e)}>
              <Icon name={category.icon} size={22} />
              <span>{t('promotions.all')}</span>
            </Link>
          </li>
          {items.map((item) => (
            <li key={item.key}>
              <Link css={tile} to={item.to} onClick={(e) => guard(e)}>
                {item.icon ? (
                  <img
                    src={imageUrl(item.icon)}
                    alt=""
                    width={40}
                    height={24}
                    loading="lazy"
                    css={css`
                      object-fit: contain;
                    `}
                  />
                ) : (
                  <Icon name={category.icon} size={22} />
                )}
                <span>{item.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  function guard(e: React.MouseEvent) {
    if (blocked.casino) {
      e.preventDefault();
      openBlockedPopup(label);
      return;
    }
    onPick?.();
  }
}
