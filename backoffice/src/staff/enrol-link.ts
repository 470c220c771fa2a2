/**
 * An admin's one-time TOTP enrolment link is `<console>/enrol#<token>`: the token rides in the fragment (never sent to
 * any server, so it stays out of access logs and Referer headers). At start the console moves it into this tab's
 * sessionStorage and shows /account, where the operator — logged in with their password — uses it.
 */
const KEY = 'khela.totpLink';

/** Moves the token of an /enrol#<token> address into sessionStorage; the address becomes /account. */
export function captureEnrolLink(loc: Pick<Location, 'pathname' | 'hash'> = location, storage: Storage = sessionStorage): boolean {
  if (loc.pathname.replace(/\/$/, '') !== '/enrol') return false;
  const token = decodeURIComponent(loc.hash.replace(/^#/, '')).trim();
  if (token) storage.setItem(KEY, token);
  history.replaceState(null, '', '/account');
  return !!token;
}

export const pendingEnrolLink = (storage: Storage = sessionStorage): string | null => storage.getItem(KEY);
export const clearEnrolLink = (storage: Storage = sessionStorage): void => storage.removeItem(KEY);

/** The address an admin hands over for `token`, on this console's origin. */
export const enrolLinkUrl = (token: string, origin: string = location.origin): string => `${origin}/enrol#${token}`;
