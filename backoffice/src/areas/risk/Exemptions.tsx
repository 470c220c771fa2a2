// A player's exemptions from the fraud and AML rules (issue 32; risk staff, nothing for other roles): the running ones
// with "End…", the ended ones, and "Exempt from a rule" with a reason. Each change is audited by the API.
import { useState } from 'react';
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
import { Button, DateTime, ErrorText, Select, TextArea, Muted, Row } from '@khela/web';
import { allows, useStaffAccount } from '../../staff/context';
import { useStaffChange, useStaffQuery } from '../../ui/query';
import { Note, PanelCard, CardHeading } from '../../ui/layout';

export function RiskExemptions({ playerId }: { playerId: number }) {
  const op = useStaffAccount();
  if (!allows(op, staffRiskExemptions.roles)) return null;
  return <ExemptionsCard playerId={playerId} />;
}

function ExemptionsCard({ playerId }: { playerId: number }) {
  const q = useStaffQuery(staffRiskExemptions, { params: { id: playerId } });
  const [kind, setKind] = useState<RiskRuleKind>('shared_address');
  const [reason, setReason] = useState('');
  const [ending, setEnding] = useState<number | null>(null);
  const change = useStaffChange();
  const [noReason, setNoReason] = useState(false);
  const error = noReason ? 'Give a reason (at least 3 characters) for the audit log.' : change.errorText;
  const busy = change.pending;
  const list = q.data?.data ?? [];
  const running = list.filter((e) => !e.ended_at);

  // done: the exemptions are read again (as every query after a change)
  async function act(send: () => Promise<unknown>) {
    setNoReason(reason.trim().length < 3);
    if (reason.trim().length < 3) return change.reset();
    if ((await send()) === undefined) return;
    setReason('');
    setEnding(null);
  }
  const line = (e: StaffRiskExemption) => (
    <li key={e.id} data-testid={`risk-exemption-${e.kind}`}>
      <strong>{RISK_RULE_LABELS[e.kind]}</strong> — by {e.created_by}, <DateTime value={e.created_at} zone />: {e.reason}
      {e.ended_at ? (
        <Muted>
          {' '}
          · ended by {e.ended_by}, <DateTime value={e.ended_at} zone />: {e.end_reason}
        </Muted>
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
    <PanelCard data-testid="risk-exemptions">
      <CardHeading as="h3">Risk rule exemptions</CardHeading>
      <Note>
        While an exemption runs, this player&apos;s own deposits, withdrawals, claims, devices and addresses raise nothing for that rule
        (other accounts&apos; events still count them).
      </Note>
      {list.length === 0 ? <p>None.</p> : <ul>{[...running, ...list.filter((e) => e.ended_at)].map(line)}</ul>}
      <Row gap={8} align="end" wrap>
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
              void act(() => change.run(staffAddRiskExemption, { params: { id: playerId }, body: { kind, reason: reason.trim() } }))
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
              onClick={() => void act(() => change.run(staffEndRiskExemption, { params: { id: ending }, body: { reason: reason.trim() } }))}
            >
              End the exemption
            </Button>
            <Button variant="ghost" onClick={() => setEnding(null)}>
              Cancel
            </Button>
          </>
        )}
      </Row>
      {error && <ErrorText testId="risk-exemption-error">{error}</ErrorText>}
    </PanelCard>
  );
}
