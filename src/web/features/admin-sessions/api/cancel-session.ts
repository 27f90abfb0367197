import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelSessionResponse } from '../../../../shared/schemas/sessions';
import { apiRequest } from '../../../lib/api';
import { refreshAfterSessionChange } from './refresh-after-session-change';

/**
 * POST /api/admin/sessions/:id/cancel: cancels the session and all its bookings, frees the spots and e-mails
 * each family → { session, cancelledBookings, notifiedFamilies }. 409 if it has started or is already cancelled.
 */
export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation<CancelSessionResponse, Error, { sessionId: string }>({
    mutationFn: ({ sessionId }) => apiRequest<CancelSessionResponse>('POST', `/api/admin/sessions/${encodeURIComponent(sessionId)}/cancel`),
    onSuccess: () => refreshAfterSessionChange(queryClient, 'cancelled'),
  });
}
