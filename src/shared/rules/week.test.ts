import { describe, expect, it } from 'vitest';
import {
  bookingWindow,
  daysOfWeek,
  isInBookingWindow,
  startOfTorontoWeek,
  torontoDateKey,
  torontoMidnightOf,
  torontoTime,
  torontoWeekOf,
} from './week';

// These run under the machine's zone and again with TZ=UTC and TZ=Asia/Tokyo (npm test does all three):
// every expectation is an absolute instant, so a result that leaked the machine's zone would fail.
const iso = (d: Date) => new Date(d.getTime()).toISOString();

describe('Toronto week math', () => {
  it('starts the week on Monday 00:00 Toronto time', () => {
    // Wednesday 2026-11-18 15:00 Toronto (EST, UTC-5).
    expect(iso(startOfTorontoWeek(new Date('2026-11-18T20:00:00Z')))).toBe('2026-11-16T05:00:00.000Z');
  });

  it('uses the Toronto date, not the machine date, near midnight', () => {
    // Monday 01:00 UTC is still Sunday evening in Toronto: the week began six days earlier.
    expect(iso(startOfTorontoWeek(new Date('2026-11-23T01:00:00Z')))).toBe('2026-11-16T05:00:00.000Z');
    expect(torontoDateKey(new Date('2026-11-23T01:00:00Z'))).toBe('2026-11-22');
    // Monday 00:00 Toronto exactly belongs to the new week.
    expect(iso(startOfTorontoWeek(new Date('2026-11-23T05:00:00Z')))).toBe('2026-11-23T05:00:00.000Z');
    expect(iso(startOfTorontoWeek(new Date('2026-11-23T04:59:59Z')))).toBe('2026-11-16T05:00:00.000Z');
  });

  it('gives every instant its Toronto date across midnight and both DST changes (dates are remembered per UTC hour)', () => {
    const cases: Array<[string, string]> = [
      // Midnight in EST (UTC-5) and in EDT (UTC-4), to the millisecond.
      ['2026-03-07T04:59:59.999Z', '2026-03-06'],
      ['2026-03-07T05:00:00.000Z', '2026-03-07'],
      ['2026-07-01T03:59:59.999Z', '2026-06-30'],
      ['2026-07-01T04:00:00.000Z', '2026-07-01'],
      // Spring forward at 2026-03-08 07:00Z (02:00 EST becomes 03:00 EDT), fall back at 2026-11-01 06:00Z.
      ['2026-03-08T06:59:59.999Z', '2026-03-08'],
      ['2026-03-08T07:00:00.000Z', '2026-03-08'],
      ['2026-03-09T03:59:59.999Z', '2026-03-08'],
      ['2026-03-09T04:00:00.000Z', '2026-03-09'],
      ['2026-11-01T03:59:59.999Z', '2026-10-31'],
      ['2026-11-01T04:00:00.000Z', '2026-11-01'],
      ['2026-11-01T05:30:00.000Z', '2026-11-01'],
      ['2026-11-02T04:59:59.999Z', '2026-11-01'],
      ['2026-11-02T05:00:00.000Z', '2026-11-02'],
    ];
    // Twice, in both orders: a remembered hour answers as the first computation did.
    for (const list of [cases, [...cases].reverse()]) for (const [instant, day] of list) expect(torontoDateKey(instant), instant).toBe(day);
    expect(torontoDateKey(Date.parse('2026-03-07T05:00:00.000Z'))).toBe('2026-03-07');
    expect(() => torontoDateKey('not a date')).toThrow(RangeError);
  });

  it('handles the spring-forward week (DST starts Sunday 2026-03-08): 167 hours long', () => {
    const week = torontoWeekOf(new Date('2026-03-08T12:00:00Z'));
    expect(iso(week.start)).toBe('2026-03-02T05:00:00.000Z'); // EST
    expect(iso(week.end)).toBe('2026-03-09T04:00:00.000Z'); // EDT
    expect((week.end.getTime() - week.start.getTime()) / 3_600_000).toBe(167);
  });

  it('handles the fall-back week (DST ends Sunday 2026-11-01): 169 hours long', () => {
    const week = torontoWeekOf(new Date('2026-11-01T15:00:00Z'));
    expect(iso(week.start)).toBe('2026-10-26T04:00:00.000Z'); // EDT
    expect(iso(week.end)).toBe('2026-11-02T05:00:00.000Z'); // EST
    expect((week.end.getTime() - week.start.getTime()) / 3_600_000).toBe(169);
  });

  it('lists the seven Toronto midnights of a week, across a DST change', () => {
    const days = daysOfWeek(startOfTorontoWeek(new Date('2026-10-28T12:00:00Z'))).map(iso);
    expect(days).toEqual([
      '2026-10-26T04:00:00.000Z',
      '2026-10-27T04:00:00.000Z',
      '2026-10-28T04:00:00.000Z',
      '2026-10-29T04:00:00.000Z',
      '2026-10-30T04:00:00.000Z',
      '2026-10-31T04:00:00.000Z',
      '2026-11-01T04:00:00.000Z',
    ]);
  });

  it('reads wall-clock times in Toronto', () => {
    expect(iso(torontoTime(2026, 7, 1, 18, 0))).toBe('2026-07-01T22:00:00.000Z');
    expect(iso(torontoTime(2026, 12, 1, 18, 0))).toBe('2026-12-01T23:00:00.000Z');
    expect(iso(torontoMidnightOf('2026-03-08'))).toBe('2026-03-08T05:00:00.000Z');
    expect(() => torontoMidnightOf('2026-3-8')).toThrow(RangeError);
  });
});

describe('booking window (current week plus the next)', () => {
  it('runs from this Monday 00:00 to the Monday two weeks later', () => {
    const window = bookingWindow(new Date('2026-11-22T04:34:00Z')); // Saturday 23:34 Toronto
    expect(iso(window.start)).toBe('2026-11-16T05:00:00.000Z');
    expect(iso(window.end)).toBe('2026-11-30T05:00:00.000Z');
  });

  it('spans the fall-back change correctly', () => {
    const window = bookingWindow(new Date('2026-10-28T16:00:00Z'));
    expect(iso(window.start)).toBe('2026-10-26T04:00:00.000Z');
    expect(iso(window.end)).toBe('2026-11-09T05:00:00.000Z');
  });

  it('includes the last minute of next Sunday and excludes the Monday after', () => {
    const now = new Date('2026-11-18T15:00:00Z');
    expect(isInBookingWindow(new Date('2026-11-30T04:59:00Z'), now)).toBe(true);
    expect(isInBookingWindow(new Date('2026-11-30T05:00:00Z'), now)).toBe(false);
    expect(isInBookingWindow(new Date('2026-11-16T05:00:00Z'), now)).toBe(true);
    expect(isInBookingWindow(new Date('2026-11-16T04:59:00Z'), now)).toBe(false);
  });
});
