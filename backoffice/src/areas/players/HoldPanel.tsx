// The player page's risk hold (issue 27 item 9): a badge beside the status while the player is on hold (why, whether
// withdrawals stay open, who and when) and, for those who set status (risk, admin), a dialog to put the player on
// hold, change the hold or release it, each with a reason (audited). While on hold the player logs in and is told why,
// but cannot stake or deposit anywhere; withdrawals only if allowed here.
import { useCallback, useEffect, useState } from 'react';
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
import { Button, Modal, theme, ErrorText, Select, TextArea } from '@khela/web';
import { allows, useStaffAccount, useStaff } from '../../staff/context';
import { when } from '../../ui/time';
import { reasonError } from './forms';

type YesNo = 'yes' | 'no';

export function HoldPanel(props: { playerId: number; username: string; onSaved: (message: string) => void }) {
  const { api } = useStaff();
  const op = useStaffAccount();
  const canSet = allows(op, PLAYER_STATUS_ROLES);
  const [hold, setHold] = useState<RiskHoldOut | null | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [why, setWhy] = useState<RiskHoldReason>('fraud');
  const [withdrawals, setWithdrawals] = useState<YesNo>('no');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    api.call(staffPlayerHold, { params: { id: props.playerId } }).then(
      (r) => setHold(r.hold),
      () => setHold(undefined),
    );
  }, [api, props.playerId]);
  useEffect(load, [load]);

  const start = () => {
    setWhy(hold?.reason ?? 'fraud');
    setWithdrawals(hold?.allow_withdrawals ? 'yes' : 'no');
    setReason('');
    setTried(false);
    setError(null);
    setOpen(true);
  };

  const run = async (release: boolean) => {
    setTried(true);
    if (reasonError(reason)) return;
    setBusy(true);
    setError(null);
    try {
      const r = release
        ? await api.call(staffReleasePlayerHold, { params: { id: props.playerId }, body: { reason: reason.trim() } })
        : await api.call(staffSetPlayerHold, {
            params: { id: props.playerId },
            body: { hold_reason: why, allow_withdrawals: withdrawals === 'yes', reason: reason.trim() },
          });
      setHold(r.hold);
      setOpen(false);
      props.onSaved(r.message);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
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
              <Button variant="secondary" onClick={() => void run(true)} disabled={busy} data-testid="player-hold-release">
                Release hold
              </Button>
            )}
            <Button onClick={() => void run(false)} disabled={busy} data-testid="player-hold-save">
              {busy ? 'Saving…' : hold ? 'Save hold' : 'Put on hold'}
            </Button>
          </>
        }
      >
        <div
          css={css`
            display: flex;
            flex-direction: column;
          `}
        >
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
          <p
            css={css`
              font-size: 12px;
              color: ${theme.color.textMuted};
              margin: 0 0 12px;
            `}
          >
            On hold: the player logs in and is told why, but cannot deposit, launch or bet anywhere; open games end and unmatched exchange
            bets are cancelled (matched bets stand). Releasing reopens everything. Both are in the audit log with the reason.
          </p>
          <TextArea label="Reason" value={reason} onChange={setReason} error={tried ? reasonError(reason) : undefined} />
          <ErrorText>{error}</ErrorText>
        </div>
      </Modal>
    </>
  );
}
