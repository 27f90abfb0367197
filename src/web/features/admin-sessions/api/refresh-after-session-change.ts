import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { refreshAfterBookingChange } from '../../../lib/booking-cache';
import { MY_BOOKINGS_QUERY_KEY } from '../../../lib/my-bookings';

/**
 * The reads an admin session change can make stale. Each key is owned by its own hook (the stats by
 * admin-dashboard, the reservations by admin-reservations); features cannot import each other, so the
 * prefixes are named here. Every key starts with its endpoint path, so a prefix matches all its variants.
 */
export const SESSIONS_QUERY_KEY = ['/api/sessions'] as const;
export const ADMIN_STATS_QUERY_KEY = ['/api/admin/stats'] as const;
export const ADMIN_RESERVATIONS_QUERY_KEY = ['/api/admin/reservations'] as const;

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
