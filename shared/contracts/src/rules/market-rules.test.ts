import { describe, expect, it } from 'vitest';
import { DEFAULT_BET_DELAY_SECONDS, DEFAULT_COMMISSION_BPS } from './exchange';
import { marketRules } from './market-rules';

const text = (kind: Parameters<typeof marketRules>[0], locale: 'en' | 'bn') =>
  marketRules(kind, locale)
    .flatMap((s) => [s.title, ...s.points])
    .join('\n');

describe('market rules', () => {
  it('every kind has its own rules and the general ones, with as many sections in Bangla as in English', () => {
    for (const kind of ['MATCH_ODDS', 'BOOKMAKER', 'FANCY'] as const) {
      const en = marketRules(kind, 'en');
      const bn = marketRules(kind, 'bn');
      expect(en.length).toBeGreaterThanOrEqual(2);
      expect(bn.map((s) => s.points.length)).toEqual(en.map((s) => s.points.length));
      expect(en.at(-1)!.title).toBe('Every market');
    }
    expect(marketRules('FANCY', 'en').map((s) => s.title)).toEqual([
      'Fancy (sessions)',
      'Fancy',
      'Ball by Ball',
      'Khadda',
      'Lottery',
      'Odd/Even',
      'Every market',
    ]);
  });

  it("says the commission and bet delays the API uses, in the reader's digits", () => {
    expect(text('MATCH_ODDS', 'en')).toContain(`commission of ${DEFAULT_COMMISSION_BPS.MATCH_ODDS / 100}%`);
    expect(text('MATCH_ODDS', 'en')).toContain(`usually waits ${DEFAULT_BET_DELAY_SECONDS.MATCH_ODDS} seconds`);
    expect(text('BOOKMAKER', 'en')).toContain(`usually waits ${DEFAULT_BET_DELAY_SECONDS.BOOKMAKER} seconds`);
    expect(text('BOOKMAKER', 'en')).toContain('No commission');
    for (const kind of ['MATCH_ODDS', 'BOOKMAKER', 'FANCY'] as const) expect(text(kind, 'bn')).not.toMatch(/[0-9]/);
  });

  it('tells the between-the-lines, tie and penalty-run rules of Fancy', () => {
    const fancy = text('FANCY', 'en');
    expect(fancy).toContain('between the two lines, YES and NO both lose');
    expect(fancy).toContain('stands if the match is tied');
    expect(fancy).toContain('Penalty runs do not count');
  });
});
