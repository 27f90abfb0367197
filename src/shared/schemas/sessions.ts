import { z } from 'zod';
import { BOOKED_BY } from './bookings';
import { adminWaitlistEntryDto } from './waitlist';
import { classTypeDto } from './classes';
import { errorResponse, isoInstant, torontoDateTime } from './common';
import { dateRangeQuery, fromNotAfterTo, isIsoDateOrInstant } from './dates';
import { doorChildFlag, doorGuardianDto } from './door';
import { capacity, DEFAULT_CAPACITY, DEFAULT_LOCATION, location } from './session-fields';
import { hasNoControlCharacters, notAllowedCharacters } from './text';

export { classTypeDto, type ClassTypeDto } from './classes';
export { DEFAULT_CAPACITY, DEFAULT_LOCATION, MAX_CAPACITY, MIN_CAPACITY } from './session-fields';

/** Spec 9 / 7: the calendar asks for up to 1000 sessions at once. */
export const MAX_SESSIONS_PAGE_SIZE = 1000;

/** A session (or a bulk series' sessions) may last at most this long. */
export const MAX_SESSION_HOURS = 12;

/** A session is SCHEDULED until the office cancels it; cancelled sessions stay visible to admins only. */
export const SESSION_STATUSES = ['SCHEDULED', 'CANCELLED'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const listSessionsQuery = z
  .object({
    ...dateRangeQuery,
    limit: z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(MAX_SESSIONS_PAGE_SIZE, `limit cannot exceed ${MAX_SESSIONS_PAGE_SIZE}`)
      .default(100),
    page: z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1),
    classCode: z.string().trim().min(1).max(50).refine(hasNoControlCharacters, notAllowedCharacters('classCode')).optional(),
    classTypeId: z.uuid({ error: 'classTypeId must be a class type id' }).optional(),
  })
  .refine(fromNotAfterTo, { message: 'from must not be after to', path: ['to'] });
export type ListSessionsQuery = z.input<typeof listSessionsQuery>;

/** Spec 3, Session (plus its status). */
export const sessionDto = z.object({
  id: z.string(),
  startsAt: isoInstant,
  endsAt: isoInstant,
  capacity: z.number().int(),
  location: z.string(),
  bookedCount: z.number().int(),
  availableSpots: z.number().int(),
  /** Children waiting for a spot (issue 21): entries still WAITING, each child counted. */
  waitlistCount: z.number().int(),
  status: z.enum(SESSION_STATUSES),
  classType: classTypeDto,
});
export type SessionDto = z.infer<typeof sessionDto>;

