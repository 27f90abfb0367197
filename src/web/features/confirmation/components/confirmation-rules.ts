import { CHILD_STATE_TEXT, type ChildBookingState } from '../../../../shared/rules/attendance';
import { hasStarted, isPastSession } from '../../../../shared/rules/session-card';
import { namesInWords } from '../../../../shared/rules/waitlist';
import type { BookingDto } from '../../../../shared/schemas/bookings';

/**
 * Issue 33: what the confirmation screen can truly say of a booking opened at any time, not only just after it was
 * made. 'confirmed' is spec 2's success screen; the others say what became of it:
 * - 'updated': its time, place or children changed since it was made (a reschedule, the office moving the session,
 *   a child moved or cancelled alone). Each of those raises the booking's calendar SEQUENCE and e-mails the family,
 *   so a SEQUENCE above 0 on a booking still confirmed is the signal; no field of its own is needed;
 * - 'started': the session is under way (the door may still check the children in: the code stays);
 * - 'attended' / 'no-show': the session is over, with a child checked in at the door or none (rules/attendance.ts);
 * - 'cancelled': the booking no longer holds a spot.
 */
export type ConfirmationKind = 'confirmed' | 'updated' | 'started' | 'attended' | 'no-show' | 'cancelled';

type ConfirmationBooking = Pick<BookingDto, 'status' | 'calendarSequence' | 'childStates' | 'session'>;

export function confirmationKind(booking: ConfirmationBooking, now: Date | number): ConfirmationKind {
  if (booking.status === 'CANCELLED') return 'cancelled';
  // Over from its end instant on.
  if (hasStarted({ startsAt: booking.session.endsAt }, now)) {
    return booking.childStates.some((child) => child.state === 'attended') ? 'attended' : 'no-show';
  }
  if (isPastSession(booking.session, now)) return 'started';
  return booking.calendarSequence > 0 ? 'updated' : 'confirmed';
}

/** Kinds of a booking still ahead: what to bring, Add to Calendar and 'cancel or reschedule from your dashboard' apply. */
export const isAhead = (kind: ConfirmationKind) => kind === 'confirmed' || kind === 'updated';

/** Kinds whose reference the door may still scan. */
export const showsDoorCode = (kind: ConfirmationKind) => isAhead(kind) || kind === 'started';

const namesIn = (booking: Pick<BookingDto, 'childStates'>, states: readonly ChildBookingState[]) =>
  booking.childStates.filter((child) => states.includes(child.state)).map((child) => child.name);

/**
 * The lines about the children that say who was checked in at the door, who was not, and who left the booking
 * ('Checked in at the door: Ava.', 'Not checked in: Leo.', 'No longer booked: Leo (late cancellation).'). A
 * session under way names only who is already checked in: the others may still arrive.
 */
export function childLines(booking: Pick<BookingDto, 'childStates'>, kind: ConfirmationKind): string[] {
  if (kind === 'cancelled') return [];
  const lines: string[] = [];
  const attended = namesIn(booking, ['attended']);
  if (attended.length > 0) lines.push(`Checked in at the door: ${namesInWords(attended)}.`);
  const missed = namesIn(booking, ['no-show']);
  if (kind === 'attended' && missed.length > 0) lines.push(`Not checked in: ${namesInWords(missed)}.`);
  const left = booking.childStates.filter((child) => child.state === 'cancelled' || child.state === 'late-cancellation');
  if (left.length > 0) lines.push(`No longer booked: ${left.map((child) => `${child.name} (${CHILD_STATE_TEXT[child.state].toLowerCase()})`).join(', ')}.`);
  return lines;
}
