import { waitlistClosesBefore } from '../waitlist/list-waitlist';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isAdminRole } from '../../../shared/rules/roles';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { Tx } from '../../db/client';
import { oneRowOf } from '../../db/rows-of';
import { children, families, officeActions } from '../../db/schema';
import { endGuardian, otherLiveGuardians } from '../family/guardians';
import { HttpError } from '../../http-error';
import type { EmailContext } from '../../mail/email-context';
import { enqueueEmail } from '../../mail/outbox';
import { bookingDtoFromFacts, bookingFacts } from '../bookings/booking-dto';
import { accountBookingsCancelledEmail } from '../bookings/booking-emails';
import { bookingRefusal, refusalError } from '../bookings/booking-refusals';
import { ADMIN_DELETE_SUPER_ADMIN_ONLY, lockUser, plural, upcomingBookingsOf } from './user-rules';

export interface DeleteUserInput {
  userId: string;
  actor: { id: string; role: string; name: string };
  now: Date;
  /**
   * Issue 19: cancel the family's upcoming bookings first (spots freed, one e-mail listing them, each action
   * recorded) instead of refusing.
   */
  cancelUpcomingBookings?: boolean;
  email: EmailContext;
  /** WAITLIST_CUTOFF_HOURS: the spots a cancellation frees go to the waitlist unless the session starts within it. */
  waitlistCutoffHours: number;
}

/**
 * Deletes an account, softly: the row stays (deleted_at, inactive) so the family's past bookings remain in
 * the reservations report with their name, while the account leaves the users list, cannot sign in, loses
 * every sign-in session and set-password link, and frees its e-mail for a new account. Refused for one's
 * own account, for a SUPER_ADMIN, for an administrator unless a SUPER_ADMIN asks, and while the user has
 * upcoming CONFIRMED bookings. The user's children are locked (in the booking rules' order) before the
 * bookings are counted, so a booking made meanwhile is either counted or refused. Runs in the caller's
 * transaction.
 */
export async function deleteUser(tx: Tx, input: DeleteUserInput): Promise<MessageResponse> {
  const { now } = input;
  const target = await lockUser(tx, input.userId);
  if (target.id === input.actor.id) throw new HttpError(409, 'You cannot delete your own account');
  if (target.role === 'SUPER_ADMIN') throw new HttpError(403, 'A super administrator account cannot be deleted');
  // Issue 29: deleting frees the address, so an ADMIN could re-create another administrator's account with a
  // password of its choosing.
  if (isAdminRole(target.role) && input.actor.role !== 'SUPER_ADMIN') throw new HttpError(403, ADMIN_DELETE_SUPER_ADMIN_ONLY);
  // Issue 31: a guardian of a family that keeps another guardian leaves it; the family's last guardian takes the family.
  const familyId = target.familyId;
  if (familyId && (await otherLiveGuardians(tx, familyId, target.id)).length) {
    await endGuardian(tx, target, now);
    await tx.insert(officeActions).values({
      familyId,
      adminId: input.actor.id,
      adminName: input.actor.name,
      action: 'REMOVE_GUARDIAN',
      details: { guardianName: `${target.firstName} ${target.lastName}` },
    });
    return { message: 'User deleted' };
  }
  let cancelledCount = 0;
  if (familyId) {
    // The sessions first, in id order, as every booking write takes them (then the children): no deadlock with a
    // booking under way. Those of the family's waiting entries too: the entries end before any spot is freed, so
    // none of the family's own cancellations is given back to it (src/server/db/functions/portal_end_family_waitlist.sql).
    await tx.execute(sql`
      select 1 from sessions where id in (
        select b.session_id from bookings b join sessions s on s.id = b.session_id
        where ${input.cancelUpcomingBookings ?? false} and b.family_id = ${familyId} and b.status = 'CONFIRMED'
          and s.starts_at > ${now.toISOString()}::timestamptz
        union
        select w.session_id from waitlist_entries w where w.family_id = ${familyId} and w.status = 'WAITING')
      order by id for update`);
    await tx.execute(sql`select portal_end_family_waitlist(${familyId}::uuid, ${now.toISOString()}::timestamptz)`);
    await tx
      .select({ id: children.id })
      .from(children)
      .where(and(eq(children.familyId, familyId), isNull(children.removedAt)))
      .orderBy(children.id)
      .for('update');
    const upcoming = await upcomingBookingsOf(tx, familyId, now);
    if (upcoming.length && input.cancelUpcomingBookings) {
      await cancelForClosedAccount(tx, { ...target, familyId }, upcoming, input);
      cancelledCount = upcoming.length;
    } else if (upcoming.length) {
      throw new HttpError(
        409,
        `This user has ${plural(upcoming.length, 'upcoming booking')}. Cancel ${upcoming.length === 1 ? 'it' : 'them'} before deleting the account.`,
      );
    }
  }
  await endGuardian(tx, target, now);
  if (familyId) {
    await tx
      .update(children)
      .set({ removedAt: now })
      .where(and(eq(children.familyId, familyId), isNull(children.removedAt)));
    await tx.update(families).set({ deletedAt: now, updatedAt: now, calendarFeedHash: null, calendarFeedCreatedAt: null }).where(eq(families.id, familyId));
    await tx.insert(officeActions).values({
      familyId,
      adminId: input.actor.id,
      adminName: input.actor.name,
      action: 'DELETE_FAMILY',
      details: { cancelledBookings: cancelledCount },
    });
  }
  return { message: 'User deleted' };
}

/**
 * Cancels each upcoming booking of a family being deleted with the families' own cancellation (spots freed,
 * calendar SEQUENCE raised, the office's action recorded) but no e-mail each: one e-mail lists them all.
 */
async function cancelForClosedAccount(tx: Tx, target: { familyId: string; firstName: string; lastName: string; email: string }, upcoming: Array<{ id: string }>, input: DeleteUserInput) {
  const parent = JSON.stringify({ firstName: target.firstName, lastName: target.lastName, email: target.email });
  const office = JSON.stringify({ adminId: input.actor.id, adminName: input.actor.name, note: 'Account deleted', quiet: true });
  const cancelled = [];
  for (const booking of upcoming) {
    const result = await tx.execute(
      sql`select portal_cancel_booking(${target.familyId}::uuid, ${booking.id}::uuid, ${input.now.toISOString()}::timestamptz, ${parent}::jsonb, ${office}::jsonb,
        ${waitlistClosesBefore(input.now, input.waitlistCutoffHours).toISOString()}::timestamptz) as answer`,
    );
    const { answer } = oneRowOf(z.object({ answer: z.union([z.object({ booking: bookingFacts }), bookingRefusal]) }), result, 'portal_cancel_booking');
    // The sessions and children are locked and each booking is upcoming and confirmed; one with a child already checked
    // in at the door (the session is today) is refused, and so is the deletion, with the office's message (issue 29).
    if (!('booking' in answer)) throw refusalError(answer, 'office');
    cancelled.push(bookingDtoFromFacts(answer.booking));
  }
  await enqueueEmail(tx, accountBookingsCancelledEmail(cancelled, input.email));
}
