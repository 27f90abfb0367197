import { z } from 'zod';
import type { ErrorCode } from '../../../shared/error-codes';
import { childListedTwiceMessage } from '../../../shared/rules/child-name';
import { ELIGIBILITY_DETAILS, ineligibleMessage, missingDetailsMessage, type MissingDetails } from '../../../shared/rules/eligibility';
import { HttpError } from '../../http-error';
import { SESSION_NOT_FOUND } from '../sessions/session-rules';
import { USER_NOT_FOUND } from '../users/user-rules';
import { BOOKING_NOT_FOUND } from './lock-own-booking';

/** A child the booking would take past their weekly limit, with what they have used of it that week. */
const overLimitFacts = z.object({ name: z.string(), limit: z.number().int(), used: z.number().int() });
export type OverLimit = z.infer<typeof overLimitFacts>;

const names = z.array(z.string());
const bare = <K extends string>(refusal: K) => z.object({ refusal: z.literal(refusal) });

/**
 * Why the database refused a booking, a cancellation, a reschedule or a waitlist change: the SQL functions
 * (src/server/db/functions) answer `{ refusal, …details }` and write nothing. Parsed at the boundary (db/rows-of.ts):
 * a refusal key this list does not know is an internal error, never a guess. A test reads the functions of a migrated
 * database and checks that every key they can answer is here (booking-refusals.test.ts).
 */
export const bookingRefusal = z.discriminatedUnion('refusal', [
  bare('session-not-found'),
  bare('session-cancelled'),
  bare('session-started'),
  bare('outside-window'),
  z.object({ refusal: z.literal('not-your-children'), names }),
  z.object({ refusal: z.literal('named-twice'), names }),
  z.object({ refusal: z.literal('checked-in'), names }),
  bare('full'),
  z.object({ refusal: z.literal('spots'), available: z.number().int(), requested: z.number().int() }),
  z.object({ refusal: z.literal('already-booked'), names, overLimit: z.array(overLimitFacts).optional() }),
  z.object({ refusal: z.literal('weekly-limit'), name: z.string(), limit: z.number().int(), overLimit: z.array(overLimitFacts).optional() }),
  bare('booking-not-found'),
  bare('already-cancelled'),
  bare('cancel-started'),
  bare('reschedule-not-confirmed'),
  bare('reschedule-same-session'),
  bare('reschedule-started'),
  bare('family-not-found'),
  z.object({ refusal: z.literal('not-full'), available: z.number().int() }),
  z.object({ refusal: z.literal('already-waiting'), names }),
  bare('waitlist-closed'),
  bare('waitlist-entry-not-found'),
  bare('waitlist-promoted'),
  bare('waitlist-not-waiting'),
  // Issue 32: a cancellation or a move naming children (portal_pick_booking_children).
  z.object({ refusal: z.literal('child-not-in-booking'), names }),
  z.object({ refusal: z.literal('child-already-cancelled'), names }),
  z.object({
    refusal: z.literal('ineligible'),
    children: z.array(
      z.discriminatedUnion('reason', [
        z.object({ name: z.string(), reason: z.literal('age'), age: z.number().int() }),
        z.object({ name: z.string(), reason: z.literal('girls-only') }),
      ]),
    ),
    classType: z.object({ name: z.string(), minAge: z.number().int().nullable(), maxAge: z.number().int().nullable(), girlsOnly: z.boolean() }),
  }),
  // Issue 31: children lacking a date of birth or sex the class needs (portal_details_missing).
  z.object({
    refusal: z.literal('details-missing'),
    children: z.array(z.object({ name: z.string(), fields: z.array(z.enum(ELIGIBILITY_DETAILS)).min(1) })),
    classType: z.object({ name: z.string(), minAge: z.number().int().nullable(), maxAge: z.number().int().nullable(), girlsOnly: z.boolean() }),
  }),
]);
export type BookingRefusal = z.infer<typeof bookingRefusal>;
export type RefusalKey = BookingRefusal['refusal'];

