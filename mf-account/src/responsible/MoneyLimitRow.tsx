import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { MONEY_PATTERN, toMinor, type MoneyLimit } from '@khela/contracts';
import { Button, ProgressBar, TextField, formatMoney, useHost, useLocale } from '@khela/web';
import { Notice, muted, row } from '../ui';
import { useChangeText, type Changed } from './change';
import { box, pendingCss } from './styles';
import { useSubmit } from './submit';
import { dhakaWhen } from './text';

/** One money limit (kind × window): in force, used, pending, and its form. */
export function MoneyLimitRow(props: { limit: MoneyLimit; currency: string; excluded: boolean; onChanged: Changed }) {
  const { limit, currency, excluded } = props;
  const { kind, period } = limit;
  const id = `${kind}-${period}`;
  const { t } = useTranslation('account');
  const { api } = useHost();
  const locale = useLocale();
  const changeText = useChangeText();
  const [value, setValue] = useState('');
  const { busy, error, message, run, fail } = useSubmit();
  const names = { kind: t(`rg.kindName.${kind}`), period: t(`rg.period.${period}`), currency };
  const money = (v: string) => formatMoney(v, currency, locale);

  const send = (amount: string | null) =>
    run(async () => {
      const res = await api.call(schemas.setMoneyLimit, { body: { kind, period, amount } });
      const mine = res.limits.find((l) => l.kind === kind && l.period === period);
      setValue('');
      props.onChanged(res);
      return changeText(res.message, mine?.pending?.effective_at ?? null);
    });

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const typed = value.replace(/[\s,]/g, '');
    if (!typed) return fail(t('rg.amountRequired'));
    const m = MONEY_PATTERN.exec(typed);
    if (!m || m[1] || typed.length > 20 || toMinor(typed) <= 0n) return fail(t('rg.amountInvalid'));
    if (excluded && limit.amount !== null && toMinor(typed) > toMinor(limit.amount)) return fail(t('rg.onlyLower'));
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
      {limit.amount !== null && <ProgressBar value={share} tone={share >= 1 ? 'danger' : 'brand'} css={barCss} />}
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

const barCss = css`
  margin: 4px 0 8px;
`;
