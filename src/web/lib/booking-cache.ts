import type { QueryClient } from '@tanstack/react-query';
import { currentUserKeys } from './auth';
import { childStatsKeys } from './child-stats';
import { myBookingsKeys } from './my-bookings';
import { myWaitlistKeys } from './my-waitlist';
import { sessionsKeys } from './sessions';

/**
 * Spec 7: after a booking change the cached reads of these endpoints are refreshed. Every query key starts
 * with its endpoint's path, so each prefix below matches all its variants (any week, range or class filter).
 * Issue 21: the waitlist too, after every booking write of the family (book, cancel, reschedule, join, leave): a
 * cancellation promotes waiting entries on the server, so bookings and waitlist are only right together.
 */
export const BOOKING_DEPENDENT_QUERY_KEYS = [myBookingsKeys.all, sessionsKeys.all, currentUserKeys.all, childStatsKeys.all, myWaitlistKeys.all] as const;

/** Marks the booking-dependent reads stale and waits for the ones on screen to come back. */
export async function refreshAfterBookingChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(BOOKING_DEPENDENT_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
