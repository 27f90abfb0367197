import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../shared/schemas/common';
import { apiRequest } from '../../../lib/api';
import { refreshAfterSessionChange } from './refresh-after-session-change';

/** DELETE /api/admin/sessions/:id → { message }; 409 when it has confirmed bookings (the message says how many). */
export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation<MessageResponse, Error, { sessionId: string }>({
    mutationFn: ({ sessionId }) => apiRequest<MessageResponse>('DELETE', `/api/admin/sessions/${encodeURIComponent(sessionId)}`),
    onSuccess: () => refreshAfterSessionChange(queryClient, 'deleted'),
  });
}
