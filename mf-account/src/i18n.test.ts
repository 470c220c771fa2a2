import { describe, expect, it } from 'vitest';
import { bn, en, validationBn } from './i18n';
import { PROTECTION_MESSAGES } from '@khela/contracts';

type Dict = { [key: string]: string | Dict };

/** Every leaf of a translation tree as [dotted key, text]. */
function leaves(dict: Dict, prefix = ''): [string, string][] {
  return Object.entries(dict).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : leaves(v, `${prefix}${k}.`)));
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('account translations', () => {
  const bnTexts = new Map(leaves(bn as unknown as Dict));

  it('has a Bangla text for every English key, with the same placeholders', () => {
    const missing: string[] = [];
    const wrongPlaceholders: string[] = [];
    for (const [key, text] of leaves(en as unknown as Dict)) {
      const other = bnTexts.get(key);
      if (!other || !other.trim()) missing.push(key);
      else if (placeholders(other).join() !== placeholders(text).join()) wrongPlaceholders.push(key);
    }
    expect(missing).toEqual([]);
    expect(wrongPlaceholders).toEqual([]);
    expect(bnTexts.size).toBe(leaves(en as unknown as Dict).length);
  });

  it('writes the Responsible gaming page in Bangla, not English', () => {
    const rg = leaves((en as unknown as Dict).rg as Dict, 'rg.');
    expect(rg.length).toBeGreaterThan(50);
    // every sentence-like text differs from the English one (names such as "GMT+6" aside)
    const same = rg.filter(([key, text]) => /[a-z]{3}/.test(text) && bnTexts.get(key) === text).map(([key]) => key);
    expect(same).toEqual([]);
  });

  it('says the API texts the page shows in Bangla', () => {
    for (const msg of [PROTECTION_MESSAGES.limitDecreased, PROTECTION_MESSAGES.alreadyExcluded, PROTECTION_MESSAGES.confirmRequired]) {
      expect(validationBn[msg], msg).toBeTruthy();
    }
  });
});
