import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookingChildren, bookings, children, emailOutbox, sessions } from '../db/schema';
import { REMINDER_LEAD_HOURS, REMINDER_TEMPLATE } from '../mail/email-worker';

/**
 * A confirmed booking written straight into the database (no booking function, no e-mail): the session's
 * spots are taken as a booking takes them. For tests that need a booking at any instant, past ones included.
 */
export async function insertBooking(
  db: Database,
  input: { userId: string; sessionId: string; childNames: string[]; placedAt?: Date },
): Promise<string> {
  const [booking] = await db
    .insert(bookings)
    .values({ familyId: input.userId, sessionId: input.sessionId, ...(input.placedAt && { placedAt: input.placedAt }) })
    .returning({ id: bookings.id });
  const kids = await db.select().from(children).where(eq(children.familyId, input.userId));
  await db.insert(bookingChildren).values(
    input.childNames.map((name, position) => {
      const kid = kids.find((k) => k.name === name);
      if (!kid) throw new Error(`no child ${name}`);
      return { bookingId: booking!.id, childId: kid.id, childName: name, position };
    }),
  );
  await db
    .update(sessions)
    .set({ bookedCount: sql`${sessions.bookedCount} + ${input.childNames.length}` })
    .where(eq(sessions.id, input.sessionId));
  return booking!.id;
}

/**
 * The reminder row of a booking, as the e-mail worker makes it (makeDueRemindersStatement, decision 020): template
 * 'booking-reminder', the booking's facts of now (portal_booking_facts), due REMINDER_LEAD_HOURS before the start.
 */
export async function queueReminder(db: Database, bookingId: string): Promise<string> {
  const result = await db.execute<{ id: string }>(sql`
    insert into email_outbox (to_address, template, template_data, booking_id, next_attempt_at)
    select u.email, ${REMINDER_TEMPLATE},
      portal_booking_facts(b, s,
        array(select bc.child_name from booking_children bc where bc.booking_id = b.id order by bc.position),
        jsonb_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email)),
      b.id, s.starts_at - make_interval(hours => ${REMINDER_LEAD_HOURS})
    from bookings b join sessions s on s.id = b.session_id join users u on u.id = b.family_id
    where b.id = ${bookingId}
    returning id`);
  const [row] = (result as unknown as { rows: Array<{ id: string }> }).rows;
  if (!row) throw new Error(`no booking ${bookingId}`);
  return row.id;
}

/** The reminder rows of a booking (none, or the one the unique index allows). */
export function remindersOf(db: Database, bookingId: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.template, REMINDER_TEMPLATE)));
}
