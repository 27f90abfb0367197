import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { CALENDAR_FETCH_LIMIT, calendarFetchRange, calendarWeek } from '../../shared/rules/calendar-weeks';
import { torontoDateKey } from '../../shared/rules/week';
import { currentUserQuery } from '../lib/auth';
import { childStatsQuery } from '../lib/child-stats';
import { classTypesQuery } from '../lib/class-types';
import { currentClosuresQuery } from '../lib/closures';
import { myBookingsQuery } from '../lib/my-bookings';
import { myWaitlistQuery } from '../lib/my-waitlist';
import { sessionsQuery } from '../lib/sessions';

/**
 * How long the first render waits for the first reads (below) at most. Past it, the app renders with its loading
 * states and each answer fills in its part as it arrives (a slow network); within it (the usual case, and always
 * under the splash) the first screen renders once, with its data.
 */
export const FIRST_READS_WAIT_MS = 1500;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each read has its own data type
type AnyRead = FetchQueryOptions<any, Error, any, any>;

/**
 * The reads of the parent dashboard's first screen, exactly as its parts ask for them (the same keys, so they find
 * them in the cache): the child cards' week, the class filter, the calendar's two weeks, the closures, the upcoming
 * bookings and the waitlists. A parity test (first-reads.test.tsx) renders the dashboard and compares.
 */
export function dashboardReads(now: Date): AnyRead[] {
  const range = calendarFetchRange(now);
  return [
    childStatsQuery(torontoDateKey(calendarWeek(now, 0).start)),
    classTypesQuery(),
    sessionsQuery({ ...range, limit: CALENDAR_FETCH_LIMIT, page: 1, classCode: undefined }),
    currentClosuresQuery,
    myBookingsQuery(),
    myWaitlistQuery(),
  ];
}

/** The reads a load of this address starts with, beside the session call: the dashboard's ('/' opens it when signed in). */
export function firstReadsOf(pathname: string, now: Date): AnyRead[] {
  return pathname === '/dashboard' || pathname === '/' ? dashboardReads(now) : [];
}

/**
 * Starts the session call and the first screen's reads, before React renders anything (issue 33: the
 * dashboard used to ask for its reads only once the session call had answered, and rendered again for each answer,
 * each a long task on a phone). Resolves once all have settled (failed ones included: each part shows its own error
 * and offers to try again). Without a signed-in user the screen's reads are dropped again: the login screen shows.
 */
export async function startFirstReads(client: QueryClient, pathname: string, now: Date, early: Promise<unknown> = Promise.resolve()): Promise<void> {
  const reads = firstReadsOf(pathname, now);
  const session = client.fetchQuery(currentUserQuery()).catch(() => null);
  // The screen's reads start beside the session call once `early` says so (the splash shows: nobody waits for the
  // screen, and its data should all be in when it goes); else after the session call, which then has the server to
  // itself (a reload shows the dashboard sooner so: issue 33's 1 s). '/' shows the login form to a visitor: its reads
  // wait for the session call there (no 401s for nothing).
  const signedIn = session.then((user) => Boolean(user));
  const start = pathname === '/' ? signedIn : Promise.race([early.then(() => true), signedIn]);
  const screen = start.then((go) => (go ? reads : []));
  const settled = screen.then((list) => Promise.allSettled(list.map((read) => client.prefetchQuery(read))));
  const [user] = await Promise.all([session, settled]);
  if (!user) for (const read of reads) client.removeQueries({ queryKey: read.queryKey, exact: true });
}

/** Settles when the promise does, or after `ms`, whichever is first; never rejects. */
export function settledOrAfter(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}
