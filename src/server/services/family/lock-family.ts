import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { families } from '../../db/schema';
import { HttpError } from '../../http-error';
import { FAMILY_NOT_FOUND } from './family-rows';

/**
 * Locks the family's row (FOR UPDATE) for a change that counts or replaces the family's own rows (its guardians, its
 * emergency contacts): two such changes of one family run one after the other, so the second counts what the first
 * left (four guardians at most, one at least; one list of contacts).
 */
export async function lockFamily(tx: Tx, familyId: string): Promise<void> {
  const [row] = await tx
    .select({ id: families.id })
    .from(families)
    .where(and(eq(families.id, familyId), isNull(families.deletedAt)))
    .for('update');
  if (!row) throw new HttpError(404, FAMILY_NOT_FOUND);
}
