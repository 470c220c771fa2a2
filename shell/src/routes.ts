import type { RemoteName } from './federation/remotes';
import routeTable from './route-table.json';

/**
 * Which remote owns which path (first segment), from `route-table.json` (plain data, so index.html's early script
 * gets the same table at build time: rspack.config.mjs). The screen behind each path is named by the remote's own
 * route table, `mf-<remote>/src/routes.tsx`; federation/route-tables.test.ts keeps the two in step. The shell owns /,
 * /promotions, the maintenance and legacy pages.
 */
export const OWNERS: ReadonlyArray<{ remote: RemoteName; paths: readonly string[] }> = Object.entries(routeTable.owners).map(
  ([remote, paths]) => ({ remote: remote as RemoteName, paths }),
);

export function remoteFor(pathname: string): RemoteName | null {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  return OWNERS.find((o) => o.paths.includes(first))?.remote ?? null;
}

/** docs/README.md#spec-2: everything else needs a token. /promotions and /register are also open: their cards and form are for visitors. */
const UNGUARDED = new Set(routeTable.open);

export function isGuarded(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (UNGUARDED.has(normalised)) return false;
  return true;
}

/** Desktop nav paths that are aliases of other screens (docs/README.md#spec-2, desktop nav). */
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
