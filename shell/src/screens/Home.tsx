import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import * as schemas from '@khela/contracts';
import { LoadFailed, Notice, theme, useHost, SectionTitle, ScrollRow } from '@khela/web';
import { BannerCarousel, CardRow } from '../layout/Carousel';
import { Marquee } from '../layout/Marquee';
import { HomePopups } from '../layout/HomePopups';
import { CATEGORIES, type Category } from '../layout/categories';
import { CategoryPanel } from '../layout/CategoryPanel';
import { imageUrl, useGeneral, useSliders } from '../layout/content';
import { useBlocked } from '../layout/blocked';
import { srOnly } from '../layout/LanguagePicker';
import { Icon } from '../layout/icons';
import { firstScreen } from '../layout/first-screen';

/** A slider's link: a path of this site, an outside http(s) address, or (none, or any other scheme) /promotions. */
export function SlideLink({
  link,
  children,
  label,
  onClick,
}: {
  link: string | null;
  children: React.ReactNode;
  label: string;
  onClick?: (e: React.MouseEvent) => void;
}) {
  const cls = [
    firstScreen.slideLink,
    css`
      color: inherit;
      text-decoration: none;
    `,
  ];
  const safe = schemas.safeLink(link);
  if (safe?.kind === 'external') {
    return (
      <a href={safe.href} css={cls} target="_blank" rel="noopener noreferrer" aria-label={label} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <Link to={safe?.path ?? '/promotions'} css={cls} aria-label={label} onClick={onClick}>
      {children}
    </Link>
  );
}

function MarketBlockBanner() {
  const { t } = useTranslation('shell');
  const blocked = useBlocked();
  const sections = [blocked.exchange && t('homePage.exchange'), blocked.casino && t('homePage.gameCategories')].filter(Boolean);
  if (!sections.length) return null;
  return (
    <Notice tone="danger" testId="market-block-banner">
      {t('homePage.blockedBanner', { sections: sections.join(', ') })}
    </Notice>
  );
}

function GameCards({ items, guestsToLogin }: { items: schemas.Slider[]; guestsToLogin: boolean }) {
  const { session } = useHost();
  const navigate = useNavigate();
  return (
    <>
      {items.map((s) => (
        <li
          key={s.id}
          css={css`
            flex: 0 0 140px;
          `}
        >
          <SlideLink
            link={s.link}
            label={s.name}
            onClick={(e) => {
              // docs/README.md#spec-2: guests clicking featured games go to /login (the session at the tap: while the
              // server's visitor page hydrates, the render still reads a visitor)
              if (guestsToLogin && !session.player$.value) {
                e.preventDefault();
                navigate('/login');
              }
            }}
          >
            <img
              src={imageUrl(s.thubmnail)}
              alt=""
              width={140}
              height={105}
              loading="lazy"
              css={css`
                display: block;
                width: 140px;
                height: 105px;
                object-fit: cover;
                border-radius: ${theme.radius.md};
                background: ${theme.color.surfaceRaised};
              `}
            />
            <span
              css={css`
                display: block;
                font-size: 13px;
                margin-top: 4px;
                white-space: nowrap;
                overflow: hidden;
                text-overflow: ellipsis;
              `}
            >
              {s.name}
            </span>
          </SlideLink>
        </li>
      ))}
    </>
  );
}

/** Heading (26) + gap (8) + card image (105) + caption (24). */
const ROW_HEIGHT = 163;

export function Home() {
  const { t } = useTranslation('shell');
  const sliders = useSliders();
  const generalState = useGeneral();
  const general = generalState.data;
  // staff's marquee messages (back office), else the system notice, as before there were any
  const marqueeText = general?.marquee?.length ? general.marquee.join('   •   ') : general?.system_notice;
  const [category, setCategory] = useState<Category | null>(null);
  const all = sliders.data ?? [];
  const main = all.filter((s) => s.slider_type === 'Main');
  const favourites = all.filter((s) => s.slider_type === 'Favourite');
  const featured = all.filter((s) => s.slider_type === 'Features');

  return (
    <div
      data-testid="home"
      css={[
        firstScreen.home,
        css`
          display: flex;
          flex-direction: column;
          gap: 14px;
          color: ${theme.color.text};
        `,
      ]}
    >
      <h1 css={srOnly}>{t('homePage.heading')}</h1>
      <MarketBlockBanner />

      {main.length > 0 ? (
        <BannerCarousel
          label={t('homePage.banners')}
          ratio={firstScreen.bannerSlide.aspectRatio}
          testId="main-slider"
          slides={main.map((s, i) => ({
            key: s.id,
            content: (
              <SlideLink link={s.link} label={s.name}>
                <img
                  src={imageUrl(s.thubmnail)}
                  alt=""
                  width={1200}
                  height={400}
                  // the first banner is the page's largest paint: fetch it first, never lazily
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  css={firstScreen.bannerImage}
                />
              </SlideLink>
            ),
          }))}
        />
      ) : (
        // same box while the sliders load, so nothing below moves; a failed read says so in it, with Retry
        <div
          aria-hidden={sliders.failure === undefined ? 'true' : undefined}
          css={[
            firstScreen.carouselViewport,
            css`
              aspect-ratio: ${firstScreen.bannerSlide.aspectRatio};
              /* a failure's red text needs the page's darker ground to read (contrast) */
              background: ${sliders.failure === undefined ? theme.color.surfaceRaised : theme.color.bg};
              border: 1px solid ${theme.color.border};
              margin-bottom: 28px;
              display: flex;
              align-items: center;
              justify-content: center;
              padding: 0 16px;
            `,
          ]}
        >
          {sliders.failure !== undefined && !sliders.data && (
            // the banners and game rows are the page's content: a failed read says so (README decisions)
            <LoadFailed
              what={t('homePage.loadFailed')}
              error={sliders.failure}
              onRetry={sliders.retry}
              retrying={sliders.retrying}
              testId="home-error"
            />
          )}
        </div>
      )}

      {marqueeText ? (
        <Marquee text={marqueeText} />
      ) : generalState.loading ? (
        <div
          aria-hidden="true"
          css={css`
            height: 36px;
          `}
        />
      ) : null}

      <section aria-labelledby="home-cats">
        <h2 id="home-cats" css={srOnly}>
          {t('homePage.categoryNav')}
        </h2>
        <ScrollRow gap={6} role="toolbar" aria-label={t('homePage.categoryNav')} data-testid="category-nav">
          {CATEGORIES.map((c) => {
            const active = c.key === 'home' ? category === null : category?.key === c.key;
            return (
              <button
                key={c.key}
                type="button"
                aria-pressed={active}
                onClick={() => setCategory(c.key === 'home' ? null : c)}
                data-testid={`home-cat-${c.key}`}
                css={css`
                  flex: 0 0 auto;
                  display: flex;
                  flex-direction: column;
                  align-items: center;
                  gap: 4px;
                  min-width: 64px;
                  min-height: 60px;
                  padding: 6px 8px;
                  border-radius: ${theme.radius.md};
                  border: 1px solid ${active ? theme.color.brand : theme.color.border};
                  background: ${active ? theme.color.surfaceRaised : theme.color.surface};
                  color: ${active ? theme.color.brand : theme.color.text};
                  font: inherit;
                  font-size: 12px;
                  cursor: pointer;
                  &:focus-visible {
                    outline: 3px solid ${theme.color.info};
                  }
                `}
              >
                <Icon name={c.icon} size={22} />
                {t(`cat.${c.key}`)}
              </button>
            );
          })}
        </ScrollRow>
        {category && (
          <div
            css={css`
              margin-top: 10px;
            `}
          >
            <CategoryPanel category={category} />
          </div>
        )}
      </section>

      {sliders.loading && (
        // room for the Favourites and Featured rows while they load, so the footer does not jump
        <div
          aria-hidden="true"
          css={css`
            height: ${2 * ROW_HEIGHT + 14}px;
          `}
        />
      )}
      {favourites.length > 0 && (
        <section aria-labelledby="home-fav">
          <SectionTitle id="home-fav">{t('homePage.favourites')}</SectionTitle>
          <CardRow label={t('homePage.favourites')} headingId="home-fav" testId="favourites-slider">
            <GameCards items={favourites} guestsToLogin={false} />
          </CardRow>
        </section>
      )}
      {featured.length > 0 && (
        <section aria-labelledby="home-featured">
          <SectionTitle id="home-featured">{t('homePage.featured')}</SectionTitle>
          <CardRow label={t('homePage.featured')} headingId="home-featured" testId="featured-slider">
            <GameCards items={featured} guestsToLogin />
          </CardRow>
        </section>
      )}
      <HomePopups notice={general?.system_notice} popups={general?.popups} />
    </div>
  );
}
