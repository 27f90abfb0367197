import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeMakeupCreditDto } from '../../../../shared/schemas/makeup-credits';
import { familyKeys } from '../../../lib/admin-queries';
import { apiRequest } from '../../../lib/api';

const creditsPath = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}/makeup-credits`;

/**
 * The family page lists the credits and each child's week (the front desk's booking dialog says which booking uses
 * one): after a grant or a removal every read of the family is refreshed.
 */
function useRefreshFamily() {
  const queryClient = useQueryClient();
  return (userId: string) => queryClient.invalidateQueries({ queryKey: familyKeys.detail(userId) });
}

/** POST /api/admin/users/:id/makeup-credits (issue 32): one credit for a child of the family, with the office's note. */
export function useGrantMakeupCredit() {
  const refresh = useRefreshFamily();
  return useMutation<OfficeMakeupCreditDto, Error, { userId: string; childId: string; note: string }>({
    mutationFn: ({ userId, childId, note }) => apiRequest<OfficeMakeupCreditDto>('POST', creditsPath(userId), { childId, note }),
    onSuccess: async (_credit, { userId }) => refresh(userId),
  });
}

/** DELETE /api/admin/users/:id/makeup-credits/:creditId (issue 32), with the office's note; refused once a booking uses it. */
export function useRemoveMakeupCredit() {
  const refresh = useRefreshFamily();
  return useMutation<{ message: string }, Error, { userId: string; creditId: string; note: string }>({
    mutationFn: ({ userId, creditId, note }) =>
      apiRequest<{ message: string }>('DELETE', `${creditsPath(userId)}/${encodeURIComponent(creditId)}`, { note }),
    onSuccess: async (_answer, { userId }) => refresh(userId),
  });
}
