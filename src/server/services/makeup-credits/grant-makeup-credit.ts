import { and, eq, isNull } from 'drizzle-orm';
import { creditExpiry } from '../../../shared/rules/cancellation';
import type { OfficeMakeupCreditDto } from '../../../shared/schemas/makeup-credits';
import type { Tx } from '../../db/client';
import { children, makeupCredits, officeActions } from '../../db/schema';
import { HttpError } from '../../http-error';
import { getBusinessSetting } from '../settings/get-business-setting';

export interface GrantMakeupCreditInput {
  familyId: string;
  childId: string;
  note: string;
  actor: { id: string; name: string };
  now: Date;
}

export const CREDIT_CHILD_NOT_FOUND = 'Child not found in this family';

/**
 * Issue 32: the office grants a child of the family one make-up credit (POST /api/admin/users/:id/makeup-credits),
 * lasting the policy's days from now (creditExpiry, the same end as a cancellation's credit), with the office's note;
 * the action GRANT_CREDIT is recorded in the same unit of work. The child's row is locked first, as a booking that
 * spends the child's credits locks it (decision 022). Granted whether or not credits are on: the policy switches off
 * the credits cancellations and closures give, not the office's own.
 */
export async function grantMakeupCredit(tx: Tx, input: GrantMakeupCreditInput): Promise<OfficeMakeupCreditDto> {
  const [child] = await tx
    .select({ id: children.id, name: children.name })
    .from(children)
    .where(and(eq(children.id, input.childId), eq(children.familyId, input.familyId), isNull(children.removedAt)))
    .for('update');
  if (!child) throw new HttpError(404, CREDIT_CHILD_NOT_FOUND);
  const policies = await getBusinessSetting(tx, { key: 'policies' });
  const [credit] = await tx
    .insert(makeupCredits)
    .values({
      familyId: input.familyId,
      childId: child.id,
      reason: 'OFFICE',
      note: input.note,
      grantedByUserId: input.actor.id,
      grantedByName: input.actor.name,
      createdAt: input.now,
      expiresAt: creditExpiry(input.now, policies.makeupCreditValidityDays),
    })
    .returning();
  await tx.insert(officeActions).values({
    familyId: input.familyId,
    adminId: input.actor.id,
    adminName: input.actor.name,
    action: 'GRANT_CREDIT',
    note: input.note,
    details: { childNames: [child.name], creditId: credit!.id, expiresAt: credit!.expiresAt.toISOString() },
  });
  return {
    id: credit!.id,
    childName: child.name,
    reason: credit!.reason,
    createdAt: credit!.createdAt.toISOString(),
    expiresAt: credit!.expiresAt.toISOString(),
    note: credit!.note,
    grantedByName: credit!.grantedByName,
  };
}
