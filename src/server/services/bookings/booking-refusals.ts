import { childListedTwiceMessage } from '../../../shared/rules/child-name';
import { type EligibilityClass, type Ineligibility, ineligibleMessage } from '../../../shared/rules/eligibility';
import { HttpError } from '../../http-error';
import { USER_NOT_FOUND } from '../users/user-rules';
import { BOOKING_NOT_FOUND } from './lock-own-booking';

/**
 * Why the database refused a booking, a cancellation or a reschedule (the functions in src/server/db/functions answer
 * `{ refusal, …details }` and write nothing). Each becomes its HTTP status and the message the parent reads
 * (docs/product-rules.md, Bookings); the texts live here, once.
 */
export type BookingRefusal =
  | { refusal: 'session-not-found' }
  | { refusal: 'session-cancelled' }
  | { refusal: 'session-started' }
  | { refusal: 'outside-window' }
  | { refusal: 'not-your-children'; names: string[] }
  | { refusal: 'named-twice'; names: string[] }
  | { refusal: 'checked-in'; names: string[] }
  | { refusal: 'full' }
  | { refusal: 'spots'; available: number; requested: number }
  | { refusal: 'already-booked'; names: string[]; overLimit?: OverLimit[] }
  | { refusal: 'weekly-limit'; name: string; limit: number; overLimit?: OverLimit[] }
  | { refusal: 'booking-not-found' }
  | { refusal: 'already-cancelled' }
  | { refusal: 'cancel-started' }
  | { refusal: 'reschedule-not-confirmed' }
  | { refusal: 'reschedule-same-session' }
  | { refusal: 'reschedule-started' }
  | { refusal: 'family-not-found' }
  | { refusal: 'not-full'; available: number }
  | { refusal: 'already-waiting'; names: string[] }
  | { refusal: 'waitlist-closed' }
  | { refusal: 'waitlist-entry-not-found' }
  | { refusal: 'waitlist-promoted' }
  | { refusal: 'waitlist-not-waiting' }
  | { refusal: 'ineligible'; children: Array<{ name: string } & Ineligibility>; classType: EligibilityClass };

/** A child the booking would take past their weekly limit, with what they have used of it that week. */
export interface OverLimit {
  name: string;
  limit: number;
  used: number;
}

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

export function refusalError(refused: BookingRefusal, asker: Asker = 'family'): HttpError {
  if (asker === 'office') {
    switch (refused.refusal) {
      case 'not-your-children':
        return new HttpError(
          400,
          `${refused.names.map((n) => `"${n}"`).join(', ')} ${plural(refused.names.length, 'is not a child of this family', 'are not children of this family')}`,
        );
      case 'weekly-limit':
        return new HttpError(
          409,
          `${childrenRefusedMessage([], overLimitOf(refused, [{ name: refused.name, limit: refused.limit, used: refused.limit }]))}. To book anyway, tick "Override weekly limit" and add a note.`,
        );
      case 'family-not-found':
        return new HttpError(404, USER_NOT_FOUND);
      default:
        break;
    }
  }
  switch (refused.refusal) {
    case 'checked-in':
      return new HttpError(409, checkedInMessage(refused.names, asker));
    case 'named-twice': {
      const [first = '', second = first] = refused.names;
      return new HttpError(400, childListedTwiceMessage([first, second]));
    }
    case 'ineligible':
      // The same sentences the booking dialog shows beside a greyed child (src/shared/rules/eligibility.ts).
      return new HttpError(409, ineligibleMessage(refused.children, refused.classType));
    case 'session-not-found':
      return new HttpError(404, 'Session not found');
    case 'session-cancelled':
      return new HttpError(409, 'This session has been cancelled');
    case 'session-started':
      return new HttpError(409, 'This session has already started and can no longer be booked');
    case 'outside-window':
      return new HttpError(409, 'Bookings are open for the current week and next week only');
    case 'not-your-children':
      return new HttpError(
        400,
        `${refused.names.map((n) => `"${n}"`).join(', ')} ${plural(refused.names.length, 'is not one of your children', 'are not your children')}`,
      );
    case 'full':
      return new HttpError(409, 'This session is full');
    case 'spots':
      return new HttpError(
        409,
        `Only ${refused.available} ${plural(refused.available, 'spot is', 'spots are')} left in this session; you asked for ${refused.requested}`,
      );
    case 'already-booked':
      return new HttpError(409, childrenRefusedMessage(refused.names, refused.overLimit ?? []));
    case 'weekly-limit':
      return new HttpError(409, childrenRefusedMessage([], overLimitOf(refused, [{ name: refused.name, limit: refused.limit, used: refused.limit }])));
    case 'booking-not-found':
      return new HttpError(404, BOOKING_NOT_FOUND);
    case 'already-cancelled':
      return new HttpError(409, 'This booking is already cancelled');
    case 'cancel-started':
      return new HttpError(409, 'Only future bookings can be cancelled');
    case 'reschedule-not-confirmed':
      return new HttpError(409, 'Only confirmed bookings can be rescheduled');
    case 'reschedule-same-session':
      return new HttpError(400, 'Choose a different session to reschedule to');
    case 'reschedule-started':
      return new HttpError(409, 'Only future bookings can be rescheduled');
    case 'family-not-found':
      return new HttpError(404, USER_NOT_FOUND);
    case 'not-full':
      return new HttpError(
        409,
        `This session still has ${refused.available} ${plural(refused.available, 'spot', 'spots')} free: book ${refused.available === 1 ? 'it' : 'them'} instead of joining the waitlist`,
      );
    case 'already-waiting':
      return new HttpError(409, `${joinNames(refused.names)} ${plural(refused.names.length, 'is', 'are')} already on the waitlist for this session`);
    case 'waitlist-closed':
      return new HttpError(409, WAITLIST_CLOSED_MESSAGE);
    case 'waitlist-entry-not-found':
      return new HttpError(404, WAITLIST_ENTRY_NOT_FOUND);
    case 'waitlist-promoted':
      return new HttpError(409, 'This waitlist entry has already become a booking: cancel the booking instead');
    case 'waitlist-not-waiting':
      return new HttpError(409, 'This waitlist entry is no longer waiting');
  }
}
