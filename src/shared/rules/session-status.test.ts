import { describe, expect, it } from 'vitest';
import {
  adminSessionStatus,
  bookedPercent,
  bookingBarTone,
  bookingStatusLabel,
  reservationBadge,
  reservationBadgeRanges,
} from './session-status';

const NOW = new Date('2026-11-25T17:00:00Z');
const FUTURE = '2026-11-25T17:01:00Z';

describe('admin session status (spec 4)', () => {
  it("is 'Full' with no spots left, 'Nearly Full' above 80%, otherwise 'Available'", () => {
    const future = (capacity: number, bookedCount: number) => adminSessionStatus({ capacity, bookedCount, startsAt: FUTURE }, NOW);
    expect(future(10, 10)).toBe('Full');
    expect(future(10, 9)).toBe('Nearly Full');
    expect(future(10, 8)).toBe('Available'); // exactly 80% is not above
    expect(future(50, 41)).toBe('Nearly Full');
    expect(future(50, 0)).toBe('Available');
  });

  it("says 'Past' from the session's start (as the parents' calendar does), before Full, Nearly Full or Available", () => {
    const past = (capacity: number, bookedCount: number, startsAt: string) => adminSessionStatus({ capacity, bookedCount, startsAt }, NOW);
    expect(past(10, 0, '2026-11-25T16:59:59Z')).toBe('Past');
    expect(past(10, 10, '2026-11-18T17:00:00Z')).toBe('Past');
    expect(past(10, 9, '2026-11-24T12:00:00Z')).toBe('Past');
    // The start instant itself: not before now, so still what its numbers say.
    expect(past(10, 0, NOW.toISOString())).toBe('Available');
    expect(adminSessionStatus({ capacity: 10, bookedCount: 0, startsAt: new Date('2026-11-25T16:00:00Z') }, NOW.getTime())).toBe('Past');
  });

  it("says 'Cancelled' for a cancelled session, past or not, whatever its numbers", () => {
    expect(adminSessionStatus({ capacity: 10, bookedCount: 0, status: 'CANCELLED', startsAt: FUTURE }, NOW)).toBe('Cancelled');
    expect(adminSessionStatus({ capacity: 10, bookedCount: 0, status: 'CANCELLED', startsAt: '2026-11-01T12:00:00Z' }, NOW)).toBe('Cancelled');
  });

  it('colours the bookings bar red at 100% and yellow above 80%', () => {
    expect(bookingBarTone({ capacity: 6, bookedCount: 6 })).toBe('danger');
    expect(bookingBarTone({ capacity: 6, bookedCount: 5 })).toBe('warning');
    expect(bookingBarTone({ capacity: 5, bookedCount: 4 })).toBe('normal');
    expect(bookedPercent({ capacity: 3, bookedCount: 2 })).toBe(67);
  });
});

describe('reservation badges (spec 4 and 9)', () => {
  it('0 Empty, under 5 Low, under 15 Medium, else High', () => {
    expect([0, 1, 4, 5, 14, 15, 90].map(reservationBadge)).toEqual(['Empty', 'Low', 'Low', 'Medium', 'Medium', 'High', 'High']);
  });

  it('the legend names each badge with the counts the rule gives it', () => {
    expect(reservationBadgeRanges()).toEqual([
      { badge: 'Empty', range: '0' },
      { badge: 'Low', range: '1–4' },
      { badge: 'Medium', range: '5–14' },
      { badge: 'High', range: '15 or more' },
    ]);
    // Every number the legend names gets its badge from the rule.
    for (const { badge, range } of reservationBadgeRanges()) {
      for (const count of range.match(/\d+/g)!.map(Number)) expect(reservationBadge(count), `${badge} ${range}`).toBe(badge);
    }
    expect(reservationBadge(1000)).toBe('High');
  });
});

describe('booking status words', () => {
  it("shows CONFIRMED as 'Confirmed', CANCELLED as 'Cancelled' and any other status as 'Pending' (spec 4)", () => {
    expect(bookingStatusLabel('CONFIRMED')).toBe('Confirmed');
    expect(bookingStatusLabel('CANCELLED')).toBe('Cancelled');
    expect(bookingStatusLabel('WAITLISTED')).toBe('Pending');
    expect(bookingStatusLabel('')).toBe('Pending');
  });
});
