import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { bookingReference } from '../../../shared/product';
import type { ChildCancellation } from '../../../shared/schemas/bookings';
import type { FamilyExport } from '../../../shared/schemas/privacy';
import type { DbOrTx } from '../../db/client';
import {
  authSessions,
  bookingChildren,
  bookings,
  children,
  classTypes,
  emailOutbox,
  emergencyContacts,
  families,
  makeupCredits,
  sessions,
  trustedDevices,
  users,
  waitlistEntries,
  webhookLogs,
} from '../../db/schema';
import { HttpError } from '../../http-error';
import { FAMILY_NOT_FOUND } from '../family/family-rows';
import { emailToFamily, headersWithoutSecrets, webhookLogAboutFamily } from './family-scope';

const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => at?.toISOString() ?? null;

export const EXPORT_ABOUT =
  'Everything the portal holds about your family, as of exportedAt (docs/privacy.md): guardians, the family (plan, ' +
  "weekly limit, the office's notes), children with their profiles, emergency contacts, bookings with attendance, " +
  'waiting entries, make-up credits, emails sent to the guardians, deliveries from the CRM about you, and signed-in devices. Times are UTC.';

/**
 * The family's own copy (issue 31, PIPEDA's right of access): every row the portal holds about the family, in words a
 * person reads, and nothing of another family: each read is keyed by the family (or its guardians' rows). Passwords,
 * tokens and their hashes, e-mail secrets and signature headers are never read; the route's schema drops anything else.
 */
