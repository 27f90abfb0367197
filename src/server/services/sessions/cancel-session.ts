import { eq, inArray, sql } from 'drizzle-orm';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { CancelSessionResponse } from '../../../shared/schemas/sessions';
import type { Tx } from '../../db/client';
import { bookings, sessions } from '../../db/schema';
import { HttpError } from '../../http-error';
import { loadBookings } from '../bookings/booking-dto';
import type { EmailContext } from '../../mail/email-context';
import { enqueueEmail } from '../../mail/outbox';
import { sessionCancelledEmail } from './session-emails';
import { toSessionDto } from './session-dto';
import { assertNotStarted, classTypeOf, lockSessionWithBookings, STARTED_SESSION_NOT_CANCELLED } from './session-rules';

export interface CancelSessionInput {
  sessionId: string;
  email: EmailContext;
  now: Date;
}

/**
 * The office cancels a session that has not started, in one transaction under its row lock: the session
 * becomes CANCELLED (hidden from parents, no longer bookable), every confirmed booking is cancelled with
 * its calendar SEQUENCE raised, the spots are released, and each family gets ONE e-mail listing its children
 * with a cancelling calendar file per booking.
 */
export async function cancelSession(tx: Tx, input: CancelSessionInput): Promise<CancelSessionResponse> {
  const { now } = input;
  const { session, confirmedBookings } = await lockSessionWithBookings(tx, input.sessionId);
  if (session.status === 'CANCELLED') throw new HttpError(409, 'This session is already cancelled');
  assertNotStarted(session, now, STARTED_SESSION_NOT_CANCELLED);

  const [row] = await tx
    .update(sessions)
    .set({ status: 'CANCELLED', cancelledAt: now, bookedCount: 0, updatedAt: now })
    .where(eq(sessions.id, session.id))
    .returning();

  const bookingIds = confirmedBookings.map((b) => b.id);
  // Its waitlist expires and no reminder of it will go (src/server/db/functions/portal_session_cancelled.sql).
  await tx.execute(sql`select portal_session_cancelled(${session.id}::uuid, ${now.toISOString()}::timestamptz)`);
  let notifiedFamilies = 0;
  if (bookingIds.length) {
    const cancelled = await tx
      .update(bookings)
      .set({ status: 'CANCELLED', cancelledAt: now, calendarSequence: sql`${bookings.calendarSequence} + 1`, updatedAt: now })
      .where(inArray(bookings.id, bookingIds))
      .returning({ id: bookings.id, userId: bookings.familyId, calendarSequence: bookings.calendarSequence });
    const sequences = new Map(cancelled.map((b) => [b.id, b.calendarSequence]));
    const familyOf = new Map(cancelled.map((b) => [b.id, b.userId]));
    const families = new Map<string, BookingDto[]>();
    for (const booking of await loadBookings(tx, inArray(bookings.id, bookingIds))) {
      const userId = familyOf.get(booking.id)!;
      families.set(userId, [...(families.get(userId) ?? []), booking]);
    }
    for (const familyBookings of families.values()) {
      await enqueueEmail(tx, sessionCancelledEmail({ bookings: familyBookings, sequences, context: input.email }));
    }
    notifiedFamilies = families.size;
  }
  return {
    session: toSessionDto(row!, await classTypeOf(tx, row!)),
    cancelledBookings: bookingIds.length,
    notifiedFamilies,
  };
}
