import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import {
  ApiError,
  Button,
  dhakaDateKey,
  ErrorText,
  formatDhakaDateTime,
  formatMoney,
  Modal,
  NoData,
  Page,
  Spinner,
  Tabs,
  theme,
  truncate,
  useHost,
} from '@khela/web';
import { fromMinor, toMinor, type BettingDateFilter, type ExchangeRecord, type SettledBet } from '@khela/contracts';
import { CATEGORY_CODES, type CategoryCode } from '../i18n';
import { ProviderBetsTab, useProviderRecordsTabLabel } from './ProviderBets';

/** Paisa of an API amount (the contracts' exact maths), as a number for sums and colours on screen. */
const paisa = (v: string) => Number(toMinor(v));

export interface RecordGroup {
  key: string;
  date: string;
  platform: string;
  gameType: string;
  turnoverMinor: number;
  profitMinor: number;
  records: SettledBet[];
}

/** Spec 2: grouped by date (Dhaka), then platform and game type, with Turnover and Profit/Loss. */
export function groupRecords(records: SettledBet[]): Array<{ date: string; groups: RecordGroup[] }> {
  const byDate = new Map<string, Map<string, RecordGroup>>();
  for (const r of records) {
    const date = dhakaDateKey(r.created_at);
    const groups = byDate.get(date) ?? new Map<string, RecordGroup>();
    byDate.set(date, groups);
    const key = `${date}|${r.platform}|${r.game_type}`;
    const g = groups.get(key) ?? { key, date, platform: r.platform, gameType: r.game_type, turnoverMinor: 0, profitMinor: 0, records: [] };
    groups.set(key, g);
    g.turnoverMinor += paisa(r.bet_amount);
    g.profitMinor += paisa(r.winAmount) - paisa(r.bet_amount);
    g.records.push(r);
  }
  return [...byDate.entries()].sort(([a], [b]) => b.localeCompare(a)).map(([date, groups]) => ({ date, groups: [...groups.values()] }));
}

interface Filters {
  platform: string | null;
  gameType: string | null;
  date: BettingDateFilter;
}

const DATE_KEYS: Record<BettingDateFilter, 'today' | 'yesterday' | 'last7'> = { today: 'today', yesterday: 'yesterday', last7: 'last7' };

export function BettingRecord() {
  const { t } = useTranslation('casino');
  // the tab lives in the address (?tab=exchange), so a reload or a shared link keeps it
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: 'settled' | 'exchange' | 'sports' = asked === 'exchange' || asked === 'sports' ? asked : 'settled';
  const setTab = (k: 'settled' | 'exchange' | 'sports') => setParams(k !== 'settled' ? { tab: k } : {}, { replace: true });
  const sportsLabel = useProviderRecordsTabLabel();
  return (
    <Page data-testid="betting-record">
      <h1
        css={css`
          font-size: 20px;
          margin: 0 0 8px;
        `}
      >
        {t('records.title')}
      </h1>
      <Tabs
        label={t('records.title')}
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'settled', label: t('records.settled') },
          { key: 'exchange', label: t('records.exchange') },
          // the transfer-wallet providers' own bets (issue 30)
          { key: 'sports', label: sportsLabel },
        ]}
      />
      {tab === 'settled' ? <SettledTab /> : tab === 'exchange' ? <ExchangeTab /> : <ProviderBetsTab />}
    </Page>
  );
}

/** Spec 4: an exchange record is open (processing), WON (green), LOST (red); VOID, LAPSED, CANCELLED are neutral. */
export function exchangeStatusTone(status: ExchangeRecord['status']): 'processing' | 'won' | 'lost' | 'neutral' {
  return status === 'open' ? 'processing' : status === 'WON' ? 'won' : status === 'LOST' ? 'lost' : 'neutral';
}
const TONE_COLOR = {
  processing: theme.color.warning,
  won: theme.color.success,
  lost: theme.color.danger,
  neutral: theme.color.textMuted,
} as const;

function ExchangeStatus({ status }: { status: ExchangeRecord['status'] }) {
  const { t } = useTranslation('casino');
  const tone = exchangeStatusTone(status);
  return (
    <span
      data-testid="exchange-status"
      data-tone={tone}
      css={css`
        display: inline-block;
        padding: 2px 8px;
        border-radius: ${theme.radius.pill};
        font-size: 12px;
        font-weight: 700;
        white-space: nowrap;
        border: 1px solid ${TONE_COLOR[tone]};
        color: ${tone === 'neutral' ? theme.color.text : TONE_COLOR[tone]};
      `}
    >
      {t(`records.ex.status.${status}`)}
    </span>
  );
}

