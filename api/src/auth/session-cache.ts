import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../db';
import { authConfig, type AuthConfig } from './config';
import { lookupSession, tokenHash, type AuthPlayer } from './sessions';

/** The channel of core/sql/0022_session_change_notify.sql: 'p:<player id>' when one of the player's sessions changed. */
export const SESSION_CHANNEL = 'khela_sessions';

interface Entry {
  player: AuthPlayer;
  /** Date.now() after which the entry is not used: the TTL, or the session's (or its parent's) expiry if sooner. */
  until: number;
}

/**
 * Live sessions of this process, by token hash, for at most `ttlMs` each. Every change that ends a session commits
 * a NOTIFY (a trigger, whoever wrote the row); each process drops the player's entries when it hears it — on PGlite
 * the notice is delivered in-process when the transaction commits. A lookup that was reading while a notice arrived
 * is answered but not kept, so a read from before the revocation can never be stored after it.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byPlayer = new Map<number, Set<string>>();
  /** Bumped by every invalidation: a lookup started under another epoch is not stored. */
  private epoch = 0;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly cfg: Pick<AuthConfig, 'sessionCacheTtlMs' | 'sessionCacheMax'>,
  ) {}

  get enabled() {
    return this.cfg.sessionCacheTtlMs > 0 && this.unlisten !== null;
  }

  get size() {
    return this.entries.size;
  }

  /** Starts listening; without the notices there is no cache (every call looks the token up). */
  async start(): Promise<void> {
    if (this.cfg.sessionCacheTtlMs <= 0) return;
    this.unlisten = await this.db.listen(SESSION_CHANNEL, (payload) => {
      const m = /^p:(\d+)$/.exec(payload);
      if (m) this.invalidatePlayer(Number(m[1]));
      else this.clear();
    });
  }

  async stop(): Promise<void> {
    const u = this.unlisten;
    this.unlisten = null;
    this.clear();
    if (u) await u();
  }

  /** The player behind a live token, or null: from memory when looked up within the TTL, else from the database. */
  async playerForToken(q: Queryable, token: string): Promise<AuthPlayer | null> {
    const hash = tokenHash(token);
    const now = Date.now();
    const hit = this.entries.get(hash);
    if (hit) {
      if (hit.until > now) return hit.player;
      this.drop(hash, hit.player.id);
    }
    const epoch = this.epoch;
    const found = await lookupSession(q, hash);
    if (!found || !this.enabled || epoch !== this.epoch) return found?.player ?? null;
    const until = Math.min(Date.now() + this.cfg.sessionCacheTtlMs, found.expiresAtMs);
    this.store(hash, { player: found.player, until });
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
export async function registerSessionCache(
  app: FastifyInstance,
  db: Db,
  cfg: AuthConfig = authConfig(process.env, db.kind),
): Promise<SessionCache> {
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