export const WAITLIST_ENTRY_NOT_FOUND = 'Waitlist entry not found';
export const WAITLIST_CLOSED_MESSAGE = 'The waitlist for this session has closed: it starts too soon for a spot to be offered';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** 'Ava', 'Ava and Leo', 'Ava, Leo and Mia'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Issue 29, item 3: a booking with a child checked in at the door is neither moved nor cancelled (the check-in is this
 * session's). The office can undo the check-in first; the family is sent to the office.
 */
export const checkedInMessage = (names: readonly string[], asker: Asker) =>
  asker === 'office'
    ? `${joinNames(names)} ${plural(names.length, 'was', 'were')} checked in at the door for this session; undo the check-in first.`
    : `${joinNames(names)} ${plural(names.length, 'was', 'were')} checked in at the door for this session, so this booking can no longer be changed or cancelled here. Please ask at the front desk.`;

const sessions = (count: number) => `${count} ${plural(count, 'session', 'sessions')}`;

/**
 * The children a booking cannot take, each named with the reason (issue 20): those already booked in the session,
 * then those at their weekly limit. One child at the limit keeps the single-child sentence.
 */
function childrenRefusedMessage(alreadyBooked: readonly string[], overLimit: readonly OverLimit[]): string {
  const parts: string[] = [];
  if (alreadyBooked.length) parts.push(`${joinNames(alreadyBooked)} ${plural(alreadyBooked.length, 'is', 'are')} already booked in this session`);
  const [only] = overLimit;
  if (overLimit.length === 1 && only) {
    parts.push(`${only.name} has reached the weekly limit of ${sessions(only.limit)} for that week`);
  } else if (overLimit.length > 1) {
    const each = overLimit.map((child) => `${child.name} (${child.used} of ${sessions(child.limit)})`);
    parts.push(`${joinNames(each)} have reached their weekly limits for that week`);
  }
  return parts.join(', and ');
}

/** The over-limit list of a refusal (older answers named only the first child). */
const overLimitOf = (refused: { overLimit?: OverLimit[] | undefined }, fallback: OverLimit[]): OverLimit[] =>
  refused.overLimit && refused.overLimit.length ? refused.overLimit : fallback;

/** Who asked: the family sees "your children"; the office is told about "this family" and how to override. */
export type Asker = 'family' | 'office';

/** One refusal: its status, its stable code (src/shared/error-codes.ts) and the message the parent (or the office) reads. */
interface RefusalRule<R extends BookingRefusal> {
  status: number;
  code: ErrorCode;
  message: (refused: R, asker: Asker) => string;
  /** Fields of the answer's body beside `{ message, code }`, for a client that acts on them. */
  details?: (refused: R) => Record<string, unknown>;
}

/** The 409's `missingDetails`: each child's name and the details to record (the dialogs ask for exactly these). */
const missingDetailsOf = (refused: { children: ReadonlyArray<{ name: string; fields: MissingDetails['fields'] }> }): MissingDetails[] =>
  refused.children.map((child) => ({ childName: child.name, fields: [...child.fields] }));

const notYourChildren = (names: readonly string[], asker: Asker) =>
  `${names.map((n) => `"${n}"`).join(', ')} ${
    asker === 'office'
      ? plural(names.length, 'is not a child of this family', 'are not children of this family')
      : plural(names.length, 'is not one of your children', 'are not your children')
  }`;

/**
 * Every refusal key the SQL functions answer, with its status, code and message (docs/product-rules.md, Bookings; the
 * codes in docs/api.md). The texts live here, once. The office reads "this family" and how to override a limit.
 */
export const BOOKING_REFUSALS = {
  'session-not-found': { status: 404, code: 'NOT_FOUND', message: () => SESSION_NOT_FOUND },
  'session-cancelled': { status: 409, code: 'SESSION_CANCELLED', message: () => 'This session has been cancelled' },
  'session-started': { status: 409, code: 'SESSION_STARTED', message: () => 'This session has already started and can no longer be booked' },
  'outside-window': { status: 409, code: 'OUTSIDE_WINDOW', message: () => 'Bookings are open for the current week and next week only' },
  'not-your-children': { status: 400, code: 'NOT_YOUR_CHILDREN', message: (refused, asker) => notYourChildren(refused.names, asker) },
  'named-twice': {
    status: 400,
    code: 'CHILD_NAMED_TWICE',
    message: (refused) => {
      const [first = '', second = first] = refused.names;
      return childListedTwiceMessage([first, second]);
    },
  },
  'checked-in': { status: 409, code: 'CHECKED_IN', message: (refused, asker) => checkedInMessage(refused.names, asker) },
  full: { status: 409, code: 'SESSION_FULL', message: () => 'This session is full' },
  spots: {
    status: 409,
    code: 'NOT_ENOUGH_SPOTS',
    message: (refused) =>
      `Only ${refused.available} ${plural(refused.available, 'spot is', 'spots are')} left in this session; you asked for ${refused.requested}`,
  },
  'already-booked': { status: 409, code: 'ALREADY_BOOKED', message: (refused) => childrenRefusedMessage(refused.names, refused.overLimit ?? []) },
  'weekly-limit': {
    status: 409,
    code: 'WEEKLY_LIMIT_REACHED',
    message: (refused, asker) => {
      const refusedChildren = childrenRefusedMessage([], overLimitOf(refused, [{ name: refused.name, limit: refused.limit, used: refused.limit }]));
      return asker === 'office' ? `${refusedChildren}. To book anyway, tick "Override weekly limit" and add a note.` : refusedChildren;
    },
  },
  'booking-not-found': { status: 404, code: 'NOT_FOUND', message: () => BOOKING_NOT_FOUND },
  'already-cancelled': { status: 409, code: 'ALREADY_CANCELLED', message: () => 'This booking is already cancelled' },
  'cancel-started': { status: 409, code: 'CANCEL_TOO_LATE', message: () => 'Only future bookings can be cancelled' },
  'reschedule-not-confirmed': { status: 409, code: 'RESCHEDULE_NOT_CONFIRMED', message: () => 'Only confirmed bookings can be rescheduled' },
  'reschedule-same-session': { status: 400, code: 'RESCHEDULE_SAME_SESSION', message: () => 'Choose a different session to reschedule to' },
  'reschedule-started': { status: 409, code: 'RESCHEDULE_TOO_LATE', message: () => 'Only future bookings can be rescheduled' },
  'family-not-found': { status: 404, code: 'NOT_FOUND', message: () => USER_NOT_FOUND },
  'not-full': {
    status: 409,
    code: 'SESSION_NOT_FULL',
    message: (refused) =>
      `This session still has ${refused.available} ${plural(refused.available, 'spot', 'spots')} free: book ${refused.available === 1 ? 'it' : 'them'} instead of joining the waitlist`,
  },
  'already-waiting': {
    status: 409,
    code: 'ALREADY_WAITING',
    message: (refused) => `${joinNames(refused.names)} ${plural(refused.names.length, 'is', 'are')} already on the waitlist for this session`,
  },
  'waitlist-closed': { status: 409, code: 'WAITLIST_CLOSED', message: () => WAITLIST_CLOSED_MESSAGE },
  'waitlist-entry-not-found': { status: 404, code: 'NOT_FOUND', message: () => WAITLIST_ENTRY_NOT_FOUND },
  'waitlist-promoted': {
    status: 409,
    code: 'WAITLIST_PROMOTED',
    message: () => 'This waitlist entry has already become a booking: cancel the booking instead',
  },
  'waitlist-not-waiting': { status: 409, code: 'WAITLIST_NOT_WAITING', message: () => 'This waitlist entry is no longer waiting' },
  'child-not-in-booking': {
    status: 400,
    code: 'CHILD_NOT_IN_BOOKING',
    message: (refused) =>
      `${refused.names.map((n) => `"${n}"`).join(', ')} ${plural(refused.names.length, 'is not a child of this booking', 'are not children of this booking')}`,
  },
  'child-already-cancelled': {
    status: 409,
    code: 'CHILD_ALREADY_CANCELLED',
    message: (refused) => `${joinNames(refused.names)}'s ${plural(refused.names.length, 'place in this booking is', 'places in this booking are')} already cancelled`,
  },
  // The same sentences the booking dialog shows beside a greyed child (src/shared/rules/eligibility.ts).
  ineligible: { status: 409, code: 'NOT_ELIGIBLE', message: (refused) => ineligibleMessage(refused.children, refused.classType) },
  // Issue 31: the booking dialogs ask for the details named in `missingDetails`, record them, and book again.
  'details-missing': {
    status: 409,
    code: 'ELIGIBILITY_DETAILS_MISSING',
    message: (refused) => missingDetailsMessage(missingDetailsOf(refused), refused.classType),
    details: (refused) => ({ missingDetails: missingDetailsOf(refused) }),
  },
} as const satisfies { [K in RefusalKey]: RefusalRule<Extract<BookingRefusal, { refusal: K }>> };

export function refusalError(refused: BookingRefusal, asker: Asker = 'family'): HttpError {
  // The table's type pairs each key with its own refusal's shape; `refused` is the one for its key.
  const rule = BOOKING_REFUSALS[refused.refusal] as unknown as RefusalRule<BookingRefusal>;
  return new HttpError(rule.status, rule.message(refused, asker), { code: rule.code, details: rule.details?.(refused) });
}
