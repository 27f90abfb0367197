import { addDays } from 'date-fns';
import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatShortDate } from '../../../shared/rules/format';
import { torontoDateKey, torontoMidnightOf } from '../../../shared/rules/week';
import type { ClosureCounts, CreateClosureBody, CreateClosureResponse } from '../../../shared/schemas/closures';
import type { DbOrTx, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { bookingChildren, bookings, classTypes, closures, sessions, waitlistEntries } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { EmailContext } from '../../mail/email-context';
import { enqueueEmail } from '../../mail/outbox';
import { loadBookings } from '../bookings/booking-dto';
import { lockSessionsWithBookings } from '../sessions/session-rules';
import { closureEmail, closedDaysLabel, type EndedEntry } from './closure-emails';
import { closuresBetween, lockClosuresExclusive } from './closed-days';
import { toAdminClosureDto } from './closure-dto';

export interface CloseDaysInput {
  body: CreateClosureBody;
  actor: { id: string; name: string };
  email: EmailContext;
  now: Date;
}

/** The instants of the Toronto days from startDate to endDate: [first midnight, the midnight after the last day). */
export function closedSpan(startDate: string, endDate: string): { from: Date; to: Date } {
  return { from: new Date(torontoMidnightOf(startDate).getTime()), to: new Date(addDays(torontoMidnightOf(endDate), 1).getTime()) };
}

/** The sessions a closure of those days cancels: scheduled, starting on them, not started at `now`. */
const closable = (span: { from: Date; to: Date }, now: Date) =>
  and(eq(sessions.status, 'SCHEDULED'), gte(sessions.startsAt, span.from), lt(sessions.startsAt, span.to), gt(sessions.startsAt, now));

const refuseThePast = (startDate: string, now: Date) => {
  if (startDate < torontoDateKey(now)) throw new HttpError(400, 'A closure cannot start before today', { code: 'CLOSURE_IN_PAST' });
};

async function refuseOverlap(db: DbOrTx, startDate: string, endDate: string): Promise<void> {
  const [existing] = await closuresBetween(db, startDate, endDate);
  if (existing) {
    throw new HttpError(409, `Those days overlap a closure already made (${closedDaysLabel(existing.startDate, existing.endDate)}: ${existing.reason})`, {
      code: 'CLOSURE_OVERLAP',
      details: { closureId: existing.id },
    });
  }
}

const settled = z.object({ outcome: z.enum(['returned', 'granted']).nullable() });

/**
 * Issue 32: the office closes Toronto days, in the caller's ONE unit of work (decision 014): the closure is recorded;
 * every scheduled session starting on those days that has not started is cancelled as the office's session cancel does
 * (status, spots, its waitlist and reminders: portal_session_cancelled); each confirmed booking's held children are
 * stamped CLOSURE and settled by portal_settle_cancelled_child (the one home of the credit rule), the booking is
 * CANCELLED with its SEQUENCE raised; each family with a booking or a waiting entry there gets ONE e-mail (to each
 * of its recipients, as for the office's actions) listing them. Locks (decision 022): the closures' advisory lock,
 * then the sessions in id order, then the bookings in id order. Anything failing rolls all of it back.
 */
export async function closeDays(tx: Tx, input: CloseDaysInput): Promise<CreateClosureResponse> {
  const { body, now } = input;
  refuseThePast(body.startDate, now);
  await lockClosuresExclusive(tx);
  await refuseOverlap(tx, body.startDate, body.endDate);
  const [closure] = await tx
    .insert(closures)
    .values({ startDate: body.startDate, endDate: body.endDate, reason: body.reason, createdByUserId: input.actor.id, createdByName: input.actor.name, createdAt: now })
    .returning();

  const span = closedSpan(body.startDate, body.endDate);
  const candidates = await tx.select({ id: sessions.id }).from(sessions).where(closable(span, now));
  const locked = await lockSessionsWithBookings(
    tx,
    candidates.map((s) => s.id),
  );
  // Read again under the locks: a session another transaction cancelled or moved while this one waited stays as it is.
  const closed = locked.sessions.filter(
    (s) => s.status === 'SCHEDULED' && s.startsAt >= span.from && s.startsAt < span.to && s.startsAt.getTime() > now.getTime(),
  );
  const sessionIds = closed.map((s) => s.id);
  const bookingRows = locked.confirmedBookings.filter((b) => sessionIds.includes(b.sessionId));
  const bookingIds = bookingRows.map((b) => b.id);
  const familyOfBooking = new Map(bookingRows.map((b) => [b.id, b.familyId]));

  let credits = 0;
  const sequences = new Map<string, number>();
  const bookingsByFamily = new Map<string, Awaited<ReturnType<typeof loadBookings>>>();
  const entriesByFamily = new Map<string, EndedEntry[]>();
  let endedEntries = 0;
  if (sessionIds.length) {
    // The waiting entries that end with their sessions, read before portal_session_cancelled expires them.
    const waiting = await tx
      .select({ familyId: waitlistEntries.familyId, childNames: waitlistEntries.childNames, session: sessions, className: classTypes.name })
      .from(waitlistEntries)
      .innerJoin(sessions, eq(sessions.id, waitlistEntries.sessionId))
      .innerJoin(classTypes, eq(classTypes.id, sessions.classTypeId))
      .where(and(inArray(waitlistEntries.sessionId, sessionIds), eq(waitlistEntries.status, 'WAITING')))
      .orderBy(asc(sessions.startsAt), asc(waitlistEntries.createdAt));
    endedEntries = waiting.length;
    for (const entry of waiting) {
      const ended: EndedEntry = {
        session: { startsAt: entry.session.startsAt, endsAt: entry.session.endsAt, location: entry.session.location, className: entry.className },
        childNames: entry.childNames,
      };
      entriesByFamily.set(entry.familyId, [...(entriesByFamily.get(entry.familyId) ?? []), ended]);
    }

    await tx
      .update(sessions)
      .set({ status: 'CANCELLED', cancelledAt: now, bookedCount: 0, updatedAt: now })
      .where(inArray(sessions.id, sessionIds));
    for (const id of sessionIds) {
      // Its waitlist expires and no reminder of it will go (src/server/db/functions/portal_session_cancelled.sql).
      await tx.execute(sql`select portal_session_cancelled(${id}::uuid, ${now.toISOString()}::timestamptz)`);
    }
  }

  if (bookingIds.length) {
    // The bookings, locked in id order after their sessions (decision 022), then the children they still hold.
    await tx.select({ id: bookings.id }).from(bookings).where(inArray(bookings.id, bookingIds)).orderBy(asc(bookings.id)).for('update');
    const held = await tx
      .select({ bookingId: bookingChildren.bookingId, childId: bookingChildren.childId })
      .from(bookingChildren)
      .where(and(inArray(bookingChildren.bookingId, bookingIds), isNull(bookingChildren.cancelledAt)))
      .orderBy(asc(bookingChildren.bookingId), asc(bookingChildren.childId));
    await tx
      .update(bookingChildren)
      .set({ cancelledAt: now, cancellation: 'CLOSURE' })
      .where(and(inArray(bookingChildren.bookingId, bookingIds), isNull(bookingChildren.cancelledAt)));
    const cancelled = await tx
      .update(bookings)
      .set({ status: 'CANCELLED', cancelledAt: now, calendarSequence: sql`${bookings.calendarSequence} + 1`, updatedAt: now })
      .where(inArray(bookings.id, bookingIds))
      .returning({ id: bookings.id, calendarSequence: bookings.calendarSequence });
    for (const b of cancelled) sequences.set(b.id, b.calendarSequence);

    // Each held child's place is settled by the one home of the credit rule.
    const creditsByFamily = new Map<string, number>();
    if (held.length) {
      const array = (values: string[]) => `{${values.join(',')}}`;
      const outcomes = rowsOf(
        settled.extend({ family: z.string() }),
        await tx.execute(sql`
          select x.family::text as family,
                 portal_settle_cancelled_child(x.booking, x.family, x.child, 'CLOSURE', ${now.toISOString()}::timestamptz) as outcome
          from unnest(${array(held.map((h) => h.bookingId))}::uuid[], ${array(held.map((h) => familyOfBooking.get(h.bookingId)!))}::uuid[],
                      ${array(held.map((h) => h.childId))}::uuid[]) with ordinality as x(booking, family, child, n)
          order by x.n`),
        'portal_settle_cancelled_child (closure)',
      );
      for (const row of outcomes) {
        if (!row.outcome) continue;
        credits += 1;
        creditsByFamily.set(row.family, (creditsByFamily.get(row.family) ?? 0) + 1);
      }
    }
    for (const booking of await loadBookings(tx, inArray(bookings.id, bookingIds), now)) {
      const family = familyOfBooking.get(booking.id)!;
      bookingsByFamily.set(family, [...(bookingsByFamily.get(family) ?? []), booking]);
    }
    await mailFamilies(tx, input, { bookingsByFamily, entriesByFamily, sequences, creditsByFamily });
  } else if (entriesByFamily.size) {
    await mailFamilies(tx, input, { bookingsByFamily, entriesByFamily, sequences, creditsByFamily: new Map() });
  }

  const families = new Set([...bookingsByFamily.keys(), ...entriesByFamily.keys()]);
  return {
    closure: toAdminClosureDto(closure!),
    sessions: sessionIds.length,
    bookings: bookingIds.length,
    families: families.size,
    waitlistEntries: endedEntries,
    credits,
  };
}

const recipient = z.object({ recipients: z.array(z.object({ firstName: z.string(), email: z.string() })) });

/** ONE closure e-mail per family, a copy to each of its recipients (every guardian: the office acted). */
async function mailFamilies(
  tx: Tx,
  input: CloseDaysInput,
  parts: {
    bookingsByFamily: Map<string, Awaited<ReturnType<typeof loadBookings>>>;
    entriesByFamily: Map<string, EndedEntry[]>;
    sequences: Map<string, number>;
    creditsByFamily: Map<string, number>;
  },
): Promise<void> {
  const families = [...new Set([...parts.bookingsByFamily.keys(), ...parts.entriesByFamily.keys()])].sort();
  for (const family of families) {
    const [row] = rowsOf(recipient, await tx.execute(sql`select portal_family_recipients(${family}::uuid, null) as recipients`), 'portal_family_recipients');
    for (const to of row?.recipients ?? []) {
      await enqueueEmail(
        tx,
        closureEmail({
          to,
          reason: input.body.reason,
          startDate: input.body.startDate,
          endDate: input.body.endDate,
          bookings: parts.bookingsByFamily.get(family) ?? [],
          sequences: parts.sequences,
          entries: parts.entriesByFamily.get(family) ?? [],
          credits: parts.creditsByFamily.get(family) ?? 0,
          context: input.email,
        }),
      );
    }
  }
}

/**
 * What closing those days would touch now (the dialog's confirmation), read without locks: the same sessions,
 * their confirmed bookings, the families of those and of the waiting entries.
 */
export async function previewClosure(db: DbOrTx, days: { startDate: string; endDate: string }, now: Date): Promise<ClosureCounts & { overlaps: string | null }> {
  const span = closedSpan(days.startDate, days.endDate);
  const [counts] = rowsOf(
    z.object({ sessions: z.coerce.number(), bookings: z.coerce.number(), families: z.coerce.number(), waitlistEntries: z.coerce.number() }),
    await db.execute(sql`
      with s as (select ${sessions.id} as id from ${sessions} where ${closable(span, now)}),
           b as (select family_id from bookings where session_id in (select id from s) and status = 'CONFIRMED'),
           w as (select family_id from waitlist_entries where session_id in (select id from s) and status = 'WAITING')
      select (select count(*) from s) as sessions, (select count(*) from b) as bookings,
             (select count(distinct family_id) from (select family_id from b union all select family_id from w) f) as families,
             (select count(*) from w) as "waitlistEntries"`),
    'closure preview',
  );
  const [overlap] = await closuresBetween(db, days.startDate, days.endDate);
  return { ...counts!, overlaps: overlap ? `${formatShortDate(torontoMidnightOf(overlap.startDate))}: ${overlap.reason}` : null };
}
