/**
 * Issue 32, make-up credits (docs/product-rules.md "Absences, make-ups and closures"): which credit a booking beyond a
 * child's weekly limit uses. The database holds the same rule (src/server/db/functions/portal_usable_credit.sql; parity
 * test src/server/db/policies-parity.test.ts); the booking dialog uses this one to say 'uses a make-up credit'
 * before the parent presses Book, the server decides under the child's row lock.
 */
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE } from '../product';

/** The words of the booking dialog for a child whose booking would use a credit. */
export const USES_MAKEUP_CREDIT = 'uses a make-up credit';

/** A credit covers a session that starts before the credit's end (`expiresAt`: the first instant it no longer works). */
export const creditCovers = (expiresAt: Date | string, sessionStart: Date | string): boolean =>
  new Date(sessionStart).getTime() < new Date(expiresAt).getTime();

/**
 * The credit a booking of `sessionStart` would use when the child is at its weekly limit: the earliest-expiring
 * available credit that covers the session, or null. `expiries` are the child's available credits' ends.
 */
export function creditFor<T extends string | Date>(expiries: readonly T[], sessionStart: Date | string): T | null {
  let best: T | null = null;
  for (const expiry of expiries) {
    if (!creditCovers(expiry, sessionStart)) continue;
    if (best === null || new Date(expiry).getTime() < new Date(best).getTime()) best = expiry;
  }
  return best;
}

/** Whether a booking needs a credit: the child's week already holds its limit (the booking would be one beyond). */
export const needsCredit = (week: { used: number; limit: number }): boolean => week.used + 1 > week.limit;

/**
 * The last Toronto day a credit can be used on, as the family reads it ('Dec 31'): the day before its end (a credit
 * ends at a Toronto midnight), with the year when it is not `now`'s.
 */
export function creditLastDay(expiresAt: Date | string, now: Date | number = Date.now()): string {
  const lastDay = new TZDate(new Date(expiresAt).getTime() - 1, BUSINESS_TIME_ZONE);
  const sameYear = lastDay.getFullYear() === new TZDate(new Date(now).getTime(), BUSINESS_TIME_ZONE).getFullYear();
  return format(lastDay, sameYear ? 'MMM d' : 'MMM d, yyyy');
}

/** '1 make-up credit' / '2 make-up credits'. */
export const makeupCreditCount = (count: number): string => `${count} make-up ${count === 1 ? 'credit' : 'credits'}`;
