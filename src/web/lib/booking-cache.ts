import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { currentUserKeys } from './auth';
import { childStatsKeys } from './child-stats';
import { myBookingsKeys } from './my-bookings';
import { myWaitlistKeys, useMyWaitlist } from './my-waitlist';
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

/**
 * Issue 21: a waiting entry that left the family's waitlist while nobody here changed anything (a refetch on focus
 * found it promoted by another family's cancellation, expired or removed by the office) means the calendar's spots,
 * the week's counts and the session call are out of date too: they are refreshed. The family's own writes refresh
 * everything themselves (the waitlist's refetch then lands while their mutation is still pending, and is skipped).
 */
export function useRefreshWhenWaitlistChanges(): void {
  const queryClient = useQueryClient();
  const { data } = useMyWaitlist();
  const previous = useRef<ReadonlySet<string> | null>(null);
  useEffect(() => {
    if (!data) return;
    const ids = new Set(data.map((entry) => entry.id));
    const before = previous.current;
    previous.current = ids;
    if (!before || queryClient.isMutating() > 0 || [...before].every((id) => ids.has(id))) return;
    for (const queryKey of [sessionsKeys.all, childStatsKeys.all, currentUserKeys.all]) void queryClient.invalidateQueries({ queryKey });
  }, [data, queryClient]);
}
