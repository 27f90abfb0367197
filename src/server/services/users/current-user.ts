import { asc, eq } from 'drizzle-orm';
import type { CurrentUser, PlanTier } from '../../../shared/schemas/users';
import { CHILD_SLOTS } from '../../../shared/schemas/users';
import type { DbOrTx } from '../../db/client';
import { children, type users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/** Shapes a user row and its children for GET /api/me (never the password hash). */
export async function toCurrentUser(db: DbOrTx, user: UserRow): Promise<CurrentUser> {
  const kids = await db
    .select({ name: children.name, weeklyLimit: children.weeklyLimit, position: children.position })
    .from(children)
    .where(eq(children.userId, user.id))
    .orderBy(asc(children.position));
  const slotFields: Record<string, string | number | null> = {};
  CHILD_SLOTS.forEach((slot, index) => {
    const kid = kids.find((k) => k.position === index + 1);
    slotFields[`${slot}ChildName`] = kid?.name ?? null;
    slotFields[`${slot}ChildWeeklyLimit`] = kid?.weeklyLimit ?? null;
  });
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    planTier: user.planTier as PlanTier,
    weeklyLimit: user.weeklyLimit,
    children: kids.map(({ name, weeklyLimit }) => ({ name, weeklyLimit })),
    ...(slotFields as Pick<
      CurrentUser,
      | 'firstChildName'
      | 'secondChildName'
      | 'thirdChildName'
      | 'fourthChildName'
      | 'firstChildWeeklyLimit'
      | 'secondChildWeeklyLimit'
      | 'thirdChildWeeklyLimit'
      | 'fourthChildWeeklyLimit'
    >),
  };
}
