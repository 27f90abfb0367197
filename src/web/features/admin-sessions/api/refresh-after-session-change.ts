import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { refreshAfterBookingChange } from '../../../lib/booking-cache';
import { ADMIN_RESERVATIONS_QUERY_KEY, ADMIN_STATS_QUERY_KEY, SESSIONS_QUERY_KEY } from '../../../lib/admin-query-keys';
import { MY_BOOKINGS_QUERY_KEY } from '../../../lib/my-bookings';


/** What each admin session action changes. */
export type SessionChange = 'created' | 'updated' | 'deleted' | 'cancelled';

const KEYS: Record<SessionChange, readonly QueryKey[]> = {
  // New or removed sessions: the lists (this table, parents' calendars) and the stat cards.
  created: [SESSIONS_QUERY_KEY, ADMIN_STATS_QUERY_KEY],
  deleted: [SESSIONS_QUERY_KEY, ADMIN_STATS_QUERY_KEY],
  // A moved session also moves the times shown with its bookings (reservations, a parent's own list).
  updated: [SESSIONS_QUERY_KEY, ADMIN_STATS_QUERY_KEY, ADMIN_RESERVATIONS_QUERY_KEY, MY_BOOKINGS_QUERY_KEY],
  // Cancelling also cancels the bookings: the reservations, plus every booking-dependent read of spec 7
  // (refreshAfterBookingChange, which includes ['/api/sessions'] and so is not listed twice here).
  cancelled: [ADMIN_STATS_QUERY_KEY, ADMIN_RESERVATIONS_QUERY_KEY],
};

/** Marks the reads the change affects stale and waits for the ones on screen to come back. */
export async function refreshAfterSessionChange(queryClient: QueryClient, change: SessionChange): Promise<void> {
  await Promise.all([
    ...KEYS[change].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ...(change === 'cancelled' ? [refreshAfterBookingChange(queryClient)] : []),
  ]);
}
