import { queryOptions } from '@tanstack/react-query';
import type { ChildStatsResponse } from '../../shared/schemas/bookings';
import { apiRequest, withSearchParams } from './api';

const CHILD_STATS_PATH = '/api/me/child-stats';

/**
 * GET /api/me/child-stats is read by the dashboard and refreshed after every booking change (lib/booking-cache.ts),
 * so its keys live here. `all` (the endpoint path) matches every week.
 */
export const childStatsKeys = {
  all: [CHILD_STATS_PATH] as const,
  week: (week: string) => [CHILD_STATS_PATH, { week }] as const,
};

/** GET /api/me/child-stats?week=YYYY-MM-DD: each child's confirmed sessions in that Toronto week. */
export function childStatsQuery(week: string) {
  return queryOptions<ChildStatsResponse, Error>({
    queryKey: childStatsKeys.week(week),
    queryFn: ({ signal }) => apiRequest<ChildStatsResponse>('GET', withSearchParams(CHILD_STATS_PATH, { week }), undefined, { signal }),
  });
}
