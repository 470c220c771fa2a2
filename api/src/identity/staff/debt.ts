import type { Queryable } from '../../db';
import { NotFound, ValidationFailed } from '../../errors';
import { fromMinor, houseAccount, parseMinor, playerOwedAccount, transfer, type Currency } from '../../ledger';
import { writeAudit, type AuditActor } from '../../core/audit';

/**
 * Writes off what a player owes the house (player:N:owed, a re-settlement's debt; issue 32): the owed account moves
 * back towards 0 against house:adjustment (kind staff.write_off), never past 0, audited `player.write_off` with the
 * reason. The same Idempotency-Key writes off once. Above the maker–checker amount the route asks a second operator
 * first (staff/approvals.ts, kind debt_write_off).
 */
export async function writeOffDebt(
  q: Queryable,
  actor: AuditActor,
  id: number,
  input: { amountMinor: bigint; reason: string; idempotencyKey: string },
) {
  if (input.amountMinor <= 0n) throw new ValidationFailed({ amount: ['The amount must be more than 0.'] });
  const p = await q.query<{ currency: Currency }>('SELECT currency FROM players WHERE id = $1 FOR NO KEY UPDATE', [id]);
  if (!p.rows[0]) throw new NotFound('Unknown player');
  const { currency } = p.rows[0];
  const key = `staff.write_off:${input.idempotencyKey}`;
  const owedAccount = await playerOwedAccount(q, id, currency);
  const done = await q.query<{ id: string }>('SELECT id FROM ledger_transfers WHERE idempotency_key = $1', [key]);
  const owedNow = async () => {
    const b = await q.query<{ balance_minor: string }>('SELECT balance_minor FROM ledger_accounts WHERE id = $1 FOR UPDATE', [owedAccount]);
    const v = parseMinor(b.rows[0]?.balance_minor ?? '0');
    return v < 0n ? -v : 0n;
  };
  if (done.rows.length) {
    const owed = await owedNow();
    return { transferId: Number(done.rows[0]!.id), replayed: true, owedBefore: fromMinor(owed), owedAfter: fromMinor(owed) };
  }
  const before = await owedNow();
  if (input.amountMinor > before) {
    throw new ValidationFailed({ amount: [`The player owes ${fromMinor(before)} ${currency}: write off at most that.`] });
  }
  const house = await houseAccount(q, 'adjustment', currency);
  const moved = await transfer(q, {
    idempotencyKey: key,
    kind: 'staff.write_off',
    reference: `player:${id}`,
    metadata: { operator_id: actor.staffId, operator: actor.username, reason: input.reason },
    legs: [
      { account: owedAccount, amountMinor: input.amountMinor },
      { account: house, amountMinor: -input.amountMinor },
    ],
  });
  const after = before - input.amountMinor;
  await writeAudit(q, actor, {
    action: 'player.write_off',
    entityType: 'player',
    entityId: id,
    reason: input.reason,
    before: { owed: fromMinor(before), currency },
    after: { owed: fromMinor(after), currency, amount: fromMinor(input.amountMinor), transfer_id: moved.transferId },
  });
  return { transferId: moved.transferId, replayed: false, owedBefore: fromMinor(before), owedAfter: fromMinor(after) };
}
