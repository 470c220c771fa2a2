import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import QRCode from 'qrcode';
import * as schemas from '@khela/contracts';
import { newIdempotencyKey } from '@khela/contracts';
import { ApiError, Button, Card, Page, Tabs, formatMoney, theme, useHost, useLocale } from '@khela/web';
import { Notice, muted, row, sectionTitle } from '../ui';
import { useUser } from '../useUser';

type Tab = 'info' | 'mine';

export const referralLink = (origin: string, code: string) => `${origin}${schemas.REFERRAL_PATH}?referral_code=${encodeURIComponent(code)}`;

/** /refrrel-program: the guide, and My Referral with code, QR, link, share, reward board and Claim All. */
export function Referral() {
  const { t } = useTranslation('account');
  const { api, session } = useHost();
  const locale = useLocale();
  const { user, refresh } = useUser();
  const [tab, setTab] = useState<Tab>('info');
  const [qr, setQr] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const link = user ? referralLink(window.location.origin, user.referral_code) : '';
  useEffect(() => {
    if (!link) return;
    QRCode.toDataURL(link, { margin: 1, width: 200 }).then(setQr, (err: unknown) => console.error('[referral] qr', err));
  }, [link]);

  const copy = async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setNotice({ kind: 'success', text: done });
    } catch {
      window.prompt(t('referral.copyPrompt'), text);
    }
  };
  const share = async () => {
    if (!navigator.share) return setNotice({ kind: 'error', text: t('referral.shareUnsupported') });
    try {
      await navigator.share({ title: t('referral.title'), text: t('referral.shareText'), url: link });
    } catch {
      /* the player closed the share sheet */
    }
  };
  const claim = async () => {
    if (!user) return;
    if (Number(user.cash_bonus) < schemas.CASH_CLAIM_MIN) return setNotice({ kind: 'error', text: t('referral.claimMin') });
    setBusy(true);
    try {
      await api.call(schemas.cashClaimEndpoint, { body: {}, idempotencyKey: newIdempotencyKey() });
      setNotice({ kind: 'success', text: t('referral.claimed') });
      void session.refreshBalance();
      // docs/README.md#spec-4: the page reloads 1.5 s after a successful claim
      setTimeout(() => void refresh(), 1500);
    } catch (err) {
      setNotice({
        kind: 'error',
        text: err instanceof ApiError && err.network ? t('referral.claimError') : (err as Error).message || t('referral.claimFailed'),
      });
    } finally {
      setBusy(false);
    }
  };

  const stat = css`
    flex: 1;
    min-width: 120px;
    padding: 12px;
    border-radius: ${theme.radius.md};
    background: ${theme.color.surfaceRaised};
    text-align: center;
  `;
  return (
    <Page>
      <h1 css={sectionTitle}>{t('referral.title')}</h1>
      <Tabs
        label={t('referral.title')}
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'info', label: t('referral.infoTab') },
          { key: 'mine', label: t('referral.myTab') },
        ]}
      />
      {tab === 'info' ? (
        <Card>
          <ol css={{ paddingLeft: 20 }}>
            {(['1', '2', '3'] as const).map((n) => (
              <li key={n} css={{ marginBottom: 12 }}>
                <strong>{t(`referral.step${n}`)}</strong>
                <div css={muted}>{t(`referral.step${n}Text`)}</div>
              </li>
            ))}
          </ol>
          <Button block onClick={() => setTab('mine')}>
            {t('referral.referNow')}
          </Button>
        </Card>
      ) : (
        <Card>
          {notice && (
            <Notice kind={notice.kind} testId="referral-notice">
              {notice.text}
            </Notice>
          )}
          <div css={row}>
            <span>{t('referral.code')}:</span>
            <strong data-testid="referral-code">{user?.referral_code ?? '…'}</strong>
            <Button variant="secondary" onClick={() => user && void copy(user.referral_code, t('referral.copied'))}>
              {t('referral.copy')}
            </Button>
          </div>
          {qr && (
            <img
              src={qr}
              alt={t('referral.qr')}
              width={200}
              height={200}
              css={{ display: 'block', margin: '16px auto', background: '#fff', padding: 8 }}
            />
          )}
          <p css={[muted, { wordBreak: 'break-all' }]} data-testid="referral-link">
            {link}
          </p>
          <div css={row}>
            <Button variant="secondary" onClick={() => void copy(link, t('referral.linkCopied'))}>
              {t('referral.copyLink')}
            </Button>
            <Button variant="secondary" onClick={() => void share()}>
              {t('referral.share')}
            </Button>
          </div>
          <h2 css={{ fontSize: 16, marginTop: 20 }}>{t('referral.board')}</h2>
          <div css={row}>
            <div css={stat}>
              <div css={muted}>{t('referral.cashBonus')}</div>
              <strong data-testid="cash-bonus">{user ? formatMoney(user.cash_bonus, user.currency, locale) : '…'}</strong>
            </div>
            <div css={stat}>
              <div css={muted}>{t('referral.downline')}</div>
              <strong>0</strong>
            </div>
            <div css={stat}>
              <div css={muted}>{t('referral.lifetime')}</div>
              <strong>{formatMoney(0, user?.currency ?? 'BDT', locale)}</strong>
            </div>
          </div>
          <Button block css={{ marginTop: 16 }} disabled={busy} onClick={() => void claim()}>
            {busy ? t('common:submitting') : t('referral.claimAll')}
          </Button>
        </Card>
      )}
    </Page>
  );
}
