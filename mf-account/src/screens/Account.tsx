import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import {
  Button,
  Card,
  Page,
  ProviderWalletsButton,
  formatMoney,
  theme,
  useBalance,
  useHost,
  useLocale,
  useProtection,
  useServerQuery,
} from '@khela/web';
import { safeHref } from '@khela/contracts';
import { row, muted } from '../ui';
import { useUser } from '../useUser';
import { LimitsOffer } from '../responsible/LimitsOffer';

const group = css`
  margin-top: 16px;
`;
const links = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: 8px;
`;
const tile = css`
  display: block;
  padding: 12px;
  border-radius: ${theme.radius.md};
  background: ${theme.color.surfaceRaised};
  color: ${theme.color.text};
  text-decoration: none;
  text-align: center;
  min-height: 44px;
`;

/** /account: the member menu of docs/README.md#spec-2. */
export function Account() {
  const { t } = useTranslation('account');
  const { session } = useHost();
  const locale = useLocale();
  const { user, refresh } = useUser();
  const navigate = useNavigate();
  const wallet = useBalance();
  const [hidden, setHidden] = useState(false);
  const [spinning, setSpinning] = useState(false);
  const protection = useProtection();
  const [offerSkipped, setOfferSkipped] = useState(false);

  // the site's contact links (public content, read again when staff change it)
  const settings = useServerQuery(schemas.getGeneral, {}, { public: true, topics: ['content'] }).data ?? null;
  // the limits offer follows the server (a first deposit or a limit set elsewhere ends it)
  useEffect(() => {
    void session.refreshProtection();
  }, [session]);

  const onRefresh = async () => {
    setSpinning(true);
    // the wallet figure comes from the session (every app shows the same one), the rest from the user record
    await Promise.all([session.refreshBalance(), refresh()]);
    setTimeout(() => setSpinning(false), 500);
  };

  const shown = wallet?.balance ?? user?.balance ?? null;
  const contacts = [
    settings?.whatsapp && { label: t('account.whatsapp'), href: `https://wa.me/${settings.whatsapp.replace(/\D/g, '')}` },
    settings?.facebook && { label: t('account.facebook'), href: safeHref(settings.facebook) },
    settings?.telegram && { label: t('account.telegram'), href: safeHref(settings.telegram) },
    settings?.support_mail && { label: t('account.mail'), href: `mailto:${settings.support_mail}` },
  ].filter((c) => c && c.href) as { label: string; href: string }[];

  return (
    <Page>
      {protection?.limits_offer && !offerSkipped && (
        <LimitsOffer
          action={
            <Link css={[tile, { display: 'inline-flex', alignItems: 'center' }]} to="/responsible-gaming" data-testid="rg-offer-set">
              {t('rg.offerSet')}
            </Link>
          }
          onSkipped={() => setOfferSkipped(true)}
        />
      )}
      <Card>
        <h1 css={{ margin: 0, fontSize: 20 }} data-testid="account-username">
          {user?.username ?? ''}
        </h1>
        <p css={muted}>
          {t('account.vipPoints')}: <strong data-testid="account-vp">{user?.vip_coin ?? '…'}</strong>
        </p>
        <div css={row}>
          <span>{t('account.mainWallet')}:</span>
          <strong data-testid="account-balance" aria-live="polite">
            {hidden ? '****' : shown !== null ? formatMoney(shown, wallet?.currency ?? user?.currency ?? 'BDT', locale) : '…'}
          </strong>
          <Button
            variant="ghost"
            aria-label={t('account.refresh')}
            onClick={() => void onRefresh()}
            css={css`
              transition: transform 0.5s;
              transform: rotate(${spinning ? 360 : 0}deg);
            `}
          >
            ⟳
          </Button>
          <Button variant="ghost" aria-pressed={hidden} onClick={() => setHidden((h) => !h)}>
            {hidden ? t('account.show') : t('account.hide')}
          </Button>
        </div>
        {wallet?.owed && !hidden ? (
          <p data-testid="account-owed" css={[muted, { color: theme.color.danger }]}>
            {t('account.owed', { amount: formatMoney(wallet.owed, wallet.currency ?? 'BDT', locale) })}
          </p>
        ) : null}
        {/* money at transfer-wallet providers, with Recall and Recall All (issue 30) */}
        {!hidden && <ProviderWalletsButton testIdPrefix="account-" />}
      </Card>
      <section css={group}>
        <h2 css={{ fontSize: 16 }}>{t('account.funds')}</h2>
        <nav css={links}>
          <Link css={tile} to="/deposit">
            {t('account.deposit')}
          </Link>
          <Link css={tile} to="/withdrawal">
            {t('account.withdrawal')}
          </Link>
        </nav>
      </section>
      <section css={group}>
        <h2 css={{ fontSize: 16 }}>{t('account.history')}</h2>
        <nav css={links}>
          <Link css={tile} to="/betting-record">
            {t('account.bettingRecord')}
          </Link>
          <Link css={tile} to="/turnover-record">
            {t('account.turnoverRecord')}
          </Link>
          <Link css={tile} to="/transaction-record">
            {t('account.transactionRecord')}
          </Link>
        </nav>
      </section>
      <section css={group}>
        <h2 css={{ fontSize: 16 }}>{t('account.profileSection')}</h2>
        <nav css={links}>
          <Link css={tile} to="/profile">
            {t('account.profile')}
          </Link>
          <Link css={tile} to="/reset-password">
            {t('account.resetPassword')}
          </Link>
          <Link css={tile} to="/inbox">
            {t('account.inbox')}
          </Link>
          <Link css={tile} to="/refrrel-program">
            {t('account.referral')}
          </Link>
          <Link css={tile} to="/vip">
            {t('account.vip')}
          </Link>
          <Link css={tile} to="/responsible-gaming" data-testid="account-responsible-gaming">
            {t('account.responsibleGaming')}
          </Link>
        </nav>
      </section>
      {contacts.length > 0 && (
        <section css={group}>
          <h2 css={{ fontSize: 16 }}>{t('account.contact')}</h2>
          <nav css={links}>
            {contacts.map((c) => (
              <a key={c.label} css={tile} href={c.href} target="_blank" rel="noopener noreferrer">
                {c.label}
              </a>
            ))}
          </nav>
        </section>
      )}
      {/* the shell's unguarded /player/logout route logs out everywhere (and revokes the token) and goes home */}
      <Button variant="danger" block css={{ marginTop: 24 }} onClick={() => navigate('/player/logout')}>
        {t('account.logout')}
      </Button>
    </Page>
  );
}