export const sessionsListResponse = z.object({
  sessions: z.array(sessionDto),
  total: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SessionsListResponse = z.infer<typeof sessionsListResponse>;

const classTypeId = z
  .string({ error: 'Class type is required' })
  .trim()
  .min(1, 'Class type is required')
  .max(100, 'Class type must be a class type id')
  .refine(hasNoControlCharacters, notAllowedCharacters('Class type'));

const bothParsed = (form: { startsAt: unknown; endsAt: unknown }) => form.startsAt instanceof Date && form.endsAt instanceof Date;

/**
 * Spec 5, session form (create and edit). Date-times are Toronto wall-clock times ('YYYY-MM-DDTHH:mm') or
 * ISO instants with an offset.
 */
export const sessionFormBody = z
  .object({
    classTypeId,
    startsAt: torontoDateTime('Start date and time is required'),
    endsAt: torontoDateTime('End date and time is required'),
    capacity: capacity.default(DEFAULT_CAPACITY),
    location: location.default(DEFAULT_LOCATION),
  })
  // A field that failed its own checks is still a string here (zod runs object refinements after non-fatal
  // field issues), so the order checks only compare two parsed times.
  .refine((form) => !bothParsed(form) || form.endsAt.getTime() > form.startsAt.getTime(), {
    message: 'End time must be after the start time',
    path: ['endsAt'],
  })
  .refine((form) => !bothParsed(form) || form.endsAt.getTime() - form.startsAt.getTime() <= MAX_SESSION_HOURS * 3_600_000, {
    message: `A session cannot last longer than ${MAX_SESSION_HOURS} hours`,
    path: ['endsAt'],
  });
export type SessionFormInput = z.input<typeof sessionFormBody>;
export type SessionFormBody = z.output<typeof sessionFormBody>;

/**
 * POST /api/admin/sessions: the session form, plus the office's confirmation that it means to add a second
 * session of the same class at the same start and place as one that already exists (without it such a
 * create is answered 409 with the existing session's id).
 */
export const createSessionBody = sessionFormBody.safeExtend({
  confirmDuplicate: z.boolean({ error: 'confirmDuplicate must be true or false' }).optional(),
});
export type CreateSessionInput = z.input<typeof createSessionBody>;
export type CreateSessionBody = z.output<typeof createSessionBody>;

/** The 409 of a session create: the message, and the id of the identical session when that is the reason. */
export const createSessionConflict = errorResponse.extend({
  duplicateOf: z.string().optional(),
});
export type CreateSessionConflict = z.infer<typeof createSessionConflict>;

/**
 * PUT /api/admin/sessions/:id: the session form, plus the office's confirmation that the move may put booked
 * children over their weekly limit in the new Toronto week (without it such a move is answered 409).
 */
export const updateSessionBody = sessionFormBody.safeExtend({
  confirmWeeklyLimits: z.boolean({ error: 'confirmWeeklyLimits must be true or false' }).optional(),
});
export type UpdateSessionInput = z.input<typeof updateSessionBody>;
export type UpdateSessionBody = z.output<typeof updateSessionBody>;

/** A booked child the move would put over their weekly limit: `bookedThatWeek` spots already in the new week. */
export const weeklyLimitConflict = z.object({
  childName: z.string(),
  parentName: z.string(),
  weeklyLimit: z.number().int(),
  bookedThatWeek: z.number().int(),
});
export type WeeklyLimitConflict = z.infer<typeof weeklyLimitConflict>;

/** The 409 of a session edit: the message, and the children over their limit when that is the reason. */
export const updateSessionConflict = errorResponse.extend({
  weeklyLimitConflicts: z.array(weeklyLimitConflict).optional(),
});
export type UpdateSessionConflict = z.infer<typeof updateSessionConflict>;

/** Spec 5, bulk session form. Patterns: every day, chosen weekdays (0 = Sunday … 6 = Saturday), chosen dates. */
export const BULK_PATTERNS = ['daily', 'weekly', 'specific-days'] as const;
export type BulkPattern = (typeof BULK_PATTERNS)[number];
/** At most this many sessions are created by one bulk request. */
export const MAX_BULK_SESSIONS = 1000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const calendarDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(40, 'Enter a valid date (YYYY-MM-DD)')
    .refine((value) => DATE.test(value) && isIsoDateOrInstant(value), 'Enter a valid date (YYYY-MM-DD)');
/** Minutes since midnight of an 'HH:mm' time. */
const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clockTime = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(10, 'Enter a valid time (HH:MM)').regex(TIME, 'Enter a valid time (HH:MM)');

/** At most this many slots in one weekly series (three a day). */
export const MAX_BULK_SLOTS = 21;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const dayOfWeek = z
  .number({ error: 'Days of the week are 0 (Sunday) to 6 (Saturday)' })
  .int('Days of the week are 0 (Sunday) to 6 (Saturday)')
  .min(0, 'Days of the week are 0 (Sunday) to 6 (Saturday)')
  .max(6, 'Days of the week are 0 (Sunday) to 6 (Saturday)');

const timesInOrder = <T extends { startTime?: string; endTime?: string }>(times: T) =>
  times.startTime === undefined || times.endTime === undefined || times.endTime > times.startTime;
const notTooLong = <T extends { startTime?: string; endTime?: string }>(times: T) =>
  !TIME.test(times.startTime ?? '') ||
  !TIME.test(times.endTime ?? '') ||
  minutesOfDay(times.endTime!) - minutesOfDay(times.startTime!) <= MAX_SESSION_HOURS * 60;
const tooLong = `A session cannot last longer than ${MAX_SESSION_HOURS} hours`;

/** Issue 33: one weekday's sessions of a weekly series, with their own times. */
export const bulkSlot = z
  .object({
    dayOfWeek,
    startTime: clockTime('Start time is required'),
    endTime: clockTime('End time is required'),
  })
  .refine(timesInOrder, { message: 'End time must be after the start time', path: ['endTime'] })
  .refine(notTooLong, { message: tooLong, path: ['endTime'] });
export type BulkSlotInput = z.input<typeof bulkSlot>;

/**
 * Spec 5's bulk form. Issue 33 adds `slots`, the weekly pattern's alternative to one start and end time on every
 * chosen day: each slot is a weekday with its own times (a day may have several that do not overlap). With slots,
 * startTime, endTime and daysOfWeek are left out; without them the spec's body works as before. Capacity and
 * location left out are the class type's defaults (the service reads them).
 */
export const bulkSessionBody = z
  .object({
    classTypeId,
    startDate: calendarDate('Start date is required'),
    endDate: calendarDate('End date is required'),
    startTime: clockTime('Start time is required').optional(),
    endTime: clockTime('End time is required').optional(),
    location: location.optional(),
    capacity: capacity.optional(),
    pattern: z.enum(BULK_PATTERNS, { error: 'Pattern is required' }),
    daysOfWeek: z.array(dayOfWeek).max(7).default([]),
    specificDates: z.array(calendarDate('Dates cannot be blank')).max(MAX_BULK_SESSIONS).default([]),
    slots: z
      .array(bulkSlot, { error: 'slots must be a list of { dayOfWeek, startTime, endTime }' })
      .min(1, 'Add at least one day with its times')
      .max(MAX_BULK_SLOTS, `At most ${MAX_BULK_SLOTS} slots can be scheduled at once`)
      .optional(),
  })
  .superRefine((form, ctx) => {
    if (form.slots) {
      if (form.pattern !== 'weekly') ctx.addIssue({ code: 'custom', path: ['slots'], message: 'Slots are for the weekly pattern' });
      if (form.startTime !== undefined || form.endTime !== undefined || form.daysOfWeek.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['slots'],
          message: 'With slots, leave out startTime, endTime and daysOfWeek: each slot has its own day and times',
        });
      }
      overlappingSlot(form.slots, ctx);
      return;
    }
    // The spec's body: one start and end time, required (the same words as when they are blank).
    if (form.startTime === undefined) ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'Start time is required' });
    if (form.endTime === undefined) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time is required' });
    if (!timesInOrder(form)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after the start time' });
    if (!notTooLong(form)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: tooLong });
    if (form.pattern === 'weekly' && !form.daysOfWeek.length) {
      ctx.addIssue({ code: 'custom', path: ['daysOfWeek'], message: 'Choose at least one day of the week' });
    }
  })
  .refine((form) => form.endDate >= form.startDate, { message: 'End date cannot be before the start date', path: ['endDate'] })
  .refine((form) => form.pattern !== 'specific-days' || form.specificDates.length > 0, {
    message: 'Choose at least one date',
    path: ['specificDates'],
  })
  .refine(
    (form) => form.pattern !== 'specific-days' || form.specificDates.every((d) => d >= form.startDate && d <= form.endDate),
    { message: 'Every chosen date must fall between the start and end dates', path: ['specificDates'] },
  );