/** The Exchange tab (spec 2): the player's exchange bets with All/Today; a row opens "Exchange Record Details". */
function ExchangeTab() {
  const { t, i18n } = useTranslation('casino');
  const { api } = useHost();
  const [quick, setQuick] = useState<'all' | 'today'>('all');
  const [records, setRecords] = useState<ExchangeRecord[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [open, setOpen] = useState<ExchangeRecord | null>(null);

  useEffect(() => {
    let live = true;
    setRecords(null);
    setError(null);
    api
      .call(schemas.getExchangeRecord, { query: { tab: 'exchange', date: quick } })
      .then((r) => live && setRecords(r.data))
      .catch((err) => {
        if (!live) return;
        setRecords([]);
        setError(err ?? new Error('failed'));
      });
    return () => {
      live = false;
    };
  }, [api, quick]);

  return (
    <div data-testid="exchange-records">
      <div css={chipRow}>
        {(['all', 'today'] as const).map((k) => (
          <ChoiceChip key={k} active={quick === k} onClick={() => setQuick(k)}>
            {t(`records.${k}`)}
          </ChoiceChip>
        ))}
      </div>
      {error !== null && <ErrorText>{error instanceof ApiError ? error.message : t('records.failed')}</ErrorText>}
      {records === null ? (
        <Spinner />
      ) : records.length === 0 ? (
        <NoData />
      ) : (
        <ul
          css={css`
            list-style: none;
            margin: 0;
            padding: 0;
            display: flex;
            flex-direction: column;
            gap: 8px;
          `}
        >
          {records.map((r) => (
            <li key={r.transaction_id} data-testid="exchange-record" data-transaction-id={r.transaction_id} css={rowCard}>
              <button
                onClick={() => setOpen(r)}
                aria-label={t('records.ex.open', { name: `${r.event_name} ${r.selection_name}`, id: r.transaction_id })}
                css={css`
                  all: unset;
                  display: block;
                  width: 100%;
                  cursor: pointer;
                  box-sizing: border-box;
                `}
              >
                <span
                  css={css`
                    display: flex;
                    justify-content: space-between;
                    align-items: flex-start;
                    gap: 8px;
                  `}
                >
                  <strong
                    css={css`
                      overflow-wrap: anywhere;
                    `}
                  >
                    {r.event_name}
                  </strong>
                  <ExchangeStatus status={r.status} />
                </span>
                <span
                  css={css`
                    display: block;
                    font-size: 13px;
                    color: ${theme.color.textMuted};
                    margin-top: 2px;
                  `}
                >
                  {t(`records.ex.betTypes.${r.bet_type}`)} · {r.selection_name}
                  {r.market_name !== r.selection_name && ` · ${r.market_name}`}
                </span>
                <span css={summaryGrid}>
                  <span>
                    {t('records.ex.stake')}:{' '}
                    <strong data-testid="exchange-record-stake">{formatMoney(r.stake, r.currency, i18n.language)}</strong>
                  </span>
                  {r.net_profit_loss !== null && (
                    <span>
                      {t('records.profitLoss')}:{' '}
                      <strong data-testid="exchange-record-pl" css={plColor(paisa(r.net_profit_loss))}>
                        {formatMoney(r.net_profit_loss, r.currency, i18n.language)}
                      </strong>
                    </span>
                  )}
                  <span
                    css={css`
                      color: ${theme.color.textMuted};
                    `}
                  >
                    {formatDhakaDateTime(r.created_at, i18n.language)} {t('common:gmt6')}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ExchangeRecordDetails record={open} onClose={() => setOpen(null)} />
    </div>
  );
}

/** Spec 2: "Exchange Record Details" with a toggle between the short view and the full view. */
export function ExchangeRecordDetails({ record, onClose }: { record: ExchangeRecord | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('casino');
  const [full, setFull] = useState(false);
  useEffect(() => setFull(false), [record?.transaction_id]);
  if (!record) return null;
  const r = record;
  const money = (v: string) => formatMoney(v, r.currency, i18n.language);
  const rows: Array<[string, string, string]> = full
    ? [
        ['eventName', t('records.ex.eventName'), r.event_name],
        ['gameType', t('records.ex.gameType'), t(`records.ex.gameTypes.${r.game_type}`)],
        ['marketName', t('records.ex.marketName'), r.market_name],
        ['selectionName', t('records.ex.selectionName'), r.selection_name],
        ['betType', t('records.ex.betType'), t(`records.ex.betTypes.${r.bet_type}`)],
        ['stake', t('records.ex.stake'), money(r.stake)],
        ['potentialProfit', t('records.ex.potentialProfit'), money(r.potential_profit)],
        ['potentialLiability', t('records.ex.potentialLiability'), money(r.potential_liability)],
        ['odds', t('records.ex.odds'), r.odds === null ? '—' : String(r.odds)],
        ['runs', t('records.ex.runs'), r.run === null ? '—' : String(r.run)],
      ]
    : [
        ['eventName', t('records.ex.eventName'), r.event_name],
        ['transactionId', t('records.ex.transactionId'), r.transaction_id],
        ['amount', t('records.ex.amount'), money(r.stake)],
      ];
  return (
    <Modal open title={t('records.ex.detailsTitle')} onClose={onClose}>
      <div data-testid="exchange-record-details" data-view={full ? 'full' : 'short'}>
        <div
          css={css`
            display: flex;
            justify-content: space-between;
            align-items: center;
            gap: 8px;
            margin-bottom: 10px;
          `}
        >
          <div role="group" aria-label={t('records.ex.view')} css={chipRow}>
            <ChoiceChip active={!full} onClick={() => setFull(false)}>
              {t('records.ex.short')}
            </ChoiceChip>
            <ChoiceChip active={full} onClick={() => setFull(true)}>
              {t('records.ex.full')}
            </ChoiceChip>
          </div>
          <ExchangeStatus status={r.status} />
        </div>
        <dl
          css={css`
            margin: 0;
            display: grid;
            grid-template-columns: minmax(110px, auto) 1fr;
            gap: 8px 12px;
            font-size: 14px;
            dt {
              color: ${theme.color.textMuted};
            }
            dd {
              margin: 0;
              font-weight: 600;
              overflow-wrap: anywhere;
              font-variant-numeric: tabular-nums;
            }
          `}
        >
          {rows.map(([key, label, value]) => (
            <div
              key={key}
              css={css`
                display: contents;
              `}
            >
              <dt>{label}</dt>
              <dd data-testid={`detail-${key}`}>{value}</dd>
            </div>
          ))}
        </dl>
        {r.net_profit_loss !== null && (
          <p
            css={css`
              margin: 12px 0 0;
              font-size: 13px;
              color: ${theme.color.textMuted};
            `}
          >
            {t('records.profitLoss')}:{' '}
            <strong data-testid="detail-profitLoss" css={plColor(paisa(r.net_profit_loss))}>
              {money(r.net_profit_loss)}
            </strong>
            {paisa(r.commission) > 0 && ` (${t('records.ex.commission')} ${money(r.commission)})`}
          </p>
        )}
      </div>
    </Modal>
  );
}

function SettledTab() {
  const { t, i18n } = useTranslation('casino');
  const { api } = useHost();
  const [filters, setFilters] = useState<Filters>({ platform: null, gameType: null, date: 'today' });
  const [editing, setEditing] = useState(false);
  const [records, setRecords] = useState<SettledBet[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [open, setOpen] = useState<RecordGroup | null>(null);
  const [options, setOptions] = useState<{
    types: { code: string; name: string }[];
    platforms: { platform: string; name: string }[];
  } | null>(null);

  useEffect(() => {
    api
      .call(schemas.getGameTypes)
      .then(setOptions)
      .catch((err) => console.warn('[casino] get-type failed', err));
  }, [api]);

  useEffect(() => {
    let live = true;
    setRecords(null);
    setError(null);
    setOpen(null);
    api
      .call(schemas.getBettingRecord, {
        query: {
          date: filters.date,
          ...(filters.platform ? { platform: filters.platform } : {}),
          ...(filters.gameType ? { game_type: filters.gameType } : {}),
        },
      })
      .then((r) => live && setRecords(r.data))
      .catch((err) => {
        if (!live) return;
        setRecords([]);
        setError(err ?? new Error('failed'));
      });
    return () => {
      live = false;
    };
  }, [api, filters]);

  const grouped = useMemo(() => groupRecords(records ?? []), [records]);
  // the catalogue's names are English; the spec's categories have translated names
  const typeName = (code: string) =>
    (CATEGORY_CODES as readonly string[]).includes(code)
      ? t(`categories.${code as CategoryCode}`)
      : (options?.types.find((x) => x.code === code)?.name ?? code);
  const platformName = (p: string) => options?.platforms.find((x) => x.platform === p)?.name ?? p;
  const money = (minor: number) => formatMoney(fromMinor(minor), 'BDT', i18n.language);

  if (editing) {
    return (
      <FilterPage
        initial={filters}
        options={options}
        onConfirm={(f) => {
          setFilters(f);
          setEditing(false);
        }}
      />
    );
  }

  if (open) {
    return (
      <section data-testid="record-details" aria-label={`${platformName(open.platform)} ${typeName(open.gameType)}`}>
        <Button
          variant="secondary"
          onClick={() => setOpen(null)}
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
          <div
            css={css`
              font-weight: 700;
            `}
          >
            {platformName(open.platform)} · {typeName(open.gameType)} · {open.date}
          </div>
          <div css={summaryGrid}>
            <span>{t('records.records', { count: open.records.length })}</span>
            <span>
              {t('records.turnover')}: <strong data-testid="summary-turnover">{money(open.turnoverMinor)}</strong>
            </span>
            <span>
              {t('records.profitLoss')}:{' '}
              <strong data-testid="summary-profit" css={plColor(open.profitMinor)}>
                {money(open.profitMinor)}
              </strong>
            </span>
          </div>
        </div>
        <ul
          css={css`
            list-style: none;
            margin: 0;
            padding: 0;
            display: flex;
            flex-direction: column;
            gap: 8px;
          `}
        >
          {open.records.map((r) => {
            const pl = paisa(r.winAmount) - paisa(r.bet_amount);
            return (
              <li key={r.id} data-testid="record-row" css={rowCard}>
                <div
                  css={css`
                    display: flex;
                    justify-content: space-between;
                    gap: 8px;
                  `}
                >
                  <strong title={r.game_name}>{truncate(r.game_name, 15)}</strong>
                  <span
                    css={css`
                      color: ${theme.color.textMuted};
                      font-size: 12px;
                    `}
                  >
                    {formatDhakaDateTime(r.created_at, i18n.language)} {t('common:gmt6')}
                  </span>
                </div>
                <div css={summaryGrid}>
                  <span>
                    {t('records.bet')}: {formatMoney(r.bet_amount, r.currency, i18n.language)}
                  </span>
                  <span>
                    {t('records.win')}: {formatMoney(r.winAmount, r.currency, i18n.language)}
                  </span>
                  <span css={plColor(pl)}>{money(pl)}</span>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    );
  }

  return (
    <div data-testid="settled-records">
      <div
        css={css`
          display: flex;
          justify-content: space-between;
          align-items: center;
          gap: 8px;
          margin-bottom: 10px;
        `}
      >
        <span
          css={css`
            color: ${theme.color.textMuted};
            font-size: 14px;
          `}
        >
          {filters.platform ? platformName(filters.platform) : t('records.all')} ·{' '}
          {filters.gameType ? typeName(filters.gameType) : t('records.all')} · {t(`records.${DATE_KEYS[filters.date]}`)}
        </span>
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
      {error !== null && <ErrorText>{error instanceof ApiError ? error.message : t('records.failed')}</ErrorText>}
      {records === null ? (
        <Spinner />
      ) : grouped.length === 0 ? (
        <NoData />
      ) : (
        grouped.map(({ date, groups }) => (
          <section
            key={date}
            aria-label={date}
            css={css`
              margin-bottom: 14px;
            `}
          >
            <h2
              css={css`
                font-size: 14px;
                color: ${theme.color.textMuted};
                margin: 0 0 6px;
              `}
            >
              {date}
            </h2>
            <ul
              css={css`
                list-style: none;
                margin: 0;
                padding: 0;
                display: flex;
                flex-direction: column;
                gap: 8px;
              `}
            >
              {groups.map((g) => (
                <li key={g.key} data-testid="record-group" css={rowCard}>
                  <button
                    onClick={() => setOpen(g)}
                    aria-label={t('records.details', { name: `${platformName(g.platform)} ${typeName(g.gameType)}` })}
                    css={css`
                      all: unset;
                      display: flex;
                      align-items: center;
                      gap: 10px;
                      width: 100%;
                      cursor: pointer;
                    `}
                  >
                    <span
                      css={css`
                        flex: 1;
                      `}
                    >
                      <strong>{platformName(g.platform)}</strong> · {typeName(g.gameType)}
                      <span css={summaryGrid}>
                        <span>
                          {t('records.turnover')}: <span data-testid="group-turnover">{money(g.turnoverMinor)}</span>
                        </span>
                        <span>
                          {t('records.profitLoss')}:{' '}
                          <span data-testid="group-profit" css={plColor(g.profitMinor)}>
                            {money(g.profitMinor)}
                          </span>
                        </span>
                      </span>
                    </span>
                    <span
                      aria-hidden
                      css={css`
                        font-size: 20px;
                      `}
                    >
                      ›
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}

/** Spec 2: Platform (one choice, toggling back to All), Game Type (one choice), Date, Confirm. */
function FilterPage(props: {
  initial: Filters;
  options: { types: { code: string; name: string }[]; platforms: { platform: string; name: string }[] } | null;
  onConfirm: (f: Filters) => void;
}) {
  const { t } = useTranslation('casino');
  const [f, setF] = useState<Filters>(props.initial);
  return (
    <section data-testid="record-filter" aria-label={t('records.filter')}>
      <fieldset css={fieldset}>
        <legend>{t('records.platform')}</legend>
        <div css={chipRow}>
          <ChoiceChip active={f.platform === null} onClick={() => setF({ ...f, platform: null })}>
            {t('records.all')}
          </ChoiceChip>
          {props.options?.platforms.map((p) => (
            <ChoiceChip
              key={p.platform}
              active={f.platform === p.platform}
              onClick={() => setF({ ...f, platform: f.platform === p.platform ? null : p.platform })}
            >
              {p.name}
            </ChoiceChip>
          ))}
        </div>
      </fieldset>
      <fieldset css={fieldset}>
        <legend>{t('records.gameType')}</legend>
        <div css={chipRow}>
          <ChoiceChip active={f.gameType === null} onClick={() => setF({ ...f, gameType: null })}>
            {t('records.all')}
          </ChoiceChip>
          {props.options?.types.map((ty) => (
            <ChoiceChip
              key={ty.code}
              active={f.gameType === ty.code}
              onClick={() => setF({ ...f, gameType: f.gameType === ty.code ? null : ty.code })}
            >
              {(CATEGORY_CODES as readonly string[]).includes(ty.code) ? t(`categories.${ty.code as CategoryCode}`) : ty.name}
            </ChoiceChip>
          ))}
        </div>
      </fieldset>
      <fieldset css={fieldset}>
        <legend>{t('records.date')}</legend>
        <div css={chipRow}>
          {(['today', 'yesterday', 'last7'] as const).map((d) => (
            <ChoiceChip key={d} active={f.date === d} onClick={() => setF({ ...f, date: d })}>
              {t(`records.${d}`)}
            </ChoiceChip>
          ))}
        </div>
      </fieldset>
      <Button block onClick={() => props.onConfirm(f)}>
        {t('records.confirm')}
      </Button>
    </section>
  );
}

function ChoiceChip(props: { active: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      aria-pressed={props.active}
      onClick={props.onClick}
      css={css`
        min-height: 36px;
        padding: 6px 14px;
        border-radius: ${theme.radius.pill};
        cursor: pointer;
        font: inherit;
        font-size: 14px;
        border: 1px solid ${props.active ? theme.color.brand : theme.color.border};
        background: ${props.active ? theme.color.brand : theme.color.surface};
        color: ${props.active ? theme.color.brandText : theme.color.text};
      `}
    >
      {props.children}
    </button>
  );
}

const chipRow = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: 6px 0 10px;
`;
const fieldset = css`
  border: 0;
  padding: 0;
  margin: 0 0 12px;
  legend {
    font-weight: 700;
    margin-bottom: 4px;
  }
`;
const rowCard = css`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  padding: 10px 12px;
`;
const summaryGrid = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  font-size: 13px;
  margin-top: 4px;
`;
const plColor = (minor: number) => css`
  color: ${minor > 0 ? theme.color.success : minor < 0 ? theme.color.danger : theme.color.text};
`;
