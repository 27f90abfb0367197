import { and, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import { bookingReference } from '../../../shared/product';
import { addWeeks } from 'date-fns';
import type { AdminBookingDto } from '../../../shared/schemas/bookings';
import { bookingPauseOfFamily } from '../bookings/booking-pause';
import { availableCredits } from '../makeup-credits/available-credits';
import type { FamilyDetailResponse, OfficeActionDto } from '../../../shared/schemas/admin-users';
import { FAMILY_PAST_DAYS } from '../../../shared/schemas/admin-users';
import { torontoWeekOf } from '../../../shared/rules/week';
import type { Database } from '../../db/client';
import { bookings, officeActions, sessions, users } from '../../db/schema';
import { HttpError, idOr404 } from '../../http-error';
import { loadBookings } from '../bookings/booking-dto';
import { countWeeklyUsage } from '../bookings/count-weekly-usage';
import { listFamilyWaitlist, waitlistClosesBefore } from '../waitlist/list-waitlist';
import { loadFamily } from '../family/family-dto';
import { loadAdminUserDto } from './admin-user-dto';
import { childDetails, currentChildrenOf } from './user-fields';
import { USER_NOT_FOUND } from './user-rules';
import { firstGuardianOf } from '../privacy/erase-family-by-office';

/** The office's most recent actions the family page lists. */
const ACTIONS_SHOWN = 100;

/** A live (not deleted) account by id, else 404. */
export async function liveUser(db: Database, userId: string) {
  const id = idOr404(userId, USER_NOT_FOUND);
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  if (!user) throw new HttpError(404, USER_NOT_FOUND);
  return user;
}

interface ActionDetails {
  session?: { startsAt?: string };
  previousSession?: { startsAt?: string };
  className?: string;
  childNames?: string[];
  overrideWeeklyLimit?: boolean;
}

function toOfficeActionDto(row: typeof officeActions.$inferSelect): OfficeActionDto {
  const details = (row.details ?? {}) as ActionDetails;
  return {
    id: row.id,
    action: row.action,
    adminName: row.adminName,
    note: row.note,
    bookingId: row.bookingId,
    reference: row.bookingId ? bookingReference(row.bookingId) : null,
    className: details.className ?? null,
    startsAt: details.session?.startsAt ? new Date(details.session.startsAt).toISOString() : null,
    previousStartsAt: details.previousSession?.startsAt ? new Date(details.previousSession.startsAt).toISOString() : null,
    childNames: details.childNames ?? [],
    overrideWeeklyLimit: details.overrideWeeklyLimit ?? false,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The family page (issue 19): the account, each current child with this and next Toronto week's confirmed
 * sessions against their limit, and what the office did for the family (newest first).
 */
export async function getFamily(db: Database, userId: string, now: Date, waitlistCutoffHours: number): Promise<FamilyDetailResponse> {
  const user = await liveUser(db, userId);
  const familyId = user.familyId;
  const kids = (familyId && (await currentChildrenOf(db, [familyId])).get(familyId)) || [];
  const thisWeek = torontoWeekOf(now).start;
  const nextWeek = addWeeks(thisWeek, 1);
  const [usedNow, usedNext, actions, waitlist, family, firstGuardian, bookingPause, credits] = await Promise.all([
    countWeeklyUsage(db, { childIds: kids.map((kid) => kid.id), weekOf: thisWeek }),
    countWeeklyUsage(db, { childIds: kids.map((kid) => kid.id), weekOf: nextWeek }),
    familyId ? db.select().from(officeActions).where(eq(officeActions.familyId, familyId)).orderBy(desc(officeActions.createdAt)).limit(ACTIONS_SHOWN) : [],
    familyId ? listFamilyWaitlist(db, familyId, waitlistClosesBefore(now, waitlistCutoffHours)) : [],
    // Issue 31: the guardians, the children's profiles and the emergency contacts (none for staff without a family).
    familyId ? loadFamily(db, { familyId, viewerId: null }) : undefined,
    familyId ? firstGuardianOf(db, familyId) : null,
    // Issue 32: the no-show rule's pause, with the office's 'Lift pause'.
    bookingPauseOfFamily(db, familyId, now),
    familyId ? availableCredits(db, { familyId, now }) : [],
  ]);
  const week = (weekStart: Date, used: number, limit: number) => ({ weekStart: weekStart.toISOString(), used, remaining: Math.max(0, limit - used) });
  return {
    user: await loadAdminUserDto(db, user),
    children: kids.map((kid) => ({
      id: kid.id,
      ...childDetails(kid),
      thisWeek: week(thisWeek, usedNow.get(kid.id) ?? 0, kid.weeklyLimit),
      nextWeek: week(nextWeek, usedNext.get(kid.id) ?? 0, kid.weeklyLimit),
    })),
    actions: actions.map(toOfficeActionDto),
    waitlist,
    ...(family && { family }),
    firstGuardianEmail: firstGuardian?.email ?? null,
    bookingPause,
    makeupCredits: credits.map(({ childId: _childId, ...credit }) => credit),
  };
}

/**
 * A family's bookings (issue 19) whose session starts in [from, to]; by default from FAMILY_PAST_DAYS ago on, every
 * upcoming one included. Cancelled ones too (with their status); who made each is in `bookedBy`.
 */
export async function listFamilyBookings(db: Database, input: { userId: string; from?: Date; to?: Date; now: Date }): Promise<AdminBookingDto[]> {
  const user = await liveUser(db, input.userId);
  const from = input.from ?? new Date(input.now.getTime() - FAMILY_PAST_DAYS * 86_400_000);
  if (!user.familyId) return [];
  const conditions = [eq(bookings.familyId, user.familyId), gte(sessions.startsAt, from)];
  if (input.to) conditions.push(lte(sessions.startsAt, input.to));
  return loadBookings(db, and(...conditions)!, input.now);
}
