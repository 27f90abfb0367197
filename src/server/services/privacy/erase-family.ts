import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isStaffRole } from '../../../shared/rules/roles';
import type { Tx } from '../../db/client';
import { oneRowOf } from '../../db/rows-of';
import {
  authSessions,
  bookingChildren,
  bookings,
  children,
  emailOutbox,
  emergencyContacts,
  families,
  familyErasures,
  idempotencyKeys,
  loginFailures,
  makeupCredits,
  officeActions,
  passwordTokens,
  trustedDevices,
  users,
  waitlistEntries,
  webhookLogs,
} from '../../db/schema';
import { bookingRefusal } from '../bookings/booking-refusals';
import { bookingFacts } from '../bookings/booking-dto';
import { accountKey, deviceKey } from '../auth/login-throttle';
import { upcomingBookingsOf } from '../users/user-rules';
import { waitlistClosesBefore } from '../waitlist/list-waitlist';
import { emailToFamily, webhookLogAboutFamily } from './family-scope';

/** What an erased family's rows say instead of a name (children, booked children, guardians). */
export const ERASED = 'Erased';
/** An erased guardian's e-mail: unique per account, in a domain that can never receive mail (RFC 2606). */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';
const erasedEmail = (userId: string) => `erased-${userId}@${ERASED_EMAIL_DOMAIN}`;

export type ErasureReason = 'OFFICE' | 'RETENTION';

export interface EraseFamilyInput {
  familyId: string;
  /** The SUPER_ADMIN erasing it; null for the retention job. */
  actor: { id: string; name: string } | null;
  reason: ErasureReason;
  now: Date;
  /** WAITLIST_CUTOFF_HOURS: the spots the cancellations free go to the waitlist unless the session starts within it. */
  waitlistCutoffHours: number;
}

/**
 * Erases a family (issue 31, docs/privacy.md), in the caller's transaction (one unit of work):
 *
 * 1. Its waiting entries end and its upcoming bookings are cancelled by the families' own cancellation (spots freed,
 *    the waitlist promoted, no e-mail to the family); a booking with a child already checked in at the door stays.
 * 2. Personal data goes. Rows other rows point at are kept and emptied, so every foreign key and every report's count
 *    stays right: guardians become 'Erased' accounts with an undeliverable address, no phone, password nor sign-in
 *    (sessions, trusted devices, set-password links, idempotency answers and throttle counters deleted); children
 *    become 'Erased' with no birth date, sex, notes nor consent; the family row loses its notes, CRM identity and feed;
 *    booked children and waiting entries say 'Erased'; bookings lose the office's notes. Emergency contacts, make-up
 *    credits and the office's actions for the family are deleted. Unsent e-mails to the guardians are deleted, sent ones keep only
 *    their status and times; CRM deliveries about the family keep only their status, endpoint and time.
 * 3. The activity log's entries about the family keep who did what and when, without the values (issue 34).
 * 4. One family_erasures row says who erased it, when, why, and how many bookings stay as anonymous counts.
 */
