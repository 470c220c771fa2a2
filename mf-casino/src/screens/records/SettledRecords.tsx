import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { fromMinor } from '@khela/contracts';
import {
  AsyncState,
  Button,
  CardButton,
  CardList,
  CardRow,
  DateTime,
  formatMoney,
  Muted,
  signedColour,
  theme,
  truncate,
  useServerQuery,
  SectionTitle,
} from '@khela/web';
import { groupRecords, paisa, type RecordGroup } from './model';
import { RecordFilter, useRecordNames, type RecordFilters } from './RecordFilter';

const figures = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  font-size: 13px;
  margin-top: 4px;
`;
const spread = css`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
`;

/** The Settled tab (docs/README.md#spec-2): the casino rounds of a day or a week, grouped; a group opens its rounds. */
export function SettledRecords() {
  const { t, i18n } = useTranslation('casino');
  const [filters, setFilters] = useState<RecordFilters>({ platform: null, gameType: null, date: 'today' });
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState<RecordGroup | null>(null);
  const { typeName, platformName } = useRecordNames();
  const query = {
    date: filters.date,
    ...(filters.platform ? { platform: filters.platform } : {}),
    ...(filters.gameType ? { game_type: filters.gameType } : {}),
  };
  // a round the provider settles moves the balance: the list is read again then
  const records = useServerQuery(schemas.getBettingRecord, { query }, { topics: ['balance'] });
  const grouped = useMemo(() => groupRecords(records.data?.data ?? []), [records.data]);
  const money = (minor: number) => formatMoney(fromMinor(minor), 'BDT', i18n.language);

  if (editing) {
    return (
      <RecordFilter
        initial={filters}
        onConfirm={(f) => {
          setFilters(f);
          setOpen(null);
          setEditing(false);
        }}
      />
    );
  }
  if (open)
    return <GroupRounds group={open} platform={platformName(open.platform)} type={typeName(open.gameType)} onBack={() => setOpen(null)} />;

  return (
    <div data-testid="settled-records">
      <div
        css={[
          spread,
          css`
            margin-bottom: 10px;
          `,
        ]}
      >
        <Muted css={{ fontSize: 14 }}>
          {filters.platform ? platformName(filters.platform) : t('records.all')} ·{' '}
          {filters.gameType ? typeName(filters.gameType) : t('records.all')} · {t(`records.${filters.date}`)}
        </Muted>
        <Button
          variant="secondary"
          onClick={() => setEditing(true)}
          css={css`
            min-height: 38px;
          `}
        >
          {t('records.filter')}
        </Button>
      </div>
      <AsyncState
        query={{ ...records, data: records.data ? grouped : undefined }}
        isEmpty={(g) => g.length === 0}
        testId="records-error"
        failed={t('records.failed')}
      >
        {(days) =>
          days.map(({ date, groups }) => (
            <section
              key={date}
              aria-label={date}
              css={css`
                margin-bottom: 14px;
              `}
            >
              <SectionTitle size="md" tone="muted">
                {date}
              </SectionTitle>
              <CardList>
                {groups.map((g) => (
                  <CardRow key={g.key} data-testid="record-group">
                    <CardButton
                      onClick={() => setOpen(g)}
                      aria-label={t('records.details', { name: `${platformName(g.platform)} ${typeName(g.gameType)}` })}
                      css={spread}
                    >
                      <span>
                        <strong>{platformName(g.platform)}</strong> · {typeName(g.gameType)}
                        <span css={figures}>
                          <span>
                            {t('records.turnover')}: <span data-testid="group-turnover">{money(g.turnoverMinor)}</span>
                          </span>
                          <span>
                            {t('records.profitLoss')}:{' '}
                            <span data-testid="group-profit" css={{ color: signedColour(g.profitMinor) }}>
                              {money(g.profitMinor)}
                            </span>
                          </span>
                        </span>
                      </span>
                      <span aria-hidden css={{ fontSize: 20 }}>
                        ›
                      </span>
                    </CardButton>
                  </CardRow>
                ))}
              </CardList>
            </section>
          ))
        }
      </AsyncState>
    </div>
  );
}

/** One group's rounds with the group's summary (records, turnover, profit/loss), and Back. */
function GroupRounds({ group, platform, type, onBack }: { group: RecordGroup; platform: string; type: string; onBack: () => void }) {
  const { t, i18n } = useTranslation('casino');
  const money = (minor: number) => formatMoney(fromMinor(minor), 'BDT', i18n.language);
  return (
    <section data-testid="record-details" aria-label={`${platform} ${type}`}>
      <Button
        variant="secondary"
        onClick={onBack}
        css={css`
          margin-bottom: 10px;
          min-height: 38px;
        `}
      >
        ← {t('records.back')}
      </Button>
      <div
        data-testid="record-summary"
        css={css`
          background: ${theme.color.surface};
          border-radius: ${theme.radius.md};
          padding: 12px;
          margin-bottom: 10px;
        `}
      >
        <strong>
          {platform} · {type} · {group.date}
        </strong>
        <div css={figures}>
          <span>{t('records.records', { count: group.records.length })}</span>
          <span>
            {t('records.turnover')}: <strong data-testid="summary-turnover">{money(group.turnoverMinor)}</strong>
          </span>
          <span>
            {t('records.profitLoss')}:{' '}
            <strong data-testid="summary-profit" css={{ color: signedColour(group.profitMinor) }}>
              {money(group.profitMinor)}
            </strong>
          </span>
        </div>
      </div>
      <CardList>
        {group.records.map((r) => {
          const pl = paisa(r.winAmount) - paisa(r.bet_amount);
          return (
            <CardRow key={r.id} data-testid="record-row">
              <div css={spread}>
                <strong title={r.game_name}>{truncate(r.game_name, 15)}</strong>
                <Muted>
                  <DateTime value={r.created_at} zone />
                </Muted>
              </div>
              <div css={figures}>
                <span>
                  {t('records.bet')}: {formatMoney(r.bet_amount, r.currency, i18n.language)}
                </span>
                <span>
                  {t('records.win')}: {formatMoney(r.winAmount, r.currency, i18n.language)}
                </span>
                <span css={{ color: signedColour(pl) }}>{money(pl)}</span>
              </div>
            </CardRow>
          );
        })}
      </CardList>
    </section>
  );
}
