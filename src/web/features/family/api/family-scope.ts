import type { QueryClient } from '@tanstack/react-query';
import { familyKeys } from '../../../lib/admin-queries';
import { currentUserKeys } from '../../../lib/auth';
import { MY_FAMILY_PATH, myFamilyKeys } from '../../../lib/my-family';

/**
 * Who edits the family, and so which endpoints the shared screens call: a guardian their own family (/api/me/…,
 * a recorded date of birth or sex locked), or the office the family of the account it opened (/api/admin/users/:id/…,
 * no lock).
 */
export type FamilyScope = { by: 'guardian' } | { by: 'office'; userId: string };

// GET /api/me/family's path and key live in lib/my-family.ts (the booking dialog reads the family too).
export { MY_FAMILY_PATH, myFamilyKeys };
const ADMIN_USERS_PATH = '/api/admin/users';

const officeFamilyPath = (userId: string) => `${ADMIN_USERS_PATH}/${encodeURIComponent(userId)}`;

/** PATCH here: one child's profile. */
export function childProfilePath(scope: FamilyScope, childId: string): string {
  const base = scope.by === 'office' ? officeFamilyPath(scope.userId) : MY_FAMILY_PATH;
  return `${base}/children/${encodeURIComponent(childId)}`;
}

/** PUT here: the whole list of emergency contacts. */
export function emergencyContactsPath(scope: FamilyScope): string {
  return `${scope.by === 'office' ? officeFamilyPath(scope.userId) : MY_FAMILY_PATH}/emergency-contacts`;
}

/** POST here: a guardian the office adds; DELETE `/…/guardians/:guardianId` removes one. */
export const guardiansPath = (userId: string) => `${officeFamilyPath(userId)}/guardians`;

/**
 * What a change to the family makes stale. A guardian's: the Family page, and the session call (its children's date
 * of birth and sex decide which classes can be booked). The office's: the family page it is on (read again now), and
 * the users table (its children and accounts), marked stale for the next visit.
 */
export async function refreshFamily(queryClient: QueryClient, scope: FamilyScope): Promise<void> {
  if (scope.by === 'guardian') {
    await Promise.all([queryClient.invalidateQueries({ queryKey: myFamilyKeys.all }), queryClient.invalidateQueries({ queryKey: currentUserKeys.all })]);
    return;
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: familyKeys.detail(scope.userId) }),
    queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_PATH], refetchType: 'none' }),
  ]);
}
