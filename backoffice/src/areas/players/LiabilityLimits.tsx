// The player page's exchange liability limits (Bets tab): the most the player may stand to lose on one market of each
// kind (Match Odds, BookMaker, Fancy). Everyone who reads the player sees them; risk staff set or remove one, with a
// reason (audited). The API refuses a bet that would raise a market's exposure over the limit.
import { useEffect, useState } from 'react';
import {
  LIABILITY_LIMIT_SET_ROLES,
  MONEY_PATTERN,
  staffPlayerLiabilityLimits,
  staffSetPlayerLiabilityLimit,
  type ExchangeLiabilityLimits,
} from '@khela/contracts';
import { Button, Modal, TextField, theme, ErrorText, Select, TextArea, errorText, Row, Stack } from '@khela/web';
import { allows, useStaffAccount } from '../../staff/context';
import { useStaffChange, useStaffQuery } from '../../ui/query';
import { Facts, Note, PanelCard } from '../../ui/layout';
import { reasonError } from './forms';

type Kind = keyof ExchangeLiabilityLimits;
const KINDS: Array<{ value: Kind; label: string }> = [
  { value: 'MATCH_ODDS', label: 'Match Odds' },
  { value: 'BOOKMAKER', label: 'BookMaker' },
  { value: 'FANCY', label: 'Fancy' },
];

/** Empty removes the limit; otherwise an amount of 0 or more with at most 2 decimals. */
const amountError = (v: string) =>
  v.trim() === '' || (MONEY_PATTERN.test(v.trim()) && !v.trim().startsWith('-'))
    ? undefined
    : 'Enter an amount like 10000 or 10000.50, or leave it empty for no limit.';

export function LiabilityLimits({ playerId, onSaved }: { playerId: number; onSaved: (message: string) => void }) {
  const op = useStaffAccount();
  const read = useStaffQuery(staffPlayerLiabilityLimits, { params: { id: playerId } });
  const limits = read.data ?? null;
  const [editing, setEditing] = useState(false);

  return (
    <PanelCard data-testid="liability-limits">
      <Row gap={12} justify="between">
        <strong>Exchange: maximum liability per market</strong>
        {allows(op, LIABILITY_LIMIT_SET_ROLES) && (
          <Button variant="secondary" onClick={() => setEditing(true)} disabled={!limits}>
            Set limit
          </Button>
        )}
      </Row>
      {limits && (
        <Facts>
          {KINDS.map((k) => (
            <FactRow key={k.value} label={k.label} value={limits.max_liability[k.value]} currency={limits.currency} />
          ))}
        </Facts>
      )}
      <ErrorText>{read.error ? errorText(read.error) : null}</ErrorText>
      {limits && (
        <LimitForm
          playerId={playerId}
          limits={limits}
          open={editing}
          onClose={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            onSaved(message);
          }}
        />
      )}
    </PanelCard>
  );
}

function FactRow({ label, value, currency }: { label: string; value: string | null; currency: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value === null ? <span css={{ color: theme.color.textMuted }}>No limit</span> : `${value} ${currency}`}</dd>
    </>
  );
}

function LimitForm(props: {
  playerId: number;
  limits: { currency: string; max_liability: ExchangeLiabilityLimits };
  open: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const change = useStaffChange();
  const [kind, setKind] = useState<Kind>('MATCH_ODDS');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const current = props.limits.max_liability;

  useEffect(() => {
    if (!props.open) return;
    setKind('MATCH_ODDS');
    setAmount(current.MATCH_ODDS ?? '');
    setReason('');
    setTried(false);
    change.reset();
    // the form opens on the limits as they are; a reload while open does not overwrite what is typed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.open]);

  const save = async () => {
    setTried(true);
    if (amountError(amount) || reasonError(reason)) return;
    const r = await change.run(staffSetPlayerLiabilityLimit, {
      params: { id: props.playerId },
      body: { kind, max_liability: amount.trim() === '' ? null : amount.trim(), reason: reason.trim() },
    });
    if (r) props.onSaved(r.message);
  };

  return (
    <Modal
      open={props.open}
      title="Maximum liability per market"
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
        <Select<Kind>
          label="Market kind"
          value={kind}
          onChange={(k) => {
            setKind(k);
            setAmount(current[k] ?? '');
          }}
          options={KINDS}
        />
        <TextField
          label={`Maximum liability (${props.limits.currency}); empty for no limit`}
          error={tried ? amountError(amount) : undefined}
          inputProps={{ inputMode: 'decimal', value: amount, onChange: (e) => setAmount(e.target.value), autoComplete: 'off' }}
        />
        <Note>
          The most the player may stand to lose on any one market of this kind. Bets already placed stay; a new bet that would raise a
          market&apos;s exposure over the limit is refused.
        </Note>
        <TextArea label="Reason" value={reason} onChange={setReason} error={tried ? reasonError(reason) : undefined} />
        <ErrorText>{change.errorText}</ErrorText>
      </Stack>
    </Modal>
  );
}
