import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionDto, SessionFormInput } from '../../../../shared/schemas/sessions';
import { apiRequest } from '../../../lib/api';
import { refreshAfterSessionChange } from './refresh-after-session-change';

/**
 * PUT /api/admin/sessions/:id (the session form). 409 when the capacity is below the booked spots; moving a
 * booked session e-mails the families (server side).
 */
export function useUpdateSession() {
  const queryClient = useQueryClient();
  return useMutation<SessionDto, Error, { sessionId: string; body: SessionFormInput }>({
    mutationFn: ({ sessionId, body }) => apiRequest<SessionDto>('PUT', `/api/admin/sessions/${encodeURIComponent(sessionId)}`, body),
    onSuccess: () => refreshAfterSessionChange(queryClient, 'updated'),
  });
}
