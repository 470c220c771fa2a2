// The player page's forms: status and upline flags, balance adjustment (with a confirmation), session revoke.
import { useEffect, useMemo, useState } from 'react';
import {
  MONEY_PATTERN,
  PLAYER_STATUSES,
  fromMinor,
  newIdempotencyKey,
  staffAdjustBalance,
  staffRevokePlayerSession,
  staffRevokePlayerSessions,
  staffSetPlayerStatus,
  toMinor,
  type PlayerStatus,
  type StaffPlayerProfile,
} from '@khela/contracts';
import { Button, Modal, TextField, ErrorText, Select, TextArea, Stack } from '@khela/web';
import { useStaffChange } from '../../ui/query';
import { Facts, Note } from '../../ui/layout';

/** The reason every staff action on a player asks for: at least 3 characters (the API's rule too). */
export const reasonError = (r: string) => (r.trim().length < 3 ? 'Give a reason (at least 3 characters).' : undefined);
type Flag = '1' | '0';
const FLAG_OPTIONS = [
  { value: '1' as Flag, label: '1 — open' },
  { value: '0' as Flag, label: '0 — blocked by upline' },
];

export function StatusForm(props: { player: StaffPlayerProfile; open: boolean; onClose: () => void; onSaved: (message: string) => void }) {
  const change = useStaffChange();
  const p = props.player;
  const [status, setStatus] = useState<PlayerStatus>('active');
  const [exchange, setExchange] = useState<Flag>('1');
  const [casino, setCasino] = useState<Flag>('1');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (!props.open) return;
    setStatus((PLAYER_STATUSES as readonly string[]).includes(p.status) ? (p.status as PlayerStatus) : 'suspended');
    setExchange(p.exchange_market ? '1' : '0');
    setCasino(p.cs_market ? '1' : '0');
    setReason('');
    setTried(false);
    change.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening the form
  }, [props.open, p.status, p.exchange_market, p.cs_market]);

  const save = async () => {
    setTried(true);
    if (reasonError(reason)) return;
    const r = await change.run(staffSetPlayerStatus, {
      params: { id: p.id },
      body: { status, exchange_market: exchange === '1' ? 1 : 0, cs_market: casino === '1' ? 1 : 0, reason: reason.trim() },
    });
    if (r) props.onSaved(r.message);
  };

  return (
    <Modal
      open={props.open}
      title={`Status and upline flags — ${p.username}`}
      onClose={props.onClose}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={save} disabled={change.pending}>
            {change.pending ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <Stack gap={0}>
        <Select<PlayerStatus>
          label="Status"
          value={status}
          onChange={setStatus}
          options={PLAYER_STATUSES.map((s) => ({ value: s, label: s }))}
        />
        <Select<Flag> label="exchange_market" value={exchange} onChange={setExchange} options={FLAG_OPTIONS} />
        <Select<Flag> label="cs_market" value={casino} onChange={setCasino} options={FLAG_OPTIONS} />
        <Note>
          suspended: logs in, plays and withdraws; a section whose flag is 0 is blocked. disabled: cannot log in, every open page is logged
          out at once. The change reaches the player's open pages at once.
        </Note>
        <TextArea label="Reason" value={reason} onChange={setReason} error={tried ? reasonError(reason) : undefined} />
        <ErrorText>{change.errorText}</ErrorText>
      </Stack>
    </Modal>
  );
}

