import { describe, expect, it } from 'vitest';
import {
  calendarDays,
  calendarFetchRange,
  calendarWeek,
  canGoToNextWeek,
  canGoToPreviousWeek,
  clampWeekOffset,
  groupByTorontoDay,
  weekOffsetOf,
} from './calendar-weeks';

// Run under the machine's zone, TZ=UTC and TZ=Asia/Tokyo: every expectation is a Toronto date or an instant.
const iso = (d: Date) => new Date(d.getTime()).toISOString();
// Saturday 2026-11-21 23:53 Toronto (EST): Sunday already in UTC and Tokyo.
const saturdayNight = new Date('2026-11-22T04:53:00Z');

describe('week navigation bounds', () => {
  it('goes back only to the current week and forward only one week', () => {
    expect(canGoToPreviousWeek(0)).toBe(false);
    expect(canGoToNextWeek(0)).toBe(true);
    expect(canGoToPreviousWeek(1)).toBe(true);
    expect(canGoToNextWeek(1)).toBe(false);
    expect(clampWeekOffset(-1)).toBe(0);
    expect(clampWeekOffset(5)).toBe(1);
  });

  it('shows the current Toronto week and the next, whatever the machine zone', () => {
    const current = calendarWeek(saturdayNight, 0);
    expect(iso(current.start)).toBe('2026-11-16T05:00:00.000Z');
    expect(iso(current.lastDay)).toBe('2026-11-22T05:00:00.000Z');
    expect(current.label).toBe('Nov 16 - Nov 22, 2026');
    expect(calendarWeek(saturdayNight, 1).label).toBe('Nov 23 - Nov 29, 2026');
    expect(calendarWeek(saturdayNight, 7).label).toBe('Nov 23 - Nov 29, 2026');
    expect(calendarWeek(saturdayNight, -3).label).toBe('Nov 16 - Nov 22, 2026');
  });

  it('labels a week that crosses the year', () => {
    expect(calendarWeek(new Date('2026-12-30T15:00:00Z'), 0).label).toBe('Dec 28 - Jan 3, 2027');
  });
});

describe('calendar fetch range', () => {
  it('runs from the start of the current week to the end of its 14th day, Toronto time', () => {
    expect(calendarFetchRange(saturdayNight)).toEqual({
      from: '2026-11-16T05:00:00.000Z',
      to: '2026-11-30T04:59:59.999Z',
    });
  });

  it('keeps Toronto midnights across the fall-back change', () => {
    expect(calendarFetchRange(new Date('2026-10-28T16:00:00Z'))).toEqual({
      from: '2026-10-26T04:00:00.000Z',
      to: '2026-11-09T04:59:59.999Z',
    });
  });
});

describe('calendar days', () => {
  it('lists Monday to Sunday and marks today in Toronto', () => {
    const days = calendarDays(calendarWeek(saturdayNight, 0).start, saturdayNight);
    expect(days.map((d) => d.key)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(days.map((d) => d.weekday)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(days.map((d) => d.dayNumber)).toEqual(['16', '17', '18', '19', '20', '21', '22']);
    expect(days.filter((d) => d.isToday).map((d) => d.key)).toEqual(['2026-11-21']);
    expect(days[0]!.label).toBe('Monday, November 16, 2026');
  });

  it('marks no day of next week as today', () => {
    const days = calendarDays(calendarWeek(saturdayNight, 1).start, saturdayNight);
    expect(days.some((d) => d.isToday)).toBe(false);
  });
});

describe('grouping by Toronto day', () => {
  it('puts an evening session on its Toronto date, not the UTC or Tokyo one', () => {
    const sessions = [
      { id: 'a', startsAt: '2026-11-25T21:30:00.000Z' }, // Wed 16:30 Toronto
      { id: 'b', startsAt: '2026-11-26T00:15:00.000Z' }, // Wed 19:15 Toronto, Thursday in UTC
      { id: 'c', startsAt: '2026-11-26T21:30:00.000Z' }, // Thu 16:30 Toronto
    ];
    const groups = groupByTorontoDay(sessions);
    expect(groups.get('2026-11-25')?.map((s) => s.id)).toEqual(['a', 'b']);
    expect(groups.get('2026-11-26')?.map((s) => s.id)).toEqual(['c']);
  });
});

describe('week offset of an instant', () => {
  it('opens on the week of a session, within the navigation bounds', () => {
    expect(weekOffsetOf('2026-11-20T21:30:00Z', saturdayNight)).toBe(0);
    expect(weekOffsetOf('2026-11-25T21:30:00Z', saturdayNight)).toBe(1);
    expect(weekOffsetOf('2026-12-09T21:30:00Z', saturdayNight)).toBe(1);
    expect(weekOffsetOf('2026-11-02T21:30:00Z', saturdayNight)).toBe(0);
  });

  it('counts a 169-hour fall-back week as one week', () => {
    expect(weekOffsetOf('2026-11-03T12:00:00Z', new Date('2026-10-28T16:00:00Z'))).toBe(1);
  });
});
