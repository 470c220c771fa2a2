import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Toasts } from './Toasts';
import { useLocation } from 'react-router';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Spinner, theme, useIsMobile, useLoggedIn } from '@khela/web';
import { imageUrl, useGeneral, useLogo } from './content';
import { MobileHeader, BottomToolbar, GuestToolbar, ChatButton, ScrollTopButton, Splash, TOOLBAR_HEIGHT } from './MobileChrome';
import { DesktopTopBar, DesktopNav } from './DesktopChrome';
import { SideMenu } from './SideMenu';
import { srOnly } from './LanguagePicker';
import { isMobileOnlyBuild } from './variant';
import { useAfterFirstPaint } from './after-first-paint';
import { PlayClosedBanner } from '../protection/PlayClosedBanner';
import { LimitsOffer } from '../protection/LimitsOffer';

const Maintenance = lazy(() => import('../screens/Maintenance').then((m) => ({ default: m.Maintenance })));
const ComingSoon = lazy(() => import('../screens/ComingSoon').then((m) => ({ default: m.ComingSoon })));
/*
 * Below the fold (issue 31, less main-thread work): the footer is its own chunk in its own Suspense boundary. On a
 * server-rendered page the browser hydrates the rest without it and keeps the server's footer markup (a dehydrated
 * boundary) until the chunk has come, then hydrates it alone; without the server it renders after the first paint,
 * as before (its chunk asked for at start: preloadFooter).
 */
const loadFooter = () => import('./Footer');
const Footer = lazy(() => loadFooter().then((m) => ({ default: m.Footer })));
/** A page the browser renders itself asks for the footer's chunk at once, so it is here when the first paint is out. */
export function preloadFooter(): void {
  void loadFooter().catch(() => undefined);
}
const footer = (
  <Suspense fallback={null}>
    <Footer />
  </Suspense>
);

/** Screens that take the whole phone screen: they bring their own navigation. */
const FULL_SCREEN = [
  '/exchange',
  '/exchange-inplay',
  '/exchange-sports',
  '/exchange-multi',
  '/exchange-account',
  '/odds-view',
  '/chat-box',
];
/** Shell pages that end with the footer on phones (desktop shows it everywhere). */
const MOBILE_FOOTER = ['/', '/promotions', '/affiliate', '/ambassador', '/page/site/component/appDownload.jsp'];

/** How long the splash may hide the page if the settings call is slow. */
const SPLASH_MAX_MS = 2500;

/** Title and favicon come from the API (general settings and logo record). */
function useSiteHead() {
  const general = useGeneral().data;
  const logo = useLogo().data;
  useEffect(() => {
    if (general?.site_title) document.title = general.site_title;
  }, [general?.site_title]);
  useEffect(() => {
    const href = imageUrl(logo?.favicon);
    if (!href) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = href;
  }, [logo?.favicon]);
}

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const isMobile = useIsMobile();
  const loggedIn = useLoggedIn();
  const { pathname } = useLocation();
  const general = useGeneral();
  const [menuOpen, setMenuOpen] = useState(false);
  const [splashTimedOut, setSplashTimedOut] = useState(false);
  // the footer and floating buttons join right after the first paint, so the main content paints sooner
  const painted = useAfterFirstPaint();
  useSiteHead();

  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    const id = setTimeout(() => setSplashTimedOut(true), SPLASH_MAX_MS);
    return () => clearTimeout(id);
  }, []);
  const splash = general.loading && !splashTimedOut;

  // docs/README.md#spec-1: site_status 0 shows the maintenance page instead of the site
  if (general.data?.site_status === 0 || pathname === '/maintenance') {
    return (
      <Suspense fallback={<Spinner />}>
        <Maintenance supportMail={general.data?.support_mail ?? null} />
      </Suspense>
    );
  }
  // the mobile-only branch: the root on a desktop browser shows only the coming-soon image
  if (isMobileOnlyBuild() && !isMobile && pathname === '/') {
    return (
      <Suspense fallback={<Spinner />}>
        <ComingSoon />
      </Suspense>
    );
  }

  const first = `/${pathname.split('/')[1] ?? ''}`;
  const fullScreen = isMobile && FULL_SCREEN.includes(first);
  // an open game keeps the slim header (the balance must stay in sight while playing) but nothing else
  const gameOpen = first === '/gamerun';
  const showFooter = !FULL_SCREEN.includes(first) && !gameOpen && (!isMobile || MOBILE_FOOTER.includes(pathname));

  const skip = (
    <a
      href="#main-content"
      css={css`
        ${srOnly};
        &:focus {
          position: fixed !important;
          top: 8px;
          left: 8px;
          width: auto;
          height: auto;
          clip: auto;
          z-index: ${theme.layer.skipLink};
          padding: 10px 14px;
          background: ${theme.color.brand};
          color: ${theme.color.brandText};
          border-radius: ${theme.radius.md};
        }
      `}
    >
      {t('skipToContent')}
    </a>
  );

  // the page's one main landmark (the skip link's target). Keyed: it sits at another place among the desktop and the
  // mobile layout's children, and when the server's guess of the screen (the User-Agent's) was wrong the layout flips
  // right after hydration; unkeyed, React unmounted the whole page content there and mounted it afresh (a remote's
  // server-rendered area and its parcel included), and a tap on it meanwhile was lost (issue 31, stop 53)
  const main = (
    <main
      key="main"
      id="main-content"
      tabIndex={-1}
      css={css`
        flex: 1;
        outline: none;
        min-width: 0;
      `}
    >
      {children}
    </main>
  );

  if (!isMobile) {
    return (
      <div
        css={css`
          min-height: 100vh;
          display: flex;
          flex-direction: column;
        `}
        data-layout="desktop"
      >
        {skip}
        <DesktopTopBar />
        <DesktopNav />
        <PlayClosedBanner />
        {main}
        {painted && showFooter && footer}
        {painted && <ScrollTopButton bottom={24} />}
        <Toasts />
        {loggedIn && <LimitsOffer bottom={24} />}
        {splash && <Splash />}
      </div>
    );
  }

  return (
    <div
      css={css`
        min-height: 100vh;
        display: flex;
        flex-direction: column;
        padding-bottom: ${fullScreen || gameOpen ? 0 : TOOLBAR_HEIGHT}px;
      `}
      data-layout="mobile"
    >
      {skip}
      {!fullScreen && <MobileHeader onMenu={() => setMenuOpen(true)} menuOpen={menuOpen} />}
      {/* full-screen pages (the exchange) say it in their own frame */}
      {!fullScreen && <PlayClosedBanner />}
      {main}
      {painted && showFooter && footer}
      {!fullScreen && !gameOpen && (loggedIn ? <BottomToolbar /> : <GuestToolbar />)}
      {painted && !fullScreen && !gameOpen && first !== '/chat' && <ChatButton />}
      {/* a full-screen page (the exchange) has its own 56 px bottom bar in place of the toolbar */}
      {painted && <ScrollTopButton bottom={(fullScreen ? 56 : TOOLBAR_HEIGHT) + 16} />}
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <Toasts />
      {loggedIn && <LimitsOffer bottom={(fullScreen ? 56 : TOOLBAR_HEIGHT) + 12} />}
      {splash && <Splash />}
    </div>
  );
}
