import { useQuery } from '@tanstack/react-query';
import { CALENDAR_FETCH_LIMIT } from '../../../../shared/rules/calendar-weeks';
import type { SessionsListResponse } from '../../../../shared/schemas/sessions';
import { apiRequest, withSearchParams } from '../../../lib/api';

/** The calendar's read of GET /api/sessions (spec 7): a range, limit 1000, page 1, a class code only when filtered. */
export interface CalendarSessionsQuery {
  from: string;
  to: string;
  /** A class type code, or undefined for all classes. */
  classCode?: string | undefined;
}

/** The key starts with the endpoint path, so invalidating ['/api/sessions'] refreshes every range and filter. */
export function calendarSessionsQueryKey({ from, to, classCode }: CalendarSessionsQuery) {
  return ['/api/sessions', { from, to, limit: CALENDAR_FETCH_LIMIT, page: 1, classCode }] as const;
}

export function useCalendarSessions(query: CalendarSessionsQuery) {
  return useQuery<SessionsListResponse, Error>({
    queryKey: calendarSessionsQueryKey(query),
    queryFn: ({ signal }) =>
      apiRequest<SessionsListResponse>(
        'GET',
        withSearchParams('/api/sessions', {
          from: query.from,
          to: query.to,
          limit: CALENDAR_FETCH_LIMIT,
          page: 1,
          classCode: query.classCode,
        }),
        undefined,
        { signal },
      ),
  });
}
