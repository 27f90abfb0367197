import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { adminStatsKeys, reservationsKeys } from '../../../lib/admin-queries';
import { currentUserKeys } from '../../../lib/auth';
import { adminUsersKeys } from './get-admin-users';

/** What each admin user action changes. */
export type UserChange = 'created' | 'updated' | 'role-changed' | 'deleted' | 'password-changed';

const KEYS: Record<UserChange, readonly QueryKey[]> = {
  // A new or removed account changes the list and the 'Total Parents' card; a deleted family's bookings
  // leave the reservations list.
  created: [adminUsersKeys.all, adminStatsKeys.all],
  deleted: [adminUsersKeys.all, adminStatsKeys.all, reservationsKeys.all],
  // Names (the parent's and the children's) are shown with each reservation.
  updated: [adminUsersKeys.all, reservationsKeys.all],
  // A parent made admin (or back) also changes 'Total Parents'.
  'role-changed': [adminUsersKeys.all, reservationsKeys.all, adminStatsKeys.all],
  // A password chosen by the office ends a pending invitation (the row's 'Invitation pending' note).
  'password-changed': [adminUsersKeys.all],
};

/**
 * Marks the reads the change affects stale and waits for the ones on screen to come back. `ownAccount`: the
 * signed-in admin changed their own account, so the session call (name in the header) is read again too.
 */
export async function refreshAfterUserChange(queryClient: QueryClient, change: UserChange, options: { ownAccount?: boolean } = {}): Promise<void> {
  const keys = options.ownAccount ? [...KEYS[change], currentUserKeys.all] : KEYS[change];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
