import { HttpError } from '../../http-error';
import { USER_NOT_FOUND } from '../users/user-rules';
import { BOOKING_NOT_FOUND } from './lock-own-booking';

/**
 * Why the database refused a booking, a cancellation or a reschedule (the functions of migration 0008 answer
 * `{ refusal, …details }` and write nothing). Each becomes its HTTP status and the message the parent reads
 * (docs/product-rules.md, Bookings); the texts live here, once.
 */
export type BookingRefusal =
  | { refusal: 'session-not-found' }
  | { refusal: 'session-cancelled' }
  | { refusal: 'session-started' }
  | { refusal: 'outside-window' }
  | { refusal: 'not-your-children'; names: string[] }
  | { refusal: 'full' }
  | { refusal: 'spots'; available: number; requested: number }
  | { refusal: 'already-booked'; names: string[] }
  | { refusal: 'weekly-limit'; name: string; limit: number }
  | { refusal: 'booking-not-found' }
  | { refusal: 'already-cancelled' }
  | { refusal: 'cancel-started' }
  | { refusal: 'reschedule-not-confirmed' }
  | { refusal: 'reschedule-same-session' }
  | { refusal: 'reschedule-started' }
  | { refusal: 'family-not-found' };

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

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
          `${refused.name} has reached the weekly limit of ${refused.limit} ${plural(refused.limit, 'session', 'sessions')} for that week. To book anyway, tick "Override weekly limit" and add a note.`,
        );
      case 'family-not-found':
        return new HttpError(404, USER_NOT_FOUND);
      default:
        break;
    }
  }
  switch (refused.refusal) {
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
      return new HttpError(409, `${refused.names.join(' and ')} ${plural(refused.names.length, 'is', 'are')} already booked in this session`);
    case 'weekly-limit':
      return new HttpError(
        409,
        `${refused.name} has reached the weekly limit of ${refused.limit} ${plural(refused.limit, 'session', 'sessions')} for that week`,
      );
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
  }
}
