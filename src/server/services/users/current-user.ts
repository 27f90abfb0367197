import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { torontoWeekOf } from '../../../shared/rules/week';
import type { CurrentUser, PlanTier } from '../../../shared/schemas/users';
import { apiRole, CHILD_SLOTS } from '../../../shared/schemas/users';
import type { DbOrTx } from '../../db/client';
import { bookingChildren, bookings, children, sessions, type users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/** Confirmed spots the user's children hold in the Toronto week of `now`. */
async function usedThisWeek(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const week = torontoWeekOf(now);
  const [row] = await db
    .select({ used: sql<number>`count(*)::int` })
    .from(bookingChildren)
    .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
    .innerJoin(sessions, eq(sessions.id, bookings.sessionId))
    .where(
      and(
        eq(bookings.userId, userId),
        eq(bookings.status, 'CONFIRMED'),
        gte(sessions.startsAt, week.start),
        lt(sessions.startsAt, week.end),
      ),
    );
  return row?.used ?? 0;
}

/** Shapes a user row and its children for GET /api/me (never the password hash). */
export async function toCurrentUser(db: DbOrTx, user: UserRow, now: Date = new Date()): Promise<CurrentUser> {
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
    role: apiRole(user.role),
    planTier: user.planTier as PlanTier,
    weeklyLimit: user.weeklyLimit,
    usedThisWeek: await usedThisWeek(db, user.id, now),
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
