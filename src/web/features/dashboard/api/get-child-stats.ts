import { useQuery } from '@tanstack/react-query';
import type { ChildStatsResponse } from '../../../../shared/schemas/bookings';
import { apiRequest, withSearchParams } from '../../../lib/api';

/** GET /api/me/child-stats?week=YYYY-MM-DD: each child's confirmed sessions in that Toronto week. */
export function childStatsQueryKey(week: string) {
  return ['/api/me/child-stats', { week }] as const;
}

export function useChildStats(week: string, options: { enabled?: boolean } = {}) {
  return useQuery<ChildStatsResponse, Error>({
    queryKey: childStatsQueryKey(week),
    queryFn: ({ signal }) => apiRequest<ChildStatsResponse>('GET', withSearchParams('/api/me/child-stats', { week }), undefined, { signal }),
    enabled: options.enabled ?? true,
  });
}
