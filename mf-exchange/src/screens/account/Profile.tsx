import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { DateTime, Spinner, theme, useHost, usePlayer } from '@khela/web';
import { AccountPage, Fact, LoadError, Tag, cardCss, errorText, factsCss, useLoad } from './ui';

/** /exchange-account/profile: the player's record (GET /api/user/show), read-only; editing is on /profile. */
export function MyProfile() {
  const { t } = useTranslation('exchange');
  const { api } = useHost();
  const player = usePlayer();
  const { data, error, reload } = useLoad(
    (signal) => api.call(schemas.userShowEndpoint, { query: { remote_id: player?.remoteId || undefined }, signal }).then((r) => r.user),
    [api, player?.remoteId],
  );
  const notSet = t('acc.notSet');
  return (
    <AccountPage slug="profile">
      {data ? (
        <div css={cardCss}>
          <div
            css={css`
              font-size: 18px;
              font-weight: 700;
            `}
            data-testid="profile-username"
          >
            {data.username}
          </div>
          <dl css={factsCss}>
            <Fact label={t('acc.profile.name')} testId="profile-name">
              {data.name || notSet}
            </Fact>
            <Fact label={t('acc.profile.phone')} testId="profile-phone">
              {data.phone || notSet}{' '}
              {data.phone && (
                <Tag tone={data.session_id === '1' ? 'success' : 'neutral'}>
                  {data.session_id === '1' ? t('acc.profile.verified') : t('acc.profile.notVerified')}
                </Tag>
              )}
            </Fact>
            <Fact label={t('acc.profile.email')} testId="profile-email">
              {data.email || notSet}
            </Fact>
            <Fact label={t('acc.profile.currency')} testId="profile-currency">
              {data.currency}
            </Fact>
            <Fact label={t('acc.profile.birthday')}>{data.dofb || notSet}</Fact>
            <Fact label={t('acc.profile.joined')} testId="profile-joined">
              <DateTime value={data.created_at} zone />
            </Fact>
          </dl>
          <Link
            to="/profile"
            css={css`
              display: inline-flex;
              align-items: center;
              min-height: 44px;
              margin-top: 8px;
              color: ${theme.color.brand};
            `}
          >
            {t('acc.profile.edit')} ›
          </Link>
        </div>
      ) : error ? (
        <LoadError message={errorText(error, t('acc.loadFailed'))} onRetry={reload} />
      ) : (
        <Spinner />
      )}
    </AccountPage>
  );
}
