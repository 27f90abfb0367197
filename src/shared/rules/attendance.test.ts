import { describe, expect, it } from 'vitest';
import {
  attendanceText,
  bookingAttendance,
  bookingPausedMessage,
  bookingPausedOfficeText,
  bookingPauseOf,
  NO_SHOW_WINDOW_DAYS,
  noShowCountStart,
  noShowWindowStart,
} from './attendance';

const NOW = new Date('2026-11-19T02:00:00Z');
const START = '2026-11-18T23:00:00Z';
const booking = (over: Partial<Parameters<typeof bookingAttendance>[0]> = {}) =>
  ({ status: 'CONFIRMED', session: { startsAt: START }, checkIns: [null], ...over }) as const;

describe('bookingAttendance (issue 22)', () => {
  it('a confirmed booking whose session has started: attended when at least one child was checked in', () => {
    expect(bookingAttendance(booking({ checkIns: ['2026-11-18T22:55:00Z'] }), NOW)).toBe('attended');
    // Two children, one of them at the door: the booking was attended.
    expect(bookingAttendance(booking({ checkIns: [null, new Date('2026-11-18T23:05:00Z')] }), NOW)).toBe('attended');
  });

  it('a confirmed booking whose session has started with nobody checked in is a no-show', () => {
    expect(bookingAttendance(booking(), NOW)).toBe('no-show');
    expect(bookingAttendance(booking({ checkIns: [null, null] }), NOW)).toBe('no-show');
    expect(bookingAttendance(booking({ checkIns: [] }), NOW)).toBe('no-show');
  });

  it('has no attendance before the start: the session has started once its start is before now', () => {
    const start = new Date(START);
    expect(bookingAttendance(booking(), start)).toBeNull();
    expect(bookingAttendance(booking(), start.getTime() - 60_000)).toBeNull();
    expect(bookingAttendance(booking(), start.getTime() + 1)).toBe('no-show');
    // A child checked in early (at the door before the start) still waits for the start.
    expect(bookingAttendance(booking({ checkIns: ['2026-11-18T22:50:00Z'] }), start)).toBeNull();
  });

  it('a cancelled booking has none, past or future, checked in or not', () => {
    expect(bookingAttendance(booking({ status: 'CANCELLED' }), NOW)).toBeNull();
    expect(bookingAttendance(booking({ status: 'CANCELLED', checkIns: [START] }), NOW)).toBeNull();
    expect(bookingAttendance(booking({ status: 'CANCELLED', session: { startsAt: '2026-12-01T23:00:00Z' } }), NOW)).toBeNull();
  });

  it('writes exactly attended, no-show or nothing', () => {
    expect(attendanceText('attended')).toBe('attended');
    expect(attendanceText('no-show')).toBe('no-show');
    expect(attendanceText(null)).toBe('');
  });

  it('counts no-shows from the instant 30 days before now', () => {
    expect(NO_SHOW_WINDOW_DAYS).toBe(30);
    expect(noShowWindowStart(NOW).toISOString()).toBe('2026-10-20T02:00:00.000Z');
    expect(noShowWindowStart(NOW.getTime())).toEqual(noShowWindowStart(NOW));
  });
});

describe('the no-show rule (issue 32)', () => {
  const on = { noShowRuleEnabled: true, noShowLimit: 3 };

  it('pauses at the limit and above, never while the rule is off', () => {
    expect(bookingPauseOf(on, 2)).toBeNull();
    expect(bookingPauseOf(on, 3)).toEqual({ noShows: 3, limit: 3 });
    expect(bookingPauseOf(on, 5)).toEqual({ noShows: 5, limit: 3 });
    expect(bookingPauseOf({ ...on, noShowRuleEnabled: false }, 20)).toBeNull();
  });

  it("counts from the window start, or from the office's lift when it is later", () => {
    expect(noShowCountStart(NOW, null)).toEqual(noShowWindowStart(NOW));
    expect(noShowCountStart(NOW, '2026-10-01T00:00:00Z')).toEqual(noShowWindowStart(NOW));
    expect(noShowCountStart(NOW, '2026-11-10T15:00:00Z')).toEqual(new Date('2026-11-10T15:00:00Z'));
  });

  it('says why and to call the office, with its phone when the business has one', () => {
    expect(bookingPausedMessage({ noShows: 3, limit: 3 })).toBe('Online booking is paused after 3 no-shows in the last 30 days. Please call the office to book.');
    expect(bookingPausedMessage({ noShows: 1, limit: 1 }, '+1 416 555 0100')).toBe(
      'Online booking is paused after 1 no-show in the last 30 days. Please call the office at +1 416 555 0100 to book.',
    );
    expect(bookingPausedOfficeText({ noShows: 3, limit: 3 })).toBe('Online booking paused: 3 no-shows in the last 30 days');
  });
});
