import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { formatMoney, logout, setLocale, theme, useBalance, useLoggedIn, Button } from '@khela/shared';

export function Layout({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('shell');
  const loggedIn = useLoggedIn();
  const balance = useBalance();
  return (
    <div css={css`min-height:100vh;display:flex;flex-direction:column;`}>
      <header css={css`display:flex;align-items:center;gap:12px;padding:8px 12px;background:${theme.color.surface};border-bottom:1px solid ${theme.color.border};`}>
        <Link to="/" css={css`font-weight:800;font-size:20px;text-decoration:none;color:${theme.color.brand};`}>Khela</Link>
        <span css={css`flex:1`} />
        <select aria-label={t('language')} value={i18n.language} onChange={(e) => setLocale(e.target.value as 'en' | 'bn')}>
          <option value="en">English</option>
          <option value="bn">বাংলা</option>
        </select>
        {loggedIn ? (
          <>
            <span data-testid="topbar-balance" aria-live="polite">{balance !== null ? formatMoney(balance) : '…'}</span>
            <Button variant="secondary" onClick={() => logout('user')}>{t('common:logout')}</Button>
          </>
        ) : (
          <Link to="/login">{t('common:login')}</Link>
        )}
      </header>
      <div css={css`flex:1`}>{children}</div>
    </div>
  );
}
