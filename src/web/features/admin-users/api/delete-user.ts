import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiRequest } from '../../../lib/api';
import { refreshAfterUserChange } from './refresh-after-user-change';

/** DELETE /api/admin/users/:id → { message }; 409 while the family has upcoming bookings (the message says so). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation<MessageResponse, Error, { userId: string }>({
    mutationFn: ({ userId }) => apiRequest<MessageResponse>('DELETE', `/api/admin/users/${encodeURIComponent(userId)}`),
    onSuccess: () => refreshAfterUserChange(queryClient, 'deleted'),
  });
}
