import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkSessionInput, BulkSessionResponse } from '../../../../shared/schemas/sessions';
import { apiRequest } from '../../../lib/api';
import { refreshAfterSessionChange } from './refresh-after-session-change';

/**
 * POST /api/admin/sessions/bulk (the bulk form) → 201 { count, skippedClosedDays, sessionIds, firstStartsAt,
 * lastStartsAt }. Refused whole beyond 1000 sessions, for a pattern with no sessions, or when a session would start
 * in the past.
 */
export function useBulkCreateSessions() {
  const queryClient = useQueryClient();
  return useMutation<BulkSessionResponse, Error, BulkSessionInput>({
    mutationFn: (body) => apiRequest<BulkSessionResponse>('POST', '/api/admin/sessions/bulk', body),
    onSuccess: () => refreshAfterSessionChange(queryClient, 'created'),
  });
}
