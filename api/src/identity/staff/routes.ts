import type { FastifyInstance } from 'fastify';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  idempotencyKeyOf,
  staffAddPlayerNote,
  staffAdjustBalance,
  staffPlayer,
  staffPlayerBets,
  staffPlayerLedger,
  staffPlayerNotes,
  staffPlayers,
  staffPlayerSessions,
  staffPlayerTurnovers,
  staffRevokePlayerSession,
  staffRevokePlayerSessions,
  staffSetPlayerStatus,
  staffWriteOffDebt,
} from '@khela/contracts';
import { DISABLED_STATUS, sessionsEnded } from '../../auth';
import { registerEndpoint } from '../../http/endpoint';
import { ValidationFailed } from '../../errors';
import { fromMinor, toMinor } from '../../ledger';
import { z } from 'zod';
import { approvalConfig, needsApproval, payloadOf, registerApprovalExecutor, requestApproval } from '../../staff/approvals';
import { auditActor } from '../../core/audit';
import { requireStaff } from '../../auth/staff';
import {
  addNote,
  adjustBalance,
  listPlayers,
  playerBets,
  playerLedger,
  playerNotes,
  playerProfile,
  ADJUST_MAX_MINOR,
  playerSessions,
  playerTurnovers,
  revokeAllSessions,
  revokeOneSession,
  setPlayerStatus,
} from './service';
import { writeOffDebt } from './debt';

/**
 * Back office, players (search, profile, status and market flags, notes, sessions, balance adjustments): the staff
 * endpoints of this domain (contracts: shared/contracts/src/schemas/staff/players.ts; roles on each declaration).
 */
