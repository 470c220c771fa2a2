import { Link } from 'react-router';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { theme } from '@khela/web';
import { imageUrl, useGeneral, useLogo } from './content';
import { firstScreen } from './first-screen';

/**
 * The site's logo from GET /api/logo (mobile_logo on phones), linking home. A fixed box keeps the
 * header from shifting while the image arrives; the site name stands in until then.
 */
export function SiteLogo({ mobile = false }: { mobile?: boolean }) {
  const { t } = useTranslation('shell');
  const logo = useLogo().data;
  const general = useGeneral().data;
  const src = imageUrl(mobile ? (logo?.mobile_logo ?? logo?.logo) : logo?.logo);
  const name = general?.site_title || t('siteName');
  // the server's HTML has this box too (the first screen's boxes: no shift when the page hydrates)
  const box = mobile ? firstScreen.mobileLogo : firstScreen.desktopLogo;
  return (
    <Link
      to="/"
      aria-label={`${name}, ${t('home')}`}
      data-testid="site-logo"
      css={css`
        display: inline-flex;
        align-items: center;
        width: ${box.width}px;
        height: ${box.height}px;
        text-decoration: none;
        color: ${theme.color.brand};
        font-weight: 800;
        font-size: ${mobile ? 20 : 24}px;
      `}
    >
      {src ? <img src={src} alt="" width={box.width} height={box.height} css={box} /> : name}
    </Link>
  );
}
