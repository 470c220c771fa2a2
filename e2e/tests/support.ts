import { devices, expect, type Browser, type Page, type APIRequestContext } from '@playwright/test';
import { PORT_OFFSET_VAR, portOf } from '../../shared/build/apps.mjs';

export const API = () => process.env.E2E_API_URL!;
export const SANDBOX = () => process.env.E2E_SANDBOX_URL!;

/** The port of an app of shared/build/apps.mjs in the copy under test (its default plus E2E_PORT_OFFSET). */
export const appPort = (name: string) => portOf(name, { [PORT_OFFSET_VAR]: process.env.E2E_PORT_OFFSET ?? '10' });

export const DEMO = { username: 'demo1234', password: 'demo1234' };

/**
 * A fresh bKash transaction id (TrxID: 10 letters and digits; shared/contracts/src/rules/payer-trx.ts): a bKash
 * deposit (an agent deposit) needs one, and one id is used once.
 */
export function newTrx(): string {
  const abc = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from({ length: 10 }, () => abc[Math.floor(Math.random() * abc.length)]).join('');
}

export interface Session {
  token: string;
  remote_id: string;
  username: string;
}

/** Logs in through the API (POST /api/login) and returns the session. */
export async function apiLogin(request: APIRequestContext, username = DEMO.username, password = DEMO.password): Promise<Session> {
  const res = await request.post(`${API()}/api/login`, { data: { username, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = await res.json();
  return { token: body.token, remote_id: String(body.remote_id), username: body.username };
}

/**
 * A desktop browser's context at `viewport`: Chrome's desktop User-Agent, a mouse, no touch. The mobile project's
 * defaults are a phone's, and a wide context with a phone's User-Agent is a phone asking for the desktop site: the
 * server guesses the layout from the User-Agent, renders the phone's, and the page flips to the desktop layout once it
 * has hydrated, moving what a test is about to tap. Playwright's click checks its target and then clicks the point it
 * measured, so a flip between the two sends the click to whatever is there now (transfer-wallets.spec lost its tap on
 * home's "Sports" and on a game card that way, in stop 53's CI and in 3 of 42 local runs). ssr.spec tests the flip itself.
 */
export function desktopContext(browser: Browser, viewport = { width: 1366, height: 768 }) {
  return browser.newContext({ ...devices['Desktop Chrome'], viewport });
}

/**
 * Client-side navigation through the shell's router (no page load, so in-memory state survives; and the render server,
 * which reads a page's first data itself, is not asked: a read cut in the browser fails as it would mid-session).
 */
export async function softNavigate(page: Page, path: string) {
  await page.evaluate((p) => {
    history.pushState({}, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Puts a session into the browser's local storage the way the login screen does (docs/README.md#spec-4), and the
 * layout cookie as the player's earlier pages left it, then opens `path`.
 */
export async function openLoggedIn(page: Page, session: Session, path = '/') {
  // the layout the shell would measure at this window's width (its 768 px threshold); not matchMedia on the icon's
  // page: a document without a viewport tag is laid out 980 px wide in a phone's context
  const phone = (page.viewportSize()?.width ?? 0) < 768;
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([s, phone]) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('remote_id', s.remote_id);
      localStorage.setItem('username', s.username);
      localStorage.setItem('popup', '0');
      localStorage.setItem('regPopup', '0');
      // the layout cookie the shell wrote on the player's earlier pages (the login screen's at least: shell/src/page.ts),
      // so the server renders the layout the screen shows (a first visit's flip: ssr.spec)
      document.cookie = `layout=${phone ? 'phone' : 'desktop'}; path=/; max-age=31536000; SameSite=Lax`;
    },
    [session, phone] as const,
  );
  await page.goto(path);
}

/** A unique 8-16 character alphanumeric username. */
export function newUsername(prefix = 'qa'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 16);
}

let phoneSeq = 0;
/**
 * A unique 11-digit Bangladeshi mobile number (01XXXXXXXXX): the clock's last 6 digits, a per-process counter and a
 * random digit, so two players made in the same millisecond (Promise.all) or by two workers do not share one.
 */
export function newPhone(): string {
  phoneSeq = (phoneSeq + 1) % 10;
  return `017${String(Date.now()).slice(-6)}${phoneSeq}${Math.floor(Math.random() * 10)}`;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface NewPlayer {
  username: string;
  password: string;
  session: Session;
}

/**
 * A new player signed up through the API, with the phone verified from the sandbox outbox and an adult birthday
 * (deposits need both; `birthday: null` leaves it unset).
 */
export async function verifiedPlayer(
  request: APIRequestContext,
  opts: { prefix?: string; name?: string; birthday?: string | null } = {},
): Promise<NewPlayer> {
  const username = newUsername(opts.prefix ?? 'qa');
  const phone = newPhone();
  const password = 'secret123';
  const res = await request.post(`${API()}/api/v1/create-players`, {
    // the name is made unique: accounts with the same name and birthday are linked as one person's (a self-exclusion
    // of one closes the others), and every spec's players share the default birthday
    data: {
      username,
      password,
      confirmPassword: password,
      name: `${opts.name ?? 'QA Player'} ${username}`,
      phone,
      currency: 'BDT',
      status: 'active',
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const session = await apiLogin(request, username, password);
  const before = (await (await request.get(`${SANDBOX()}/outbox/messages?to=${phone}`)).json()).messages[0]?.id ?? 0;
  expect(
    (await request.post(`${API()}/api/send-verification-code`, { headers: bearer(session.token), data: { phone } })).ok(),
  ).toBeTruthy();
  let code: string | null = null;
  for (let i = 0; i < 40 && !code; i++) {
    const { messages } = await (await request.get(`${SANDBOX()}/outbox/messages?to=${phone}`)).json();
    code = messages.find((m: { id: number; code: string | null }) => m.id > before && m.code)?.code ?? null;
    if (!code) await new Promise((r) => setTimeout(r, 250));
  }
  const v = await request.post(`${API()}/api/verify-phone-number`, { headers: bearer(session.token), data: { verification_code: code } });
  expect(v.ok(), await v.text()).toBeTruthy();
  const birthday = opts.birthday === undefined ? '1995-05-17' : opts.birthday;
  if (birthday) await setBirthday(request, session, birthday);
  return { username, password, session };
}

/** Sets the player's birthday (once: it cannot change afterwards). */
export async function setBirthday(request: APIRequestContext, session: Session, dofb: string): Promise<void> {
  const res = await request.post(`${API()}/api/user/profile/update`, {
    headers: bearer(session.token),
    data: { remote_id: session.remote_id, dofb },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A verified player with a bKash deposit of `amount` the demo operator approved. */
export async function fundedPlayer(
  request: APIRequestContext,
  opts: { amount: string; prefix?: string; name?: string },
): Promise<NewPlayer> {
  const player = await verifiedPlayer(request, opts);
  const methods = (await (await request.get(`${API()}/api/showpayment-menthod?name=deposit`)).json()).data;
  const bkash = methods.find((m: { name: string }) => m.name === 'bKash');
  const dep = await request.post(`${API()}/api/submit-deposit`, {
    headers: { ...bearer(player.session.token), 'Idempotency-Key': `e2e-fund-${player.username}` },
    data: { amount: opts.amount, payment_id: bkash.id, transaction_id: newTrx() },
  });
  expect(dep.ok(), await dep.text()).toBeTruthy();
  const op = await (await request.post(`${API()}/api/operator/login`, { data: { username: 'operator', password: 'operator123' } })).json();
  const opHeaders = bearer(op.token);
  const pending = (
    await (await request.get(`${API()}/api/operator/payments?status=0&player=${player.session.remote_id}`, { headers: opHeaders })).json()
  ).data;
  const mine = pending.find((t: { player_id: number }) => String(t.player_id) === player.session.remote_id);
  expect((await request.post(`${API()}/api/operator/payments/${mine.id}/approve`, { headers: opHeaders, data: {} })).ok()).toBeTruthy();
  return player;
}