export default async function playerStaffRoutes(app: FastifyInstance) {
  const db = app.db;

  registerEndpoint(app, staffPlayers, async (req) => listPlayers(db, req.query));
  registerEndpoint(app, staffPlayer, async (req) => playerProfile(db, req.params.id));
  registerEndpoint(app, staffPlayerLedger, async (req) => playerLedger(db, req.params.id, req.query));
  registerEndpoint(app, staffPlayerBets, async (req) => playerBets(db, req.params.id, req.query));
  registerEndpoint(app, staffPlayerTurnovers, async (req) => playerTurnovers(db, req.params.id, req.query));
  registerEndpoint(app, staffPlayerSessions, async (req) =>
    playerSessions(db, req.params.id, { ...req.query, live: req.query.live === undefined ? undefined : req.query.live === '1' }),
  );
  registerEndpoint(app, staffPlayerNotes, async (req) => playerNotes(db, req.params.id, req.query));

  registerEndpoint(app, staffAddPlayerNote, async (req) => {
    requireStaff(req);
    return db.tx((q) => addNote(q, auditActor(req), req.params.id, req.body.text));
  });

  registerEndpoint(app, staffRevokePlayerSession, async (req) => {
    requireStaff(req);
    const { id, session } = req.params;
    const r = await db.tx((q) => revokeOneSession(q, auditActor(req), id, session, req.body.reason));
    // the session's streams end in every process: the player's page finds its token refused and logs out
    if (r.hashes.length) await sessionsEnded(app, id, r.hashes);
    return { revoked: r.revoked, message: r.revoked ? 'Session ended.' : 'The session had already ended.' };
  });

  registerEndpoint(app, staffRevokePlayerSessions, async (req) => {
    requireStaff(req);
    const { id } = req.params;
    const r = await db.tx((q) => revokeAllSessions(q, auditActor(req), id, req.body.reason));
    await sessionsEnded(app, id, 'all');
    return { revoked: r.revoked, message: `${r.revoked} session(s) ended.` };
  });

  registerEndpoint(app, staffSetPlayerStatus, async (req) => {
    const op = requireStaff(req);
    const { id } = req.params;
    const r = await db.tx((q) => setPlayerStatus(q, auditActor(req), id, req.body));
    if (r.changed) {
      // the cached status of the player's sessions (the other processes drop it on the trigger's NOTIFY)
      app.sessions?.invalidatePlayer(id);
      // after the commit: the player's open pages apply the block at once; a disabled player's streams end
      await app.push.publish(id, 'account', {
        status: r.after.status,
        exchange_market: r.after.exchange_market === 0 ? 0 : 1,
        cs_market: r.after.cs_market === 0 ? 0 : 1,
      });
      if (r.after.status === DISABLED_STATUS) {
        // after the commit: the provider wallets are recalled at once (in the background; core/play-closed.ts)
        if (r.before.status !== DISABLED_STATUS) app.playClosed.announce(id, 'disabled');
        await sessionsEnded(app, id, 'all');
      }
      req.log.info({ operator: op.id, player: id, before: r.before, after: r.after }, 'player status');
    }
    return { ...r, message: r.changed ? 'Saved.' : 'Nothing changed.' };
  });

  const approvals = approvalConfig();
  const adjustment = z.object({
    player_id: z.number().int(),
    direction: z.enum(['credit', 'debit']),
    amount: z.string(),
    reason: z.string(),
    idempotency_key: z.string(),
  });
  registerApprovalExecutor(app, 'balance_adjustment', {
    async execute(q, checker, payload, request) {
      const p = payloadOf(adjustment, payload);
      const r = await adjustBalance(q, checker, p.player_id, {
        direction: p.direction,
        amountMinor: toMinor(p.amount),
        reason: `${p.reason} (approval #${request.id}, asked by ${request.maker})`,
        idempotencyKey: p.idempotency_key,
      });
      return {
        message: r.replayed ? 'It was already done.' : p.direction === 'credit' ? 'Approved: credited.' : 'Approved: debited.',
        after: async () => {
          if (!r.replayed) await app.push.publishBalance(p.player_id);
        },
      };
    },
  });

  // ---- Debt write-off (issue 32): above the maker–checker amount a second operator approves it ----
  const writeOff = z.object({ player_id: z.number().int(), amount: z.string(), reason: z.string(), idempotency_key: z.string() });
  registerApprovalExecutor(app, 'debt_write_off', {
    async execute(q, checker, payload, request) {
      const p = payloadOf(writeOff, payload);
      const r = await writeOffDebt(q, checker, p.player_id, {
        amountMinor: toMinor(p.amount),
        reason: `${p.reason} (approval #${request.id}, asked by ${request.maker})`,
        idempotencyKey: p.idempotency_key,
      });
      return {
        message: r.replayed ? 'It was already done.' : `Approved: ${p.amount} written off (owed now ${r.owedAfter}).`,
        after: async () => {
          if (!r.replayed) await app.push.publishBalance(p.player_id);
        },
      };
    },
  });

  registerEndpoint(app, staffWriteOffDebt, async (req) => {
    const op = requireStaff(req);
    const { id } = req.params;
    const key = idempotencyKeyOf(req.headers[IDEMPOTENCY_KEY_HEADER]);
    if (!key || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw new ValidationFailed({ idempotency_key: ['Send an Idempotency-Key header (one per write-off form).'] });
    }
    const { amount, reason } = req.body;
    const who = await playerProfile(db, id);
    if (toMinor(amount) > toMinor(who.wallet.owed)) {
      throw new ValidationFailed({ amount: [`The player owes ${who.wallet.owed} ${who.currency}: write off at most that.`] });
    }
    if (needsApproval(approvals, who.currency, toMinor(amount))) {
      throw await requestApproval(
        db,
        { ...auditActor(req), staffId: op.id },
        {
          kind: 'debt_write_off',
          entityType: 'player',
          entityId: id,
          lockKey: `write-off:${key}`,
          payload: { player_id: id, amount, reason, idempotency_key: key },
          summary: `Write off ${amount} ${who.currency} of ${who.username}'s debt (player ${id}; owes ${who.wallet.owed})`,
          amountMinor: toMinor(amount),
          currency: who.currency,
          reason,
        },
      );
    }
    const r = await db.tx((q) => writeOffDebt(q, auditActor(req), id, { amountMinor: toMinor(amount), reason, idempotencyKey: key }));
    if (!r.replayed) await app.push.publishBalance(id);
    return {
      transfer_id: r.transferId,
      owed_before: r.owedBefore,
      owed_after: r.owedAfter,
      message: r.replayed ? 'Already done (same form sent again).' : `Written off: the player owes ${r.owedAfter} now.`,
    };
  });

  registerEndpoint(app, staffAdjustBalance, async (req) => {
    const op = requireStaff(req);
    const { id } = req.params;
    const key = idempotencyKeyOf(req.headers[IDEMPOTENCY_KEY_HEADER]);
    if (!key || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw new ValidationFailed({ idempotency_key: ['Send an Idempotency-Key header (one per adjustment form).'] });
    }
    const { direction, amount, reason } = req.body;
    // maker–checker: above the amount in the player's currency a second operator approves it (staff/approvals.ts)
    const who = await playerProfile(db, id).catch(() => null);
    if (who && needsApproval(approvals, who.currency, toMinor(amount))) {
      // what the adjustment itself would refuse is refused now, not after a second operator's time
      if (toMinor(amount) > ADJUST_MAX_MINOR)
        throw new ValidationFailed({ amount: [`The amount may be at most ${fromMinor(ADJUST_MAX_MINOR)}.`] });
      if (direction === 'debit' && toMinor(amount) > toMinor(who.wallet.available)) {
        throw new ValidationFailed({
          amount: [`The debit is more than the player's available balance (${who.wallet.available} ${who.currency}).`],
        });
      }
      throw await requestApproval(
        db,
        { ...auditActor(req), staffId: op.id },
        {
          kind: 'balance_adjustment',
          entityType: 'player',
          entityId: id,
          lockKey: `adjustment:${key}`,
          payload: { player_id: id, direction, amount, reason, idempotency_key: key },
          summary: `${direction === 'credit' ? 'Credit' : 'Debit'} ${amount} ${who.currency} ${direction === 'credit' ? 'to' : 'from'} ${who.username} (player ${id})`,
          amountMinor: toMinor(amount),
          currency: who.currency,
          reason,
        },
      );
    }
    const r = await db.tx((q) =>
      adjustBalance(q, auditActor(req), id, { direction, amountMinor: toMinor(amount), reason, idempotencyKey: key }),
    );
    if (!r.replayed) await app.push.publishBalance(id);
    req.log.info({ operator: op.id, player: id, transfer: r.transferId, direction, amount, replayed: r.replayed }, 'balance adjustment');
    return {
      transfer_id: r.transferId,
      replayed: r.replayed,
      before: r.before,
      after: r.after,
      message: r.replayed ? 'Already done (same form sent again).' : direction === 'credit' ? 'Credited.' : 'Debited.',
    };
  });
}
