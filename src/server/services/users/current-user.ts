import { and, asc, eq, isNull } from 'drizzle-orm';
import type { CurrentUser, PlanTier } from '../../../shared/schemas/users';
import { apiRole } from '../../../shared/schemas/users';
import type { DbOrTx } from '../../db/client';
import { children, type users } from '../../db/schema';
import { countWeeklyUsage } from '../bookings/count-weekly-usage';
import { childSlotFields } from './child-slot-fields';

type UserRow = typeof users.$inferSelect;

/** Shapes a user row and its children for GET /api/me (never the password hash). */
export async function toCurrentUser(db: DbOrTx, user: UserRow, now: Date = new Date()): Promise<CurrentUser> {
  const kids = await db
    .select({ id: children.id, name: children.name, weeklyLimit: children.weeklyLimit, position: children.position })
    .from(children)
    // Removed children (kept for their past bookings) are no longer the family's.
    .where(and(eq(children.userId, user.id), isNull(children.removedAt)))
    .orderBy(asc(children.position));
  // Confirmed spots all the user's children hold in the Toronto week of `now`.
  const usage = await countWeeklyUsage(db, { childIds: kids.map((kid) => kid.id), weekOf: now });
  const usedThisWeek = [...usage.values()].reduce((sum, used) => sum + used, 0);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: apiRole(user.role),
    planTier: user.planTier as PlanTier,
    weeklyLimit: user.weeklyLimit,
    usedThisWeek,
    children: kids.map(({ name, weeklyLimit }) => ({ name, weeklyLimit })),
    ...childSlotFields(kids),
  };
}
