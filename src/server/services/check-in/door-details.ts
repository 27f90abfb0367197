import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import { fullName } from '../../../shared/rules/format';
import type { DoorGuardian } from '../../../shared/schemas/door';
import type { DbOrTx } from '../../db/client';
import { children, users } from '../../db/schema';

/**
 * What the door may know beyond the booking (issue 31, docs/privacy.md "Who sees it"): used by the session's roster
 * and the check-in look-up, both office-only. The notes are read only when flagged: a child without the flag has
 * null notes in every answer, whatever the family wrote.
 */
export const doorChildColumns = {
  needsAttention: children.needsAttention,
  medicalNotes: sql<string | null>`case when ${children.needsAttention} then ${children.medicalNotes} end`,
};

/** Each family's live guardians (deleted accounts left out), first added first, as the door may call them. */
export async function guardiansOfFamilies(db: DbOrTx, familyIds: readonly string[]): Promise<Map<string, DoorGuardian[]>> {
  const byFamily = new Map<string, DoorGuardian[]>();
  const ids = [...new Set(familyIds)];
  if (ids.length === 0) return byFamily;
  const rows = await db
    .select({ familyId: users.familyId, firstName: users.firstName, lastName: users.lastName, phone: users.phone })
    .from(users)
    .where(and(inArray(users.familyId, ids), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(users.id));
  for (const row of rows) {
    const list = byFamily.get(row.familyId!) ?? [];
    list.push({ name: fullName(row), phone: row.phone?.trim() || null });
    byFamily.set(row.familyId!, list);
  }
  return byFamily;
}
