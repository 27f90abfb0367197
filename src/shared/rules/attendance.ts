/**
 * Issue 22, attendance: what the office's reports say about a booking once its session has started. Check-ins
 * are stored per child of a booking (booking_children.checked_in_at); this file only reads them.
 */
import type { BookingStatus } from '../schemas/bookings';
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