/** Two slots of one weekday whose times overlap (the same start included) would make one class twice at once. */
function overlappingSlot(slots: readonly z.output<typeof bulkSlot>[], ctx: z.RefinementCtx) {
  for (const [i, slot] of slots.entries()) {
    const day = WEEKDAY_NAMES[slot.dayOfWeek];
    const earlier = slots.slice(0, i).find((other) => other.dayOfWeek === slot.dayOfWeek && other.startTime < slot.endTime && slot.startTime < other.endTime);
    if (day && earlier) {
      ctx.addIssue({
        code: 'custom',
        path: ['slots', i, 'startTime'],
        message: `${day}'s ${slot.startTime} - ${slot.endTime} overlaps its ${earlier.startTime} - ${earlier.endTime}`,
      });
    }
  }
}
export type BulkSessionInput = z.input<typeof bulkSessionBody>;
export type BulkSessionBody = z.output<typeof bulkSessionBody>;

/**
 * The sessions created, and (issue 32) how many of the pattern fell on closed days and were skipped; issue 33: the
 * new sessions' ids in start order and the first and last one's start, so the office can be shown them.
 */
export const bulkSessionResponse = z.object({
  count: z.number().int(),
  skippedClosedDays: z.number().int(),
  sessionIds: z.array(z.string()),
  firstStartsAt: isoInstant,
  lastStartsAt: isoInstant,
});
export type BulkSessionResponse = z.infer<typeof bulkSessionResponse>;

export const bulkDeleteSessionsBody = z.object({
  sessionIds: z
    .array(z.string().max(100), { error: 'sessionIds must be a list of session ids' })
    .min(1, 'Select at least one session')
    .max(MAX_BULK_SESSIONS, `At most ${MAX_BULK_SESSIONS} sessions can be deleted at once`),
});
export const bulkDeleteSessionsResponse = z.object({ deletedCount: z.number().int(), skippedCount: z.number().int() });

/** POST /api/admin/sessions/:id/cancel */
export const cancelSessionResponse = z.object({
  session: sessionDto,
  cancelledBookings: z.number().int(),
  notifiedFamilies: z.number().int(),
});
export type CancelSessionResponse = z.infer<typeof cancelSessionResponse>;

/** GET /api/admin/sessions/:id/roster (issue 19): who is coming, one row per booked child, by child name. */
export const rosterEntry = z.object({
  childName: z.string(),
  familyName: z.string(),
  email: z.string(),
  bookingId: z.string(),
  /** NB- reference of the booking. */
  reference: z.string(),
  bookedBy: z.enum(BOOKED_BY),
  /** The child (issue 22: the door's check-in names it with the booking). */
  childId: z.string(),
  /** Present at the door since (issue 22), and who checked the child in; null until then. */
  checkedInAt: isoInstant.nullable(),
  checkedInBy: z.string().nullable(),
  /** Issue 31: the child's 'needs attention' flag, and its notes only when flagged (docs/privacy.md, "Who sees it"). */
  ...doorChildFlag,
  /** Issue 31: the family's guardians (live accounts), first added first, with their phones. */
  guardians: z.array(doorGuardianDto),
});
export type RosterEntry = z.infer<typeof rosterEntry>;
/** The roster with the session's waitlist in order (issue 21): the first entry is promoted first. */
export const rosterResponse = z.object({ session: sessionDto, children: z.array(rosterEntry), waitlist: z.array(adminWaitlistEntryDto) });
export type RosterResponse = z.infer<typeof rosterResponse>;
