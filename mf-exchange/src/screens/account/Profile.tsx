import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as schemas from '@khela/contracts';
import { DateTime, FactItem, Facts, usePlayer, useServerQuery, Text, textLink } from '@khela/web';
import { ACCOUNT_READ, AccountData, AccountPage, Tag, cardCss } from './ui';

/** /exchange-account/profile: the player's record (GET /api/user/show), read-only; editing is on /profile. */
export function MyProfile() {
  const { t } = useTranslation('exchange');
  const player = usePlayer();
  const profile = useServerQuery(
    schemas.userShowEndpoint,
    { query: { remote_id: player?.remoteId || undefined } },
    { ...ACCOUNT_READ, select: (r) => r.user },
  );
  const notSet = t('acc.notSet');
  return (
    <AccountPage slug="profile">
      <AccountData query={profile}>
        {(data) => (
          <div css={cardCss}>
            <Text as="div" size="xl" weight={700} data-testid="profile-username">
              {data.username}
            </Text>
            <Facts>
              <FactItem label={t('acc.profile.name')} testId="profile-name">
                {data.name || notSet}
              </FactItem>
              <FactItem label={t('acc.profile.phone')} testId="profile-phone">
                {data.phone || notSet}{' '}
                {data.phone && (
                  <Tag tone={data.session_id === '1' ? 'success' : 'neutral'}>
                    {data.session_id === '1' ? t('acc.profile.verified') : t('acc.profile.notVerified')}
                  </Tag>
                )}
              </FactItem>
              <FactItem label={t('acc.profile.email')} testId="profile-email">
                {data.email || notSet}
              </FactItem>
              <FactItem label={t('acc.profile.currency')} testId="profile-currency">
                {data.currency}
              </FactItem>
              <FactItem label={t('acc.profile.birthday')}>{data.dofb || notSet}</FactItem>
              <FactItem label={t('acc.profile.joined')} testId="profile-joined">
                <DateTime value={data.created_at} zone />
              </FactItem>
            </Facts>
            <Link to="/profile" css={[textLink, { marginTop: 8 }]}>
              {t('acc.profile.edit')} ›
            </Link>
          </div>
        )}
      </AccountData>
    </AccountPage>
  );
}
