import type { IconName } from './icons';

/** docs/README.md#spec-2, categories and menus: the side-menu categories with their game type codes. */
export interface Category {
  key: 'home' | 'sports' | 'casino' | 'slot' | 'table' | 'poker' | 'crash' | 'fishing' | 'lottery';
  /** Game type of /api/get-system; null for Home. */
  type: string | null;
  icon: IconName;
}

export const CATEGORIES: readonly Category[] = [
  { key: 'home', type: null, icon: 'home' },
  { key: 'sports', type: 'SPORTS', icon: 'sports' },
  { key: 'casino', type: 'LIVE', icon: 'casino' },
  { key: 'slot', type: 'SLOT', icon: 'slot' },
  { key: 'table', type: 'TABLE', icon: 'table' },
  { key: 'poker', type: 'BINGO', icon: 'poker' },
  { key: 'crash', type: 'EGAME', icon: 'crash' },
  { key: 'fishing', type: 'FH', icon: 'fishing' },
  { key: 'lottery', type: 'LOTTO', icon: 'lottery' },
];

/** docs/README.md#spec-2: sports entries carry name, icon, code, type, platform. Exchange is the site's own betting exchange. */
export interface SportsEntry {
  name: string;
  icon: IconName;
  code: string;
  type: 'SPORTS';
  platform: string;
}

export const SPORTS: readonly SportsEntry[] = [
  { name: 'Exchange', icon: 'sports', code: 'EXCHANGE', type: 'SPORTS', platform: 'EXCHANGE' },
  { name: 'I-Sports', icon: 'sports', code: 'ISPORTS', type: 'SPORTS', platform: 'ISPORTS' },
  { name: 'E1Sports', icon: 'sports', code: 'E1SPORTS', type: 'SPORTS', platform: 'E1SPORTS' },
  { name: 'Horsebook', icon: 'sports', code: 'HORSEBOOK', type: 'SPORTS', platform: 'HORSEBOOK' },
  { name: 'Virtual', icon: 'sports', code: 'VIRTUAL', type: 'SPORTS', platform: 'VIRTUAL' },
  { name: 'Kabaddi', icon: 'sports', code: 'KABADDI', type: 'SPORTS', platform: 'KABADDI' },
  { name: 'Fantasy', icon: 'sports', code: 'FANTASY', type: 'SPORTS', platform: 'FANTASY' },
  { name: 'SBO Sports', icon: 'sports', code: 'SBO', type: 'SPORTS', platform: 'SBO' },
  { name: 'Lucky Sports', icon: 'sports', code: 'LUCKYSPORTS', type: 'SPORTS', platform: 'LUCKYSPORTS' },
];

/** Where a sports entry leads: the exchange, or that platform's sports games. */
export function sportsPath(entry: SportsEntry): string {
  if (entry.code === 'EXCHANGE') return '/exchange';
  return `/games?${new URLSearchParams({ type: entry.type, system: entry.platform, title: entry.name })}`;
}

/** The game list of a category, optionally narrowed to one system/provider (docs/README.md#spec-2 /games query). */
export function gamesPath(type: string, system?: string, title?: string): string {
  const q = new URLSearchParams({ type });
  if (system) q.set('system', system);
  if (title) q.set('title', title);
  return `/games?${q}`;
}

/** Extras of the side menu (docs/README.md#spec-2). */
export const EXTRAS: ReadonlyArray<{
  key: 'promotions' | 'referral' | 'vip' | 'affiliate' | 'liveChat' | 'ambassador';
  to: string;
  icon: IconName;
}> = [
  { key: 'promotions', to: '/promotions', icon: 'gift' },
  { key: 'referral', to: '/refrrel-program', icon: 'group' },
  { key: 'vip', to: '/vip', icon: 'crown' },
  { key: 'affiliate', to: '/affiliate', icon: 'link' },
  { key: 'liveChat', to: '/chat', icon: 'chat' },
  { key: 'ambassador', to: '/ambassador', icon: 'star' },
];
