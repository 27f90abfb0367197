import { fullName } from '../../../shared/rules/format';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { WeeklyLimitConflict } from '../../../shared/schemas/sessions';
import type { Tx } from '../../db/client';
import { bookingChildren, children, users } from '../../db/schema';
import { lockChildrenById } from '../bookings/booking-rules';
import { countWeeklyUsage } from '../bookings/count-weekly-usage';
import { plural } from './session-rules';

/**
 * The booked children whom moving a session into the Toronto week of `weekOf` would put over their weekly
 * limit: their confirmed spots in that week (the moved session not among them: it still starts in its old
 * week while this runs) plus this one exceed the limit. The children's rows are locked (in id order, after
 * the session and its bookings, as a reschedule takes them), so no booking of theirs can change the count
 * before the move commits. Ordered by child name.
 */
export async function weeklyLimitConflicts(tx: Tx, input: { bookingIds: string[]; weekOf: Date }): Promise<WeeklyLimitConflict[]> {
  if (!input.bookingIds.length) return [];
  const booked = await tx
    .selectDistinct({ childId: children.id, childName: children.name, weeklyLimit: children.weeklyLimit, firstName: users.firstName, lastName: users.lastName })
    .from(bookingChildren)
    .innerJoin(children, eq(children.id, bookingChildren.childId))
    .innerJoin(users, eq(users.id, children.familyId))
    .where(and(inArray(bookingChildren.bookingId, input.bookingIds), isNull(bookingChildren.cancelledAt)))
    .orderBy(asc(children.id));
  if (!booked.length) return [];
  await lockChildrenById(tx, booked.map((kid) => kid.childId));
  const usage = await countWeeklyUsage(tx, { childIds: booked.map((kid) => kid.childId), weekOf: input.weekOf });
  return booked
    .map((kid) => ({
      childName: kid.childName,
      parentName: fullName(kid),
      weeklyLimit: kid.weeklyLimit,
      bookedThatWeek: usage.get(kid.childId) ?? 0,
    }))
    .filter((kid) => kid.bookedThatWeek + 1 > kid.weeklyLimit)
    .sort((a, b) => a.childName.localeCompare(b.childName) || a.parentName.localeCompare(b.parentName));
}

/** The 409's message: how many children, named with their family, and what to do. */
export function weeklyLimitConflictMessage(conflicts: readonly WeeklyLimitConflict[]): string {
  const names = conflicts.map((c) => `${c.childName} (${c.parentName}: ${c.bookedThatWeek} of ${c.weeklyLimit} already booked that week)`);
  return `Moving this session to that week would put ${plural(conflicts.length, 'child', 'children')} over their weekly limit: ${names.join(', ')}. Confirm to move it anyway.`;
}
