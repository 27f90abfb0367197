import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { addGuardianBody, Guardian } from '../../../../shared/schemas/family';
import { apiRequest } from '../../../lib/api';
import { guardiansPath, refreshFamily } from './family-scope';

export type AddGuardianInput = z.input<typeof addGuardianBody>;
export type AddGuardianBody = z.output<typeof addGuardianBody>;

/**
 * POST /api/admin/users/:id/guardians → 201 the guardian, e-mailed a set-password link. 409 EMAIL_TAKEN (any account
 * has that address) or TOO_MANY_GUARDIANS (the family has four).
 */
export function useAddGuardian(userId: string) {
  const queryClient = useQueryClient();
  return useMutation<Guardian, Error, AddGuardianBody>({
    mutationFn: (body) => apiRequest<Guardian>('POST', guardiansPath(userId), body),
    onSuccess: () => refreshFamily(queryClient, { by: 'office', userId }),
  });
}

/** DELETE /api/admin/users/:id/guardians/:guardianId: their sign-in ends at once. 409 LAST_GUARDIAN for the only one. */
export function useRemoveGuardian(userId: string) {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, { guardianId: string }>({
    mutationFn: ({ guardianId }) => apiRequest('DELETE', `${guardiansPath(userId)}/${encodeURIComponent(guardianId)}`),
    onSettled: () => refreshFamily(queryClient, { by: 'office', userId }),
  });
}
