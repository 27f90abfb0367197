import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { bulkDeleteSessionsResponse } from '../../../../shared/schemas/sessions';
import { apiRequest } from '../../../lib/api';
import { refreshAfterSessionChange } from './refresh-after-session-change';

export type BulkDeleteSessionsResponse = z.infer<typeof bulkDeleteSessionsResponse>;

/** POST /api/admin/sessions/bulk-delete { sessionIds } → { deletedCount, skippedCount } (sessions with bookings are skipped). */
export function useBulkDeleteSessions() {
  const queryClient = useQueryClient();
  return useMutation<BulkDeleteSessionsResponse, Error, { sessionIds: string[] }>({
    mutationFn: (body) => apiRequest<BulkDeleteSessionsResponse>('POST', '/api/admin/sessions/bulk-delete', body),
    onSuccess: () => refreshAfterSessionChange(queryClient, 'deleted'),
  });
}
