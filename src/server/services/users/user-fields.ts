import { and, asc, inArray, isNull } from 'drizzle-orm';
import { CHILD_FIELDS, childrenToSlots, type Child } from '../../../shared/schemas/children';
import { apiRole, type ChildSlotFields, type PlanTier } from '../../../shared/schemas/users';
import type { DbOrTx } from '../../db/client';
import { children, type families, type users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;
export type ChildRow = typeof children.$inferSelect;

/** The identity fields every user response carries (never the password hash). */
export function userIdentityFields(user: UserRow, family: Pick<typeof families.$inferSelect, 'planTier' | 'weeklyLimit'> | null) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: apiRole(user.role),
    // The family's plan (decision 027); an account without a family shows the defaults.
    planTier: (family?.planTier ?? 'ONE') as PlanTier,
    weeklyLimit: family?.weeklyLimit ?? 1,
  };
}

/** The API's flat child fields (firstChildName … fourthChildSex) from the child rows' positions 1–4 (childrenToSlots). */
export function childSlotFields(kids: ReadonlyArray<Pick<ChildRow, 'position' | keyof Child>>): ChildSlotFields {
  return childrenToSlots(kids);
}

/**
 * A child as their own family and the office see them (the list type: issue 22's date of birth and sex, null when not
 * recorded). Only the family's own reads (/api/me) and the office's use this: nothing another family reads carries them.
 */
export function childDetails(kid: Pick<ChildRow, keyof Child>): Child {
  return Object.fromEntries(CHILD_FIELDS.map((field) => [field, kid[field] ?? null])) as Child;
}

/**
 * The current children (not removed; removed ones are kept only for their past bookings) of these families,
 * each family in slot order. Read in batches, so a long list stays under PostgreSQL's parameter limit.
 */
export async function currentChildrenOf(db: DbOrTx, familyIdsOrNull: ReadonlyArray<string | null>): Promise<Map<string, ChildRow[]>> {
  const userIds = [...new Set(familyIdsOrNull.filter((id): id is string => id !== null))];
  const byUser = new Map<string, ChildRow[]>();
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await db
      .select()
      .from(children)
      .where(and(inArray(children.familyId, userIds.slice(i, i + 1000)), isNull(children.removedAt)))
      .orderBy(asc(children.familyId), asc(children.position));
    for (const row of rows) byUser.set(row.familyId, [...(byUser.get(row.familyId) ?? []), row]);
  }
  return byUser;
}
