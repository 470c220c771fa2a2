import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../db';
import { authConfig, type AuthConfig } from './config';
import { lookupSession, tokenHash, type AuthPlayer } from './sessions';

/** The channel of core/sql/0022_session_change_notify.sql: 'p:<player id>' when one of the player's sessions changed. */
export const SESSION_CHANNEL = 'khela_sessions';
/** PostgreSQL: each process's proof that its LISTEN connection still delivers ('<process nonce>:<sent at, ms>'). */
export const SESSION_ALIVE_CHANNEL = 'khela_sessions_alive';
/** How often the proof is sent, and how old the last one back may be for the cache to answer (the 1 s promise). */
export const ALIVE_EVERY_MS = 250;
export const ALIVE_WITHIN_MS = 1000;

interface Entry {
  player: AuthPlayer;
  /** Date.now() after which the entry is not used: the TTL, or the session's (or its parent's) expiry if sooner. */
  until: number;
  /** Date.now() when it was stored: without a fresh proof (PostgreSQL) it answers only within `ALIVE_WITHIN_MS` of it. */
  at: number;
}

/**
 * Live sessions of this process, by token hash, for at most `ttlMs` each. Every change that ends a session commits
 * a NOTIFY (a trigger, whoever wrote the row); each process drops the player's entries when it hears it — on PGlite
 * the notice is delivered in-process when the transaction commits. A lookup that was reading while a notice arrived
 * is answered but not kept, so a read from before the revocation can never be stored after it.
 *
 * On PostgreSQL a notice can be lost only with the LISTEN connection: when it is lost and again when it listens anew
 * (`Db.listen`'s `onReset`) every entry is dropped, and an entry older than `ALIVE_WITHIN_MS` answers only while this
 * process's own notice, sent on that connection every `ALIVE_EVERY_MS`, has come back within `ALIVE_WITHIN_MS`
 * (notices come in commit order on one connection, so one sent at S coming back means every revocation committed
 * before S was heard). A connection dead without a word (a cut link) or delivering late (a stalled process) therefore
 * brings the cache back to the old 1 s bound within a second: an entry answers only in its first second. So the TTL
 * is no longer the 1 s safety net there.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byPlayer = new Map<number, Set<string>>();
  /** Bumped by every invalidation: a lookup started under another epoch is not stored. */
  private epoch = 0;
  private unlisten: (() => Promise<void>) | null = null;
  /** PostgreSQL: the proof of a live LISTEN connection (`null` on PGlite: notices are in-process, never lost). */
  private alive: { nonce: string; timer: NodeJS.Timeout | null; provenAt: number; unlisten: () => Promise<void> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly cfg: Pick<AuthConfig, 'sessionCacheTtlMs' | 'sessionCacheMax'>,
  ) {}

  get enabled() {
    return this.cfg.sessionCacheTtlMs > 0 && this.unlisten !== null;
  }

  /** Every notice committed until a second ago has been heard (always on PGlite); when not, entries answer in their first second only. */
  get proven(): boolean {
    return !this.alive || Date.now() - this.alive.provenAt <= ALIVE_WITHIN_MS;
  }

  get size() {
    return this.entries.size;
  }

  /** Starts listening; without the notices there is no cache (every call looks the token up). */
  async start(): Promise<void> {
    if (this.cfg.sessionCacheTtlMs <= 0) return;
    const unlisten = await this.db.listen(
      SESSION_CHANNEL,
      (payload) => {
        const m = /^p:(\d+)$/.exec(payload);
        if (m) this.invalidatePlayer(Number(m[1]));
        else this.clear();
      },
      () => this.clear(),
    );
    if (this.db.kind === 'postgres') {
      const nonce = randomUUID();
      let back: (() => void) | null = null;
      const alive = { nonce, timer: null as NodeJS.Timeout | null, provenAt: 0, unlisten: async (): Promise<void> => undefined };
      alive.unlisten = await this.db.listen(SESSION_ALIVE_CHANNEL, (payload) => {
        const [who, at] = payload.split(':');
        if (who !== nonce) return;
        alive.provenAt = Math.max(alive.provenAt, Number(at));
        back?.();
      });
      // on the listening connection itself when the database offers it: a pool busy with lookups cannot hold it up
      const notify = this.db.notifyOnListener?.bind(this.db) ?? this.db.notify.bind(this.db);
      const send = () => notify(SESSION_ALIVE_CHANNEL, `${nonce}:${Date.now()}`).catch(() => undefined);
      // the first proof before the cache answers anything (a second at most: else it starts unproven, looking up)
      await Promise.race([
        new Promise<void>((resolve) => {
          back = resolve;
          void send();
        }),
        new Promise((resolve) => setTimeout(resolve, ALIVE_WITHIN_MS).unref()),
      ]);
      back = null;
      alive.timer = setInterval(() => void send(), ALIVE_EVERY_MS).unref();
      this.alive = alive;
    }
    this.unlisten = unlisten;
  }

  async stop(): Promise<void> {
    const u = this.unlisten;
    const alive = this.alive;
    this.unlisten = null;
    this.alive = null;
    this.clear();
    if (alive?.timer) clearInterval(alive.timer);
    if (u) await u();
    if (alive) await alive.unlisten();
  }

  /** The player behind a live token, or null: from memory when looked up within the TTL, else from the database. */
  async playerForToken(q: Queryable, token: string): Promise<AuthPlayer | null> {
    const hash = tokenHash(token);
    const now = Date.now();
    const hit = this.entries.get(hash);
    if (hit) {
      if (hit.until > now && (now - hit.at <= ALIVE_WITHIN_MS || this.proven)) return hit.player;
      this.drop(hash, hit.player.id);
    }
    const epoch = this.epoch;
    const found = await lookupSession(q, hash);
    if (!found || !this.enabled || epoch !== this.epoch) return found?.player ?? null;
    const at = Date.now();
    const until = Math.min(at + this.cfg.sessionCacheTtlMs, found.expiresAtMs);
    this.store(hash, { player: found.player, until, at });
    return found.player;
  }

  invalidatePlayer(playerId: number): void {
    this.epoch++;
    for (const hash of this.byPlayer.get(playerId) ?? []) this.entries.delete(hash);
    this.byPlayer.delete(playerId);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.byPlayer.clear();
  }

  private store(hash: string, entry: Entry) {
    if (this.entries.size >= this.cfg.sessionCacheMax) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.drop(oldest[0], oldest[1].player.id);
    }
    this.entries.set(hash, entry);
    let set = this.byPlayer.get(entry.player.id);
    if (!set) this.byPlayer.set(entry.player.id, (set = new Set()));
    set.add(hash);
  }

  private drop(hash: string, playerId: number) {
    this.entries.delete(hash);
    const set = this.byPlayer.get(playerId);
    set?.delete(hash);
    if (set && !set.size) this.byPlayer.delete(playerId);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live sessions (auth/session-cache.ts). */
    sessions: SessionCache;
  }
}

/** Decorates the app with its session cache (SESSION_CACHE_TTL_MS), listening until the app closes. */
export async function registerSessionCache(app: FastifyInstance, db: Db, cfg: AuthConfig = authConfig(process.env)): Promise<SessionCache> {
  const cache = new SessionCache(db, cfg);
  try {
    await cache.start();
  } catch (err) {
    app.log.warn({ err }, 'session cache off: could not LISTEN for session changes');
  }
  app.decorate('sessions', cache);
  app.addHook('onClose', async () => cache.stop());
  return cache;
}

/**
 * After the commit that ended sessions of a player: this process forgets them at once (the NOTIFY reaches the
 * others, and this one a moment later), and their push streams end in every process.
 */
export async function sessionsEnded(app: FastifyInstance, playerId: number, sessions: string[] | 'all'): Promise<void> {
  app.sessions?.invalidatePlayer(playerId);
  await app.push.endStreams(playerId, sessions);
}
