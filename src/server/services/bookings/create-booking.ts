import { transactionAnnouncedAfterCommit, type AnnouncementCollector } from '../../cache/announcements';
import type { BookingDto } from '../../../shared/schemas/bookings';
import type { Database } from '../../db/client';
import { bookingChildren, bookings } from '../../db/schema';
import { bookingConfirmedEmail, type EmailContext } from '../email/booking-emails';
import { enqueueEmail } from '../email/outbox';
import { loadBooking } from './booking-dto';
import {
  assertBookable,
  assertNotAlreadyBooked,
  assertSpots,
  assertWeeklyLimits,
  changeBookedCount,
  lockOwnChildren,
  lockSession,
} from './booking-rules';

export interface CreateBookingInput {
  /** Collects the change topics to announce after the commit (the request's fence sends them). */
  announcements?: AnnouncementCollector;
  actorId: string;
  sessionId: string;
  childNames: string[];
  email: EmailContext;
  now?: Date;
}

/**
 * Books one spot per named child, all or nothing. Runs in one transaction holding the session's row
 * lock (capacity) and the children's row locks (weekly limits), then queues the confirmation e-mail.
 */
export async function createBooking(db: Database, input: CreateBookingInput): Promise<BookingDto> {
  const now = input.now ?? new Date();
  return transactionAnnouncedAfterCommit(db, async (tx) => {
    const session = await lockSession(tx, input.sessionId);
    assertBookable(session, now);
    const kids = await lockOwnChildren(tx, input.actorId, input.childNames);
    assertSpots(session, kids.length);
    await assertNotAlreadyBooked(tx, session.id, kids);
    await assertWeeklyLimits(tx, kids, session);

    const [booking] = await tx
      .insert(bookings)
      .values({ userId: input.actorId, sessionId: session.id, status: 'CONFIRMED' })
      .returning({ id: bookings.id });
    await tx
      .insert(bookingChildren)
      .values(kids.map((kid, position) => ({ bookingId: booking!.id, childId: kid.id, childName: kid.name, position })));
    await changeBookedCount(tx, session.id, kids.length);

    const dto = await loadBooking(tx, booking!.id);
    await enqueueEmail(tx, bookingConfirmedEmail(dto, input.email));
    return dto;
  }, input.announcements);
}
