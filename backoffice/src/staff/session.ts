import { BehaviorSubject, Subject } from 'rxjs';
import { createApiClient, type ApiClient } from '@khela/web';
import { staffLogin, staffLogout, staffMe, type StaffAccount, type StaffPushTopic } from '@khela/contracts';

/** sessionStorage: a staff token ends with the browser tab, and is never shared with the player site's storage. */
const TOKEN_KEY = 'khela.staffToken';

export interface StaffEvent {
  topic: StaffPushTopic;
  payload: unknown;
}

/**
 * The console's one owner of the operator's session: the token, the operator (with role), the API client that sends
 * the token, and the staff stream's events (fed by staff/stream.ts while logged in).
 */
export interface StaffSession {
  readonly api: ApiClient;
  readonly account$: BehaviorSubject<StaffAccount | null>;
  /** Events of the staff stream (GET /api/operator/stream). */
  readonly events$: Subject<StaffEvent>;
  token(): string | null;
  /** Reads the stored token's operator (a dead token is dropped). */
  restore(): Promise<void>;
  login(body: { username: string; password: string; totp?: string }): Promise<StaffAccount>;
  /** Re-reads the operator (after enrolling TOTP, say). */
  refresh(): Promise<void>;
  logout(): Promise<void>;
}

export function createStaffSession(baseURL: string, storage: Storage = sessionStorage): StaffSession {
  const account$ = new BehaviorSubject<StaffAccount | null>(null);
  const events$ = new Subject<StaffEvent>();
  const token = () => storage.getItem(TOKEN_KEY);
  const drop = () => {
    storage.removeItem(TOKEN_KEY);
    account$.next(null);
  };
  const api = createApiClient({
    baseURL,
    getToken: token,
    getExchangeToken: () => null,
    // a refused staff token: the operator was disabled, logged out elsewhere, or the session expired
    onUnauthorized: (refused) => refused === token() && drop(),
  });
  const session: StaffSession = {
    api,
    account$,
    events$,
    token,
    async restore() {
      if (!token()) return;
      try {
        account$.next(await api.call(staffMe));
      } catch {
        drop();
      }
    },
    async login(body) {
      const res = await api.call(staffLogin, { body });
      storage.setItem(TOKEN_KEY, res.token);
      account$.next(res.operator);
      return res.operator;
    },
    async refresh() {
      account$.next(await api.call(staffMe));
    },
    async logout() {
      try {
        await api.call(staffLogout);
      } catch {}
      drop();
    },
  };
  return session;
}
