import { expect, type Page, type APIRequestContext } from '@playwright/test';
import { PORT_OFFSET_VAR, portOf } from '../../shared/build/apps.mjs';

export const API = () => process.env.E2E_API_URL!;
export const SANDBOX = () => process.env.E2E_SANDBOX_URL!;

/** The port of an app of shared/build/apps.mjs in the copy under test (its default plus E2E_PORT_OFFSET). */
export const appPort = (name: string) => portOf(name, { [PORT_OFFSET_VAR]: process.env.E2E_PORT_OFFSET ?? '10' });

export const DEMO = { username: 'demo1234', password: 'demo1234' };

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

/** Puts a session into the browser's local storage the way the login screen does (spec 4), then opens `path`. */
export async function openLoggedIn(page: Page, session: Session, path = '/') {
  await page.goto('/favicon.svg');
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('remote_id', s.remote_id);
    localStorage.setItem('username', s.username);
    localStorage.setItem('popup', '0');
    localStorage.setItem('regPopup', '0');
  }, session);
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
