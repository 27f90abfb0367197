import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedLink, CalendarFeedStatus } from '../../../shared/schemas/calendar-feed';
import { apiRequest } from '../../lib/api';

const CALENDAR_FEED_PATH = '/api/me/calendar-feed';

export const calendarFeedKeys = {
  all: [CALENDAR_FEED_PATH] as const,
};

/** GET /api/me/calendar-feed: whether the signed-in user's calendar feed is on, and since when. */
export function calendarFeedQuery() {
  return queryOptions<CalendarFeedStatus, Error>({
    queryKey: calendarFeedKeys.all,
    queryFn: ({ signal }) => apiRequest<CalendarFeedStatus>('GET', CALENDAR_FEED_PATH, undefined, { signal }),
  });
}

/** The feed's state, read fresh whenever the dialog opens (a reset on another device shows). */
export function useCalendarFeedStatus() {
  return useQuery({ ...calendarFeedQuery(), refetchOnMount: 'always' });
}

/**
 * POST /api/me/calendar-feed: a new link (Create link, Reset link). The answer holds the address, which the server
 * keeps only as a hash: the dialog shows it from this answer, and the status query learns only that it is on.
 */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation<CalendarFeedLink, Error, void>({
    mutationFn: () => apiRequest<CalendarFeedLink>('POST', CALENDAR_FEED_PATH),
    onSuccess: ({ createdAt }) => queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKeys.all, { active: true, createdAt }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.all }),
  });
}

/** DELETE /api/me/calendar-feed: turns the feed off; its address stops working at once. */
export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, void>({
    mutationFn: () => apiRequest('DELETE', CALENDAR_FEED_PATH),
    onSuccess: () => queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKeys.all, { active: false, createdAt: null }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.all }),
  });
}
