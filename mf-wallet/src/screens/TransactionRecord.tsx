import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import {
  AsyncState,
  Badge,
  Button,
  DateTime,
  Modal,
  NoData,
  Page,
  PageHeader,
  formatMoney,
  localDigits,
  maskAccount,
  theme,
  useHost,
  useLocale,
  useServerQuery,
  type Tone,
  Row,
  Stack,
  Text,
} from '@khela/web';
import type { WalletTransaction } from '@khela/contracts';
import { filterTransactions, groupByDhakaDate, type DateFilter, type StatusFilter, type TypeFilter } from '../lib/records';
import { chip } from '../components/parts';
import { VerificationLabel, awaitsVerification } from '../components/protection';
import { ProviderTransfersSection } from '../components/ProviderTransfers';

const TAG_TONE: Record<WalletTransaction['key'], Tone> = { '0': 'warning', '1': 'success', '2': 'danger' };
const TAG_COLOR: Record<WalletTransaction['key'], string> = { '0': theme.color.warning, '1': theme.color.success, '2': theme.color.danger };

function StatusTag({ k }: { k: WalletTransaction['key'] }) {
  const { t } = useTranslation('wallet');
  const text = k === '1' ? t('records.success') : k === '2' ? t('records.fail') : t('records.pending');
  return (
    <Badge tone={TAG_TONE[k]} variant="solid" testId="status-tag">
      {text}
    </Badge>
  );
}

function Options<K extends string>(props: { title: string; value: K; options: Array<[K, string]>; onChange: (k: K) => void }) {
  return (
    <fieldset
      css={css`
        border: 0;
        padding: 0;
        margin: 0 0 14px;
      `}
    >
      <legend
        css={css`
          font-size: 14px;
          color: ${theme.color.textMuted};
          margin-bottom: 8px;
        `}
      >
        {props.title}
      </legend>
      <Row wrap align="stretch">
        {props.options.map(([k, label]) => (
          <button
            key={k}
            type="button"
            aria-pressed={props.value === k}
            css={css`
              ${chip(props.value === k)};
              min-width: 80px;
            `}
            onClick={() => props.onChange(k)}
          >
            {label}
          </button>
        ))}
      </Row>
    </fieldset>
  );
}

