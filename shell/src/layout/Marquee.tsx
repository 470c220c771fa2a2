import { useEffect, useRef, useState } from 'react';
import { css, keyframes } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { theme } from '@khela/web';
import { Icon } from './icons';
import { useAfterFirstPaint } from './after-first-paint';

/** docs/README.md#spec-9: the marquee moves at speed 30 (pixels per second). */
export const MARQUEE_PX_PER_S = 30;

const slide = keyframes`from { transform: translateX(var(--from)); } to { transform: translateX(-100%); }`;

/** The announcement marquee (system notice). Paused while hovered or focused; still for reduced motion. */
export function Marquee({ text }: { text: string }) {
  const { t } = useTranslation('shell');
  const box = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLSpanElement>(null);
  const [timing, setTiming] = useState<{ from: number; seconds: number } | null>(null);
  // measured after the page's first paint: reading sizes forces a layout, which must not delay that paint
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (!painted) return;
    const b = box.current?.clientWidth ?? 0;
    const w = inner.current?.scrollWidth ?? 0;
    if (b && w) setTiming({ from: b, seconds: (b + w) / MARQUEE_PX_PER_S });
  }, [text, painted]);
  return (
    <div
      role="region"
      aria-label={t('homePage.notice')}
      data-testid="notice-marquee"
      tabIndex={0}
      css={css`
        display: flex;
        align-items: center;
        gap: 8px;
        height: 36px;
        padding: 0 10px;
        background: ${theme.color.surface};
        border: 1px solid ${theme.color.border};
        border-radius: ${theme.radius.md};
        font-size: 14px;
        &:hover span[data-run],
        &:focus span[data-run] {
          animation-play-state: paused;
        }
        &:focus-visible {
          outline: 2px solid ${theme.color.info};
        }
      `}
    >
      <Icon
        name="megaphone"
        size={18}
        css={css`
          color: ${theme.color.brand};
          flex: none;
        `}
      />
      <div
        ref={box}
        css={css`
          overflow: hidden;
          flex: 1;
          white-space: nowrap;
        `}
      >
        <span
          ref={inner}
          data-run
          css={css`
            display: inline-block;
            padding-right: 24px;
            ${
              timing
                ? css`
                    --from: ${timing.from}px;
                    animation: ${slide} ${timing.seconds}s linear infinite;
                  `
                : ''
            }
            @media (prefers-reduced-motion: reduce) {
              animation: none;
              white-space: normal;
            }
          `}
        >
          {text}
        </span>
      </div>
    </div>
  );
}
