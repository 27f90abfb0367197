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

/** How far back the family's page of bookings goes (issue 20). */
export const PAST_BOOKINGS_DAYS = 90;

/**
 * The family's bookings whose session started in the last 90 days (every status: a cancelled one says so), most
 * recent first.
 */
export function pastBookings<T extends BookingLike>(bookings: readonly T[], now: Date | number, days = PAST_BOOKINGS_DAYS): T[] {
  const time = typeof now === 'number' ? now : now.getTime();
  const since = time - days * 24 * 60 * 60 * 1000;
  return bookings
    .filter((booking) => startTime(booking) <= time && startTime(booking) >= since)
    .sort((a, b) => startTime(b) - startTime(a));
}

/** The next future confirmed booking ('Next Session' card), or null. */
export function nextBooking<T extends BookingLike>(bookings: readonly T[], now: Date | number): T | null {
  return upcomingBookings(bookings, now, 1)[0] ?? null;
}

/** Sessions the user holds a confirmed booking for (the calendar's 'Booked' marker). */
export function confirmedSessionIds(bookings: readonly BookingLike[]): Set<string> {
  return new Set(bookings.filter((booking) => booking.status === CONFIRMED).map((booking) => booking.sessionId));
}
