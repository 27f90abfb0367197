import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { startOfTorontoWeek, torontoDateKey } from '../../../shared/rules/week';
import type { SessionDto, SessionFormBody } from '../../../shared/schemas/sessions';
import type { Tx } from '../../db/client';
import { oneRowOf } from '../../db/rows-of';
import { bookings, sessions } from '../../db/schema';
import { HttpError } from '../../http-error';
import { loadBookings } from '../bookings/booking-dto';
import type { EmailContext } from '../../mail/email-context';
import { enqueueEmail } from '../../mail/outbox';
import { sessionChangedEmail } from './session-emails';
import { waitlistClosesBefore } from '../waitlist/list-waitlist';
import { toSessionDto } from './session-dto';
import { closuresBetween, dayClosedError, lockClosuresShared } from '../closures/closed-days';
import { assertClassTypeExists, assertNotStarted, lockSessionWithBookings, plural, STARTED_SESSION_NOT_EDITED } from './session-rules';
import { weeklyLimitConflictMessage, weeklyLimitConflicts } from './weekly-limit-conflicts';

export interface UpdateSessionInput {
  sessionId: string;
  form: SessionFormBody;
  /** The office confirmed a move that puts booked children over their weekly limit in the new week. */
  confirmWeeklyLimits?: boolean | undefined;
  email: EmailContext;
  now: Date;
  /** WAITLIST_CUTOFF_HOURS: a raised capacity is filled from the waitlist unless the session starts within it. */
  waitlistCutoffHours: number;
}

/**
 * Spec 5: edits a scheduled session that has not started, under its row lock (a started one is refused as a
 * cancel is, issue 29: its families already came to it as it was). Capacity never drops below the spots already
 * booked. A move into another Toronto week that would put booked children over their weekly limit there is
 * refused (409, the children listed in `weeklyLimitConflicts`) unless the office confirmed it. When the time,
 * place or class changes, every confirmed booking's calendar event is raised one SEQUENCE and its family is
 * e-mailed the old and new details with the updated event, in the same transaction. A move onto a closed Toronto day
 * (issue 32) is refused: 409 DAY_CLOSED.
 */
export async function updateSession(tx: Tx, input: UpdateSessionInput): Promise<SessionDto> {
  const { form, now } = input;
  // Issue 32: the closures' lock (shared) before the session's (decision 022: advisory locks first), for the check below.
  await lockClosuresShared(tx);
  const { session, confirmedBookings } = await lockSessionWithBookings(tx, input.sessionId);
  if (session.status === 'CANCELLED') throw new HttpError(409, 'A cancelled session cannot be edited');
  assertNotStarted(session, now, STARTED_SESSION_NOT_EDITED, 'SESSION_STARTED_NOT_EDITED');
  const classType = await assertClassTypeExists(tx, form.classTypeId);
  const startChanged = session.startsAt.getTime() !== form.startsAt.getTime();
  if (startChanged && form.startsAt.getTime() < now.getTime()) {
    throw new HttpError(400, 'A session cannot be moved to a time in the past');
  }
  if (torontoDateKey(session.startsAt) !== torontoDateKey(form.startsAt)) {
    // Issue 32: a session cannot be moved onto a closed day (409 DAY_CLOSED), as one cannot be created there.
    const day = torontoDateKey(form.startsAt);
    const [closure] = await closuresBetween(tx, day, day);
    if (closure) throw dayClosedError(form.startsAt, closure);
  }
  if (form.capacity < session.bookedCount) {
    throw new HttpError(
      409,
      `Capacity cannot be lower than the ${plural(session.bookedCount, 'spot')} already booked (asked for ${form.capacity})`,
    );
  }
  const bookingIds = confirmedBookings.map((b) => b.id);
  const weekChanged = startOfTorontoWeek(session.startsAt).getTime() !== startOfTorontoWeek(form.startsAt).getTime();
  if (weekChanged && bookingIds.length > 0 && !input.confirmWeeklyLimits) {
    const conflicts = await weeklyLimitConflicts(tx, { bookingIds, weekOf: form.startsAt });
    if (conflicts.length) throw new HttpError(409, weeklyLimitConflictMessage(conflicts), { code: 'WEEKLY_LIMIT_CONFLICTS', details: { weeklyLimitConflicts: conflicts } });
  }
  const eventChanged =
    startChanged ||
    session.endsAt.getTime() !== form.endsAt.getTime() ||
    session.location !== form.location ||
    session.classTypeId !== classType.id;
  const notify = eventChanged && bookingIds.length > 0;
  const previous = notify ? await loadBookings(tx, inArray(bookings.id, bookingIds)) : [];

  const [row] = await tx
    .update(sessions)
    .set({
      classTypeId: classType.id,
      startsAt: form.startsAt,
      endsAt: form.endsAt,
      capacity: form.capacity,
      location: form.location,
      updatedAt: now,
    })
    .where(eq(sessions.id, session.id))
    .returning();

  // The reminders follow the start; a raised capacity is filled from the waitlist, in this transaction.
  const promoted = await promoteAfterChange(tx, session.id, now, waitlistClosesBefore(now, input.waitlistCutoffHours));
  const current = promoted ? (await tx.select().from(sessions).where(eq(sessions.id, session.id)))[0] : row;

  if (notify) {
    const raised = await tx
      .update(bookings)
      .set({ calendarSequence: sql`${bookings.calendarSequence} + 1`, updatedAt: now })
      .where(inArray(bookings.id, bookingIds))
      .returning({ id: bookings.id, calendarSequence: bookings.calendarSequence });
    const sequences = new Map(raised.map((b) => [b.id, b.calendarSequence]));
    const before = new Map(previous.map((b) => [b.id, b]));
    for (const booking of await loadBookings(tx, inArray(bookings.id, bookingIds))) {
      await enqueueEmail(
        tx,
        sessionChangedEmail({ booking, previous: before.get(booking.id)!, sequence: sequences.get(booking.id)!, context: input.email }),
      );
    }
  }
  return toSessionDto(current!, classType);
}

/** portal_session_changed (src/server/db/functions/portal_session_changed.sql): reminders moved with the start, free spots given to the waitlist. */
async function promoteAfterChange(tx: Tx, sessionId: string, now: Date, closesBefore: Date): Promise<number> {
  const result = await tx.execute(
    sql`select portal_session_changed(${sessionId}::uuid, ${now.toISOString()}::timestamptz, ${closesBefore.toISOString()}::timestamptz) as promoted`,
  );
  return oneRowOf(z.object({ promoted: z.number().int() }), result, 'portal_session_changed').promoted;
}
