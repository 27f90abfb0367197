import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { bookingReference } from '../../../shared/product';
import { z } from 'zod';
import { BOOKED_BY, BOOKING_STATUSES, type AdminBookingDto, type BookedBy, type BookingStatus, type ChildCancellation } from '../../../shared/schemas/bookings';
import { CHILD_BOOKING_STATES, childBookingState } from '../../../shared/rules/attendance';
import type { DbOrTx } from '../../db/client';
import { bookingChildren, bookings, classTypes, sessions, users } from '../../db/schema';

const CHILDREN_BATCH = 10_000;

/** A booked child as the reservations report reads it (issue 22): the name booked, and when checked in (null: not). */
export interface BookedChild {
  name: string;
  checkedInAt: Date | null;
}

/** A child's row of a booking with its cancellation (issue 32). */
interface ChildRow extends BookedChild {
  cancelledAt: Date | null;
  cancellation: ChildCancellation | null;
}

/**
 * The children a booking holds (`childNames`): a confirmed booking's children not cancelled; a cancelled booking's
 * children cancelled with it (their cancelled_at is the booking's), or all of them for rows older than issue 32.
 */
export function heldChildren<T extends Pick<ChildRow, 'cancelledAt'>>(
  booking: { status: string; cancelledAt: Date | null },
  kids: readonly T[],
): T[] {
  if (booking.status === 'CONFIRMED') return kids.filter((kid) => kid.cancelledAt === null);
  const withIt = kids.filter((kid) => kid.cancelledAt === null || kid.cancelledAt.getTime() === booking.cancelledAt?.getTime());
  return withIt.length ? withIt : [...kids];
}

/** Bookings in the shape of spec 3 (session, class name, children, parent), ordered by session start. */
/** `now` (the app's clock) decides each child's state (booked, attended, no-show): rules/attendance.ts childBookingState. */
export async function loadBookings(db: DbOrTx, where: SQL, now: Date = new Date()): Promise<AdminBookingDto[]> {
  return (await loadBookingsWithChildren(db, where, now)).map((row) => row.booking);
}

/**
 * loadBookings, each booking with its children's rows (name and check-in time, in the booking's order): the
 * same two queries, the children's check-in columns read with their names.
 */
export async function loadBookingsWithChildren(db: DbOrTx, where: SQL, now: Date = new Date()): Promise<Array<{ booking: AdminBookingDto; children: BookedChild[] }>> {
  const rows = await db
    .select({ booking: bookings, session: sessions, classType: classTypes, user: users })
    .from(bookings)
    .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
    .innerJoin(classTypes, eq(classTypes.id, sessions.classTypeId))
    // The guardian who booked, else the family's first (a family's id is its first guardian's: decision 027).
    .innerJoin(users, eq(users.id, sql`coalesce(${bookings.bookedByUserId}, ${bookings.familyId})`))
    .where(where)
    .orderBy(asc(sessions.startsAt), asc(bookings.createdAt));
  if (!rows.length) return [];
  // In batches: a long report must stay under PostgreSQL's limit of 65,535 bound parameters per query.
  const ids = rows.map((r) => r.booking.id);
  const kids: Array<Pick<typeof bookingChildren.$inferSelect, 'bookingId' | 'childName' | 'checkedInAt' | 'cancelledAt' | 'cancellation'>> = [];
  for (let i = 0; i < ids.length; i += CHILDREN_BATCH) {
    kids.push(
      ...(await db
        .select({
          bookingId: bookingChildren.bookingId,
          childName: bookingChildren.childName,
          checkedInAt: bookingChildren.checkedInAt,
          cancelledAt: bookingChildren.cancelledAt,
          cancellation: bookingChildren.cancellation,
        })
        .from(bookingChildren)
        .where(inArray(bookingChildren.bookingId, ids.slice(i, i + CHILDREN_BATCH)))
        .orderBy(asc(bookingChildren.position))),
    );
  }
  const childrenByBooking = new Map<string, ChildRow[]>();
  for (const kid of kids) {
    const list = childrenByBooking.get(kid.bookingId) ?? [];
    list.push({ name: kid.childName, checkedInAt: kid.checkedInAt, cancelledAt: kid.cancelledAt, cancellation: kid.cancellation as ChildCancellation | null });
    childrenByBooking.set(kid.bookingId, list);
  }
  return rows.map(({ booking, session, classType, user }) => {
    const all = childrenByBooking.get(booking.id) ?? [];
    const held = heldChildren(booking, all);
    const states = all.map((kid) => ({
      name: kid.name,
      state: childBookingState({ bookingStatus: booking.status as BookingStatus, session, ...kid }, now),
    }));
    return {
      booking: toBookingDto(booking, session, classType, user, held.map((kid) => kid.name), states),
      children: held.map(({ name, checkedInAt }) => ({ name, checkedInAt })),
    };
  });
}

