// Back-office helpers for the e2e specs (backoffice-*.spec.ts run in the desktop 'backoffice' project).
import { devices, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { API, appPort, bearer } from './support';

/** The back office of the copy under test. */
export const BACKOFFICE = () => `http://127.0.0.1:${appPort('backoffice')}`;

/** The demo's staff (api/src/seed/data.ts OPERATORS), one per role. */
export const STAFF = {
  admin: { username: 'admin', password: 'admin123' },
  payments: { username: 'operator', password: 'operator123' },
  support: { username: 'support', password: 'support123' },
  content: { username: 'content', password: 'content123' },
  risk: { username: 'risk', password: 'risk123' },
} as const;
export type StaffRole = keyof typeof STAFF;

/** An operator token through the API (password only: the demo's staff have no TOTP unless a spec enrols it). */
export async function staffToken(request: APIRequestContext, role: StaffRole): Promise<string> {
  const res = await request.post(`${API()}/api/operator/login`, { data: STAFF[role] });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).token as string;
}

export const staffHeaders = (token: string) => bearer(token);

/** Opens the console and logs in through its form as the demo operator of `role`. */
export async function openConsole(page: Page, role: StaffRole, path = '/dashboard'): Promise<void> {
  await page.goto(`${BACKOFFICE()}/login`);
  await page.getByLabel('Username').fill(STAFF[role].username);
  await page.getByLabel('Password').fill(STAFF[role].password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('staff-who')).toContainText(STAFF[role].username);
  if (path !== '/dashboard') await page.goto(`${BACKOFFICE()}${path}`);
}

/** A phone-sized context for the player's side of a back-office spec (the site is mobile-first). */
export async function playerContext(browser: Browser): Promise<BrowserContext> {
  // a phone's user agent too: the render server lays the page out from it, and the back office project's desktop one
  // gave a desktop page that turned into the phone's once hydrated (every element anew under a test's hand)
  return browser.newContext({
    userAgent: devices['Pixel 7'].userAgent,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
}
