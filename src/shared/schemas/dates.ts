import { z } from 'zod';
import { endOfDay } from 'date-fns';
import { torontoMidnightOf } from '../rules/week';

/** An instant as the API writes it: an ISO 8601 UTC string. */
export const isoInstant = z.string();

/** A real calendar date (YYYY-MM-DD, a Toronto day) or an ISO date-time with its offset (an instant). */
export function isIsoDateOrInstant(value: string): boolean {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (date) {
    const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
    const probe = new Date(Date.UTC(year, month - 1, day));
    return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
  }
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) && !Number.isNaN(Date.parse(value));
}

/** An instant; a bare date means the start (from) or the end (to) of that Toronto day. */
const instant = (field: string, edge: 'start' | 'end') =>
  z
    .string()
    .trim()
    .refine(isIsoDateOrInstant, `${field} must be an ISO date or date-time`)
    .transform((value) => {
      if (value.length !== 10) return new Date(value);
      const midnight = torontoMidnightOf(value);
      return new Date((edge === 'start' ? midnight : endOfDay(midnight)).getTime());
    });

/** Shared by the parent calendar, the admin sessions table and the reservations report. */
export const dateRangeQuery = {
  from: instant('from', 'start').optional(),
  to: instant('to', 'end').optional(),
};

/** A query's from must not be after its to. */
export const fromNotAfterTo = (q: { from?: Date | undefined; to?: Date | undefined }) =>
  !q.from || !q.to || q.from.getTime() <= q.to.getTime();
