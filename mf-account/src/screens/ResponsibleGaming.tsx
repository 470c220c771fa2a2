import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { LIMIT_PERIODS, MONEY_LIMIT_KINDS, type Locale, type ProtectionOverview } from '@khela/contracts';
import { AsyncState, Button, Card, Page, endpointKey, protectionGateText, useHost, useLocale, useServerQuery } from '@khela/web';
import { Notice, muted, sectionTitle } from '../ui';
import type { Changed } from '../responsible/change';
import { ConfirmDialog, ExclusionForm, type ExclusionChoice } from '../responsible/ExclusionForm';
import { LimitsOffer } from '../responsible/LimitsOffer';
import { MoneyLimitRow } from '../responsible/MoneyLimitRow';
import { RealityCheckForm } from '../responsible/RealityCheckForm';
import { SessionLimitForm } from '../responsible/SessionLimitForm';
import { grid2, grid3, section } from '../responsible/styles';
import { dhakaWhen, useErrorText } from '../responsible/text';

/** /responsible-gaming: limits, session-time limit, reality check, time-out and self-exclusion, and how they count. */
export function ResponsibleGaming() {
  const { t } = useTranslation('account');
  const { api, session, queryClient } = useHost();
  const locale = useLocale();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState<ExclusionChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const [exclusionError, setExclusionError] = useState<{ kind: ExclusionChoice['kind']; text: string } | null>(null);
  // every change answers the whole overview, which replaces the cached one (setData)
  const overview = useServerQuery(schemas.getProtection);
  const data = overview.data;
  const setData = (next: ProtectionOverview) => queryClient.setQueryData(endpointKey(schemas.getProtection), next);

  // every change: the page shows the server's answer, and the session (the shell's reality check, the gates) follows it
  const changed: Changed = (next) => {
    setData(next);
    void session.refreshProtection();
  };

  const exclude = async () => {
    if (!confirming) return;
    setBusy(true);
    setExclusionError(null);
    try {
      const res =
        confirming.kind === 'time_out'
          ? await api.call(schemas.startTimeOut, { body: { period: confirming.period, confirm: true } })
          : await api.call(schemas.startSelfExclusion, { body: { period: confirming.period, confirm: true } });
      changed(res);
    } catch (err) {
      setExclusionError({ kind: confirming.kind, text: errorText(err) });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  if (!data) {
    return (
      <Page>
        <h1 css={sectionTitle}>{t('rg.title')}</h1>
        <AsyncState query={overview} failed={t('rg.loadFailed')} testId="rg-load-error">
          {() => null}
        </AsyncState>
      </Page>
    );
  }

  const { currency, exclusion } = data;
  const excluded = exclusion !== null;

  return (
    <Page data-testid="rg-page">
      <h1 css={sectionTitle}>{t('rg.title')}</h1>
      <p css={muted}>{t('rg.intro')}</p>

      {data.status.limits_offer && !excluded && (
        <LimitsOffer
          action={
            <Button onClick={() => document.getElementById('rg-limits')?.scrollIntoView({ behavior: 'smooth' })} data-testid="rg-offer-set">
              {t('rg.offerSet')}
            </Button>
          }
          onSkipped={(status) => setData({ ...data, status })}
        />
      )}

      {exclusion && (
        <Notice kind="info" testId="rg-exclusion-active">
          <strong>
            {exclusion.ends_at === null
              ? t('rg.exclusionPermanent')
              : t(exclusion.kind === 'time_out' ? 'rg.exclusionTimeOut' : 'rg.exclusionSelf', {
                  when: dhakaWhen(exclusion.ends_at, locale),
                })}
          </strong>{' '}
          {t('rg.exclusionText')} {t('rg.exclusionNoLoosen')}
        </Notice>
      )}

      {/* closed for another reason than a break (session limit reached, under 18, birthday missing): say why */}
      {!excluded && !data.status.play.open && (
        <Notice kind="info" testId="rg-gate-play">
          {protectionGateText(data.status.play, locale as Locale)}
        </Notice>
      )}
      {!excluded && !data.status.deposit.open && data.status.deposit.reason !== data.status.play.reason && (
        <Notice kind="info" testId="rg-gate-deposit">
          {protectionGateText(data.status.deposit, locale as Locale)}
        </Notice>
      )}

      <section css={section} id="rg-limits" aria-labelledby="rg-limits-title">
        <h2 id="rg-limits-title">{t('rg.limitsTitle')}</h2>
        <p css={muted}>{t('rg.limitsText', { currency })}</p>
        {MONEY_LIMIT_KINDS.map((kind) => (
          <div key={kind} data-testid={`rg-limits-${kind}`}>
            <h3>{t(`rg.kind.${kind}`)}</h3>
            <div css={grid3}>
              {LIMIT_PERIODS.map((period) => {
                const limit = data.limits.find((l) => l.kind === kind && l.period === period) ?? {
                  kind,
                  period,
                  amount: null,
                  used: '0.00',
                  pending: null,
                };
                return <MoneyLimitRow key={period} limit={limit} currency={currency} excluded={excluded} onChanged={changed} />;
              })}
            </div>
          </div>
        ))}
      </section>

      <div css={grid2}>
        <SessionLimitForm data={data} excluded={excluded} onChanged={changed} />
        <RealityCheckForm key={data.status.reality_check_minutes} data={data} onChanged={changed} />
      </div>

      <div css={grid2}>
        <ExclusionForm
          kind="time_out"
          current={exclusion}
          error={exclusionError?.kind === 'time_out' ? exclusionError.text : null}
          onContinue={setConfirming}
        />
        <ExclusionForm
          kind="self_exclusion"
          current={exclusion}
          error={exclusionError?.kind === 'self_exclusion' ? exclusionError.text : null}
          onContinue={setConfirming}
        />
      </div>

      <Card css={section} data-testid="rg-definitions">
        <h2>{t('rg.definitionsTitle')}</h2>
        <ul
          css={css`
            padding-left: 20px;
            margin: 0;
            line-height: 1.6;
            li {
              margin-bottom: 6px;
            }
          `}
        >
          <li>{t('rg.defDeposit')}</li>
          <li>{t('rg.defWager')}</li>
          <li>{t('rg.defLoss')}</li>
          <li>{t('rg.defChanges')}</li>
          <li>{t('rg.defSession')}</li>
          <li>{t('rg.defExclusion')}</li>
        </ul>
      </Card>

      {confirming && (
        <ConfirmDialog choice={confirming} busy={busy} onCancel={() => setConfirming(null)} onConfirm={() => void exclude()} />
      )}
    </Page>
  );
}
