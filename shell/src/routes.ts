import type { RemoteName } from './federation/remotes';

/**
 * Which remote owns which path (first segment). The screen behind each path is named by the remote's own route
 * table, `mf-<remote>/src/routes.tsx`; federation/route-tables.test.ts keeps the two in step. The shell owns /,
 * /promotions, the maintenance and legacy pages.
 */
export const OWNERS: ReadonlyArray<{ remote: RemoteName; paths: readonly string[] }> = [
  {
    remote: 'mf_account',
    paths: [
      '/login',
      '/signup',
      '/register',
      '/forgot-password',
      '/account',
      '/profile',
      '/reset-password',
      '/inbox',
      '/vip',
      '/refrrel-program',
      '/responsible-gaming',
      '/referral_code',
      '/affiliate_code',
      '/agent_code',
    ],
  },
  {
    remote: 'mf_wallet',
    paths: ['/deposit', '/withdrawal', '/payment-request', '/make-payment', '/transaction-record', '/turnover-record'],
  },
  { remote: 'mf_casino', paths: ['/games', '/gamerun', '/betting-record'] },
  {
    remote: 'mf_exchange',
    paths: ['/exchange', '/exchange-inplay', '/exchange-sports', '/exchange-multi', '/exchange-account', '/odds-view', '/exchange-login'],
  },
  { remote: 'mf_chat', paths: ['/chat', '/chat-list', '/chat-box'] },
];

export function remoteFor(pathname: string): RemoteName | null {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return OWNERS.find((o) => o.paths.includes(first))?.remote ?? null;
}

/** Spec 2: everything else needs a token. /promotions and /register are also open: their cards and form are for visitors. */
const UNGUARDED = new Set([
  '/',
  '/signup',
  '/login',
  '/register',
  '/games',
  '/forgot-password',
  '/make-payment',
  '/referral_code',
  '/affiliate_code',
  '/agent_code',
  '/promotions',
  '/maintenance',
  '/page/site/component/appDownload.jsp',
  '/page/guest/register.jsp',
  '/player/logout',
  // the shell's information pages behind the side-menu extras and footer links
  '/affiliate',
  '/ambassador',
]);

export function isGuarded(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (UNGUARDED.has(normalised)) return false;
  return true;
}

/** Desktop nav paths that are aliases of other screens (spec 2, desktop nav). */
export const ALIASES: Record<string, string> = {
  '/casino': '/games?type=LIVE',
  '/slot': '/games?type=SLOT',
  '/table': '/games?type=TABLE',
  '/crash': '/games?type=EGAME',
  '/fishing': '/games?type=FH',
  '/arcade': '/games?type=EGAME',
  '/lottery': '/games?type=LOTTO',
  '/referral': '/refrrel-program',
  '/page/guest/register.jsp': '/register',
  // legacy desktop sports link (/player/playGame?t=sport&v=CRICKET): cricket lives on the exchange
  '/player/playGame': '/exchange',
};
