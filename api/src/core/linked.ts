// Self-exclusion holds across accounts (issue 27 item 8). The links themselves are found by the triggers of
// sql/0730_linked_accounts.sql (whatever path wrote the phone, name and birthday, payer number or device id); this
// module reads them: the linked self-exclusion the protection gates refuse on, the staff alert of a refused attempt,
// the links staff see on the player page, whether marketing is closed for a player, and the device ids requests carry.
import { DEVICE_ID_HEADER, DEVICE_ID_PATTERN, LINK_REASON_LABEL, type LinkReason } from '@khela/contracts';
import type { Db, Queryable } from '../db';
import { isoTimestamp } from './timestamps';

export interface LinkedExclusion {
  linkedId: number;
  username: string;
  reason: LinkReason;
  /** The linked account's self-exclusion end (null: permanent). */
  endsAt: string | null;
}

/** A self-exclusion in force on an account linked to this one (the one that ends last, a permanent one first), or null. */
export async function linkedExclusion(q: Queryable, playerId: number): Promise<LinkedExclusion | null> {
  const r = await q.query<{ linked_id: string; username: string; reason: LinkReason; ends_at: unknown }>(
    `SELECT l.linked_id, p.username, l.reason, e.ends_at FROM player_links l
     JOIN player_exclusions e ON e.player_id = l.linked_id AND e.kind = 'self_exclusion' AND e.starts_at <= now()
       AND (e.ends_at IS NULL OR e.ends_at > now())
     JOIN players p ON p.id = l.linked_id
     WHERE l.player_id = $1 ORDER BY e.ends_at DESC NULLS FIRST, l.linked_id LIMIT 1`,
    [playerId],
  );
  const row = r.rows[0];
  return row ? { linkedId: Number(row.linked_id), username: row.username, reason: row.reason, endsAt: isoTimestamp(row.ends_at) } : null;
}

/** A staff alert to publish on the staff stream (`app.push.publishStaff('alert', …)`). */
export interface LinkedAlert {
  kind: 'protection.linked_exclusion';
  message: string;
  ref: string;
}

/**
 * After a refused deposit or stake (its transaction rolled back): when the refusal was a linked account's
 * self-exclusion, staff are alerted (one open alert per account: a new one only once the last was resolved, so an
 * account trying again and again does not flood the dashboard). Answers the alert to publish, or null.
 */
export async function alertLinkedAttempt(db: Db, playerId: number, what: string): Promise<LinkedAlert | null> {
  const own = await db.query(
    `SELECT 1 FROM player_exclusions WHERE player_id = $1 AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())`,
    [playerId],
  );
  if (own.rows.length) return null;
  const linked = await linkedExclusion(db, playerId);
  if (!linked) return null;
  const p = await db.query<{ username: string }>('SELECT username FROM players WHERE id = $1', [playerId]);
  const alert: LinkedAlert = {
    kind: 'protection.linked_exclusion',
    ref: `player:${playerId}`,
    message: `Account ${p.rows[0]?.username ?? playerId} (id ${playerId}) tried ${what} while linked (${LINK_REASON_LABEL[linked.reason].toLowerCase()}) to ${linked.username} (id ${linked.linkedId}), who is self-excluded ${linked.endsAt ? `until ${linked.endsAt.slice(0, 10)}` : 'permanently'}: refused.`,
  };
  // an alert already open is published again (the dashboard refreshes), not stored twice
  await db.query(
    `INSERT INTO staff_alerts (kind, message, ref) SELECT $1, $2, $3
     WHERE NOT EXISTS (SELECT 1 FROM staff_alerts WHERE kind = $1 AND ref = $3 AND resolved_at IS NULL)`,
    [alert.kind, alert.message, alert.ref],
  );
  return alert;
}

/** One link as staff see it on the player page. */
export interface PlayerLinkOut {
  player_id: number;
  username: string;
  reason: LinkReason;
  reason_label: string;
  detail: string;
  created_at: string;
  /** The linked account's self-exclusion in force: its end (null: permanent), absent when none. */
  self_excluded_until?: string | null;
}

