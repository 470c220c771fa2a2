import { useState } from 'react';
import { Link } from 'react-router';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import * as schemas from '@khela/contracts';
import { Button, LoadFailed, Modal, mq, NoData, SafeHtml, Spinner, Tabs, theme, useLoggedIn, Text, Heading } from '@khela/web';
import { BannerCarousel } from '../layout/Carousel';
import { imageUrl, loadPromotions, useContent } from '../layout/content';
import { PROMOTION_FILTERS, descriptionPreview, displayed, matchesFilter, type PromotionFilterId } from './promotion-filters';

type FilterKey = (typeof PROMOTION_FILTERS)[number]['key'];

function period(p: schemas.Promotion, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (!p.start_date && !p.end_date) return t('promotions.ongoing');
  return t('promotions.period', { start: p.start_date ?? '…', end: p.end_date ?? '…' });
}

/** The details popup (docs/README.md#spec-2): name, thumbnail and description from GET /api/promotions/{id}. */
function PromotionDetails({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const loggedIn = useLoggedIn();
  const state = useContent(`promotion:${id}`, (api) => api.call(schemas.getPromotion, { params: { id } }));
  const p = state.data;
  return (
    <Modal
      open
      title={p?.name ?? t('promotions.details')}
      onClose={onClose}
      footer={
        <Link to={loggedIn ? '/deposit' : '/signup'} onClick={onClose} css={ctaLink(true)}>
          {loggedIn ? t('promotions.depositNow') : t('promotions.signUpNow')}
        </Link>
      }
    >
      {state.loading && <Spinner />}
      {state.failure !== undefined && !p && (
        <LoadFailed error={state.failure} onRetry={state.retry} retrying={state.retrying} testId="promotion-details-error" />
      )}
      {p && (
        <div data-testid="promotion-details">
          {p.thumbnail && (
            <img
              src={imageUrl(p.thumbnail)}
              alt={p.name}
              width={400}
              height={200}
              css={css`
                width: 100%;
                height: auto;
                aspect-ratio: 2 / 1;
                object-fit: cover;
                border-radius: ${theme.radius.md};
              `}
            />
          )}
          <p
            css={css`
              color: ${theme.color.textMuted};
              font-size: 13px;
            `}
          >
            {period(p, t)}
          </p>
          <SafeHtml html={p.desc} />
        </div>
      )}
    </Modal>
  );
}

const ctaLink = (primary: boolean) => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: 0 16px;
  flex: 1;
  border-radius: ${theme.radius.md};
  font-weight: 700;
  text-decoration: none;
  font-size: 14px;
  background: ${primary ? theme.color.brand : theme.color.surfaceRaised};
  color: ${primary ? theme.color.brandText : theme.color.text};
  border: 1px solid ${primary ? theme.color.brand : theme.color.border};
  &:focus-visible {
    outline: 3px solid ${theme.color.info};
    outline-offset: 2px;
  }
`;

export function Promotions() {
  const { t } = useTranslation('shell');
  const loggedIn = useLoggedIn();
  const [filter, setFilter] = useState<FilterKey>('all');
  const [openId, setOpenId] = useState<number | null>(null);
  const state = useContent('promotions', loadPromotions);
  const promos = displayed(state.data ?? []);
  const filterId = PROMOTION_FILTERS.find((f) => f.key === filter)!.id as PromotionFilterId;
  const shown = promos.filter((p) => matchesFilter(p.categories, filterId));
  const banners = promos.filter((p) => p.thumbnail);

  return (
    <div
      data-testid="promotions"
      css={css`
        max-width: 1200px;
        margin: 0 auto;
        padding: 12px;
        color: ${theme.color.text};
      `}
    >
      <h1
        css={css`
          font-size: 22px;
          margin: 4px 0 12px;
        `}
      >
        {t('promotions.title')}
      </h1>
      {banners.length > 0 ? (
        <div
          css={css`
            max-width: 720px;
            margin: 0 auto;
          `}
        >
          <BannerCarousel
            label={t('homePage.banners')}
            ratio="2 / 1"
            testId="promotions-slider"
            slides={banners.map((p, i) => ({
              key: p.id,
              content: (
                <img
                  src={imageUrl(p.thumbnail)}
                  alt={p.name}
                  width={800}
                  height={400}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  css={css`
                    display: block;
                    width: 100%;
                    height: 100%;
                    object-fit: cover;
                  `}
                />
              ),
            }))}
          />
        </div>
      ) : null}
      <div
        css={css`
          margin-top: 12px;
        `}
        data-testid="promotion-filters"
      >
        <Tabs
          label={t('promotions.filters')}
          tabs={PROMOTION_FILTERS.map((f) => ({ key: f.key, label: t(`promotions.${f.key}`) }))}
          value={filter}
          onChange={setFilter}
        />
      </div>
      {state.loading ? (
        <Spinner />
      ) : state.failure !== undefined && !state.data ? (
        <LoadFailed
          message={t('promotions.loadFailed')}
          error={state.failure}
          onRetry={state.retry}
          retrying={state.retrying}
          testId="promotions-error"
        />
      ) : shown.length === 0 ? (
        <NoData />
      ) : (
        <ul
          role="list"
          data-testid="promotion-cards"
          css={css`
            list-style: none;
            margin: 0;
            padding: 0;
            display: grid;
            gap: 12px;
            grid-template-columns: 1fr;
            ${mq.desktop} {
              grid-template-columns: repeat(3, 1fr);
            }
          `}
        >
          {shown.map((p) => (
            <li
              key={p.id}
              data-testid="promotion-card"
              data-categories={p.categories}
              css={css`
                background: ${theme.color.surface};
                border: 1px solid ${theme.color.border};
                border-radius: ${theme.radius.lg};
                overflow: hidden;
                display: flex;
                flex-direction: column;
              `}
            >
              {p.thumbnail ? (
                <img
                  src={imageUrl(p.thumbnail)}
                  alt=""
                  width={400}
                  height={200}
                  loading="lazy"
                  css={css`
                    display: block;
                    width: 100%;
                    height: auto;
                    aspect-ratio: 2 / 1;
                    object-fit: cover;
                    background: ${theme.color.surfaceRaised};
                  `}
                />
              ) : null}
              <div
                css={css`
                  padding: 12px;
                  display: flex;
                  flex-direction: column;
                  gap: 6px;
                  flex: 1;
                `}
              >
                <Heading size="title">{p.name}</Heading>
                <Text as="p" tone="muted" size="sm">
                  {period(p, t)}
                </Text>
                <p
                  css={css`
                    margin: 0;
                    font-size: 14px;
                    flex: 1;
                  `}
                  data-testid="promotion-preview"
                >
                  {descriptionPreview(p.desc)}
                </p>
                <div
                  css={css`
                    display: flex;
                    gap: 8px;
                    margin-top: 6px;
                  `}
                >
                  <Link to={loggedIn ? '/deposit' : '/signup'} css={ctaLink(true)}>
                    {loggedIn ? t('promotions.depositNow') : t('promotions.signUpNow')}
                  </Link>
                  <Button variant="secondary" grow onClick={() => setOpenId(p.id)} aria-label={t('promotions.detailsOf', { name: p.name })}>
                    {t('promotions.details')}
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {openId !== null && <PromotionDetails id={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}
