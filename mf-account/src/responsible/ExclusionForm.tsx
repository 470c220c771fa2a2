import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_MS,
  TIME_OUT_PERIODS,
  selfExclusionEnd,
  type ExclusionOut,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '@khela/contracts';
import { Button, Card, Modal, Select, useLocale } from '@khela/web';
import { Notice, muted } from '../ui';
import { section } from './styles';
import { dhakaWhen } from './text';

export type ExclusionChoice = { kind: 'time_out'; period: TimeOutPeriod } | { kind: 'self_exclusion'; period: SelfExclusionPeriod };

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
export function ExclusionForm(props: {
  kind: ExclusionChoice['kind'];
  current: ExclusionOut | null;
  error: string | null;
  onContinue: (choice: ExclusionChoice) => void;
}) {
  const { t } = useTranslation('account');
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
        <Select
          label={timeOut ? t('rg.timeOutLabel') : t('rg.selfLabel')}
          value={value}
          options={[
            { value: '', label: t('rg.choose') },
            ...choices.map((c) => ({ value: c.period, label: timeOut ? t(`rg.timeOut.${c.period}`) : t(`rg.selfExclusion.${c.period}`) })),
          ]}
          onChange={setValue}
          testId={`${prefix}-select`}
        />
        <Button type="submit" variant="danger" data-testid={`${prefix}-continue`}>
          {t('rg.continue')}
        </Button>
      </form>
    </Card>
  );
}

/** Second confirmation: exactly what happens, and the final button that sends `confirm: true`. */
export function ConfirmDialog(props: { choice: ExclusionChoice; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
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
