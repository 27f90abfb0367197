import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClosureCounts, CreateClosureBody, CreateClosureResponse } from '../../../../shared/schemas/closures';
import { apiRequest, withSearchParams } from '../../../lib/api';
import { closuresKeys } from '../../../lib/closures';
import { refreshAfterSessionChange } from './refresh-after-session-change';

export type ClosurePreview = ClosureCounts & { overlaps: string | null };

/** GET /api/admin/closures/preview: what closing those days would cancel (only once both dates are filled in). */
export function useClosurePreview(days: { startDate: string; endDate: string } | null) {
  return useQuery<ClosurePreview, Error>({
    queryKey: ['/api/admin/closures/preview', days],
    queryFn: ({ signal }) => apiRequest<ClosurePreview>('GET', withSearchParams('/api/admin/closures/preview', { ...days! }), undefined, { signal }),
    enabled: days !== null,
  });
}

/**
 * POST /api/admin/closures → 201 { closure, sessions, bookings, families, waitlistEntries, credits }. 409
 * CLOSURE_OVERLAP, 400 CLOSURE_IN_PAST.
 */
export function useCloseDays() {
  const queryClient = useQueryClient();
  return useMutation<CreateClosureResponse, Error, CreateClosureBody>({
    mutationFn: (body) => apiRequest<CreateClosureResponse>('POST', '/api/admin/closures', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: closuresKeys.current }),
        queryClient.invalidateQueries({ queryKey: closuresKeys.admin }),
        refreshAfterSessionChange(queryClient, 'cancelled'),
      ]),
  });
}

/** DELETE /api/admin/closures/:id: the days are open again (the cancelled sessions stay cancelled). */
export function useReopenClosure() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, Error, { id: string }>({
    mutationFn: ({ id }) => apiRequest<{ message: string }>('DELETE', `/api/admin/closures/${encodeURIComponent(id)}`),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: closuresKeys.current }), queryClient.invalidateQueries({ queryKey: closuresKeys.admin })]),
  });
}
