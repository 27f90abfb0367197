import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { OfficeMakeupCreditDto } from '../../../shared/schemas/makeup-credits';
import type { DbOrTx } from '../../db/client';
import { children, makeupCredits } from '../../db/schema';

/**
 * Issue 32: the make-up credits available now (docs/product-rules.md "Absences, make-ups and closures"): not used by a
 * booking, not removed by the office, and not ended (`expires_at` after `now`), soonest end first. By child (the
 * family's usage cards) or by family (the office's family page). A booking decides which one it uses itself, under
 * the child's row lock (portal_usable_credit.sql); this is what the family and the office read.
 */
export async function availableCredits(
  db: DbOrTx,
  input: { familyId: string; childIds?: readonly string[] | undefined; now: Date },
): Promise<Array<OfficeMakeupCreditDto & { childId: string }>> {
  const rows = await db
    .select({ credit: makeupCredits, childName: children.name })
    .from(makeupCredits)
    .innerJoin(children, eq(children.id, makeupCredits.childId))
    .where(
      and(
        eq(makeupCredits.familyId, input.familyId),
        input.childIds ? inArray(makeupCredits.childId, [...input.childIds]) : undefined,
        isNull(makeupCredits.usedBookingId),
        isNull(makeupCredits.removedAt),
        isNull(children.removedAt),
        gt(makeupCredits.expiresAt, input.now),
      ),
    )
    .orderBy(asc(makeupCredits.expiresAt), asc(makeupCredits.createdAt));
  return rows.map(({ credit, childName }) => ({
    id: credit.id,
    childId: credit.childId,
    childName,
    reason: credit.reason,
    createdAt: credit.createdAt.toISOString(),
    expiresAt: credit.expiresAt.toISOString(),
    note: credit.note,
    grantedByName: credit.grantedByName,
  }));
}
