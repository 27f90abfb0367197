import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { bookingReference } from '../../../shared/product';
import { bookedByLabel, fullName } from '../../../shared/rules/format';
import type { BookedBy } from '../../../shared/schemas/bookings';
import { MAX_GUARDIANS } from '../../../shared/schemas/family';
import type { RosterResponse } from '../../../shared/schemas/sessions';
import type { Database } from '../../db/client';
import { bookingChildren, bookings, children, classTypes, sessions, users } from '../../db/schema';
import { HttpError, idOr404 } from '../../http-error';
import { doorChildColumns, guardiansOfFamilies } from '../check-in/door-details';
import { csvDateTime, toCsv, type CsvColumn } from '../csv/to-csv';
import { listSessionWaitlist } from '../waitlist/list-waitlist';
import { toSessionDto } from './session-dto';
import { SESSION_NOT_FOUND } from './session-rules';


/**
 * Who is coming to a session (issue 19): every child of its confirmed bookings with the family's name, e-mail and
 * the booking's reference, sorted by child name (then family), and whether the child was checked in at the door
 * (issue 22). A cancelled session keeps no one. Issue 31: each child's 'needs attention' flag (the notes only when
 * flagged) and the family's guardians with their phones, for the door (docs/privacy.md, "Who sees it").
 */
export async function getSessionRoster(db: Database, sessionId: string, waitlistClosesAt: Date): Promise<RosterResponse> {
  const id = idOr404(sessionId, SESSION_NOT_FOUND);
  const [found] = await db
    .select({ session: sessions, classType: classTypes })
    .from(sessions)
    .innerJoin(classTypes, eq(classTypes.id, sessions.classTypeId))
    .where(eq(sessions.id, id));
  if (!found) throw new HttpError(404, SESSION_NOT_FOUND);
  const rows = await db
    .select({
      childName: bookingChildren.childName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      bookingId: bookings.id,
      bookedBy: bookings.bookedBy,
      childId: bookingChildren.childId,
      checkedInAt: bookingChildren.checkedInAt,
      checkedInBy: bookingChildren.checkedInByName,
      familyId: bookings.familyId,
      ...doorChildColumns,
    })
    .from(bookingChildren)
    .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
    .innerJoin(users, eq(users.id, bookings.familyId))
    .innerJoin(children, eq(children.id, bookingChildren.childId))
    .where(and(eq(bookings.sessionId, id), eq(bookings.status, 'CONFIRMED'), isNull(bookingChildren.cancelledAt)))
    .orderBy(asc(sql`lower(${bookingChildren.childName})`), asc(users.lastName), asc(users.firstName));
  const guardians = await guardiansOfFamilies(db, rows.map((row) => row.familyId));
  return {
    session: toSessionDto(found.session, found.classType),
    children: rows.map((row) => ({
      childName: row.childName,
      familyName: fullName(row),
      email: row.email,
      bookingId: row.bookingId,
      reference: bookingReference(row.bookingId),
      bookedBy: row.bookedBy as BookedBy,
      childId: row.childId,
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
      checkedInBy: row.checkedInAt ? row.checkedInBy : null,
      needsAttention: row.needsAttention,
      medicalNotes: row.needsAttention ? row.medicalNotes : null,
      guardians: guardians.get(row.familyId) ?? [],
    })),
    waitlist: found.session.status === 'SCHEDULED' ? await listSessionWaitlist(db, id, waitlistClosesAt) : [],
  };
}

const ROSTER_COLUMNS: ReadonlyArray<CsvColumn<RosterResponse['children'][number] & { session: RosterResponse['session'] }>> = [
  { header: 'Child', value: (r) => r.childName },
  { header: 'Family', value: (r) => r.familyName },
  { header: 'Email', value: (r) => r.email },
  { header: 'Reference', value: (r) => r.reference },
  { header: 'Booked by', value: (r) => bookedByLabel({ bookedBy: r.bookedBy, bookedByName: null }) },
  { header: 'Class', value: (r) => r.session.classType.name },
  { header: 'Starts', value: (r) => csvDateTime(r.session.startsAt) },
  { header: 'Location', value: (r) => r.session.location },
  // Issue 31: the flag and the guardians' phones for the door; never the notes (docs/privacy.md, "Who sees it").
  { header: 'Needs attention', value: (r) => (r.needsAttention ? 'Yes' : 'No') },
  ...Array.from({ length: MAX_GUARDIANS }, (_, i): Array<CsvColumn<RosterResponse['children'][number]>> => [
    { header: `Guardian ${i + 1}`, value: (r) => r.guardians[i]?.name },
    { header: `Guardian ${i + 1} phone`, value: (r) => r.guardians[i]?.phone },
  ]).flat(),
];

/** The roster as a CSV file (formula-safe, BOM, CRLF, as the other exports). */
export async function exportSessionRosterCsv(db: Database, sessionId: string, waitlistClosesAt: Date): Promise<{ csv: string; roster: RosterResponse }> {
  const roster = await getSessionRoster(db, sessionId, waitlistClosesAt);
  const csv = toCsv({ columns: ROSTER_COLUMNS, rows: roster.children.map((child) => ({ ...child, session: roster.session })) });
  return { csv, roster };
}
