import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ActivityListResponse, ActivityPeopleResponse } from '../../../../shared/schemas/activity';
import { apiRequest, withSearchParams } from '../../../lib/api';

const ACTIVITY_PATH = '/api/admin/activity';

/** What the Activity tab filters by; '' is "any". Dates are Toronto days (YYYY-MM-DD). */
export interface ActivityFilter {
  personId: string;
  kind: string;
  familyId: string;
  sessionId: string;
  from: string;
  to: string;
}

export const NO_ACTIVITY_FILTER: ActivityFilter = { personId: '', kind: '', familyId: '', sessionId: '', from: '', to: '' };

const paramsOf = (filter: ActivityFilter) =>
  Object.fromEntries(Object.entries(filter).map(([name, value]) => [name, value === '' ? undefined : value])) as Record<string, string | undefined>;

export const activityKeys = {
  all: [ACTIVITY_PATH] as const,
  list: (filter: ActivityFilter) => [ACTIVITY_PATH, paramsOf(filter)] as const,
  people: [ACTIVITY_PATH, 'people'] as const,
};

/**
 * GET /api/admin/activity → { entries, nextCursor }, newest first, a page at a time ('Show more' asks for the next).
 * Staff change things all day, so the log is read again whenever the tab opens; a new filter keeps the old rows until it answers.
 */
export function useActivity(filter: ActivityFilter) {
  return useInfiniteQuery({
    queryKey: activityKeys.list(filter),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<ActivityListResponse>('GET', withSearchParams(ACTIVITY_PATH, { ...paramsOf(filter), cursor: pageParam }), undefined, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** GET /api/admin/activity/people: the staff members the log names, for the person filter. */
export function useActivityPeople() {
  return useQuery({
    queryKey: activityKeys.people,
    queryFn: ({ signal }) => apiRequest<ActivityPeopleResponse>('GET', `${ACTIVITY_PATH}/people`, undefined, { signal }),
    refetchOnMount: 'always',
  });
}

/** GET /api/admin/activity/export.csv with the same filter: the address of the download. */
export const activityExportUrl = (filter: ActivityFilter): string => withSearchParams(`${ACTIVITY_PATH}/export.csv`, paramsOf(filter));