export async function exportFamilyData(db: DbOrTx, input: { familyId: string; now: Date }): Promise<FamilyExport> {
  const { familyId } = input;
  const [family] = await db.select().from(families).where(eq(families.id, familyId));
  if (!family) throw new HttpError(404, FAMILY_NOT_FOUND);
  const guardianRows = await db.select().from(users).where(eq(users.familyId, familyId)).orderBy(asc(users.createdAt), asc(users.id));
  const guardianIds = guardianRows.map((g) => g.id);
  const emailOf = new Map(guardianRows.map((g) => [g.id, g.email]));
  const nameOf = new Map(guardianRows.map((g) => [g.id, `${g.firstName} ${g.lastName}`.trim()]));

  const [kids, contacts, bookingRows, waiting, emails, deliveries, signIns, trusted, credits] = await Promise.all([
    db.select().from(children).where(eq(children.familyId, familyId)).orderBy(asc(children.position), asc(children.createdAt)),
    db.select().from(emergencyContacts).where(eq(emergencyContacts.familyId, familyId)).orderBy(asc(emergencyContacts.position)),
    db
      .select({ booking: bookings, session: sessions, className: classTypes.name })
      .from(bookings)
      .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
      .innerJoin(classTypes, eq(classTypes.id, sessions.classTypeId))
      .where(eq(bookings.familyId, familyId))
      .orderBy(asc(sessions.startsAt), asc(bookings.createdAt)),
    db
      .select({ entry: waitlistEntries, startsAt: sessions.startsAt, className: classTypes.name })
      .from(waitlistEntries)
      .innerJoin(sessions, eq(sessions.id, waitlistEntries.sessionId))
      .innerJoin(classTypes, eq(classTypes.id, sessions.classTypeId))
      .where(eq(waitlistEntries.familyId, familyId))
      .orderBy(asc(waitlistEntries.createdAt)),
    db
      .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, template: emailOutbox.template, status: emailOutbox.status, createdAt: emailOutbox.createdAt, sentAt: emailOutbox.sentAt })
      .from(emailOutbox)
      .where(emailToFamily(familyId))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id)),
    db
      .select({
        createdAt: webhookLogs.createdAt,
        endpoint: webhookLogs.endpoint,
        responseStatus: webhookLogs.responseStatus,
        responseMessage: webhookLogs.responseMessage,
        headers: webhookLogs.headers,
        body: webhookLogs.body,
        mappedData: webhookLogs.mappedData,
      })
      .from(webhookLogs)
      .where(webhookLogAboutFamily(familyId))
      .orderBy(asc(webhookLogs.createdAt)),
    guardianIds.length
      ? db
          .select({ userId: authSessions.userId, userAgent: authSessions.userAgent, ipAddress: authSessions.ipAddress, createdAt: authSessions.createdAt, lastSeenAt: authSessions.lastSeenAt, expiresAt: authSessions.expiresAt })
          .from(authSessions)
          .where(inArray(authSessions.userId, guardianIds))
          .orderBy(desc(authSessions.lastSeenAt))
      : [],
    guardianIds.length
      ? db
          .select({ userId: trustedDevices.userId, createdAt: trustedDevices.createdAt, lastUsedAt: trustedDevices.lastUsedAt, expiresAt: trustedDevices.expiresAt })
          .from(trustedDevices)
          .where(inArray(trustedDevices.userId, guardianIds))
          .orderBy(desc(trustedDevices.lastUsedAt))
      : [],
    db
      .select({ credit: makeupCredits, childName: children.name })
      .from(makeupCredits)
      .innerJoin(children, eq(children.id, makeupCredits.childId))
      .where(eq(makeupCredits.familyId, familyId))
      .orderBy(asc(makeupCredits.createdAt), asc(makeupCredits.id)),
  ]);

  const bookingIds = bookingRows.map((row) => row.booking.id);
  const kidsOfBooking = new Map<
    string,
    Array<{ name: string; checkedInAt: string | null; cancelledAt: string | null; cancellation: ChildCancellation | null }>
  >();
  for (let i = 0; i < bookingIds.length; i += 5000) {
    const rows = await db
      .select({
        bookingId: bookingChildren.bookingId,
        name: bookingChildren.childName,
        checkedInAt: bookingChildren.checkedInAt,
        cancelledAt: bookingChildren.cancelledAt,
        cancellation: bookingChildren.cancellation,
      })
      .from(bookingChildren)
      .where(and(inArray(bookingChildren.bookingId, bookingIds.slice(i, i + 5000))))
      .orderBy(asc(bookingChildren.position));
    for (const row of rows) {
      const list = kidsOfBooking.get(row.bookingId) ?? [];
      list.push({
        name: row.name,
        checkedInAt: isoOrNull(row.checkedInAt),
        cancelledAt: isoOrNull(row.cancelledAt),
        cancellation: row.cancellation as ChildCancellation | null,
      });
      kidsOfBooking.set(row.bookingId, list);
    }
  }

  return {
    exportedAt: iso(input.now),
    about: EXPORT_ABOUT,
    family: {
      planTier: family.planTier,
      weeklyLimit: family.weeklyLimit,
      officeNotes: family.notes,
      crmContactId: family.crmUserId,
      calendarFeedOn: family.calendarFeedHash !== null,
      createdAt: iso(family.createdAt),
      deactivatedAt: isoOrNull(family.deactivatedAt),
    },
    guardians: guardianRows.map((g) => ({
      firstName: g.firstName,
      lastName: g.lastName,
      email: g.email,
      phone: g.phone,
      copyMe: g.copyMe,
      bookingReminders: g.bookingReminders,
      isActive: g.isActive,
      createdAt: iso(g.createdAt),
      removedAt: isoOrNull(g.deletedAt),
    })),
    children: kids.map((kid) => ({
      name: kid.name,
      weeklyLimit: kid.weeklyLimit,
      birthDate: kid.birthDate,
      sex: kid.sex,
      medicalNotes: kid.medicalNotes,
      needsAttention: kid.needsAttention,
      photoConsent: kid.photoConsent,
      createdAt: iso(kid.createdAt),
      removedAt: isoOrNull(kid.removedAt),
    })),
    emergencyContacts: contacts.map((contact) => ({ name: contact.name, relationship: contact.relationship, phone: contact.phone })),
    bookings: bookingRows.map(({ booking, session, className }) => ({
      reference: bookingReference(booking.id),
      className,
      startsAt: iso(session.startsAt),
      endsAt: iso(session.endsAt),
      location: session.location,
      status: booking.status,
      bookedAt: iso(booking.createdAt),
      cancelledAt: isoOrNull(booking.cancelledAt),
      bookedBy: booking.bookedBy,
      bookedByGuardian: booking.bookedByUserId ? (nameOf.get(booking.bookedByUserId) ?? null) : null,
      children: kidsOfBooking.get(booking.id) ?? [],
    })),
    waitlist: waiting.map(({ entry, startsAt, className }) => ({
      className,
      startsAt: iso(startsAt),
      childNames: entry.childNames,
      status: entry.status,
      joinedAt: iso(entry.createdAt),
      endedAt: isoOrNull(entry.endedAt),
    })),
    makeupCredits: credits.map(({ credit, childName }) => ({
      childName,
      reason: credit.reason,
      createdAt: iso(credit.createdAt),
      expiresAt: iso(credit.expiresAt),
      usedByBooking: credit.usedBookingId ? bookingReference(credit.usedBookingId) : null,
      removedAt: isoOrNull(credit.removedAt),
    })),
    emails: emails.map((mail) => ({
      to: mail.to,
      // A message rendered at send time has its subject once sent; before, its template says what it is.
      subject: mail.subject ?? (mail.template ? `(${mail.template})` : null),
      status: mail.status,
      queuedAt: iso(mail.createdAt),
      sentAt: isoOrNull(mail.sentAt),
    })),
    crmDeliveries: deliveries.map((log) => ({
      receivedAt: iso(log.createdAt),
      endpoint: log.endpoint,
      responseStatus: log.responseStatus,
      responseMessage: log.responseMessage,
      headers: headersWithoutSecrets(log.headers),
      body: log.body ?? null,
      applied: log.mappedData ?? null,
    })),
    devices: [
      ...signIns.map((row) => ({
        guardianEmail: emailOf.get(row.userId) ?? '',
        kind: 'SIGN_IN' as const,
        userAgent: row.userAgent,
        ipAddress: row.ipAddress,
        createdAt: iso(row.createdAt),
        lastSeenAt: iso(row.lastSeenAt),
        expiresAt: iso(row.expiresAt),
      })),
      ...trusted.map((row) => ({
        guardianEmail: emailOf.get(row.userId) ?? '',
        kind: 'TRUSTED_DEVICE' as const,
        userAgent: null,
        ipAddress: null,
        createdAt: iso(row.createdAt),
        lastSeenAt: iso(row.lastUsedAt),
        expiresAt: iso(row.expiresAt),
      })),
    ],
  };
}
