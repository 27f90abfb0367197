import { z } from 'zod';
import { ATTENDANCE, CHILD_BOOKING_STATES } from '../rules/attendance';
import { childListedTwiceMessage, firstRepeatedChildName } from '../rules/child-name';
import { dateRangeQuery, fromNotAfterTo, isIsoDateOrInstant, isoInstant, validRange } from './dates';
import { hasNoControlCharacters, hasNoControlCharactersExceptLines, notAllowedCharacters } from './text';
import { MAX_CHILDREN } from './users';

export const NO_CHILDREN_SELECTED = 'Please select at least one child for this session.';

/**
 * Issue 32: how a child's place in a booking ended, when it did (booking_children.cancellation): cancelled before the
 * cut-off (EARLY: a make-up credit when credits are on), at or after it (LATE: none), or by a closure of the day
 * (CLOSURE: a credit when credits are on). Null on a row cancelled before issue 32 (it reads as 'cancelled').
 */
export const CHILD_CANCELLATIONS = ['EARLY', 'LATE', 'CLOSURE'] as const;
export type ChildCancellation = (typeof CHILD_CANCELLATIONS)[number];

const sessionId = (field: string) =>
  z.uuid({ error: `${field === 'sessionId' ? 'Session' : 'New session'} is required and must be a session id` });

export const createBookingBody = z.object({
  sessionId: sessionId('sessionId'),
  childNames: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Child names cannot be blank')
        .max(100, 'Child names cannot exceed 100 characters')
        .refine(hasNoControlCharacters, notAllowedCharacters('Child name')),
      { error: NO_CHILDREN_SELECTED },
    )
    .min(1, NO_CHILDREN_SELECTED)
    .max(MAX_CHILDREN, `At most ${MAX_CHILDREN} children can be booked at once`)
    // Issue 29: two spellings of one child (by the key the database finds children by: 'Mia' and 'MİA') are one child.
    .superRefine((names, ctx) => {
      const repeated = firstRepeatedChildName(names);
      if (repeated) ctx.addIssue({ code: 'custom', message: childListedTwiceMessage(repeated) });
    }),
});
export type CreateBookingBody = z.infer<typeof createBookingBody>;

/**
 * Issue 32, one child at a time: the children of a booking a cancellation or a move is for, as the booking holds them
 * (matched like a booking matches names). Absent, or naming every child the booking holds: the whole booking.
 */
export const bookingChildNames = createBookingBody.shape.childNames;

/** POST /api/bookings/:id/cancel: an optional body. */
export const cancelBookingBody = z.object({ childNames: bookingChildNames.optional() }).nullish();
export type CancelBookingBody = z.infer<typeof cancelBookingBody>;

export const rescheduleBookingBody = z.object({ newSessionId: sessionId('newSessionId'), childNames: bookingChildNames.optional() });
export type RescheduleBookingBody = z.infer<typeof rescheduleBookingBody>;

/** The office's note on what it did for a family (issue 19): kept with the action, never shown to the family. */
export const MAX_OFFICE_NOTE = 500;
export const NOTE_REQUIRED_FOR_OVERRIDE = 'Add a note saying why the weekly limit is overridden';
export const officeNote = z
  .string()
  .trim()
  .max(MAX_OFFICE_NOTE, `The note cannot exceed ${MAX_OFFICE_NOTE} characters`)
  .refine(hasNoControlCharactersExceptLines, notAllowedCharacters('Note'))
  .optional();
export const overrideNeedsNote = (body: { overrideWeeklyLimit?: boolean | undefined; note?: string | undefined }) =>
  !body.overrideWeeklyLimit || Boolean(body.note);

/** POST /api/admin/bookings: the office books children of a family (any future session; capacity never overridden). */
export const officeBookingBody = createBookingBody
  .extend({
    userId: z.uuid({ error: 'userId is required and must be a user id' }),
    note: officeNote,
    overrideWeeklyLimit: z.boolean().optional(),
  })
  .refine(overrideNeedsNote, { message: NOTE_REQUIRED_FOR_OVERRIDE, path: ['note'] });
export type OfficeBookingBody = z.infer<typeof officeBookingBody>;

/** POST /api/admin/bookings/:id/cancel. */
export const officeCancelBody = z.object({ note: officeNote, childNames: bookingChildNames.optional() }).nullish();
export type OfficeCancelBody = z.infer<typeof officeCancelBody>;

/** POST /api/admin/bookings/:id/reschedule. */
export const officeRescheduleBody = rescheduleBookingBody
  .extend({ note: officeNote, overrideWeeklyLimit: z.boolean().optional() })
  .refine(overrideNeedsNote, { message: NOTE_REQUIRED_FOR_OVERRIDE, path: ['note'] });
