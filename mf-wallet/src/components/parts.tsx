import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { TextField, formatMoney, theme, useHost, useLocale } from '@khela/web';
import type { PaymentMethod } from '@khela/contracts';

export const section = css`
  margin: 0 0 18px;
`;
export const label = css`
  display: block;
  font-size: 14px;
  color: ${theme.color.textMuted};
  margin: 0 0 8px;
`;
export const chipRow = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(92px, 1fr));
  gap: 8px;
`;

export function chip(selected: boolean) {
  return css`
    appearance: none;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 4px;
    min-height: 44px;
    padding: 8px;
    border-radius: ${theme.radius.md};
    cursor: pointer;
    font: inherit;
    font-size: 14px;
    background: ${selected ? theme.color.surfaceRaised : theme.color.surface};
    color: ${theme.color.text};
    border: 2px solid ${selected ? theme.color.brand : theme.color.border};
  `;
}

export function MethodChips(props: { methods: PaymentMethod[]; value: number | null; onChange: (id: number) => void; name: string }) {
  const { api } = useHost();
  return (
    <div role="radiogroup" aria-label={props.name} css={chipRow}>
      {props.methods.map((m) => (
        <button
          key={m.id}
          type="button"
          role="radio"
          aria-checked={props.value === m.id}
          data-testid={`method-${m.name}`}
          css={chip(props.value === m.id)}
          onClick={() => props.onChange(m.id)}
        >
          {m.icon && (
            <img
              src={api.url(m.icon)}
              alt=""
              width={56}
              height={28}
              css={css`
                object-fit: contain;
              `}
            />
          )}
          <span>{m.name}</span>
        </button>
      ))}
    </div>
  );
}

export function AmountPresets(props: { presets: readonly number[]; value: string; onPick: (v: string) => void; name: string }) {
  const locale = useLocale();
  return (
    <div
      role="group"
      aria-label={props.name}
      css={css`
        ${chipRow};
        grid-template-columns: repeat(auto-fill, minmax(72px, 1fr));
        margin-bottom: 8px;
      `}
    >
      {props.presets.map((p) => (
        <button
          key={p}
          type="button"
          css={chip(props.value === String(p))}
          onClick={() => props.onPick(String(p))}
          aria-pressed={props.value === String(p)}
        >
          {formatMoney(p, 'BDT', locale).replace(/\.00$/, '')}
        </button>
      ))}
    </div>
  );
}

/** The amount of a deposit or withdrawal: the method's preset buttons, then the field with its range (digits only). */
export function AmountInput(props: { presets: readonly number[]; min: number; max: number; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  return (
    <>
      <AmountPresets presets={props.presets} value={props.value} onPick={props.onChange} name={t('amount')} />
      <TextField
        label={t('amount')}
        hint={t('amountRange', { min: formatMoney(props.min, 'BDT', locale), max: formatMoney(props.max, 'BDT', locale) })}
        inputProps={{
          inputMode: 'decimal',
          value: props.value,
          onChange: (e) => props.onChange(e.target.value.replace(/[^\d.]/g, '')),
          name: 'amount',
        }}
      />
    </>
  );
}
