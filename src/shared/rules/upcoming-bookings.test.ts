import { describe, expect, it } from 'vitest';
import { confirmedSessionIds, nextBooking, pastBookings, upcomingBookings } from './upcoming-bookings';

const now = new Date('2026-11-19T01:00:00Z'); // Wednesday 2026-11-18 20:00 Toronto
const booking = (id: string, startsAt: string, status = 'CONFIRMED') => ({ id, sessionId: `s-${id}`, status, session: { startsAt } });

const bookings = [
  booking('past', '2026-11-17T21:30:00Z'),
  booking('cancelled', '2026-11-20T21:30:00Z', 'CANCELLED'),
  booking('f3', '2026-11-26T21:30:00Z'),
  booking('f1', '2026-11-19T21:30:00Z'),
  booking('f2', '2026-11-22T15:00:00Z'), // Sunday 10:00 Toronto, this week
  booking('f4', '2026-11-27T21:30:00Z'),
  booking('f5', '2026-11-28T14:00:00Z'),
  booking('f6', '2026-11-29T15:00:00Z'),
];

describe('past bookings (issue 20, the page of every booking)', () => {
  it('lists the sessions started in the last 90 days, cancelled ones too, most recent first', () => {
    const history = [
      ...bookings,
      booking('old', '2026-08-19T00:59:00Z'), // 90 days and a minute ago
      booking('edge', '2026-08-21T01:00:00Z'),
      booking('gone', '2026-11-10T21:30:00Z', 'CANCELLED'),
    ];
    expect(pastBookings(history, now).map((b) => b.id)).toEqual(['past', 'gone', 'edge']);
    expect(upcomingBookings(history, now, Number.POSITIVE_INFINITY).map((b) => b.id)).toEqual(['f1', 'f2', 'f3', 'f4', 'f5', 'f6']);
  });
});

describe('upcoming bookings (spec 2, dashboard)', () => {
  it('lists the first 5 future confirmed bookings, soonest first', () => {
    expect(upcomingBookings(bookings, now).map((b) => b.id)).toEqual(['f1', 'f2', 'f3', 'f4', 'f5']);
  });

  it('finds the next session, or null', () => {
    expect(nextBooking(bookings, now)?.id).toBe('f1');
    expect(nextBooking([booking('past', '2026-11-17T21:30:00Z')], now)).toBeNull();
  });

  it('marks only confirmed sessions as booked', () => {
    const ids = confirmedSessionIds(bookings);
    expect(ids.has('s-f1')).toBe(true);
    expect(ids.has('s-past')).toBe(true);
    expect(ids.has('s-cancelled')).toBe(false);
  });
});
