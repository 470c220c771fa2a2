// The fraud and AML rules' settings (risk staff): on/off and the figures each rule uses (RISK_RULE_FIELDS), changed
// with a reason that goes into the audit log with before/after.
import { useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import {
  RISK_RULE_EVENTS,
  RISK_RULE_FIELDS,
  RISK_RULE_LABELS,
  staffRiskRules,
  staffSetRiskRule,
  type RiskRuleField,
  type StaffRiskRule,
} from '@khela/contracts';
import { ApiError, AsyncState, Button, DateTime, ErrorText, StatusText, errorText, Row } from '@khela/web';
import { controlCss, CardHeading, PanelCard } from '../../ui/layout';
import { useStaffChange, useStaffQuery } from '../../ui/query';

export function Rules() {
  const q = useStaffQuery(staffRiskRules);
  return (
    <AsyncState query={q}>
      {(d) => (
        <>
          {d.data.map((r) => (
            <RuleForm key={r.kind} rule={r} />
          ))}
        </>
      )}
    </AsyncState>
  );
}

const AMOUNT_LABEL: Partial<Record<StaffRiskRule['kind'], string>> = {
  deposit_velocity: 'at least',
  large_first_deposit: 'first deposit at least',
  low_play_withdrawal: 'deposits at least',
};

/** One rule's form; saved, the rules are read again (as every query after a change). */
function RuleForm(props: { rule: StaffRiskRule }) {
  const change = useStaffChange();
  const r = props.rule;
  const uses = (f: RiskRuleField) => RISK_RULE_FIELDS[r.kind].includes(f);
  const [form, setForm] = useState({
    enabled: r.enabled,
    window: String(r.window_minutes),
    BDT: String(r.amounts?.BDT ?? ''),
    INR: String(r.amounts?.INR ?? ''),
    PKR: String(r.amounts?.PKR ?? ''),
    days: String(r.account_days),
    accounts: String(r.min_accounts ?? ''),
    percent: String(r.turnover_percent ?? ''),
    reason: '',
  });
  const [saved, setSaved] = useState(false);
  // a refusal naming fields says each ("window_minutes: …"), else the API's message
  const fields = change.error instanceof ApiError ? change.error.fieldErrors : undefined;
  const error = fields
    ? Object.entries(fields)
        .map(([k, v]) => `${k}: ${v[0]}`)
        .join(' ')
    : change.error
      ? errorText(change.error)
      : null;
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));
  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const done = await change.run(staffSetRiskRule, {
      params: { kind: r.kind },
      body: {
        enabled: form.enabled,
        ...(uses('window_minutes') ? { window_minutes: Number(form.window) } : {}),
        ...(uses('amounts') ? { amounts: { BDT: Number(form.BDT), INR: Number(form.INR), PKR: Number(form.PKR) } } : {}),
        ...(uses('account_days') ? { account_days: Number(form.days) } : {}),
        ...(uses('min_accounts') ? { min_accounts: Number(form.accounts) } : {}),
        ...(uses('turnover_percent') ? { turnover_percent: Number(form.percent) } : {}),
        reason: form.reason,
      },
    });
    if (!done) return;
    setForm((f) => ({ ...f, reason: '' }));
    setSaved(true);
  }
  const num = (label: string, k: keyof typeof form, width = 110) => (
    <label
      css={css`
        display: flex;
        flex-direction: column;
        gap: 2px;
        font-size: 12px;
      `}
    >
      {label}
      <input
        css={[
          controlCss,
          css`
            width: ${width}px;
          `,
        ]}
        inputMode="numeric"
        value={String(form[k])}
        onChange={set(k)}
      />
    </label>
  );
  const amountWord = AMOUNT_LABEL[r.kind] ?? 'at least';
  return (
    <PanelCard as="form" onSubmit={submit} data-testid={`risk-rule-${r.kind}`}>
      <CardHeading>{RISK_RULE_LABELS[r.kind]}</CardHeading>
      <p
        css={css`
          font-size: 12px;
          margin: 0 0 8px;
        `}
      >
        Looked at when: {RISK_RULE_EVENTS[r.kind]}.
      </p>
      <Row gap={12} align="end" wrap>
        <label
          css={css`
            display: flex;
            gap: 6px;
            align-items: center;
            font-size: 13px;
          `}
        >
          <input type="checkbox" checked={form.enabled} onChange={(e) => setForm((f) => ({ ...f, enabled: e.target.checked }))} />
          On
        </label>
        {uses('window_minutes') && num('Within (minutes)', 'window')}
        {uses('amounts') && (
          <>
            {num(`BDT ${amountWord}`, 'BDT')}
            {num(`INR ${amountWord}`, 'INR')}
            {num(`PKR ${amountWord}`, 'PKR')}
          </>
        )}
        {uses('account_days') && num('Accounts younger than (days; 0 all)', 'days', 200)}
        {uses('min_accounts') && num('Accounts at least', 'accounts')}
        {uses('turnover_percent') && num('Stakes below (% of deposits)', 'percent', 160)}
        <label
          css={css`
            display: flex;
            flex-direction: column;
            gap: 2px;
            font-size: 12px;
            flex: 1;
            min-width: 200px;
          `}
        >
          Reason (for the audit log)
          <input css={controlCss} value={form.reason} onChange={set('reason')} />
        </label>
        <Button type="submit" disabled={change.pending}>
          Save rule
        </Button>
      </Row>
      <ErrorText>{error}</ErrorText>
      <StatusText>{saved ? 'Saved.' : null}</StatusText>
      <p
        css={css`
          font-size: 12px;
          margin: 8px 0 0;
        `}
      >
        Last changed by {r.updated_by ?? 'the set-up'} · <DateTime value={r.updated_at} zone />
      </p>
    </PanelCard>
  );
}
