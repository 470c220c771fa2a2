import { describe, expect, it } from 'vitest';
import { descriptionPreview, displayed, matchesFilter } from './promotion-filters';

describe('promotion filters (bit flags)', () => {
  it('ALL keeps everything', () => {
    expect(matchesFilter(0, 'all')).toBe(true);
    expect(matchesFilter(8192, 'all')).toBe(true);
  });
  it('a sum of flags matches each of its flags and nothing else', () => {
    const slotsAndFishing = 1 + 8;
    expect(matchesFilter(slotsAndFishing, 1)).toBe(true);
    expect(matchesFilter(slotsAndFishing, 8)).toBe(true);
    expect(matchesFilter(slotsAndFishing, 4)).toBe(false);
    expect(matchesFilter(256 + 1024 + 8192, 1024)).toBe(true);
    expect(matchesFilter(512, 512)).toBe(true);
  });
  it('99 is the Welcome Offer, not Slots + Casino + E-sports + Lottery', () => {
    expect(matchesFilter(99, 99)).toBe(true);
    expect(matchesFilter(99, 1)).toBe(false);
    expect(matchesFilter(99, 64)).toBe(false);
    expect(matchesFilter(4, 99)).toBe(false);
    // a welcome offer on sports carries 99 + 4
    expect(matchesFilter(103, 99)).toBe(true);
    expect(matchesFilter(103, 4)).toBe(true);
    expect(matchesFilter(103, 1)).toBe(false);
  });
  it('previews cut descriptions at 5 words, without HTML', () => {
    expect(descriptionPreview('<p>Get a 100% bonus on your first deposit</p>')).toBe('Get a 100% bonus on...');
    expect(descriptionPreview('Short one')).toBe('Short one');
  });
  it("keeps only 'display' promotions", () => {
    expect(
      displayed([
        { status: 'display', id: 1 },
        { status: 'active', id: 2 },
      ]).map((p) => p.id),
    ).toEqual([1]);
  });
});