/** The accounts linked to this one, newest first, each with its reason and whether it is self-excluded now. */
export async function playerLinks(q: Queryable, playerId: number): Promise<PlayerLinkOut[]> {
  const r = await q.query<{
    linked_id: string;
    username: string;
    reason: LinkReason;
    detail: string;
    created_at: unknown;
    excluded: boolean;
    ends_at: unknown;
  }>(
    `SELECT l.linked_id, p.username, l.reason, l.detail, l.created_at, e.player_id IS NOT NULL AS excluded, e.ends_at
     FROM player_links l JOIN players p ON p.id = l.linked_id
     LEFT JOIN LATERAL (
       SELECT player_id, ends_at FROM player_exclusions WHERE player_id = l.linked_id AND kind = 'self_exclusion'
         AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
       ORDER BY ends_at DESC NULLS FIRST LIMIT 1
     ) e ON true
     WHERE l.player_id = $1 ORDER BY l.created_at DESC, l.linked_id, l.reason LIMIT 200`,
    [playerId],
  );
  return r.rows.map((x) => ({
    player_id: Number(x.linked_id),
    username: x.username,
    reason: x.reason,
    reason_label: LINK_REASON_LABEL[x.reason],
    detail: x.detail,
    created_at: isoTimestamp(x.created_at)!,
    ...(x.excluded ? { self_excluded_until: isoTimestamp(x.ends_at) } : {}),
  }));
}

/**
 * Promotions, bonus banners and marketing inbox messages are closed for an excluded player: a time-out or
 * self-exclusion of their own in force, or a linked account's self-exclusion.
 */
export async function marketingClosed(q: Queryable, playerId: number): Promise<boolean> {
  const r = await q.query<{ closed: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM player_exclusions WHERE player_id = $1 AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now()))
       OR EXISTS (SELECT 1 FROM player_links l JOIN player_exclusions e ON e.player_id = l.linked_id
                  WHERE l.player_id = $1 AND e.kind = 'self_exclusion' AND e.starts_at <= now() AND (e.ends_at IS NULL OR e.ends_at > now()))
       AS closed`,
    [playerId],
  );
  return r.rows[0]?.closed === true;
}

/** The device id a request carries (header DEVICE_ID_HEADER), or null when absent or malformed. */
export function deviceIdOf(headers: Record<string, string | string[] | undefined>): string | null {
  const v = headers[DEVICE_ID_HEADER];
  const id = Array.isArray(v) ? v[0] : v;
  return id && DEVICE_ID_PATTERN.test(id) ? id : null;
}

const recorders = new WeakMap<Db, DeviceRecorder>();
/** The process's recorder for this database (the auth hook's). */
export function deviceRecorder(db: Db): DeviceRecorder {
  let r = recorders.get(db);
  if (!r) recorders.set(db, (r = new DeviceRecorder()));
  return r;
}

/**
 * Remembers that the player's request carried this device id (the link trigger runs on a first sighting). Each
 * process writes a pair once per `ttlMs` at most (last_seen), so a logged-in page's requests cost no write each.
 */
export class DeviceRecorder {
  private readonly seen = new Map<string, number>();
  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly max = 50_000,
  ) {}

  async record(db: Db, playerId: number, deviceId: string): Promise<void> {
    const key = `${playerId}:${deviceId}`;
    const at = this.seen.get(key);
    if (at !== undefined && at > Date.now()) return;
    if (this.seen.size >= this.max) this.seen.delete(this.seen.keys().next().value!);
    this.seen.set(key, Date.now() + this.ttlMs);
    await db.query(
      `INSERT INTO player_devices (player_id, device_id) VALUES ($1, $2)
       ON CONFLICT (player_id, device_id) DO UPDATE SET last_seen = now()`,
      [playerId, deviceId],
    );
  }
}

/**
 * Remembers the address a player logged in or registered from (player_addresses; first and last seen). A first
 * sighting is an event for the risk rules (several accounts from one address, staff/risk-evaluator.ts). Never
 * fails the log-in: the caller catches.
 */
export async function recordPlayerAddress(db: Db, playerId: number, address: string | undefined | null): Promise<void> {
  if (!address || address.length > 64) return;
  await db.query(
    `INSERT INTO player_addresses (player_id, address) VALUES ($1, $2)
     ON CONFLICT (player_id, address) DO UPDATE SET last_seen = now()`,
    [playerId, address],
  );
}
