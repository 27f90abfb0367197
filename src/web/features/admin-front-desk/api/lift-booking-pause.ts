import { useMutation, useQueryClient } from '@tanstack/react-query';
import { familyKeys } from '../../../lib/admin-queries';
import { apiRequest } from '../../../lib/api';

/** POST /api/admin/users/:id/lift-booking-pause (issue 32): the no-show rule's pause lifted, with the office's note. */
export function useLiftBookingPause() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, Error, { userId: string; note: string }>({
    mutationFn: ({ userId, note }) => apiRequest<{ message: string }>('POST', `/api/admin/users/${encodeURIComponent(userId)}/lift-booking-pause`, { note }),
    // The family page shows the pause and the action recorded.
    onSuccess: async (_answer, { userId }) => queryClient.invalidateQueries({ queryKey: familyKeys.detail(userId) }),
  });
}
