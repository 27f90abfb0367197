/** Spec 9: the dashboard lists the first 5 future bookings. */
export const UPCOMING_BOOKINGS_SHOWN = 5;

export const CONFIRMED = 'CONFIRMED';

interface BookingLike {
  sessionId: string;
  status: string;
  session: { startsAt: string | Date };
}

const startTime = (booking: BookingLike) => new Date(booking.session.startsAt).getTime();

/** Confirmed bookings whose session starts after now, soonest first, at most `limit`. */
export function upcomingBookings<T extends BookingLike>(
  bookings: readonly T[],
  now: Date | number,
  limit = UPCOMING_BOOKINGS_SHOWN,
): T[] {
  const time = typeof now === 'number' ? now : now.getTime();
  return bookings
    .filter((booking) => booking.status === CONFIRMED && startTime(booking) > time)
    .sort((a, b) => startTime(a) - startTime(b))
    .slice(0, limit);
}

/** The next future confirmed booking ('Next Session' card), or null. */
export function nextBooking<T extends BookingLike>(bookings: readonly T[], now: Date | number): T | null {
  return upcomingBookings(bookings, now, 1)[0] ?? null;
}

/** Sessions the user holds a confirmed booking for (the calendar's 'Booked' marker). */
export function confirmedSessionIds(bookings: readonly BookingLike[]): Set<string> {
  return new Set(bookings.filter((booking) => booking.status === CONFIRMED).map((booking) => booking.sessionId));
}
