import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { adminStatsKeys, reservationsKeys } from '../../../lib/admin-queries';
import { refreshAfterBookingChange } from '../../../lib/booking-cache';
import { myBookingsKeys } from '../../../lib/my-bookings';
import { sessionsKeys } from '../../../lib/sessions';

/** What each admin session action changes. */
export type SessionChange = 'created' | 'updated' | 'deleted' | 'cancelled';

const KEYS: Record<SessionChange, readonly QueryKey[]> = {
  // New or removed sessions: the lists (this table, parents' calendars) and the stat cards.
  created: [sessionsKeys.all, adminStatsKeys.all],
  deleted: [sessionsKeys.all, adminStatsKeys.all],
  // A moved session also moves the times shown with its bookings (reservations, a parent's own list).
  updated: [sessionsKeys.all, adminStatsKeys.all, reservationsKeys.all, myBookingsKeys.all],
  // Cancelling also cancels the bookings: the reservations, plus every booking-dependent read of spec 7
  // (refreshAfterBookingChange, which includes the sessions and so is not listed twice here).
  cancelled: [adminStatsKeys.all, reservationsKeys.all],
};

/** Marks the reads the change affects stale and waits for the ones on screen to come back. */
export async function refreshAfterSessionChange(queryClient: QueryClient, change: SessionChange): Promise<void> {
  await Promise.all([
    ...KEYS[change].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ...(change === 'cancelled' ? [refreshAfterBookingChange(queryClient)] : []),
  ]);
}
