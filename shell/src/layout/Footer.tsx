import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { mq, theme, Text, PlainList, SectionTitle } from '@khela/web';
import { safeHref } from '@khela/contracts';
import { imageUrl, useGeneral, usePaymentMethods, useSocialLinks } from './content';
import { supportLinks } from './support';
import { Icon } from './icons';
import { hydratedHere } from '../early/store';

/** docs/README.md#spec-9: the marketing text is folded at 970 px on desktop and 200 px on mobile. */
export const FOLD_DESKTOP_PX = 970;
export const FOLD_MOBILE_PX = 200;

/** A method without a logo: its name in a box the size of a logo. */
const methodName = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 72px;
  height: 32px;
  padding: 0 8px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.sm};
  font-size: ${theme.fontSize.xs};
`;
const heading = css`
  font-size: 14px;
  margin: 0 0 8px;
  color: ${theme.color.text};
`;
const linkList = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
  a {
    color: ${theme.color.textMuted};
    text-decoration: none;
    font-size: 14px;
    display: inline-block;
    padding: 6px 0;
  }
  a:hover,
  a:focus-visible {
    color: ${theme.color.brand};
    text-decoration: underline;
  }
`;

export function Footer() {
  const { t } = useTranslation('shell');
  const general = useGeneral().data;
  const social = useSocialLinks().data ?? [];
  // the methods the site takes now (spec: GET /api/payment-methods), not a fixed picture of logos
  const paymentMethods = usePaymentMethods().data;
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  // the toggle is offered only when the text is longer than its fold (a short text, a wide screen or a larger fold
  // left a button that did nothing); measured again whenever the box resizes (language, font load, rotation)
  const textRef = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(true);
  // a server page hydrates the footer after the rest, when its chunk has come (Layout.tsx): a tap on it before then
  // was held by the early script (src/early/hold.ts, `data-ssr-late`) and is replayed now
  const footerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (footerRef.current) hydratedHere(footerRef.current);
  }, []);
  useEffect(() => {
    const el = textRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, []);

  return (
    <footer
      ref={footerRef}
      aria-label={t('footer.label')}
      data-testid="site-footer"
      data-ssr-late=""
      css={css`
        background: ${theme.color.surface};
        border-top: 1px solid ${theme.color.border};
        color: ${theme.color.textMuted};
        padding: 20px 16px calc(24px + env(safe-area-inset-bottom));
        font-size: 14px;
      `}
    >
      <div
        css={css`
          max-width: 1200px;
          margin: 0 auto;
          display: flex;
          flex-direction: column;
          gap: 20px;
        `}
      >
        <section aria-labelledby={`${textId}-h`}>
          <SectionTitle size="lg" id={`${textId}-h`}>
            {t('footer.aboutTitle')}
          </SectionTitle>
          <div
            ref={textRef}
            id={textId}
            data-testid="footer-text"
            data-expanded={expanded}
            css={css`
              overflow: hidden;
              position: relative;
              line-height: 1.6;
              max-height: ${expanded ? 'none' : `${FOLD_MOBILE_PX}px`};
              ${mq.desktop} {
                max-height: ${expanded ? 'none' : `${FOLD_DESKTOP_PX}px`};
              }
              p {
                margin: 0 0 10px;
              }
            `}
          >
            <p>{t('footer.about1')}</p>
            <p>{t('footer.about2')}</p>
            <p>{t('footer.about3')}</p>
            <p>{t('footer.about4')}</p>
          </div>
          {(expanded || overflows) && (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={textId}
              onClick={() => setExpanded((e) => !e)}
              data-testid="footer-toggle"
              css={css`
                margin-top: 6px;
                background: none;
                border: 0;
                color: ${theme.color.brand};
                font: inherit;
                font-weight: 600;
                min-height: 44px;
                padding: 0 4px;
                cursor: pointer;
                &:focus-visible {
                  outline: 3px solid ${theme.color.info};
                }
              `}
            >
              {expanded ? t('footer.showLess') : t('footer.showMore')}
            </button>
          )}
        </section>

        <div
          css={css`
            display: grid;
            grid-template-columns: 1fr 1fr;
            gap: 16px;
            ${mq.desktop} {
              grid-template-columns: repeat(4, 1fr);
            }
          `}
        >
          <section>
            <h2 css={heading}>{t('footer.support')}</h2>
            <ul css={linkList}>
              <li>
                <Link to="/chat">{t('extras.liveChat')}</Link>
              </li>
              {supportLinks(general).map((l) => (
                <li key={l.key}>
                  <a href={l.href} target={l.key === 'email' ? undefined : '_blank'} rel="noopener noreferrer">
                    {t(`footer.${l.key}`)}
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h2 css={heading}>{t('footer.help')}</h2>
            <ul css={linkList}>
              <li>
                <Link to="/promotions">{t('footer.faq')}</Link>
              </li>
              <li>
                <Link to="/refrrel-program">{t('extras.referral')}</Link>
              </li>
              <li>
                <Link to="/vip">{t('extras.vip')}</Link>
              </li>
              <li>
                <Link to="/page/site/component/appDownload.jsp">{t('extras.appDownload')}</Link>
              </li>
            </ul>
          </section>
          <section>
            <h2 css={heading}>{t('footer.sponsor')}</h2>
            <ul css={linkList}>
              <li>
                <Link to="/ambassador">{t('extras.ambassador')}</Link>
              </li>
              <li>
                <Link to="/affiliate" data-testid="footer-affiliate">
                  {t('footer.affiliate')}
                </Link>
              </li>
            </ul>
          </section>
          <section>
            <h2 css={heading}>{t('footer.responsibleGaming')}</h2>
            <p
              css={css`
                margin: 0;
                display: flex;
                gap: 8px;
                align-items: center;
              `}
            >
              <span
                aria-hidden="true"
                css={css`
                  flex: none;
                  display: inline-flex;
                  width: 34px;
                  height: 34px;
                  border-radius: 50%;
                  border: 2px solid ${theme.color.danger};
                  align-items: center;
                  justify-content: center;
                  font-weight: 800;
                  color: ${theme.color.text};
                  font-size: 12px;
                `}
              >
                18+
              </span>
              <span>{t('footer.responsibleText')}</span>
            </p>
            <ul css={linkList}>
              <li>
                <Link to="/responsible-gaming" data-testid="footer-responsible-gaming">
                  {t('footer.responsibleGaming')}
                </Link>
              </li>
            </ul>
          </section>
        </div>

        <section>
          <h2 css={heading}>{t('footer.paymentMethods')}</h2>
          <PlainList row data-testid="payment-logos">
            {(paymentMethods ?? []).map((m) => (
              <li key={m.id}>
                {m.icon ? (
                  <img src={imageUrl(m.icon)} alt={m.name} width={72} height={32} loading="lazy" />
                ) : (
                  <span css={methodName}>{m.name}</span>
                )}
              </li>
            ))}
          </PlainList>
        </section>

        {social.length > 0 && (
          <section>
            <h2 css={heading}>{t('footer.social')}</h2>
            <PlainList row data-testid="social-links">
              {social.map((s) => (
                <li key={s.id}>
                  <a
                    href={safeHref(s.link)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={s.name}
                    css={css`
                      display: inline-flex;
                      align-items: center;
                      gap: 6px;
                      min-height: 44px;
                      min-width: 44px;
                      padding: 0 10px;
                      border-radius: ${theme.radius.pill};
                      background: ${theme.color.surfaceRaised};
                      color: ${theme.color.text};
                      text-decoration: none;
                    `}
                  >
                    {s.icon ? <img src={imageUrl(s.icon)} alt="" width={24} height={24} loading="lazy" /> : <Icon name="link" />}
                    <span>{s.name}</span>
                  </a>
                </li>
              ))}
            </PlainList>
          </section>
        )}

        <section>
          <h2 css={heading}>{t('footer.licence')}</h2>
          <Text as="p">{t('footer.licenceText')}</Text>
        </section>
        <Text as="p" size="sm" align="center" data-testid="copyright">
          {t('footer.copyright')}
        </Text>
      </div>
    </footer>
  );
}