export type OfficeRescheduleBody = z.infer<typeof officeRescheduleBody>;

export const childStatsQuery = z.object({
  week: z
    .string()
    .trim()
    .max(40, 'week must be an ISO date (YYYY-MM-DD)')
    .refine(isIsoDateOrInstant, 'week must be an ISO date (YYYY-MM-DD)')
    .optional(),
});

/** CONFIRMED holds spots; CANCELLED does not (spec 4: any status other than CONFIRMED shows as pending to admins). */
export const BOOKING_STATUSES = ['CONFIRMED', 'CANCELLED'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Who made a booking: the family itself, the office for them (issue 19), or a promotion from the waitlist (issue 21). */
export const BOOKED_BY = ['FAMILY', 'OFFICE', 'WAITLIST'] as const;
export type BookedBy = (typeof BOOKED_BY)[number];

/** Spec 3, Booking. */
export const bookingDto = z.object({
  id: z.string(),
  reference: z.string(),
  sessionId: z.string(),
  session: z.object({
    startsAt: isoInstant,
    endsAt: isoInstant,
    location: z.string(),
    classType: z.object({ id: z.string(), code: z.string(), name: z.string(), description: z.string().nullable() }),
  }),
  /** The children the booking holds (a cancelled booking: those it held when it was cancelled), in its order. */
  childNames: z.array(z.string()),
  /**
   * Issue 32: every child the booking had, in its order, each with its state (rules/attendance.ts childBookingState):
   * a child cancelled alone stays listed here, 'cancelled' or 'late-cancellation', and leaves `childNames`.
   */
  childStates: z.array(z.object({ name: z.string(), state: z.enum(CHILD_BOOKING_STATES) })),
  status: z.enum(BOOKING_STATUSES),
  /** The iCalendar SEQUENCE of the booking's event: raised each time its time or place changes. */
  calendarSequence: z.number().int(),
  createdAt: isoInstant,
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  /** Issue 31: the guardian of the family who booked ("Booked by Sam"); null when the office booked, or for older bookings. */
  bookedByGuardian: z.string().nullable(),
});
export type BookingDto = z.infer<typeof bookingDto>;
export const bookingListResponse = z.array(bookingDto);

/**
 * A booking as the office sees it (issue 19): the family's account, who made it (the family or the office, and
 * which administrator) and the office's note, which the family never sees.
 */
export const adminBookingDto = bookingDto.extend({
  userId: z.string(),
  bookedBy: z.enum(BOOKED_BY),
  bookedByName: z.string().nullable(),
  note: z.string().nullable(),
});
export type AdminBookingDto = z.infer<typeof adminBookingDto>;
export const adminBookingListResponse = z.array(adminBookingDto);

/**
 * A row of the reservations report (issue 22): the office's booking with its attendance ('attended' / 'no-show'
 * once a confirmed booking's session has started, else null; rules/attendance.ts) and each booked child's
 * check-in time (null: not checked in), in the booking's order of `childNames`.
 */
export const reservationDto = adminBookingDto.extend({
  attendance: z.enum(ATTENDANCE).nullable(),
  children: z.array(z.object({ name: z.string(), checkedInAt: isoInstant.nullable() })),
});
export type ReservationDto = z.infer<typeof reservationDto>;
export const reservationListResponse = z.array(reservationDto);

export const childStat = z.object({
  name: z.string(),
  used: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
  /** Issue 32: the child's make-up credits available now (each lets it book one session beyond its weekly limit). */
  makeupCredits: z.number().int(),
  /** When each of those credits stops, earliest first (a session starting at or after it cannot use it). */
  makeupCreditExpiries: z.array(isoInstant),
});
export type ChildStat = z.infer<typeof childStat>;

export const childStatsResponse = z.object({ weekStart: isoInstant, children: z.array(childStat) });
export type ChildStatsResponse = z.infer<typeof childStatsResponse>;

/** GET /api/admin/reservations: bookings whose session starts in the range (Toronto days), optionally one class. */
export const MAX_RESERVATION_RANGE_DAYS = 400;
export const reservationsQuery = z
  .object({
    ...dateRangeQuery,
    classCode: z.string().trim().min(1).max(50).refine(hasNoControlCharacters, notAllowedCharacters('classCode')).optional(),
  })
  .refine(fromNotAfterTo, { message: 'from must not be after to', path: ['to'] })
  .refine((q) => {
    const range = validRange(q);
    return !range || range.to.getTime() - range.from.getTime() <= MAX_RESERVATION_RANGE_DAYS * 86_400_000;
  }, {
    message: `The date range cannot exceed ${MAX_RESERVATION_RANGE_DAYS} days`,
    path: ['to'],
  });
export type ReservationsQuery = z.input<typeof reservationsQuery>;
