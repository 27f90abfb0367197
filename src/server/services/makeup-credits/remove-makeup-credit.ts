import { and, eq, isNull } from 'drizzle-orm';
import { MAKEUP_CREDIT_REMOVED, MAKEUP_CREDIT_USED } from '../../../shared/schemas/makeup-credits';
import type { Tx } from '../../db/client';
import { children, makeupCredits, officeActions } from '../../db/schema';
import { HttpError } from '../../http-error';

export interface RemoveMakeupCreditInput {
  familyId: string;
  creditId: string;
  note: string;
  actor: { id: string; name: string };
  now: Date;
}

export const CREDIT_NOT_FOUND = 'Make-up credit not found';

/**
 * Issue 32: the office removes one of the family's credits (DELETE /api/admin/users/:id/makeup-credits/:creditId) with
 * a note; the row stays (removed_at, who, the note) and the action REMOVE_CREDIT is recorded in the same unit of work.
 * A credit a booking uses is refused (409 MAKEUP_CREDIT_USED): that booking's place holds it. The child's row is
 * locked before the credit's, the order a booking takes them in (decision 022), so a booking spending the credit
 * and its removal run one after the other. Removing one already removed, or another family's, is a 404.
 */
export async function removeMakeupCredit(tx: Tx, input: RemoveMakeupCreditInput): Promise<{ message: string }> {
  const [owner] = await tx
    .select({ childId: makeupCredits.childId })
    .from(makeupCredits)
    .where(and(eq(makeupCredits.id, input.creditId), eq(makeupCredits.familyId, input.familyId)));
  if (!owner) throw new HttpError(404, CREDIT_NOT_FOUND);
  const [child] = await tx.select({ name: children.name }).from(children).where(eq(children.id, owner.childId)).for('update');
  const [credit] = await tx
    .select()
    .from(makeupCredits)
    .where(and(eq(makeupCredits.id, input.creditId), isNull(makeupCredits.removedAt)))
    .for('update');
  if (!credit || !child) throw new HttpError(404, CREDIT_NOT_FOUND);
  if (credit.usedBookingId) throw new HttpError(409, MAKEUP_CREDIT_USED, { code: 'MAKEUP_CREDIT_USED' });
  await tx
    .update(makeupCredits)
    .set({ removedAt: input.now, removedByUserId: input.actor.id, removedByName: input.actor.name, removalNote: input.note })
    .where(eq(makeupCredits.id, credit.id));
  await tx.insert(officeActions).values({
    familyId: input.familyId,
    adminId: input.actor.id,
    adminName: input.actor.name,
    action: 'REMOVE_CREDIT',
    note: input.note,
    details: { childNames: [child.name], creditId: credit.id },
  });
  return { message: MAKEUP_CREDIT_REMOVED };
}
