import type { CurrentUser } from '../../../shared/schemas/users';
import type { DbOrTx } from '../../db/client';
import type { users } from '../../db/schema';
import { bookingPauseOfFamily } from '../bookings/booking-pause';
import { countWeeklyUsage } from '../bookings/count-weekly-usage';
import { guardianDtosOf } from '../family/family-dto';
import { familyRowOf } from '../family/family-rows';
import { childDetails, childSlotFields, currentChildrenOf, userIdentityFields } from './user-fields';

type UserRow = typeof users.$inferSelect;

/** Shapes a user row and its children for GET /api/me (never the password hash). */
export async function toCurrentUser(db: DbOrTx, user: UserRow, now: Date = new Date()): Promise<CurrentUser> {
  const [kidsByFamily, family, guardians, bookingPause] = await Promise.all([
    currentChildrenOf(db, [user.familyId]),
    familyRowOf(db, user.familyId),
    guardianDtosOf(db, user.familyId, user.id),
    // Issue 32: the no-show rule's pause of the family's online booking (the banner, the booking dialog).
    bookingPauseOfFamily(db, user.familyId, now),
  ]);
  const kids = (user.familyId && kidsByFamily.get(user.familyId)) || [];
  // Confirmed spots all the user's children hold in the Toronto week of `now`.
  const usage = await countWeeklyUsage(db, { childIds: kids.map((kid) => kid.id), weekOf: now });
  const usedThisWeek = [...usage.values()].reduce((sum, used) => sum + used, 0);
  return {
    ...userIdentityFields(user, family),
    usedThisWeek,
    children: kids.map(childDetails),
    bookingReminders: user.bookingReminders,
    guardians,
    bookingPause,
    ...childSlotFields(kids),
  };
}
