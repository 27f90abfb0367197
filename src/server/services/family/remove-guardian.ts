import { and, eq, isNull } from 'drizzle-orm';
import { fullName } from '../../../shared/rules/format';
import { LAST_GUARDIAN } from '../../../shared/schemas/family';
import type { Tx } from '../../db/client';
import { officeActions, users } from '../../db/schema';
import { HttpError, idOr404 } from '../../http-error';
import { endGuardian, otherLiveGuardians } from '../family/guardians';
import { lockFamily } from './lock-family';

export const GUARDIAN_NOT_FOUND = 'Guardian not found';

/**
 * The office removes a guardian from a family (issue 31): the account ends at once (its sign-in sessions, trusted
 * devices and set-password links go; the row stays, deleted, so what it did keeps its name). The family's last live
 * guardian is refused (409 LAST_GUARDIAN): deleting the family is the Users tab's Delete. A guardian of another
 * family is the same 404 as an unknown id.
 */
export async function removeGuardian(tx: Tx, input: { familyId: string; guardianId: string; actor: { id: string; name: string }; now: Date }): Promise<{ message: string }> {
  const guardianId = idOr404(input.guardianId, GUARDIAN_NOT_FOUND);
  await lockFamily(tx, input.familyId);
  const [target] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, guardianId), eq(users.familyId, input.familyId), isNull(users.deletedAt)));
  if (!target) throw new HttpError(404, GUARDIAN_NOT_FOUND);
  if ((await otherLiveGuardians(tx, input.familyId, target.id)).length === 0) throw new HttpError(409, LAST_GUARDIAN, { code: 'LAST_GUARDIAN' });
  await endGuardian(tx, target, input.now);
  await tx.insert(officeActions).values({
    familyId: input.familyId,
    adminId: input.actor.id,
    adminName: input.actor.name,
    action: 'REMOVE_GUARDIAN',
    details: { guardianName: fullName(target) },
  });
  return { message: 'Guardian removed' };
}
