import { firstWords } from '@khela/web';

/** docs/README.md#spec-2: the promotion filter strip. Ids are bit flags; 99 marks the Welcome Offer. */
export const PROMOTION_FILTERS = [
  { id: 'all', key: 'all' },
  { id: 99, key: 'welcome' },
  { id: 1, key: 'slots' },
  { id: 2, key: 'casino' },
  { id: 4, key: 'sports' },
  { id: 8, key: 'fishing' },
  { id: 32, key: 'esports' },
  { id: 64, key: 'lottery' },
  { id: 128, key: 'p2p' },
  { id: 256, key: 'table' },
  { id: 1024, key: 'arcade' },
  { id: 8192, key: 'crash' },
  { id: 512, key: 'others' },
] as const;
export type PromotionFilterId = (typeof PROMOTION_FILTERS)[number]['id'];

export const WELCOME = 99;

/**
 * Does a promotion whose `categories` is a sum of flags belong under `filter`?
 * 99 is the welcome marker, not four separate flags: a value of exactly 99 is only a welcome offer,
 * and a welcome offer that also names other games carries 99 plus their flags.
 */
export function matchesFilter(categories: number, filter: PromotionFilterId): boolean {
  if (filter === 'all') return true;
  if (filter === WELCOME) return (categories & WELCOME) === WELCOME;
  const flags = (categories & WELCOME) === WELCOME ? categories - WELCOME : categories;
  return (flags & filter) !== 0;
}

/** docs/README.md#spec-9: list previews show the first 5 words of the description (HTML tags removed). */
export function descriptionPreview(desc: string): string {
  return firstWords(desc.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' '), 5);
}

/** docs/README.md#spec-3: only promotions with status 'display' are kept. */
export function displayed<T extends { status: string }>(list: T[]): T[] {
  return list.filter((p) => p.status === 'display');
}