export async function eraseFamily(tx: Tx, input: EraseFamilyInput): Promise<{ bookingsKept: number; cancelled: number }> {
  const { familyId, now } = input;
  const at = now.toISOString();
  // The activity log keeps who changed the family and when, not the values (and the erasure's own entry copies none).
  await tx.execute(sql`select portal_activity_erase_family(${familyId}::uuid)`);

  // Lock order of the booking writes (decision 022): the sessions in id order, then the children.
  await tx.execute(sql`
    select 1 from sessions where id in (
      select b.session_id from bookings b join sessions s on s.id = b.session_id
      where b.family_id = ${familyId} and b.status = 'CONFIRMED' and s.starts_at > ${at}::timestamptz
      union
      select w.session_id from waitlist_entries w where w.family_id = ${familyId} and w.status = 'WAITING')
    order by id for update`);
  await tx.execute(sql`select portal_end_family_waitlist(${familyId}::uuid, ${at}::timestamptz)`);
  await tx.select({ id: children.id }).from(children).where(eq(children.familyId, familyId)).orderBy(children.id).for('update');

  // Upcoming bookings: cancelled quietly (the family is being erased: no e-mail), as the office would.
  const office = JSON.stringify({ adminId: input.actor?.id ?? null, adminName: input.actor?.name ?? 'Retention', note: 'Family erased', quiet: true });
  const parent = JSON.stringify({ firstName: ERASED, lastName: '', email: '' });
  const closesBefore = waitlistClosesBefore(now, input.waitlistCutoffHours).toISOString();
  let cancelled = 0;
  for (const booking of await upcomingBookingsOf(tx, familyId, now)) {
    const result = await tx.execute(
      sql`select portal_cancel_booking(${familyId}::uuid, ${booking.id}::uuid, ${at}::timestamptz, ${parent}::jsonb, ${office}::jsonb, ${closesBefore}::timestamptz) as answer`,
    );
    const { answer } = oneRowOf(z.object({ answer: z.union([z.object({ booking: bookingFacts }), bookingRefusal]) }), result, 'portal_cancel_booking');
    // A refusal (a child checked in at the door) changed nothing: that booking stays, anonymous like the others.
    if ('booking' in answer) cancelled += 1;
  }

  // E-mails and CRM deliveries first: they are found through the guardians' addresses and the CRM id, erased below.
  await tx.delete(emailOutbox).where(and(emailToFamily(familyId), inArray(emailOutbox.status, ['PENDING', 'SENDING'])));
  await tx
    .update(emailOutbox)
    .set({ toAddress: ERASED, subject: ERASED, textBody: '', htmlBody: null, template: null, templateData: null, attachments: null, secrets: null, lastError: null })
    .where(emailToFamily(familyId));
  await tx
    .update(webhookLogs)
    .set({ headers: null, body: null, mappedData: null, queryParams: null, responseMessage: null, errorDetails: null, ipAddress: null })
    .where(webhookLogAboutFamily(familyId));

  const guardians = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.familyId, familyId)).orderBy(asc(users.id)).for('update');
  const guardianIds = guardians.map((g) => g.id);
  if (guardianIds.length) {
    const devices = await tx.select({ tokenHash: trustedDevices.tokenHash }).from(trustedDevices).where(inArray(trustedDevices.userId, guardianIds));
    const throttleKeys = [...guardians.map((g) => accountKey(g.email)), ...devices.map((d) => deviceKey(d.tokenHash))];
    await tx.delete(loginFailures).where(inArray(loginFailures.key, throttleKeys));
    await tx.delete(authSessions).where(inArray(authSessions.userId, guardianIds));
    await tx.delete(trustedDevices).where(inArray(trustedDevices.userId, guardianIds));
    await tx.delete(passwordTokens).where(inArray(passwordTokens.userId, guardianIds));
    await tx.delete(idempotencyKeys).where(inArray(idempotencyKeys.userId, guardianIds));
    for (const guardian of guardians) {
      await tx
        .update(users)
        .set({
          email: erasedEmail(guardian.id),
          firstName: ERASED,
          lastName: 'guardian',
          phone: null,
          passwordHash: null,
          isActive: false,
          copyMe: false,
          bookingReminders: false,
          adminRoleEndedAt: null,
          updatedAt: now,
          deletedAt: sql`coalesce(${users.deletedAt}, ${at}::timestamptz)`,
        })
        .where(eq(users.id, guardian.id));
    }
  }

  await tx
    .update(children)
    .set({ name: ERASED, birthDate: null, sex: null, medicalNotes: null, needsAttention: false, photoConsent: null, removedAt: sql`coalesce(${children.removedAt}, ${at}::timestamptz)` })
    .where(eq(children.familyId, familyId));
  await tx.delete(emergencyContacts).where(eq(emergencyContacts.familyId, familyId));
  await tx.delete(makeupCredits).where(eq(makeupCredits.familyId, familyId));
  await tx.delete(officeActions).where(eq(officeActions.familyId, familyId));
  await tx
    .update(bookingChildren)
    .set({ childName: ERASED })
    .where(inArray(bookingChildren.bookingId, tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.familyId, familyId))));
  await tx.update(bookings).set({ officeNote: null }).where(eq(bookings.familyId, familyId));
  await tx
    .update(waitlistEntries)
    .set({ childNames: sql`array_fill(${ERASED}::text, array[cardinality(${waitlistEntries.childNames})])` })
    .where(eq(waitlistEntries.familyId, familyId));
  await tx
    .update(families)
    .set({
      notes: null,
      crmUserId: null,
      crmUpdatedAt: null,
      crmSignedAt: null,
      crmReceivedAt: null,
      calendarFeedHash: null,
      calendarFeedCreatedAt: null,
      // Erased once: the retention job looks for deactivated families, and this one is gone.
      deactivatedAt: null,
      deletedAt: sql`coalesce(${families.deletedAt}, ${at}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(families.id, familyId));

  const [kept] = await tx.select({ n: count() }).from(bookings).where(eq(bookings.familyId, familyId));
  const bookingsKept = kept?.n ?? 0;
  await tx.insert(familyErasures).values({
    erasedAt: now,
    erasedByUserId: input.actor?.id ?? null,
    erasedByName: input.actor?.name ?? null,
    reason: input.reason,
    bookingsKept,
  });
  return { bookingsKept, cancelled };
}

/** Whether the family was erased already (its guardians' addresses are the erased ones). */
export async function isErased(tx: Tx, familyId: string): Promise<boolean> {
  const rows = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.familyId, familyId));
  return rows.length > 0 && rows.every((row) => row.email.endsWith(`@${ERASED_EMAIL_DOMAIN}`));
}

/** Whether any of the family's accounts is staff (a coach or an administrator given children): never erased here. */
export async function hasStaffGuardian(tx: Tx, familyId: string): Promise<boolean> {
  const rows = await tx.select({ role: users.role }).from(users).where(and(eq(users.familyId, familyId), isNull(users.deletedAt)));
  return rows.some((row) => isStaffRole(row.role));
}
