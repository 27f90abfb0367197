/** The reads under test, with exactly the query parameters the web app sends (src/web). */
import { adminListRange } from '../../src/shared/rules/admin-range';
import { CALENDAR_FETCH_LIMIT, calendarFetchRange } from '../../src/shared/rules/calendar-weeks';

export interface RouteQuery {
  path: string;
  query: Record<string, string | number>;
}

export interface RouteQueries {
  /** The parent dashboard's two-week calendar (features/calendar/api/get-sessions.ts). */
  calendar: RouteQuery;
  /** The admin Sessions tab's first page (features/admin-sessions: 7 days back to 30 ahead, 25 a page). */
  adminSessions: RouteQuery;
  /** The admin Users tab's search (features/admin-users: page 1, 25 a page, the typed text). */
  adminUsers: RouteQuery & { search: string };
}

/** A path with a query string, as withSearchParams (src/web/lib/api.ts) builds it. */
function withParams(path: string, params: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) search.set(name, String(value));
  return `${path}?${search.toString()}`;
}

/** A child's and a parent's first name in the demo data and in the large data alike. */
export const USER_SEARCH = 'tobi';

export function routeQueries(now: Date): RouteQueries {
  const calendar = { ...calendarFetchRange(now), limit: CALENDAR_FETCH_LIMIT, page: 1 };
  const adminSessions = { ...adminListRange(now), limit: 25, page: 1 };
  const adminUsers = { page: 1, limit: 25, search: USER_SEARCH };
  return {
    calendar: { path: withParams('/api/sessions', calendar), query: calendar },
    adminSessions: { path: withParams('/api/sessions', adminSessions), query: adminSessions },
    adminUsers: { path: withParams('/api/admin/users', adminUsers), query: adminUsers, search: USER_SEARCH },
  };
}
