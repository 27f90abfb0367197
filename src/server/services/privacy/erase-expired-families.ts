import { subMonths } from 'date-fns';
import { and, asc, eq, inArray, isNotNull, isNull, lte, notExists } from 'drizzle-orm';
import { STAFF_ROLES } from '../../../shared/rules/roles';
import type { Tx } from '../../db/client';
import { families, users } from '../../db/schema';
import { eraseFamily } from './erase-family';

export interface EraseExpiredFamiliesInput {
  now: Date;
  /** RETENTION_MONTHS: a family deactivated at least this many months ago is erased. */
  retentionMonths: number;
  waitlistCutoffHours: number;
}

/**
 * The retention job (docs/privacy.md, run once a day across instances by the scheduled jobs): every family whose
 * guardians were all deactivated or deleted RETENTION_MONTHS ago or more is erased (reason RETENTION, by nobody). A
 * family with a staff account among its guardians (a coach or an administrator, STAFF_ROLES) is left to the office.
 * An erased family's deactivated_at is cleared, so it is erased once.
 */
export async function eraseExpiredFamilies(tx: Tx, input: EraseExpiredFamiliesInput): Promise<{ erased: number; bookingsKept: number }> {
  const before = subMonths(input.now, input.retentionMonths);
  const due = await tx
    .select({ id: families.id })
    .from(families)
    .where(
      and(
        isNotNull(families.deactivatedAt),
        lte(families.deactivatedAt, before),
        notExists(
          tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.familyId, families.id), inArray(users.role, [...STAFF_ROLES]), isNull(users.deletedAt))),
        ),
      ),
    )
    .orderBy(asc(families.id));
  let bookingsKept = 0;
  for (const family of due) {
    const result = await eraseFamily(tx, { familyId: family.id, actor: null, reason: 'RETENTION', now: input.now, waitlistCutoffHours: input.waitlistCutoffHours });
    bookingsKept += result.bookingsKept;
  }
  return { erased: due.length, bookingsKept };
}
