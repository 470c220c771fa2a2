// "Write off debt…" (payments; issue 32): writes off what the player owes the house, at most all of it, with a reason.
// Above the maker–checker amount the API answers that it waits for a second operator (the message says the request's
// number; it is decided in Approvals).
import { useMemo, useState } from 'react';
import { MONEY_PATTERN, newIdempotencyKey, staffWriteOffDebt, toMinor, type StaffPlayerProfile } from '@khela/contracts';
import { Button, ErrorText, Modal, TextArea, TextField } from '@khela/web';
import { allows, useStaffAccount } from '../../staff/context';
import { useStaffChange } from '../../ui/query';

export function DebtWriteOff(props: { player: StaffPlayerProfile; onSaved: (message: string) => void }) {
  const change = useStaffChange();
  const op = useStaffAccount();
  const p = props.player;
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // what the form refuses before sending; the API's refusal is the change's error
  const [invalid, setInvalid] = useState<string | null>(null);
  // one key per opened form: a double click writes off once
  const key = useMemo(() => (open ? newIdempotencyKey() : ''), [open]);
  if (!allows(op, staffWriteOffDebt.roles) || toMinor(p.wallet.owed) <= 0n) return null;
  const close = () => {
    setOpen(false);
    setAmount('');
    setReason('');
    setInvalid(null);
    change.reset();
  };
  async function submit() {
    const v = amount.trim();
    if (!MONEY_PATTERN.test(v) || toMinor(v) <= 0n || toMinor(v) > toMinor(p.wallet.owed)) {
      setInvalid(`Enter an amount more than 0 and at most what is owed (${p.wallet.owed}).`);
      return;
    }
    if (reason.trim().length < 3) {
      setInvalid('Give a reason (at least 3 characters).');
      return;
    }
    setInvalid(null);
    const r = await change.run(staffWriteOffDebt, {
      params: { id: p.id },
      body: { amount: v, reason: reason.trim() },
      idempotencyKey: key,
    });
    if (!r) return;
    close();
    props.onSaved(r.message);
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Write off debt…
      </Button>
      <Modal
        open={open}
        title={`Write off debt — ${p.username} owes ${p.wallet.owed} ${p.currency}`}
        onClose={close}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} disabled={change.pending}>
              Write off
            </Button>
          </>
        }
      >
        <TextField
          label={`Amount (${p.currency})`}
          inputProps={{ value: amount, inputMode: 'decimal', onChange: (e) => setAmount(e.target.value) }}
        />
        <TextArea label="Reason (for the audit log)" rows={2} value={reason} onChange={setReason} />
        <ErrorText>{invalid ?? change.errorText}</ErrorText>
      </Modal>
    </>
  );
}
