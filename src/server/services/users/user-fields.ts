import { and, asc, inArray, isNull } from 'drizzle-orm';
import { apiRole, CHILD_SLOTS, type ChildSlotFields, type PlanTier } from '../../../shared/schemas/users';
import type { DbOrTx } from '../../db/client';
import { children, type users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;
export type ChildRow = typeof children.$inferSelect;

/** The identity fields every user response carries (never the password hash). */
export function userIdentityFields(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: apiRole(user.role),
    planTier: user.planTier as PlanTier,
    weeklyLimit: user.weeklyLimit,
  };
}

/** The API's flat child fields (firstChildName … fourthChildSex) from the child rows' slots 1–4. */
export function childSlotFields(
  kids: ReadonlyArray<Pick<ChildRow, 'position' | 'name' | 'weeklyLimit' | 'birthDate' | 'sex'>>,
): ChildSlotFields {
  const fields: Record<string, string | number | null> = {};
  CHILD_SLOTS.forEach((slot, index) => {
    const kid = kids.find((k) => k.position === index + 1);
    fields[`${slot}ChildName`] = kid?.name ?? null;
    fields[`${slot}ChildWeeklyLimit`] = kid?.weeklyLimit ?? null;
    fields[`${slot}ChildBirthDate`] = kid?.birthDate ?? null;
    fields[`${slot}ChildSex`] = kid?.sex ?? null;
  });
  return fields as ChildSlotFields;
}

/**
 * A child as their own family and the office see them (issue 22: date of birth and sex, null when not recorded).
 * Only the family's own reads (/api/me) and the office's use this: nothing another family reads carries them.
 */
export function childDetails(kid: Pick<ChildRow, 'name' | 'weeklyLimit' | 'birthDate' | 'sex'>) {
  return { name: kid.name, weeklyLimit: kid.weeklyLimit, birthDate: kid.birthDate ?? null, sex: kid.sex ?? null };
}

/**
 * The current children (not removed; removed ones are kept only for their past bookings) of these users,
 * each family in slot order. Read in batches, so a long list stays under PostgreSQL's parameter limit.
 */
export async function currentChildrenOf(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, ChildRow[]>> {
  const byUser = new Map<string, ChildRow[]>();
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await db
      .select()
      .from(children)
      .where(and(inArray(children.userId, userIds.slice(i, i + 1000)), isNull(children.removedAt)))
      .orderBy(asc(children.userId), asc(children.position));
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  }
  return byUser;
}
