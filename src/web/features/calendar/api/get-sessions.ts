import { useQuery } from '@tanstack/react-query';
import { CALENDAR_FETCH_LIMIT } from '../../../../shared/rules/calendar-weeks';
import { sessionsQuery } from '../../../lib/sessions';

/** The calendar's read of GET /api/sessions (spec 7): a range, limit 1000, page 1, a class code only when filtered. */
export interface CalendarSessionsQuery {
  from: string;
  to: string;
  /** A class type code, or undefined for all classes. */
  classCode?: string | undefined;
}

export function useCalendarSessions({ from, to, classCode }: CalendarSessionsQuery) {
  return useQuery(sessionsQuery({ from, to, limit: CALENDAR_FETCH_LIMIT, page: 1, classCode }));
}
