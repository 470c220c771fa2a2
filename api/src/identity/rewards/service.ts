import { CASH_CLAIM_MIN, IDENTITY_MESSAGES as M } from '@khela/contracts';
import type { Db, Queryable } from '../../db';
import { idempotent } from '../../core/idempotency';
import { BadRequest, ValidationFailed } from '../../errors';
import { fromMinor, houseAccount, parseMinor, playerAccounts, transfer } from '../../ledger';
import { createBonusTurnover } from '../../core/turnover';
import { bonusTurnoverMultiple, referralRewardMinor } from '../config';
import { sendInboxMessage } from '../../core/inbox';
import { loadPlayer } from '../profile/service';
import type { ProtectionConfig } from '../../protection/config';
import { assertMayPlay } from '../../protection/service';

/**
 * The referrer's cash bonus, paid once the referred friend "registers with bets placed" (spec): the
 * friend has a verified phone (one account per phone), an approved deposit and a settled bet with a
 * stake. Called where either money condition becomes true — an approved deposit (wallet decide()) and
 * a settled casino round (casino seamless settle()) — inside that transaction, so whichever comes
 * second pays. The friend's row lock serialises the two paths; the unique referred_id pays at most
 * once. Returns the referrer whose inbox changed, or null.
 */
export async function rewardReferrerIfQualified(q: Queryable, friendId: number): Promise<number | null> {
  const f = await q.query<{ id: string; username: string; referred_by: string | null; phone_verified: boolean }>(
    'SELECT id, username, referred_by, phone_verified FROM players WHERE id = $1 FOR NO KEY UPDATE',
    [friendId],
  );
  const friend = f.rows[0];
  if (!friend?.referred_by || !friend.phone_verified) return null;
  const qualified = await q.query<{ ok: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM referral_rewards WHERE referred_id = $1)
        AND EXISTS (SELECT 1 FROM wallet_transactions WHERE player_id = $1 AND action = 'deposit' AND status = 1)
        AND EXISTS (SELECT 1 FROM casino_rounds WHERE player_id = $1 AND status = 'settled' AND bet_minor > 0) AS ok`,
    [friendId],
  );
  if (!qualified.rows[0]?.ok) return null;
  const amount = referralRewardMinor();
  const reward = await q.query(
    `INSERT INTO referral_rewards (referrer_id, referred_id, amount_minor) VALUES ($1, $2, $3)
     ON CONFLICT (referred_id) DO NOTHING RETURNING id`,
    [friend.referred_by, friend.id, amount.toString()],
  );
  if (!reward.rows.length) return null;
  await q.query('UPDATE players SET cash_bonus_minor = cash_bonus_minor + $2 WHERE id = $1', [friend.referred_by, amount.toString()]);
  await sendInboxMessage(
    q,
    Number(friend.referred_by),
    'Referral reward',
    `Your friend ${friend.username} deposited and placed a bet. ${fromMinor(amount)} was added to your cash bonus: claim it on the Referral Program page.`,
    { marketing: true },
  );
  return Number(friend.referred_by);
}

/**
 * 1 VP = 1 money unit, paid from house:vip. A repeated Idempotency-Key answers the first answer. Responsible gambling:
 * converted money is play money (it carries a turnover), so the protection service is asked first (refused during an
 * exclusion or time-out, under age, or once the session limit is reached).
 */
export function convertVipPoints(
  db: Db,
  input: { playerId: number; points: number; key: string | undefined },
  protection: ProtectionConfig,
) {
  const { playerId, points } = input;
  return db.tx((q) =>
    idempotent(q, { playerId, endpoint: 'convert-vipcoin', key: input.key, body: { vip_coin: points } }, async () => {
      await assertMayPlay(q, playerId, protection);
      const p = await loadPlayer(q, playerId, true);
      if (p.vip_coin < points) throw new ValidationFailed({ vip_coin: ['Not enough VIP points.'] });
      const amountMinor = BigInt(points) * 100n;
      const conv = await q.query<{ id: string }>(
        'INSERT INTO vip_conversions (player_id, points, amount_minor) VALUES ($1, $2, $3) RETURNING id',
        [p.id, points, amountMinor.toString()],
      );
      const { main, currency } = await playerAccounts(q, Number(p.id));
      const house = await houseAccount(q, 'vip', currency);
      const t = await transfer(q, {
        idempotencyKey: `vip-convert:${conv.rows[0]!.id}`,
        kind: 'vip.convert',
        reference: `player:${p.id}`,
        metadata: { points },
        legs: [
          { account: house, amountMinor: -amountMinor },
          { account: main, amountMinor },
        ],
      });
      // given money is wagered before it can be withdrawn
      await createBonusTurnover(q, {
        playerId: Number(p.id),
        source: 'vip_conversion',
        sourceId: Number(conv.rows[0]!.id),
        bonusMinor: amountMinor,
        multiple: bonusTurnoverMultiple(),
      });
      const left = await q.query<{ vip_coin: number }>(
        'UPDATE players SET vip_coin = vip_coin - $2, updated_at = now() WHERE id = $1 RETURNING vip_coin',
        [p.id, points],
      );
      return {
        success: `${points} VP converted to ${fromMinor(amountMinor)} ${currency}.`,
        vip_coin: left.rows[0]!.vip_coin,
        balance: fromMinor(t.balances.get(main)!),
      };
    }),
  );
}

/**
 * Moves the whole cash bonus to the main wallet (at least CASH_CLAIM_MIN). A repeated Idempotency-Key answers the first
 * answer. Asks the protection service first, as convertVipPoints does (the bonus stays claimable once play reopens).
 */
export function claimCashBonus(db: Db, input: { playerId: number; key: string | undefined }, protection: ProtectionConfig) {
  const { playerId } = input;
  return db.tx((q) =>
    idempotent(q, { playerId, endpoint: 'cash-claim', key: input.key, body: {} }, async () => {
      await assertMayPlay(q, playerId, protection);
      const p = await loadPlayer(q, playerId, true);
      const bonus = parseMinor(p.cash_bonus_minor);
      if (bonus < BigInt(CASH_CLAIM_MIN) * 100n) throw new BadRequest(M.claimMinimum);
      const claim = await q.query<{ id: string }>('INSERT INTO cash_claims (player_id, amount_minor) VALUES ($1, $2) RETURNING id', [
        p.id,
        bonus.toString(),
      ]);
      const { main, currency } = await playerAccounts(q, Number(p.id));
      const house = await houseAccount(q, 'bonus', currency);
      const t = await transfer(q, {
        idempotencyKey: `cash-claim:${claim.rows[0]!.id}`,
        kind: 'bonus.claim',
        reference: `player:${p.id}`,
        legs: [
          { account: house, amountMinor: -bonus },
          { account: main, amountMinor: bonus },
        ],
      });
      await createBonusTurnover(q, {
        playerId: Number(p.id),
        source: 'cash_claim',
        sourceId: Number(claim.rows[0]!.id),
        bonusMinor: bonus,
        multiple: bonusTurnoverMultiple(),
      });
      await q.query('UPDATE players SET cash_bonus_minor = 0, updated_at = now() WHERE id = $1', [p.id]);
      return { message: 'Bonus Claimed successfully.', balance: fromMinor(t.balances.get(main)!), cash_bonus: fromMinor(0n) };
    }),
  );
}
