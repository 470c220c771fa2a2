import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import type { BettingDateFilter } from '@khela/contracts';
import { Button, Chip, ChipRow, useServerQuery } from '@khela/web';
import { CATEGORY_CODES, type CategoryCode } from '../../i18n';

export interface RecordFilters {
  platform: string | null;
  gameType: string | null;
  date: BettingDateFilter;
}

export const DATE_FILTERS: readonly BettingDateFilter[] = ['today', 'yesterday', 'last7'];

/**
 * The catalogue's platforms and game types for the filter, and their names on screen (the spec's categories have
 * translated names; other catalogue names are English). A failed read leaves the codes as names.
 */
export function useRecordNames() {
  const { t } = useTranslation('casino');
  const options = useServerQuery(schemas.getGameTypes, {}, { staleTime: 5 * 60_000 }).data ?? null;
  const typeName = (code: string) =>
    (CATEGORY_CODES as readonly string[]).includes(code)
      ? t(`categories.${code as CategoryCode}`)
      : (options?.types.find((x) => x.code === code)?.name ?? code);
  const platformName = (p: string) => options?.platforms.find((x) => x.platform === p)?.name ?? p;
  return { options, typeName, platformName };
}

const fieldset = css`
  border: 0;
  padding: 0;
  margin: 0 0 12px;
  legend {
    font-weight: 700;
    margin-bottom: 4px;
  }
`;

/** Spec 2: Platform (one choice, toggling back to All), Game Type (one choice), Date, Confirm. */
export function RecordFilter(props: { initial: RecordFilters; onConfirm: (f: RecordFilters) => void }) {
  const { t } = useTranslation('casino');
  const { options, typeName } = useRecordNames();
  const [f, setF] = useState<RecordFilters>(props.initial);
  return (
    <section data-testid="record-filter" aria-label={t('records.filter')}>
      <fieldset css={fieldset}>
        <legend>{t('records.platform')}</legend>
        <ChipRow>
          <Chip active={f.platform === null} onClick={() => setF({ ...f, platform: null })}>
            {t('records.all')}
          </Chip>
          {options?.platforms.map((p) => (
            <Chip
              key={p.platform}
              active={f.platform === p.platform}
              onClick={() => setF({ ...f, platform: f.platform === p.platform ? null : p.platform })}
            >
              {p.name}
            </Chip>
          ))}
        </ChipRow>
      </fieldset>
      <fieldset css={fieldset}>
        <legend>{t('records.gameType')}</legend>
        <ChipRow>
          <Chip active={f.gameType === null} onClick={() => setF({ ...f, gameType: null })}>
            {t('records.all')}
          </Chip>
          {options?.types.map((ty) => (
            <Chip
              key={ty.code}
              active={f.gameType === ty.code}
              onClick={() => setF({ ...f, gameType: f.gameType === ty.code ? null : ty.code })}
            >
              {typeName(ty.code)}
            </Chip>
          ))}
        </ChipRow>
      </fieldset>
      <fieldset css={fieldset}>
        <legend>{t('records.date')}</legend>
        <ChipRow>
          {DATE_FILTERS.map((d) => (
            <Chip key={d} active={f.date === d} onClick={() => setF({ ...f, date: d })}>
              {t(`records.${d}`)}
            </Chip>
          ))}
        </ChipRow>
      </fieldset>
      <Button block onClick={() => props.onConfirm(f)}>
        {t('records.confirm')}
      </Button>
    </section>
  );
}