/** The fields a booking's answer shows, from the rows it is made of. */
export interface BookingParts {
  booking: Pick<typeof bookings.$inferSelect, 'id' | 'familyId' | 'bookedByUserId' | 'status' | 'calendarSequence' | 'createdAt' | 'bookedBy' | 'bookedByAdminName' | 'officeNote'>;
  session: Pick<typeof sessions.$inferSelect, 'id' | 'startsAt' | 'endsAt' | 'location'>;
  classType: Pick<typeof classTypes.$inferSelect, 'id' | 'code' | 'name' | 'description'>;
  user: Pick<typeof users.$inferSelect, 'firstName' | 'lastName' | 'email'>;
}

/**
 * A booking in the shape of spec 3, with the office's fields (adminBookingDto); `childNames` in the booking's
 * order. A family's answer goes through the route's bookingDto schema, which leaves the office's fields out.
 */
export function toBookingDto(
  booking: BookingParts['booking'],
  session: BookingParts['session'],
  classType: BookingParts['classType'],
  user: BookingParts['user'],
  childNames: string[],
  childStates: AdminBookingDto['childStates'] = childNames.map((name) => ({ name, state: booking.status === 'CONFIRMED' ? 'booked' : 'cancelled' })),
): AdminBookingDto {
  return {
    id: booking.id,
    userId: booking.familyId,
    reference: bookingReference(booking.id),
    sessionId: session.id,
    session: {
      startsAt: session.startsAt.toISOString(),
      endsAt: session.endsAt.toISOString(),
      location: session.location,
      classType: { id: classType.id, code: classType.code, name: classType.name, description: classType.description },
    },
    childNames,
    childStates,
    status: booking.status as BookingStatus,
    calendarSequence: booking.calendarSequence,
    createdAt: booking.createdAt.toISOString(),
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    bookedByGuardian: booking.bookedByUserId ? `${user.firstName} ${user.lastName}`.trim() : null,
    bookedBy: booking.bookedBy as BookedBy,
    bookedByName: booking.bookedByAdminName,
    note: booking.officeNote,
  };
}

export async function loadBooking(db: DbOrTx, bookingId: string): Promise<AdminBookingDto> {
  const [booking] = await loadBookings(db, eq(bookings.id, bookingId));
  if (!booking) throw new Error(`booking ${bookingId} vanished`);
  return booking;
}

/**
 * A booking as the booking functions (src/server/db/functions/portal_booking_facts.sql) return it and store it with its e-mail
 * (portal_booking_facts): JSON, so instants are ISO texts.
 */
export const bookingFacts = z.object({
  booking: z.object({
    id: z.string(),
    userId: z.string(),
    status: z.enum(BOOKING_STATUSES),
    calendarSequence: z.number().int(),
    createdAt: z.string(),
    bookedBy: z.enum(BOOKED_BY),
    bookedByName: z.string().nullable(),
    note: z.string().nullable(),
    bookedByGuardian: z.string().nullable().optional(),
  }),
  session: z.object({ id: z.string(), startsAt: z.string(), endsAt: z.string(), location: z.string() }),
  classType: z.object({ id: z.string(), code: z.string(), name: z.string(), description: z.string().nullable() }),
  childNames: z.array(z.string()),
  /** Issue 32: every child with its state, when the answer has children that left the booking (a child cancelled alone). */
  childStates: z.array(z.object({ name: z.string(), state: z.enum(CHILD_BOOKING_STATES) })).optional(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type BookingFacts = z.infer<typeof bookingFacts>;

/** The answer (spec 3) from a booking's facts: the same shape toBookingDto makes from rows. */
export function bookingDtoFromFacts(facts: BookingFacts): AdminBookingDto {
  const { bookedByName, note, bookedByGuardian, userId, ...booking } = facts.booking;
  const dto = toBookingDto(
    { ...booking, familyId: userId, bookedByUserId: null, createdAt: new Date(booking.createdAt), bookedByAdminName: bookedByName, officeNote: note },
    { ...facts.session, startsAt: new Date(facts.session.startsAt), endsAt: new Date(facts.session.endsAt) },
    facts.classType,
    facts.user,
    facts.childNames,
    facts.childStates,
  );
  return { ...dto, bookedByGuardian: bookedByGuardian ?? null };
}
