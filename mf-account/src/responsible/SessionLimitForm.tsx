import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as schemas from '@khela/contracts';
import { SESSION_LIMIT_MAX_MINUTES, SESSION_LIMIT_MIN_MINUTES, type ProtectionOverview } from '@khela/contracts';
import { Button, Card, TextField, useHost, useLocale } from '@khela/web';
import { Notice, muted, row } from '../ui';
import { useChangeText, type Changed } from './change';
import { pendingCss, section } from './styles';
import { useSubmit } from './submit';
import { count, dhakaWhen } from './text';

/** The session-time limit in minutes (15..1440), with its pending change. */
export function SessionLimitForm(props: { data: ProtectionOverview; excluded: boolean; onChanged: Changed }) {
  const { session_limit: limit } = props.data;
  const { t } = useTranslation('account');
  const { api } = useHost();
  const locale = useLocale();
  const changeText = useChangeText();
  const [value, setValue] = useState('');
  const { busy, error, message, run, fail } = useSubmit();

  const send = (minutes: number | null) =>
    run(async () => {
      const res = await api.call(schemas.setSessionLimit, { body: { minutes } });
      setValue('');
      props.onChanged(res);
      return changeText(res.message, res.session_limit.pending?.effective_at ?? null);
    });

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const typed = value.trim();
    const minutes = Number(typed);
    if (!/^\d+$/.test(typed) || minutes < SESSION_LIMIT_MIN_MINUTES || minutes > SESSION_LIMIT_MAX_MINUTES)
      return fail(t('rg.sessionInvalid'));
    if (props.excluded && limit.minutes !== null && minutes > limit.minutes) return fail(t('rg.onlyLower'));
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
