import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import {
  LIMIT_PERIODS,
  MONEY_LIMIT_KINDS,
  MONEY_PATTERN,
  PROTECTION_MESSAGES,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_PERIODS,
  SESSION_LIMIT_MAX_MINUTES,
  SESSION_LIMIT_MIN_MINUTES,
  TIME_OUT_MS,
  TIME_OUT_PERIODS,
  selfExclusionEnd,
  toMinor,
  type ExclusionOut,
  type Locale,
  type MoneyLimit,
  type ProtectionOverview,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '@khela/contracts';
import { Button, Card, Modal, Page, Spinner, TextField, formatMoney, mq, protectionGateText, theme, useHost, useLocale } from '@khela/web';
import { Notice, muted, row, sectionTitle, useRuleText } from '../ui';
import { LimitsOffer } from '../responsible/LimitsOffer';
import { count, dhakaWhen, useErrorText } from '../responsible/text';

const section = css`
  margin-top: 20px;
  h2 {
    font-size: 18px;
    margin: 0 0 8px;
  }
  h3 {
    font-size: 16px;
    margin: 16px 0 8px;
  }
`;
const grid3 = css`
  display: grid;
  grid-template-columns: 1fr;
  gap: 12px;
  ${mq.desktop} {
    grid-template-columns: repeat(3, 1fr);
  }
`;
const grid2 = css`
  display: grid;
  grid-template-columns: 1fr;
  gap: 16px;
  margin-top: 20px;
  & > * {
    margin-top: 0;
  }
  ${mq.desktop} {
    grid-template-columns: repeat(2, 1fr);
  }
`;
const box = css`
  background: ${theme.color.surfaceRaised};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  padding: 12px;
  p {
    margin: 0 0 6px;
  }
`;
const selectCss = css`
  width: 100%;
  box-sizing: border-box;
  min-height: 44px;
  padding: 10px 12px;
  border-radius: ${theme.radius.md};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.bg};
  color: ${theme.color.text};
  font: inherit;
  margin-bottom: 12px;
  &:focus-visible {
    outline: 2px solid ${theme.color.brand};
  }
`;
const labelCss = css`
  display: block;
  font-size: 14px;
  margin-bottom: 6px;
  color: ${theme.color.textMuted};
`;
const pendingCss = css`
  color: ${theme.color.warning};
  font-size: 14px;
`;

type Changed = (next: ProtectionOverview) => void;

/** The change's text: the API's own words in English; in Bangla the same from the figures (now, or pending until when). */
function useChangeText(): (message: string | undefined, pendingIso: string | null) => string | null {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const rule = useRuleText();
  return (message, pendingIso) => {
    if (!message) return null;
    if (locale === 'en') return message;
    if (message === PROTECTION_MESSAGES.limitDecreased) return t('rg.appliesNow');
    if (pendingIso) return t('rg.appliesLater', { when: dhakaWhen(pendingIso, locale) });
    return rule(message);
  };
}

/** One money limit (kind × window): in force, used, pending, and its form. */
function MoneyLimitRow(props: { limit: MoneyLimit; currency: string; excluded: boolean; onChanged: Changed }) {
  const { limit, currency, excluded } = props;
  const { kind, period } = limit;
  const id = `${kind}-${period}`;
  const { t } = useTranslation('account');
  const { api } = useHost();
  const locale = useLocale();
  const errorText = useErrorText();
  const changeText = useChangeText();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = { kind: t(`rg.kindName.${kind}`), period: t(`rg.period.${period}`), currency };
  const money = (v: string) => formatMoney(v, currency, locale);

  const send = async (amount: string | null) => {
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      const res = await api.call(schemas.setMoneyLimit, { body: { kind, period, amount } });
      const mine = res.limits.find((l) => l.kind === kind && l.period === period);
      setMessage(changeText(res.message, mine?.pending?.effective_at ?? null));
      setValue('');
      props.onChanged(res);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const typed = value.replace(/[\s,]/g, '');
    if (!typed) return setError(t('rg.amountRequired'));
    const m = MONEY_PATTERN.exec(typed);
    if (!m || m[1] || typed.length > 20 || toMinor(typed) <= 0n) return setError(t('rg.amountInvalid'));
    if (excluded && limit.amount !== null && toMinor(typed) > toMinor(limit.amount)) return setError(t('rg.onlyLower'));
    void send(typed);
  };

  const used = Number(limit.used);
  const cap = limit.amount !== null ? Number(limit.amount) : 0;
  const share = cap > 0 ? Math.min(1, Math.max(0, used / cap)) : 0;
  const canRemove = !excluded && limit.amount !== null && !(limit.pending && limit.pending.amount === null);

  return (
    <div css={box} data-testid={`rg-limit-${id}`}>
      <p>
        <strong>{names.period}</strong>
      </p>
      <p data-testid={`rg-limit-amount-${id}`}>
        {limit.amount !== null ? t('rg.inForce', { amount: money(limit.amount) }) : t('rg.noLimit')}
      </p>
      <p css={muted} data-testid={`rg-limit-used-${id}`}>
        {t('rg.used', { amount: money(limit.used) })}
      </p>
      {limit.amount !== null && (
        <div
          aria-hidden="true"
          css={css`
            height: 6px;
            border-radius: ${theme.radius.pill};
            background: ${theme.color.bg};
            margin: 4px 0 8px;
            overflow: hidden;
          `}
        >
          <div
            css={css`
              height: 100%;
              width: ${Math.round(share * 100)}%;
              background: ${share >= 1 ? theme.color.danger : theme.color.brand};
            `}
          />
        </div>
      )}
      {limit.pending && (
        <p css={pendingCss} data-testid={`rg-limit-pending-${id}`}>
          {limit.pending.amount !== null
            ? t('rg.pending', { amount: money(limit.pending.amount), when: dhakaWhen(limit.pending.effective_at, locale) })
            : t('rg.pendingRemoval', { when: dhakaWhen(limit.pending.effective_at, locale) })}
        </p>
      )}
      {message && (
        <Notice kind="success" testId={`rg-limit-message-${id}`}>
          {message}
        </Notice>
      )}
      {error && (
        <Notice kind="error" testId={`rg-limit-error-${id}`}>
          {error}
        </Notice>
      )}
      <form onSubmit={save} noValidate data-testid={`rg-limit-form-${id}`}>
        <TextField
          label={t('rg.newLimit', { currency })}
          inputProps={
            {
              value,
              onChange: (e) => setValue(e.target.value),
              inputMode: 'decimal',
              autoComplete: 'off',
              'aria-label': t('rg.limitAria', names),
              'data-testid': `rg-limit-input-${id}`,
            } as React.InputHTMLAttributes<HTMLInputElement>
          }
        />
        <div css={row}>
          <Button type="submit" disabled={busy} aria-label={t('rg.saveAria', names)} data-testid={`rg-limit-save-${id}`}>
            {t('rg.save')}
          </Button>
          {canRemove && (
            <Button
              type="button"
              variant="secondary"
              disabled={busy}
              aria-label={t('rg.removeAria', names)}
              data-testid={`rg-limit-remove-${id}`}
              onClick={() => void send(null)}
            >
              {t('rg.remove')}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}

/** The session-time limit in minutes (15..1440), with its pending change. */
function SessionLimitForm(props: { data: ProtectionOverview; excluded: boolean; onChanged: Changed }) {
  const { session_limit: limit } = props.data;
  const { t } = useTranslation('account');
  const { api } = useHost();
  const locale = useLocale();
  const errorText = useErrorText();
  const changeText = useChangeText();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (minutes: number | null) => {
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      const res = await api.call(schemas.setSessionLimit, { body: { minutes } });
      setMessage(changeText(res.message, res.session_limit.pending?.effective_at ?? null));
      setValue('');
      props.onChanged(res);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const typed = value.trim();
    const minutes = Number(typed);
    if (!/^\d+$/.test(typed) || minutes < SESSION_LIMIT_MIN_MINUTES || minutes > SESSION_LIMIT_MAX_MINUTES)
      return setError(t('rg.sessionInvalid'));
    if (props.excluded && limit.minutes !== null && minutes > limit.minutes) return setError(t('rg.onlyLower'));
    void send(minutes);
  };

  const canRemove = !props.excluded && limit.minutes !== null && !(limit.pending && limit.pending.minutes === null);

  return (
    <Card css={section} data-testid="rg-session-limit">
      <h2>{t('rg.sessionTitle')}</h2>
      <p css={muted}>{t('rg.sessionText')}</p>
      <p data-testid="rg-session-current">
        {limit.minutes !== null ? t('rg.sessionCurrent', { minutes: count(limit.minutes, locale) }) : t('rg.noLimit')}
      </p>
      {limit.pending && (
        <p css={pendingCss} data-testid="rg-session-pending">
          {limit.pending.minutes !== null
            ? t('rg.sessionPending', {
                minutes: count(limit.pending.minutes, locale),
                when: dhakaWhen(limit.pending.effective_at, locale),
              })
            : t('rg.pendingRemoval', { when: dhakaWhen(limit.pending.effective_at, locale) })}
        </p>
      )}
      {message && (
        <Notice kind="success" testId="rg-session-message">
          {message}
        </Notice>
      )}
      {error && (
        <Notice kind="error" testId="rg-session-error">
          {error}
        </Notice>
      )}
      <form onSubmit={save} noValidate>
        <TextField
          label={t('rg.sessionMinutes')}
          inputProps={
            {
              value,
              onChange: (e) => setValue(e.target.value.replace(/\D/g, '')),
              inputMode: 'numeric',
              autoComplete: 'off',
              'aria-label': t('rg.sessionAria'),
              'data-testid': 'rg-session-input',
            } as React.InputHTMLAttributes<HTMLInputElement>
          }
        />
        <div css={row}>
          <Button type="submit" disabled={busy} aria-label={t('rg.sessionSaveAria')} data-testid="rg-session-save">
            {t('rg.save')}
          </Button>
          {canRemove && (
            <Button
              type="button"
              variant="secondary"
              disabled={busy}
              aria-label={t('rg.sessionRemoveAria')}
              data-testid="rg-session-remove"
              onClick={() => void send(null)}
            >
              {t('rg.remove')}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

/** The reality-check interval: off, 15, 30 or 60 minutes. */
function RealityCheckForm(props: { data: ProtectionOverview; onChanged: Changed }) {
  const current = props.data.status.reality_check_minutes;
  const { t } = useTranslation('account');
  const { api } = useHost();
  const locale = useLocale();
  const errorText = useErrorText();
  const selectId = useId();
  const [value, setValue] = useState(String(current));
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = (m: number) => (m === 0 ? t('rg.realityOff') : t('rg.realityMinutes', { minutes: count(m, locale) }));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      const res = await api.call(schemas.setRealityCheck, { body: { minutes: Number(value) } });
      setMessage(t('rg.realitySaved'));
      props.onChanged(res);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card css={section}>
      <h2>{t('rg.realityTitle')}</h2>
      <p css={muted}>{t('rg.realityText')}</p>
      <p data-testid="rg-reality-check-current">{t('rg.realityNow', { value: label(current) })}</p>
      {message && (
        <Notice kind="success" testId="rg-reality-check-message">
          {message}
        </Notice>
      )}
      {error && (
        <Notice kind="error" testId="rg-reality-check-error">
          {error}
        </Notice>
      )}
      <form onSubmit={save} noValidate data-testid="rg-reality-check-form">
        <label htmlFor={selectId} css={labelCss}>
          {t('rg.realityLabel')}
        </label>
        <select
          id={selectId}
          css={selectCss}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          data-testid="rg-reality-check-select"
        >
          {REALITY_CHECK_MINUTES.map((m) => (
            <option key={m} value={String(m)}>
              {label(m)}
            </option>
          ))}
        </select>
        <Button type="submit" disabled={busy} data-testid="rg-reality-check-save">
          {t('rg.save')}
        </Button>
      </form>
    </Card>
  );
}

type ExclusionChoice = { kind: 'time_out'; period: TimeOutPeriod } | { kind: 'self_exclusion'; period: SelfExclusionPeriod };

/** When a time-out or self-exclusion chosen now would end (null: permanent). */
function choiceEnd(choice: ExclusionChoice, now: Date): Date | null {
  return choice.kind === 'time_out' ? new Date(now.getTime() + TIME_OUT_MS[choice.period]) : selfExclusionEnd(now, choice.period);
}

/** Only a break that ends after the one in force can start (the API refuses the rest). */
function extends_(choice: ExclusionChoice, current: ExclusionOut | null, now: Date): boolean {
  if (!current) return true;
  if (current.ends_at === null) return false;
  const end = choiceEnd(choice, now);
  return end === null || end.getTime() > new Date(current.ends_at).getTime();
}

/** First confirmation: choose a length and Continue (the page then asks the second time, in a dialog). */
function ExclusionForm(props: {
  kind: ExclusionChoice['kind'];
  current: ExclusionOut | null;
  error: string | null;
  onContinue: (choice: ExclusionChoice) => void;
}) {
  const { t } = useTranslation('account');
  const selectId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const timeOut = props.kind === 'time_out';
  const prefix = timeOut ? 'rg-timeout' : 'rg-selfexclude';
  const now = new Date();
  const choices: ExclusionChoice[] = (
    timeOut
      ? TIME_OUT_PERIODS.map((period) => ({ kind: 'time_out' as const, period }))
      : SELF_EXCLUSION_PERIODS.map((period) => ({ kind: 'self_exclusion' as const, period }))
  ).filter((c) => extends_(c, props.current, now));
  if (choices.length === 0) return null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const choice = choices.find((c) => c.period === value);
    if (!choice) return setError(t('rg.chooseFirst'));
    setError(null);
    props.onContinue(choice);
  };

  return (
    <Card css={section} data-testid={prefix}>
      <h2>{timeOut ? t('rg.timeOutTitle') : t('rg.selfTitle')}</h2>
      <p css={muted}>{timeOut ? t('rg.timeOutText') : t('rg.selfText')}</p>
      {(error ?? props.error) && (
        <Notice kind="error" testId={`${prefix}-error`}>
          {error ?? props.error}
        </Notice>
      )}
      <form onSubmit={submit} noValidate>
        <label htmlFor={selectId} css={labelCss}>
          {timeOut ? t('rg.timeOutLabel') : t('rg.selfLabel')}
        </label>
        <select id={selectId} css={selectCss} value={value} onChange={(e) => setValue(e.target.value)} data-testid={`${prefix}-select`}>
          <option value="">{t('rg.choose')}</option>
          {choices.map((c) => (
            <option key={c.period} value={c.period}>
              {timeOut ? t(`rg.timeOut.${c.period}`) : t(`rg.selfExclusion.${c.period}`)}
            </option>
          ))}
        </select>
        <Button type="submit" variant="danger" data-testid={`${prefix}-continue`}>
          {t('rg.continue')}
        </Button>
      </form>
    </Card>
  );
}

/** Second confirmation: exactly what happens, and the final button that sends `confirm: true`. */
function ConfirmDialog(props: { choice: ExclusionChoice; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const { choice } = props;
  const timeOut = choice.kind === 'time_out';
  const end = choiceEnd(choice, new Date());
  const period = timeOut ? t(`rg.timeOut.${choice.period}`) : t(`rg.selfExclusion.${choice.period}`);
  const what =
    end === null
      ? t('rg.confirmWhatPermanent')
      : t(timeOut ? 'rg.confirmWhatTimeOut' : 'rg.confirmWhatSelf', { period, when: dhakaWhen(end.toISOString(), locale) });

  return (
    <Modal
      open
      title={timeOut ? t('rg.confirmTitleTimeOut') : t('rg.confirmTitleSelf')}
      onClose={props.onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={props.onCancel} data-testid="rg-confirm-cancel">
            {t('rg.cancel')}
          </Button>
          <Button variant="danger" disabled={props.busy} onClick={props.onConfirm} data-testid="rg-confirm-final">
            {timeOut ? t('rg.confirmButtonTimeOut') : t('rg.confirmButtonSelf')}
          </Button>
        </>
      }
    >
      <div data-testid="rg-confirm-dialog" css={{ lineHeight: 1.5 }}>
        <p>
          <strong>{what}</strong>
        </p>
        <ul css={{ paddingLeft: 20, margin: 0 }}>
          <li>{t('rg.confirmNow')}</li>
          <li>{t('rg.confirmFinal')}</li>
          <li>{t('rg.confirmBets')}</li>
          <li>{t('rg.confirmOpen')}</li>
        </ul>
      </div>
    </Modal>
  );
}

/** /responsible-gaming: limits, session-time limit, reality check, time-out and self-exclusion, and how they count. */
export function ResponsibleGaming() {
  const { t } = useTranslation('account');
  const { api, session } = useHost();
  const locale = useLocale();
  const errorText = useErrorText();
  const [data, setData] = useState<ProtectionOverview | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState<ExclusionChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const [exclusionError, setExclusionError] = useState<{ kind: ExclusionChoice['kind']; text: string } | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setData(await api.call(schemas.getProtection));
    } catch (err) {
      setLoadError(err);
    }
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

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
        {loadError ? (
          <Notice kind="error" testId="rg-load-error">
            {t('rg.loadFailed')} {errorText(loadError)}{' '}
            <Button variant="secondary" onClick={() => void load()}>
              {t('common:retry')}
            </Button>
          </Notice>
        ) : (
          <Spinner />
        )}
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
          onSkipped={(status) => setData((d) => (d ? { ...d, status } : d))}
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
