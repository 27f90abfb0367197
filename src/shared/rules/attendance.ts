/**
 * Issue 22, attendance: what the office's reports say about a booking once its session has started. Check-ins
 * are stored per child of a booking (booking_children.checked_in_at); this file only reads them.
 */
import type { BookingStatus, ChildCancellation } from '../schemas/bookings';
import { isPastSession } from './session-card';

/** A started, confirmed booking either had somebody at the door or did not. */
export const ATTENDANCE = ['attended', 'no-show'] as const;
export type Attendance = (typeof ATTENDANCE)[number];

/** The users table counts each family's no-shows of sessions that started this many days back (an instant range). */
export const NO_SHOW_WINDOW_DAYS = 30;

export interface AttendanceInput {
  status: BookingStatus;
  session: { startsAt: string | Date };
  /** Each booked child's check-in time (null: not checked in), in any order. */
  checkIns: ReadonlyArray<string | Date | null>;
}

/**
 * A CONFIRMED booking whose session has started (its start is before `now`, the same instant from which the
 * session is 'Past' and nobody can book it) is 'attended' when at least one of its children was checked in,
 * otherwise 'no-show'. A booking whose session has not started yet, and a CANCELLED booking, have none (null).
 */
export function bookingAttendance(booking: AttendanceInput, now: Date | number): Attendance | null {
  if (booking.status !== 'CONFIRMED') return null;
  if (!isPastSession(booking.session, now)) return null;
  return booking.checkIns.some((checkedInAt) => checkedInAt !== null) ? 'attended' : 'no-show';
}

/** The first instant of the no-show window that ends at `now` ([now - 30 days, now)). */
export const noShowWindowStart = (now: Date | number): Date =>
  new Date((typeof now === 'number' ? now : now.getTime()) - NO_SHOW_WINDOW_DAYS * 86_400_000);

/** The words the report, its CSV and the badge use: exactly 'attended' / 'no-show', or nothing. */
export const attendanceText = (attendance: Attendance | null): string => attendance ?? '';

/**
 * Issue 32: each child of a booking, as the family reads it in My Bookings. A child whose place was cancelled is
 * 'late-cancellation' (at or after the cut-off) or 'cancelled' (before it, by a closure, or before issue 32); else,
 * once the session has started, 'attended' (checked in) or 'no-show'; before that, 'booked'.
 */
export const CHILD_BOOKING_STATES = ['booked', 'attended', 'no-show', 'cancelled', 'late-cancellation'] as const;
export type ChildBookingState = (typeof CHILD_BOOKING_STATES)[number];

export interface ChildStateInput {
  bookingStatus: BookingStatus;
  session: { startsAt: string | Date };
  checkedInAt: string | Date | null;
  cancelledAt: string | Date | null;
  cancellation: ChildCancellation | null;
}

export function childBookingState(child: ChildStateInput, now: Date | number): ChildBookingState {
  if (child.cancelledAt !== null) return child.cancellation === 'LATE' ? 'late-cancellation' : 'cancelled';
  if (child.bookingStatus !== 'CONFIRMED') return 'cancelled';
  if (!isPastSession(child.session, now)) return 'booked';
  return child.checkedInAt !== null ? 'attended' : 'no-show';
}

/** The words My Bookings shows for each state. */
export const CHILD_STATE_TEXT: Record<ChildBookingState, string> = {
  booked: 'Booked',
  attended: 'Attended',
  'no-show': 'No-show',
  cancelled: 'Cancelled',
  'late-cancellation': 'Late cancellation',
};

/**
 * Issue 32, the no-show rule (docs/product-rules.md "Absences, make-ups and closures"; off by default, Settings →
 * Policies): a family with `noShowLimit` or more no-shows (bookingAttendance) of sessions that started in the last
 * NO_SHOW_WINDOW_DAYS, and after the office last lifted its pause, has its ONLINE booking paused: booking and joining a
 * waitlist are refused (403 BOOKING_PAUSED); its bookings stay, cancelling works, the front desk still books for it.
 * Nothing is stored: the pause lifts itself once the window holds fewer, or when the office lifts it (from then on
 * only newer no-shows count). The server counts (services/bookings/booking-pause.ts); this decides.
 */
export interface BookingPause {
  /** The no-shows that count (in the window, after the last lift). */
  noShows: number;
  /** The policy's limit they reached. */
  limit: number;
}

/** The first instant whose sessions count: the window's start, or the office's last lift when it is later. */
export function noShowCountStart(now: Date | number, liftedAt: Date | string | null): Date {
  const windowStart = noShowWindowStart(now);
  if (liftedAt === null) return windowStart;
  const lifted = new Date(liftedAt);
  return lifted.getTime() > windowStart.getTime() ? lifted : windowStart;
}

/** The family's pause under the policy, or null (the rule off, or fewer no-shows than the limit). */
export function bookingPauseOf(policy: { noShowRuleEnabled: boolean; noShowLimit: number }, noShows: number): BookingPause | null {
  if (!policy.noShowRuleEnabled || noShows < policy.noShowLimit) return null;
  return { noShows, limit: policy.noShowLimit };
}

const noShowsText = (count: number) => `${count} ${count === 1 ? 'no-show' : 'no-shows'} in the last ${NO_SHOW_WINDOW_DAYS} days`;

/** What the family reads (the refusal's message, the dashboard's banner, the booking dialog), with the office's phone when set. */
export const bookingPausedMessage = (pause: BookingPause, phone?: string | null): string =>
  `Online booking is paused after ${noShowsText(pause.noShows)}. Please call the office${phone ? ` at ${phone}` : ''} to book.`;

/** What the office reads on the family page. */
export const bookingPausedOfficeText = (pause: BookingPause): string => `Online booking paused: ${noShowsText(pause.noShows)}`;