export function AdjustForm(props: { player: StaffPlayerProfile; open: boolean; onClose: () => void; onSaved: (message: string) => void }) {
  const change = useStaffChange();
  const p = props.player;
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // one key per opened form: a double click or a network retry moves money once
  const key = useMemo(() => (props.open ? newIdempotencyKey() : ''), [props.open]);

  useEffect(() => {
    if (!props.open) return;
    setDirection('credit');
    setAmount('');
    setReason('');
    setTried(false);
    setConfirming(false);
    change.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening the form
  }, [props.open]);

  const amountError = (() => {
    const v = amount.trim();
    if (!MONEY_PATTERN.test(v) || v.startsWith('-')) return 'Enter an amount like 100 or 100.50.';
    if (toMinor(v) <= 0n) return 'The amount must be more than 0.';
    if (direction === 'debit' && toMinor(v) > toMinor(p.wallet.available))
      return `More than the available balance (${p.wallet.available}).`;
    return undefined;
  })();
  const after = amountError ? null : fromMinor(toMinor(p.wallet.available) + (direction === 'credit' ? 1n : -1n) * toMinor(amount.trim()));

  const review = () => {
    setTried(true);
    if (amountError || reasonError(reason)) return;
    setConfirming(true);
  };
  const submit = async () => {
    const r = await change.run(staffAdjustBalance, {
      params: { id: p.id },
      body: { direction, amount: amount.trim(), reason: reason.trim() },
      idempotencyKey: key,
    });
    if (r) props.onSaved(`${r.message} Available: ${r.after.available} ${r.after.currency}.`);
    else setConfirming(false);
  };

  return (
    <Modal
      open={props.open}
      title={`Adjust balance — ${p.username}`}
      onClose={props.onClose}
      footer={
        confirming ? (
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={change.pending}>
              Back
            </Button>
            <Button onClick={submit} disabled={change.pending}>
              {change.pending ? 'Posting…' : `Confirm ${direction}`}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={props.onClose}>
              Cancel
            </Button>
            <Button onClick={review}>Review</Button>
          </>
        )
      }
    >
      {confirming ? (
        <div data-testid="adjust-confirm">
          <p>
            {direction === 'credit' ? 'Credit' : 'Debit'}{' '}
            <strong>
              {amount.trim()} {p.currency}
            </strong>{' '}
            {direction === 'credit' ? 'to' : 'from'} <strong>{p.username}</strong>?
          </p>
          <Facts>
            <dt>Available now</dt>
            <dd>{p.wallet.available}</dd>
            <dt>Available after</dt>
            <dd>{after}</dd>
            <dt>Reason</dt>
            <dd>{reason.trim()}</dd>
          </Facts>
        </div>
      ) : (
        <Stack gap={0}>
          <Select<'credit' | 'debit'>
            label="Direction"
            value={direction}
            onChange={setDirection}
            options={[
              { value: 'credit', label: 'Credit (add to the player)' },
              { value: 'debit', label: 'Debit (take from the player)' },
            ]}
          />
          <TextField
            label={`Amount (${p.currency}; available ${p.wallet.available})`}
            error={tried ? amountError : undefined}
            inputProps={{ inputMode: 'decimal', value: amount, onChange: (e) => setAmount(e.target.value), autoComplete: 'off' }}
          />
          <TextArea label="Reason" value={reason} onChange={setReason} error={tried ? reasonError(reason) : undefined} />
        </Stack>
      )}
      <ErrorText>{change.errorText}</ErrorText>
    </Modal>
  );
}

/** Revoke one session (session id) or all of the player's (no id). */
export function RevokeForm(props: {
  playerId: number;
  session: string | null;
  open: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const change = useStaffChange();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!props.open) return;
    setReason('');
    setTried(false);
    change.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening the form
  }, [props.open]);
  const save = async () => {
    setTried(true);
    if (reasonError(reason)) return;
    const r = props.session
      ? await change.run(staffRevokePlayerSession, {
          params: { id: props.playerId, session: props.session },
          body: { reason: reason.trim() },
        })
      : await change.run(staffRevokePlayerSessions, { params: { id: props.playerId }, body: { reason: reason.trim() } });
    if (r) props.onSaved(r.message);
  };
  return (
    <Modal
      open={props.open}
      title={props.session ? `End session ${props.session}` : 'Log out everywhere'}
      onClose={props.onClose}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={save} disabled={change.pending}>
            {props.session ? 'End session' : 'End every session'}
          </Button>
        </>
      }
    >
      <TextArea label="Reason" value={reason} onChange={setReason} error={tried ? reasonError(reason) : undefined} />
      <ErrorText>{change.errorText}</ErrorText>
    </Modal>
  );
}
