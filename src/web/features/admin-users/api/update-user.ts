import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDto, AssignableRole } from '../../../../shared/schemas/admin-users';
import type { ChildChangeFields, SlotsOfChild } from '../../../../shared/schemas/children';
import type { PlanTier } from '../../../../shared/schemas/users';
import { apiRequest } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { refreshAfterUserChange } from './refresh-after-user-change';

/** The PATCH body: only the fields being changed. A child name set to null removes that child. */
export type UpdateUserPayload = ChildSlotChangeFields & {
  firstName?: string;
  lastName?: string;
  email?: string;
  role?: AssignableRole;
  planTier?: PlanTier;
  weeklyLimit?: number;
  /** false deactivates the account (it is signed out everywhere); true lets it sign in again. */
  isActive?: boolean;
};
/** The child slot fields (firstChildName … fourthChildSex), each optional: see writeChildren on the server. */
type ChildSlotChangeFields = SlotsOfChild<ChildChangeFields, never>;

/**
 * PATCH /api/admin/users/:id (partial) → the updated user. 409 when the e-mail is taken or a removed or renamed
 * child has upcoming bookings; 403 when an admin edits a super admin, changes an administrator's role or
 * switches one off, or anyone switches off their own account.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  const { user: signedIn } = useAuth();
  return useMutation<AdminUserDto, Error, { userId: string; body: UpdateUserPayload }>({
    mutationFn: ({ userId, body }) => apiRequest<AdminUserDto>('PATCH', `/api/admin/users/${encodeURIComponent(userId)}`, body),
    // A role or an Active switch changes 'Total Parents' (active accounts that are not administrators) too.
    onSuccess: (_updated, { userId, body }) =>
      refreshAfterUserChange(queryClient, body.role === undefined && body.isActive === undefined ? 'updated' : 'role-changed', {
        ownAccount: userId === signedIn?.id,
      }),
  });
}
