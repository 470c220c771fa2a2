// A player's maximum liability per market kind (issue 26 item 4): set by risk staff, enforced when a bet is placed,
// shown in the player's bet slip. SQL only, no HTTP.
import type { ExchangeLiabilityLimits, ExchangeMarketKind } from '@khela/contracts';
import type { Queryable } from '../db';
import { NotFound } from '../errors';
import { fromMinor, toMinor } from '../ledger';
import { writeAudit, type AuditActor } from '../core/audit';

export interface LiabilityLimits {
  currency: string;
  max_liability: ExchangeLiabilityLimits;
}

/** The player's limits per kind, as money strings (null: no limit). */
export async function readLiabilityLimits(q: Queryable, playerId: number): Promise<LiabilityLimits> {
  const p = await q.query<{ currency: string }>('SELECT currency FROM players WHERE id = $1', [playerId]);
  if (!p.rows[0]) throw new NotFound('Unknown player');
  const r = await q.query<{ kind: ExchangeMarketKind; max_liability_minor: string }>(
    'SELECT kind, max_liability_minor FROM exchange_liability_limits WHERE player_id = $1',
    [playerId],
  );
  const max_liability: ExchangeLiabilityLimits = { MATCH_ODDS: null, BOOKMAKER: null, FANCY: null };
  for (const row of r.rows) max_liability[row.kind] = fromMinor(BigInt(row.max_liability_minor));
  return { currency: p.rows[0].currency, max_liability };
}

/** The limit on one market of this kind in minor units, or null. */
export async function liabilityLimitMinor(q: Queryable, playerId: number, kind: ExchangeMarketKind): Promise<number | null> {
  const r = await q.query<{ max_liability_minor: string }>(
    'SELECT max_liability_minor FROM exchange_liability_limits WHERE player_id = $1 AND kind = $2',
    [playerId, kind],
  );
  return r.rows[0] ? Number(r.rows[0].max_liability_minor) : null;
}

/** What the player's position on a market holds now (0 when none): the exposure a new bet is compared with. */
export async function heldExposureMinor(q: Queryable, playerId: number, marketId: string): Promise<number> {
  const r = await q.query<{ exposure_minor: string }>(
    'SELECT exposure_minor FROM exchange_positions WHERE player_id = $1 AND market_id = $2',
    [playerId, marketId],
  );
  return r.rows[0] ? Number(r.rows[0].exposure_minor) : 0;
}

/**
 * Sets (maxLiability a money string) or removes (null) the player's limit on markets of one kind, with its audit line,
 * in the caller's transaction. Answers the limits after and whether anything changed.
 */
export async function setLiabilityLimit(
  q: Queryable,
  actor: AuditActor,
  playerId: number,
  kind: ExchangeMarketKind,
  maxLiability: string | null,
  reason: string,
): Promise<LiabilityLimits & { changed: boolean; message: string }> {
  // the player's row locked: two staff changes of one player's limits are one after the other
  const p = await q.query('SELECT id FROM players WHERE id = $1 FOR NO KEY UPDATE', [playerId]);
  if (!p.rows[0]) throw new NotFound('Unknown player');
  const before = await readLiabilityLimits(q, playerId);
  const minor = maxLiability === null ? null : toMinor(maxLiability);
  const next = minor === null ? null : fromMinor(minor);
  if (before.max_liability[kind] === next) return { ...before, changed: false, message: 'Nothing changed.' };
  if (minor === null) await q.query('DELETE FROM exchange_liability_limits WHERE player_id = $1 AND kind = $2', [playerId, kind]);
  else
    await q.query(
      `INSERT INTO exchange_liability_limits (player_id, kind, max_liability_minor) VALUES ($1, $2, $3)
       ON CONFLICT (player_id, kind) DO UPDATE SET max_liability_minor = EXCLUDED.max_liability_minor, updated_at = now()`,
      [playerId, kind, minor.toString()],
    );
  const after = await readLiabilityLimits(q, playerId);
  await writeAudit(q, actor, {
    action: 'exchange.liability_limit',
    entityType: 'player',
    entityId: playerId,
    reason,
    before: { kind, max_liability: before.max_liability[kind] },
    after: { kind, max_liability: after.max_liability[kind] },
  });
  const label = KIND_LABEL[kind];
  const message = next === null ? `${label} limit removed.` : `${label} maximum liability set to ${next} ${after.currency}.`;
  return { ...after, changed: true, message };
}

const KIND_LABEL: Record<ExchangeMarketKind, string> = { MATCH_ODDS: 'Match Odds', BOOKMAKER: 'BookMaker', FANCY: 'Fancy' };
