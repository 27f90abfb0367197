import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { parseBookingReference, referenceOfSuffix } from '../../../shared/rules/booking-reference';
import { fullName } from '../../../shared/rules/format';
import type { BookedBy } from '../../../shared/schemas/bookings';
import type { CheckInLookupResponse } from '../../../shared/schemas/check-in';
import { MALFORMED_REFERENCE } from '../../../shared/schemas/check-in';
import type { Database } from '../../db/client';
import { bookingChildren, bookings, children, classTypes, sessions, users } from '../../db/schema';
import { HttpError, idOr404 } from '../../http-error';
import { SESSION_NOT_FOUND } from '../sessions/session-rules';
import { assertCheckInOpen, assertConfirmed, otherSessionMessage, toCheckInChildDto } from './check-in-rules';
import { doorChildColumns, guardiansOfFamilies } from './door-details';

/** The last 8 characters of a booking id (what its reference shows). */
const idEnding = sql<string>`right(${bookings.id}::text, 8)`;

/**
 * The door's look-up (issue 22): the booking a reference (typed or scanned) names, with each child's check-in state,
 * when it is a confirmed booking of this session on the session's Toronto day. The session's own bookings are
 * searched first (its index, a few rows); only a refusal searches every booking for the reference, to say what it
 * is instead (another session, cancelled) — a scan, kept off the everyday path, rather than one more index that
 * every booking would pay for. Issue 31: each child's 'needs attention' flag (the notes only when flagged) and the
 * family's guardians with their phones (docs/privacy.md, "Who sees it").
 */
export async function lookUpBookingAtDoor(
  db: Database,
  input: { sessionId: string; reference: string; now: Date },
): Promise<CheckInLookupResponse> {
  const sessionId = idOr404(input.sessionId, SESSION_NOT_FOUND);
  const suffix = parseBookingReference(input.reference);
  if (!suffix) throw new HttpError(400, `reference: ${MALFORMED_REFERENCE}`);
  const reference = referenceOfSuffix(suffix);

  const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  if (!session) throw new HttpError(404, SESSION_NOT_FOUND);
  assertCheckInOpen(session, input.now);

  const here = await db
    .select({ booking: bookings, user: users })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.familyId))
    .where(and(eq(bookings.sessionId, sessionId), eq(idEnding, suffix)))
    .orderBy(sql`${bookings.status} = 'CONFIRMED' desc`);
  const found = here[0];
  if (found) {
    assertConfirmed(found.booking);
    const guardians = await guardiansOfFamilies(db, [found.booking.familyId]);
    const kids = await db
      .select({ child: bookingChildren, ...doorChildColumns })
      .from(bookingChildren)
      .innerJoin(children, eq(children.id, bookingChildren.childId))
      .where(and(eq(bookingChildren.bookingId, found.booking.id), isNull(bookingChildren.cancelledAt)))
      .orderBy(bookingChildren.position, sql`lower(${bookingChildren.childName})`);
    return {
      booking: {
        id: found.booking.id,
        reference,
        sessionId,
        familyName: fullName(found.user),
        email: found.user.email,
        bookedBy: found.booking.bookedBy as BookedBy,
        guardians: guardians.get(found.booking.familyId) ?? [],
      },
      children: kids.map(({ child, needsAttention, medicalNotes }) => ({
        ...toCheckInChildDto(child),
        needsAttention,
        medicalNotes: needsAttention ? medicalNotes : null,
      })),
    };
  }

  // The refusal path: what the reference is, if anything (a confirmed booking first, then the latest session).
  const [elsewhere] = await db
    .select({ booking: bookings, session: sessions, classType: classTypes })
    .from(bookings)
    .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
    .innerJoin(classTypes, eq(classTypes.id, sessions.classTypeId))
    .where(eq(idEnding, suffix))
    .orderBy(sql`${bookings.status} = 'CONFIRMED' desc`, desc(sessions.startsAt))
    .limit(1);
  if (!elsewhere) throw new HttpError(404, `No booking with reference ${reference}.`);
  assertConfirmed(elsewhere.booking);
  throw new HttpError(409, otherSessionMessage(elsewhere.booking.id, elsewhere.session, elsewhere.classType));
}
