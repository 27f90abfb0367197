import type { BookingDto } from '../../../shared/schemas/bookings';
import type { Tx } from '../../db/client';
import { eq } from 'drizzle-orm';
import { bookingChildren, bookings, classTypes } from '../../db/schema';
import { bookingConfirmedEmail, type EmailContext } from '../email/booking-emails';
import { enqueueEmail } from '../email/outbox';
import { toBookingDto } from './booking-dto';
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
  actorId: string;
  /** The signed-in parent's name and address as the answer and the e-mail show them. */
  parent: { firstName: string; lastName: string; email: string };
  sessionId: string;
  childNames: string[];
  email: EmailContext;
  now?: Date;
}

/**
 * Books one spot per named child, all or nothing, inside the caller's transaction (the route's write,
 * plugins/repeatable-write.ts): holds the session's row lock (capacity) and the children's row locks (weekly
 * limits) until the commit, and queues the confirmation e-mail in it.
 */
export async function createBooking(tx: Tx, input: CreateBookingInput): Promise<BookingDto> {
  const now = input.now ?? new Date();
  const session = await lockSession(tx, input.sessionId);
  assertBookable(session, now);
  const kids = await lockOwnChildren(tx, input.actorId, input.childNames);
  assertSpots(session, kids.length);
  await assertNotAlreadyBooked(tx, session.id, kids);
  await assertWeeklyLimits(tx, kids, session);

  const [booking] = await tx
    .insert(bookings)
    .values({ userId: input.actorId, sessionId: session.id, status: 'CONFIRMED' })
    .returning({ id: bookings.id, status: bookings.status, calendarSequence: bookings.calendarSequence, createdAt: bookings.createdAt });
  await tx
    .insert(bookingChildren)
    .values(kids.map((kid, position) => ({ bookingId: booking!.id, childId: kid.id, childName: kid.name, position })));
  await changeBookedCount(tx, session.id, kids.length);

  // The answer from the rows already in hand (not read back): the locked session, its class, the parent.
  const [classType] = await tx
    .select({ id: classTypes.id, code: classTypes.code, name: classTypes.name, description: classTypes.description })
    .from(classTypes)
    .where(eq(classTypes.id, session.classTypeId));
  const dto = toBookingDto(booking!, session, classType!, input.parent, kids.map((kid) => kid.name));
  await enqueueEmail(tx, bookingConfirmedEmail(dto, input.email));
  return dto;
}
