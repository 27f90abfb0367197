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
    .max(40, `${field} must be an ISO date or date-time`)
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

/**
 * Both ends of a range when they are valid dates, else null. Zod still runs an object's refinements when a field
 * failed its own check (its raw text then stands in the field), so a range rule must not assume Dates.
 */
export function validRange(q: { from?: unknown; to?: unknown }): { from: Date; to: Date } | null {
  const { from, to } = q;
  return from instanceof Date && to instanceof Date && !Number.isNaN(from.getTime()) && !Number.isNaN(to.getTime()) ? { from, to } : null;
}

/** A query's from must not be after its to (a range with an invalid end is left to that end's own message). */
export const fromNotAfterTo = (q: { from?: Date | undefined; to?: Date | undefined }) => {
  const range = validRange(q);
  return !range || range.from.getTime() <= range.to.getTime();
};
