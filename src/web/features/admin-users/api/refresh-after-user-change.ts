import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ADMIN_RESERVATIONS_QUERY_KEY, ADMIN_STATS_QUERY_KEY, ADMIN_USERS_QUERY_KEY } from '../../../lib/admin-query-keys';
import { SESSION_QUERY_KEY } from '../../../lib/auth';

/** What each admin user action changes. */
export type UserChange = 'created' | 'updated' | 'role-changed' | 'deleted' | 'password-changed';

const KEYS: Record<UserChange, readonly QueryKey[]> = {
  // A new or removed account changes the list and the 'Total Parents' card; a deleted family's bookings
  // leave the reservations list.
  created: [ADMIN_USERS_QUERY_KEY, ADMIN_STATS_QUERY_KEY],
  deleted: [ADMIN_USERS_QUERY_KEY, ADMIN_STATS_QUERY_KEY, ADMIN_RESERVATIONS_QUERY_KEY],
  // Names (the parent's and the children's) are shown with each reservation.
  updated: [ADMIN_USERS_QUERY_KEY, ADMIN_RESERVATIONS_QUERY_KEY],
  // A parent made admin (or back) also changes 'Total Parents'.
  'role-changed': [ADMIN_USERS_QUERY_KEY, ADMIN_RESERVATIONS_QUERY_KEY, ADMIN_STATS_QUERY_KEY],
  // A password chosen by the office ends a pending invitation (the row's 'Invitation pending' note).
  'password-changed': [ADMIN_USERS_QUERY_KEY],
};

/**
 * Marks the reads the change affects stale and waits for the ones on screen to come back. `ownAccount`: the
 * signed-in admin changed their own account, so the session call (name in the header) is read again too.
 */
export async function refreshAfterUserChange(queryClient: QueryClient, change: UserChange, options: { ownAccount?: boolean } = {}): Promise<void> {
  const keys = options.ownAccount ? [...KEYS[change], SESSION_QUERY_KEY] : KEYS[change];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
