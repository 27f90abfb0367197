import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChildProfile, ChildProfileBody } from '../../../../shared/schemas/family';
import { apiRequest } from '../../../lib/api';
import { childProfilePath, refreshFamily, type FamilyScope } from './family-scope';

/**
 * PATCH …/children/:childId (childProfileBody) → the child's profile. A guardian changing a recorded date of birth or
 * sex is refused (403 CHILD_DETAIL_LOCKED); the office is not. The family is read again either way (a refusal may
 * mean someone else recorded it meanwhile).
 */
export function useSaveChildProfile(scope: FamilyScope) {
  const queryClient = useQueryClient();
  return useMutation<ChildProfile, Error, { childId: string; body: ChildProfileBody }>({
    mutationFn: ({ childId, body }) => apiRequest<ChildProfile>('PATCH', childProfilePath(scope, childId), body),
    onSettled: () => refreshFamily(queryClient, scope),
  });
}
