// A player's exemptions from the fraud and AML rules (issue 32; risk staff, nothing for other roles): the running ones
// with "End…", the ended ones, and "Exempt from a rule" with a reason. Each change is audited by the API.
import { useCallback, useState } from 'react';
import { css } from '@emotion/react';
import {
  RISK_RULE_KINDS,
  RISK_RULE_LABELS,
  staffAddRiskExemption,
  staffEndRiskExemption,
  staffRiskExemptions,
  type RiskRuleKind,
  type StaffRiskExemption,
} from '@khela/contracts';
import { Button, Card, DateTime, ErrorText, Select, TextArea, errorText, theme } from '@khela/web';
import { allows, useStaffAccount, useStaff } from '../../staff/context';
import { useStaffRead } from '../../ui/read';

export function RiskExemptions({ playerId }: { playerId: number }) {
  const op = useStaffAccount();
  if (!allows(op, staffRiskExemptions.roles)) return null;
  return <ExemptionsCard playerId={playerId} />;
}

function ExemptionsCard({ playerId }: { playerId: number }) {
  const { api } = useStaff();
  const q = useStaffRead(useCallback(() => api.call(staffRiskExemptions, { params: { id: playerId } }), [api, playerId]));
  const [kind, setKind] = useState<RiskRuleKind>('shared_address');
  const [reason, setReason] = useState('');
  const [ending, setEnding] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = q.data?.data ?? [];
  const running = list.filter((e) => !e.ended_at);

  async function act(run: () => Promise<unknown>) {
    if (reason.trim().length < 3) return setError('Give a reason (at least 3 characters) for the audit log.');
    setBusy(true);
    setError(null);
    try {
      await run();
      setReason('');
      setEnding(null);
      await q.refetch();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  const line = (e: StaffRiskExemption) => (
    <li key={e.id} data-testid={`risk-exemption-${e.kind}`}>
      <strong>{RISK_RULE_LABELS[e.kind]}</strong> — by {e.created_by}, <DateTime value={e.created_at} zone />: {e.reason}
      {e.ended_at ? (
        <span
          css={css`
            color: ${theme.color.textMuted};
          `}
        >
          {' '}
          · ended by {e.ended_by}, <DateTime value={e.ended_at} zone />: {e.end_reason}
        </span>
      ) : (
        <>
          {' '}
          <Button variant="ghost" onClick={() => setEnding(e.id)} data-testid={`risk-exemption-end-${e.kind}`}>
            End…
          </Button>
        </>
      )}
    </li>
  );
  return (
    <Card
      data-testid="risk-exemptions"
      css={css`
        margin-bottom: 12px;
      `}
    >
      <h3
        css={css`
          margin: 0 0 6px;
        `}
      >
        Risk rule exemptions
      </h3>
      <p
        css={css`
          margin: 0 0 8px;
          font-size: 12px;
          color: ${theme.color.textMuted};
        `}
      >
        While an exemption runs, this player&apos;s own deposits, withdrawals, claims, devices and addresses raise nothing for that rule
        (other accounts&apos; events still count them).
      </p>
      {list.length === 0 ? <p>None.</p> : <ul>{[...running, ...list.filter((e) => e.ended_at)].map(line)}</ul>}
      <div
        css={css`
          display: flex;
          gap: 8px;
          align-items: flex-end;
          flex-wrap: wrap;
        `}
      >
        {ending === null && (
          <Select<RiskRuleKind>
            label="Rule"
            inline
            value={kind}
            onChange={setKind}
            options={RISK_RULE_KINDS.map((k) => ({ value: k, label: RISK_RULE_LABELS[k] }))}
          />
        )}
        <div
          css={css`
            flex: 1;
            min-width: 260px;
          `}
        >
          <TextArea
            label={ending === null ? 'Reason (for the audit log)' : 'Why it ends (for the audit log)'}
            rows={1}
            maxLength={500}
            value={reason}
            onChange={setReason}
          />
        </div>
        {ending === null ? (
          <Button
            variant="secondary"
            disabled={busy}
            data-testid="risk-exemption-add"
            onClick={() =>
              void act(() => api.call(staffAddRiskExemption, { params: { id: playerId }, body: { kind, reason: reason.trim() } }))
            }
          >
            Exempt from this rule
          </Button>
        ) : (
          <>
            <Button
              variant="danger"
              disabled={busy}
              data-testid="risk-exemption-end"
              onClick={() => void act(() => api.call(staffEndRiskExemption, { params: { id: ending }, body: { reason: reason.trim() } }))}
            >
              End the exemption
            </Button>
            <Button variant="ghost" onClick={() => setEnding(null)}>
              Cancel
            </Button>
          </>
        )}
      </div>
      {error && <ErrorText testId="risk-exemption-error">{error}</ErrorText>}
    </Card>
  );
}
