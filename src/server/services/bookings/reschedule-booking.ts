import { eq, sql } from 'drizzle-orm';
import { calendarAttachmentForBooking } from '../../../shared/rules/calendar-event';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import { HttpError } from '../../http-error';
import { bookingRescheduledEmail, type EmailContext } from '../email/booking-emails';
import { enqueueEmail } from '../email/outbox';
import { loadBooking } from './booking-dto';
import {
  assertBookable,
  assertNotAlreadyBooked,
  assertSpots,
  assertWeeklyLimits,
  changeBookedCount,
  lockChildrenById,
  lockSession,
} from './booking-rules';
import { lockOwnBooking } from './lock-own-booking';

export interface RescheduleBookingInput {
  actorId: string;
  bookingId: string;
  newSessionId: string;
  email: EmailContext;
  now?: Date;
}

/**
 * Moves the same children to another future session inside the booking window, in the caller's transaction:
 * the new spots are taken and the old ones freed together, or nothing changes. The booking keeps its id
 * (and so its reference); weekly limits are checked for the new session's week without this booking.
 * Its calendar event keeps its UID at a raised SEQUENCE, so the e-mailed file replaces the earlier event.
 */
export async function rescheduleBooking(tx: Tx, input: RescheduleBookingInput): Promise<BookingDto> {
  const now = input.now ?? new Date();
  const { booking, kids } = await lockOwnBooking(tx, input.bookingId, input.actorId);
  if (booking.status !== 'CONFIRMED') throw new HttpError(409, 'Only confirmed bookings can be rescheduled');
  if (booking.sessionId === input.newSessionId) {
    throw new HttpError(400, 'Choose a different session to reschedule to');
  }
  // Lock both sessions in id order so two opposite moves cannot deadlock.
  const [firstId, secondId] = [booking.sessionId, input.newSessionId].sort();
  const locked = new Map([
    [firstId!, await lockSession(tx, firstId!)],
    [secondId!, await lockSession(tx, secondId!)],
  ]);
  const oldSession = locked.get(booking.sessionId)!;
  const newSession = locked.get(input.newSessionId)!;
  if (oldSession.startsAt.getTime() <= now.getTime()) {
    throw new HttpError(409, 'Only future bookings can be rescheduled');
  }
  assertBookable(newSession, now);
  assertSpots(newSession, kids.length);
  const children = await lockChildrenById(
    tx,
    kids.map((k) => k.childId),
  );
  await assertNotAlreadyBooked(tx, newSession.id, children);
  await assertWeeklyLimits(tx, children, newSession, booking.id);

  const previous = await loadBooking(tx, booking.id);
  // The event keeps its UID and moves: its SEQUENCE goes up so calendars replace the earlier one.
  const [moved] = await tx
    .update(bookings)
    .set({ sessionId: newSession.id, calendarSequence: sql`${bookings.calendarSequence} + 1`, updatedAt: now })
    .where(eq(bookings.id, booking.id))
    .returning({ calendarSequence: bookings.calendarSequence });
  await changeBookedCount(tx, oldSession.id, -kids.length);
  await changeBookedCount(tx, newSession.id, kids.length);
  const dto = await loadBooking(tx, booking.id);
  const message = bookingRescheduledEmail(dto, previous, input.email);
  await enqueueEmail(tx, {
    ...message,
    attachments: [calendarAttachmentForBooking(dto, input.email.businessName, { sequence: moved!.calendarSequence })],
  });
  return dto;
}
