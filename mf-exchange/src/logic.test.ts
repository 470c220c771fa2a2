import { describe, expect, it } from 'vitest';
import { eventsForTab, filterFancy, firstBookmaker, groupBySport, rowOverlay, scoreFrameSrc, type ListedEvent } from './logic';

const ev = (over: Partial<ListedEvent>): ListedEvent => ({
  EventId: '1',
  MarketId: '1.1',
  Event: 'A v B',
  Fancy: false,
  Bookmaker: false,
  inplay: false,
  sportKey: 'cricket',
  ...over,
});

describe('exchange rules', () => {
  it('shows Ball Running when ball_running is 1, otherwise Suspend when suspended is 1 (docs/README.md#spec-4)', () => {
    expect(rowOverlay({ ball_running: 1, suspended: 1 })).toBe('ballRunning');
    expect(rowOverlay({ ball_running: 1, suspended: 0 })).toBe('ballRunning');
    expect(rowOverlay({ ball_running: 0, suspended: 1 })).toBe('suspend');
    expect(rowOverlay({ ball_running: 0, suspended: 0 })).toBeNull();
    expect(rowOverlay({})).toBeNull();
  });

  it('says Prices unavailable over any other state while the odds feed is down (stale prices are never bettable)', () => {
    expect(rowOverlay({ unavailable: true, ball_running: 1, suspended: 1 })).toBe('unavailable');
    expect(rowOverlay({ unavailable: true })).toBe('unavailable');
    expect(rowOverlay({ unavailable: false, suspended: 1 })).toBe('suspend');
  });

  it('filters fancy rows by tab type; All keeps every row and untyped rows count as Fancy', () => {
    const rows = [{ title: 'a', type: 2 }, { title: 'b', type: 3 }, { title: 'c' }, { title: 'd', type: 6 }];
    expect(filterFancy(rows, 'all').map((r) => r.title)).toEqual(['a', 'b', 'c', 'd']);
    expect(filterFancy(rows, 'fancy').map((r) => r.title)).toEqual(['a', 'c']);
    expect(filterFancy(rows, 'ballByBall').map((r) => r.title)).toEqual(['b']);
    expect(filterFancy(rows, 'oddEven').map((r) => r.title)).toEqual(['d']);
    expect(filterFancy(rows, 'lottery')).toEqual([]);
  });

  it('groups events under Cricket, Soccer, Tennis in that order and skips empty sports', () => {
    const groups = groupBySport([
      ev({ MarketId: 't', sportKey: 'tennis' }),
      ev({ MarketId: 'c', sportKey: 'cricket' }),
      ev({ MarketId: 'c2', sportKey: 'cricket' }),
    ]);
    expect(groups.map((g) => [g.sport, g.events.map((e) => e.MarketId)])).toEqual([
      ['cricket', ['c', 'c2']],
      ['tennis', ['t']],
    ]);
  });

  it('splits events into In-Play, Today, Tomorrow (Dhaka days), empty Result and Search by name', () => {
    const now = new Date('2025-01-10T06:00:00Z'); // 12:00 in Dhaka
    const events = [
      ev({ MarketId: 'live', inplay: true, OpenDate: '2025-01-10T02:00:00Z' }),
      ev({ MarketId: 'tonight', Event: 'Arsenal v Chelsea', OpenDate: '2025-01-10T14:00:00Z' }),
      ev({ MarketId: 'after-midnight', OpenDate: '2025-01-10T19:00:00Z' }), // 01:00 on the 11th in Dhaka
    ];
    expect(eventsForTab(events, 'inplay', now).map((e) => e.MarketId)).toEqual(['live']);
    expect(eventsForTab(events, 'today', now).map((e) => e.MarketId)).toEqual(['live', 'tonight']);
    expect(eventsForTab(events, 'tomorrow', now).map((e) => e.MarketId)).toEqual(['after-midnight']);
    expect(eventsForTab(events, 'result', now)).toEqual([]);
    expect(eventsForTab(events, 'search', now, '  chel ').map((e) => e.MarketId)).toEqual(['tonight']);
    expect(eventsForTab(events, 'search', now, '   ')).toEqual([]);
  });

  it('takes the first bookmaker entry and the score frame address', () => {
    expect(firstBookmaker({ x: 1, y: 2 })).toBe(1);
    expect(firstBookmaker({})).toBeUndefined();
    expect(scoreFrameSrc('<div><iframe width="1" src="https://feed.example/score/9"></iframe></div>')).toBe('https://feed.example/score/9');
    expect(scoreFrameSrc('<iframe src="javascript:alert(1)">')).toBeNull();
    expect(scoreFrameSrc('<p>no frame</p>')).toBeNull();
  });
});
