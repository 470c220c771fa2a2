// The player page's risk hold (issue 27 item 9): a badge beside the status while the player is on hold (why, whether
// withdrawals stay open, who and when) and, for those who set status (risk, admin), a dialog to put the player on
// hold, change the hold or release it, each with a reason (audited). While on hold the player logs in and is told why,
// but cannot stake or deposit anywhere; withdrawals only if allowed here.
import { useState } from 'react';
import { css } from '@emotion/react';
import {
  PLAYER_STATUS_ROLES,
  RISK_HOLD_REASONS,
  RISK_HOLD_REASON_LABEL,
  staffPlayerHold,
  staffReleasePlayerHold,
  staffSetPlayerHold,
  type RiskHoldOut,
  type RiskHoldReason,
} from '@khela/contracts';
import { Button, Modal, theme, ErrorText, Select, TextArea, Stack } from '@khela/web';
import { allows, useStaffAccount } from '../../staff/context';
import { useStaffChange, useStaffQuery } from '../../ui/query';
import { when } from '../../ui/time';
import { reasonError } from './forms';
import { Note } from '../../ui/layout';

type YesNo = 'yes' | 'no';

export function HoldPanel(props: { playerId: number; username: string; onSaved: (message: string) => void }) {
  const op = useStaffAccount();
  const canSet = allows(op, PLAYER_STATUS_ROLES);
  // undefined: not known (loading, or the read failed): no badge and no button
  const read = useStaffQuery(staffPlayerHold, { params: { id: props.playerId } });
  const hold: RiskHoldOut | null | undefined = read.error ? undefined : read.data?.hold;
  const [open, setOpen] = useState(false);
  const [why, setWhy] = useState<RiskHoldReason>('fraud');
  const [withdrawals, setWithdrawals] = useState<YesNo>('no');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const change = useStaffChange();

  const start = () => {
    setWhy(hold?.reason ?? 'fraud');
    setWithdrawals(hold?.allow_withdrawals ? 'yes' : 'no');
    setReason('');
    setTried(false);
    change.reset();
    setOpen(true);
  };

  const run = async (release: boolean) => {
    setTried(true);
    if (reasonError(reason)) return;
    const r = release
      ? await change.run(staffReleasePlayerHold, { params: { id: props.playerId }, body: { reason: reason.trim() } })
      : await change.run(staffSetPlayerHold, {
          params: { id: props.playerId },
          body: { hold_reason: why, allow_withdrawals: withdrawals === 'yes', reason: reason.trim() },
        });
    if (!r) return;
    setOpen(false);
    props.onSaved(r.message);
  };

  return (
    <>
      {hold && (
        <span
          data-testid="player-hold"
          data-reason={hold.reason}
          title={`${hold.note} — by ${hold.placed_by}, ${when(hold.placed_at)}`}
          css={css`
            display: inline-block;
            padding: 1px 8px;
            border-radius: 999px;
            font-size: 12px;
            font-weight: 600;
            border: 1px solid ${theme.color.danger};
            color: ${theme.color.danger};
          `}
        >
          On hold: {RISK_HOLD_REASON_LABEL[hold.reason]} · withdrawals {hold.allow_withdrawals ? 'allowed' : 'closed'}
        </span>
      )}
      {canSet && hold !== undefined && (
        <Button variant="secondary" onClick={start} data-testid="player-hold-open">
          {hold ? 'Change or release hold…' : 'Put on hold…'}
        </Button>
      )}
      <Modal
        open={open}
        title={`Risk hold — ${props.username}`}
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            {hold && (
              <Button variant="secondary" onClick={() => void run(true)} disabled={change.pending} data-testid="player-hold-release">
                Release hold
              </Button>
            )}
            <Button onClick={() => void run(false)} disabled={change.pending} data-testid="player-hold-save">
              {change.pending ? 'Saving…' : hold ? 'Save hold' : 'Put on hold'}
            </Button>
          </>
        }
      >
        <Stack gap={0}>
          <Select<RiskHoldReason>
            label="Why"
            value={why}
            onChange={setWhy}
            options={RISK_HOLD_REASONS.map((r) => ({ value: r, label: RISK_HOLD_REASON_LABEL[r] }))}
          />
          <Select<YesNo>
            label="Withdrawals during the hold"
            value={withdrawals}
            onChange={setWithdrawals}
            options={[
              { value: 'no', label: 'Closed' },
              { value: 'yes', label: 'Allowed' },
            ]}
          />
          <Note>
            On hold: the player logs in and is told why, but cannot deposit, launch or bet anywhere; open games end and unmatched exchange
            bets are cancelled (matched bets stand). Releasing reopens everything. Both are in the audit log with the reason.
          </Note>
          <TextArea label="Reason" value={reason} onChange={setReason} error={tried ? reasonError(reason) : undefined} />
          <ErrorText>{change.errorText}</ErrorText>
        </Stack>
      </Modal>
    </>
  );
}
