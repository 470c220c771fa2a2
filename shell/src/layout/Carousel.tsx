import { useCallback, useEffect, useState, type ReactNode } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { theme } from '@khela/web';
import { useAfterFirstPaint } from './after-first-paint';
import { firstScreen } from './first-screen';

/** docs/README.md#spec-9: banners advance every 3000 ms. */
export const BANNER_AUTOPLAY_MS = 3000;

const reducedMotion = () => typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A swipeable, looping banner carousel with dots (embla). Slides keep a fixed aspect ratio so the page
 * does not shift when the images arrive.
 */
export function BannerCarousel(props: {
  label: string;
  slides: Array<{ key: string | number; content: ReactNode }>;
  /** CSS aspect-ratio of a slide, e.g. '16 / 7'. */
  ratio: string;
  autoplay?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('shell');
  const [emblaRef, embla] = useEmblaCarousel(
    { loop: true, duration: 25 },
    props.autoplay === false || reducedMotion()
      ? []
      : [Autoplay({ delay: BANNER_AUTOPLAY_MS, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true })],
  );
  // the first slide shows as plain markup in the first frame; embla (which measures the layout) takes
  // the carousel over right after it, so it never delays the page's first paint
  const painted = useAfterFirstPaint();
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!embla) return;
    const on = () => setSelected(embla.selectedScrollSnap());
    on();
    embla.on('select', on).on('reInit', on);
    return () => {
      embla.off('select', on).off('reInit', on);
    };
  }, [embla]);
  const go = useCallback((i: number) => embla?.scrollTo(i), [embla]);
  const total = props.slides.length;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={props.label}
      data-testid={props.testId}
      css={css`
        position: relative;
      `}
    >
      <div ref={painted ? emblaRef : undefined} css={firstScreen.carouselViewport}>
        <div
          css={css`
            display: flex;
            touch-action: pan-y pinch-zoom;
          `}
        >
          {props.slides.map((s, i) => (
            <div
              key={s.key}
              role="group"
              aria-roledescription="slide"
              aria-label={t('homePage.slide', { n: i + 1, total })}
              css={[firstScreen.carouselSlide, { aspectRatio: props.ratio }]}
            >
              {s.content}
            </div>
          ))}
        </div>
      </div>
      {total > 1 && (
        <div
          css={css`
            display: flex;
            justify-content: center;
            gap: 2px;
            margin-top: 4px;
          `}
        >
          {props.slides.map((s, i) => (
            <button
              key={s.key}
              type="button"
              aria-label={t('homePage.goToSlide', { n: i + 1 })}
              aria-current={i === selected ? 'true' : undefined}
              onClick={() => go(i)}
              data-testid="carousel-dot"
              css={css`
                width: 24px;
                height: 24px;
                border: 0;
                padding: 0;
                background: none;
                cursor: pointer;
                display: flex;
                align-items: center;
                justify-content: center;
                &::before {
                  content: '';
                  display: block;
                  width: ${i === selected ? 18 : 8}px;
                  height: 8px;
                  border-radius: 4px;
                  transition: width 0.3s;
                  background: ${i === selected ? theme.color.brand : theme.color.border};
                }
                &:focus-visible {
                  outline: 2px solid ${theme.color.info};
                }
              `}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/** A row of cards that scrolls sideways (Favourites, Featured Games). */
export function CardRow(props: { label: string; headingId: string; children: ReactNode; testId?: string }) {
  const [emblaRef] = useEmblaCarousel({ align: 'start', dragFree: true, containScroll: 'trimSnaps' });
  const painted = useAfterFirstPaint();
  return (
    <div
      ref={painted ? emblaRef : undefined}
      css={css`
        overflow: hidden;
      `}
      data-testid={props.testId}
    >
      <ul
        aria-labelledby={props.headingId}
        css={css`
          display: flex;
          gap: 10px;
          list-style: none;
          margin: 0;
          padding: 0;
          touch-action: pan-y pinch-zoom;
        `}
      >
        {props.children}
      </ul>
    </div>
  );
}
