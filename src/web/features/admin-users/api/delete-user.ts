import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiRequest } from '../../../lib/api';
import { sessionsKeys } from '../../../lib/sessions';
import { refreshAfterUserChange } from './refresh-after-user-change';

/**
 * DELETE /api/admin/users/:id → { message }; 409 while the family has upcoming bookings (the message says so),
 * unless `cancelUpcomingBookings` (issue 19): they are cancelled first and the family gets one e-mail.
 */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation<MessageResponse, Error, { userId: string; cancelUpcomingBookings?: boolean }>({
    mutationFn: ({ userId, cancelUpcomingBookings }) =>
      apiRequest<MessageResponse>('DELETE', `/api/admin/users/${encodeURIComponent(userId)}${cancelUpcomingBookings ? '?cancelUpcomingBookings=true' : ''}`),
    onSuccess: (_, { cancelUpcomingBookings }) =>
      Promise.all([
        refreshAfterUserChange(queryClient, 'deleted'),
        cancelUpcomingBookings && queryClient.invalidateQueries({ queryKey: sessionsKeys.all }),
      ]),
  });
}
