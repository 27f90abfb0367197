import { z } from 'zod';
import { isoInstant } from './dates';
import { requiredName } from './text';

/**
 * Issue 32, closures (docs/product-rules.md "Absences, make-ups and closures"): Toronto days the business is closed
 * (a snow day, Family Day). Closing cancels every scheduled session of those days that has not started; closed days
 * refuse new sessions, and bulk creation skips them.
 */
export const MAX_CLOSURE_DAYS = 31;
export const MAX_CLOSURE_REASON = 100;

/** A real calendar date written YYYY-MM-DD (a Toronto day). */
export const isCalendarDate = (value: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
};

const calendarDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(10, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`);

/** Whole days from startDate to endDate, both counted (1 when equal); both are valid calendar dates. */
export function closureDayCount(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1;
}

/** POST /api/admin/closures (and its preview's query): the days, from start to end, and why. */
const closureDays = z.object({
  startDate: calendarDate('Start date'),
  endDate: calendarDate('End date'),
});
const daysInOrder = (days: { startDate: string; endDate: string }, ctx: z.RefinementCtx) => {
  if (!isCalendarDate(days.startDate) || !isCalendarDate(days.endDate)) return;
  const count = closureDayCount(days.startDate, days.endDate);
  if (count < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date cannot be before the start date' });
  else if (count > MAX_CLOSURE_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: `A closure can last at most ${MAX_CLOSURE_DAYS} days` });
};
export const closureDaysQuery = closureDays.superRefine(daysInOrder);
export const createClosureBody = closureDays.extend({ reason: requiredName('Reason', MAX_CLOSURE_REASON) }).superRefine(daysInOrder);
export type CreateClosureBody = z.infer<typeof createClosureBody>;

export const closureDto = z.object({
  id: z.string(),
  /** The first closed Toronto day (YYYY-MM-DD). */
  startDate: z.string(),
  /** The last closed Toronto day (YYYY-MM-DD; the start date for one day). */
  endDate: z.string(),
  reason: z.string(),
  createdAt: isoInstant,
});
export type ClosureDto = z.infer<typeof closureDto>;

/** The office's list also says who closed the days. */
export const adminClosureDto = closureDto.extend({ createdByName: z.string().nullable() });
export type AdminClosureDto = z.infer<typeof adminClosureDto>;

export const closureListResponse = z.object({ closures: z.array(closureDto) });
export const adminClosureListResponse = z.object({ closures: z.array(adminClosureDto) });

/** What closing the days would touch (GET /api/admin/closures/preview) and, once closed, what it touched. */
export const closureCounts = z.object({
  /** Scheduled sessions of those days that had not started: cancelled. */
  sessions: z.number().int(),
  /** Their confirmed bookings: cancelled. */
  bookings: z.number().int(),
  /** Families e-mailed: those with a booking or a waiting entry in them (one e-mail each). */
  families: z.number().int(),
  /** Waiting entries of those sessions: ended. */
  waitlistEntries: z.number().int(),
});
export type ClosureCounts = z.infer<typeof closureCounts>;

export const createClosureResponse = closureCounts.extend({
  closure: adminClosureDto,
  /** Make-up credits: given to the booked children (while credits are on) or given back (a place that had used one). */
  credits: z.number().int(),
});
export type CreateClosureResponse = z.infer<typeof createClosureResponse>;