function Timeline({ tx }: { tx: WalletTransaction }) {
  const { t } = useTranslation('wallet');
  const final = tx.key === '1' ? t('records.success') : tx.key === '2' ? t('records.fail') : t('records.processing');
  const steps: Array<{ label: string; at: string | null; done: boolean; color: string }> = [
    { label: t('records.initiated'), at: tx.created_at, done: true, color: theme.color.success },
    {
      label: t('records.infoReceived'),
      at: tx.information_received_at,
      done: Boolean(tx.information_received_at),
      color: theme.color.success,
    },
    { label: final, at: tx.key === '0' ? null : tx.updated_at, done: tx.key !== '0', color: TAG_COLOR[tx.key] },
  ];
  return (
    <ol
      data-testid="timeline"
      css={css`
        list-style: none;
        padding: 0;
        margin: 0 0 16px;
      `}
    >
      {steps.map((s, i) => (
        <li
          key={i}
          css={css`
            display: flex;
            gap: 10px;
            align-items: flex-start;
            padding-bottom: 12px;
          `}
        >
          <span
            aria-hidden
            css={css`
              width: 14px;
              height: 14px;
              border-radius: 50%;
              margin-top: 3px;
              flex: none;
              background: ${s.done ? s.color : 'transparent'};
              border: 2px solid ${s.done ? s.color : theme.color.border};
            `}
          />
          <div>
            <Text as="div" weight={600} data-testid="step-label">
              {s.label}
            </Text>
            {s.at && (
              <Text as="div" tone="muted" size="xs">
                <DateTime value={s.at} zone />
              </Text>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * /transaction-record: filters, grouping by Dhaka date, status tags, and the timeline popup. A pending withdrawal
 * waiting for the due-diligence check says "Verification required", the reason in its tooltip and in the details.
 */
export function TransactionRecord() {
  const { t } = useTranslation('wallet');
  const { session } = useHost();
  const locale = useLocale();
  const [filter, setFilter] = useState<{ status: StatusFilter; type: TypeFilter; date: DateFilter }>({
    status: 'all',
    type: 'all',
    date: 'all',
  });
  const [draft, setDraft] = useState(filter);
  const [showFilter, setShowFilter] = useState(false);
  const [open, setOpen] = useState<WalletTransaction | null>(null);

  // a decision changes the balance (an approval) or brings an inbox message (every decision, a rejection too): the
  // list is asked for again so the status follows without a refresh; a failed read says so with Retry
  const records = useServerQuery(
    schemas.transactionShow,
    { query: { remote_id: session.player$.value?.remoteId || undefined } },
    { topics: ['balance', 'inbox'], select: (r) => r.transactions },
  );
  const list = records.data ?? null;

  const groups = useMemo(() => (list ? groupByDhakaDate(filterTransactions(list, filter)) : []), [list, filter]);

  return (
    <Page>
      <PageHeader
        title={t('records.transactionTitle')}
        actions={
          <Button variant="secondary" onClick={() => (setDraft(filter), setShowFilter(true))} data-testid="open-filter">
            {t('records.filter')}
          </Button>
        }
      />
      {!list ? (
        <AsyncState query={records} failed={t('records.loadFailed')} testId="records-error">
          {() => null}
        </AsyncState>
      ) : groups.length === 0 ? (
        <NoData />
      ) : (
        groups.map(([day, rows]) => (
          <section key={day} data-testid="record-group">
            <h2
              css={css`
                font-size: 14px;
                color: ${theme.color.textMuted};
                margin: 16px 0 8px;
              `}
            >
              {localDigits(day, locale)}
            </h2>
            {rows.map((tx) => (
              <button
                key={tx.id}
                type="button"
                onClick={() => setOpen(tx)}
                data-testid="record-row"
                css={css`
                  appearance: none;
                  width: 100%;
                  display: flex;
                  justify-content: space-between;
                  align-items: center;
                  gap: 8px;
                  padding: 12px;
                  margin-bottom: 8px;
                  background: ${theme.color.surface};
                  color: ${theme.color.text};
                  border: 1px solid ${theme.color.border};
                  border-radius: ${theme.radius.md};
                  font: inherit;
                  cursor: pointer;
                  text-align: left;
                `}
              >
                <span>
                  <strong>{tx.action === 'deposit' ? t('records.deposit') : t('records.withdrawal')}</strong>
                  <Text tone="muted" size="xs" block>
                    <DateTime value={tx.created_at} part="time" zone testId="record-time" />
                  </Text>
                </span>
                <Stack as="span" gap={4} align="end">
                  <span>{formatMoney(tx.amount, 'BDT', locale)}</span>
                  <StatusTag k={tx.key} />
                  {awaitsVerification(tx) && <VerificationLabel />}
                </Stack>
              </button>
            ))}
          </section>
        ))
      )}

      <Modal
        open={showFilter}
        title={t('records.filter')}
        onClose={() => setShowFilter(false)}
        footer={
          <Button onClick={() => (setFilter(draft), setShowFilter(false))} data-testid="filter-confirm">
            {t('records.confirm')}
          </Button>
        }
      >
        <Options
          title={t('records.status')}
          value={draft.status}
          onChange={(status) => setDraft({ ...draft, status })}
          options={[
            ['all', t('records.all')],
            ['0', t('records.pending')],
            ['2', t('records.fail')],
            ['1', t('records.success')],
          ]}
        />
        <Options
          title={t('records.paymentType')}
          value={draft.type}
          onChange={(type) => setDraft({ ...draft, type })}
          options={[
            ['all', t('records.all')],
            ['deposit', t('records.deposit')],
            ['withdraw', t('records.withdrawal')],
          ]}
        />
        <Options
          title={t('records.date')}
          value={draft.date}
          onChange={(date) => setDraft({ ...draft, date })}
          options={[
            ['today', t('records.today')],
            ['yesterday', t('records.yesterday')],
            ['last7', t('records.last7')],
            ['all', t('records.all')],
          ]}
        />
      </Modal>

      <Modal open={Boolean(open)} title={t('records.details')} onClose={() => setOpen(null)}>
        {open && (
          <div data-testid="record-details">
            <Timeline tx={open} />
            <table
              css={css`
                width: 100%;
                border-collapse: collapse;
                font-size: 14px;
                td,
                th {
                  padding: 6px 4px;
                  border-bottom: 1px solid ${theme.color.border};
                  text-align: left;
                }
              `}
            >
              <tbody>
                <tr>
                  <th scope="row">{t('records.no')}</th>
                  <td>{open.transaction_id}</td>
                </tr>
                <tr>
                  <th scope="row">{t('records.type')}</th>
                  <td>{open.action === 'deposit' ? t('records.deposit') : t('records.withdrawal')}</td>
                </tr>
                <tr>
                  <th scope="row">{t('records.paymentMethod')}</th>
                  <td data-testid="detail-method">{open.payment_method?.name ?? t('records.agent')}</td>
                </tr>
                <tr>
                  <th scope="row">{t('records.bankName')}</th>
                  <td>{open.provider ?? open.payment_method?.name ?? t('records.agent')}</td>
                </tr>
                {open.account_number && (
                  <tr>
                    <th scope="row">{t('records.account')}</th>
                    <td data-testid="detail-account">{maskAccount(open.account_number)}</td>
                  </tr>
                )}
                <tr>
                  <th scope="row">{t('records.amount')}</th>
                  <td>{formatMoney(open.amount, 'BDT', locale)}</td>
                </tr>
                {awaitsVerification(open) && (
                  <tr>
                    <th scope="row">{t('records.status')}</th>
                    <td>
                      <VerificationLabel detailed />
                    </td>
                  </tr>
                )}
                {open.reason && (
                  <tr>
                    <th scope="row">{t('records.reason')}</th>
                    <td data-testid="detail-reason">{open.reason}</td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        )}
      </Modal>
      {/* transfers to and from the transfer-wallet providers (issue 30) */}
      <ProviderTransfersSection />
    </Page>
  );
}
