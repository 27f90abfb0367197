import { asc, eq, sql } from 'drizzle-orm';
import { ERASE_CONFIRMATION_MISMATCH, ERASE_STAFF_REFUSED, type EraseFamilyResponse } from '../../../shared/schemas/privacy';
import type { DbOrTx, Tx } from '../../db/client';
import { families, users } from '../../db/schema';
import { HttpError, idOr404 } from '../../http-error';
import { FAMILY_NOT_FOUND } from '../family/family-rows';
import { USER_NOT_FOUND } from '../users/user-rules';
import { eraseFamily, hasStaffGuardian, isErased } from './erase-family';

export interface EraseFamilyByOfficeInput {
  /** Any guardian of the family (the office's family page is keyed by an account). */
  userId: string;
  /** The family's first guardian's e-mail, typed exactly (eraseFamilyBody). */
  confirm: string;
  /** The SUPER_ADMIN (the route refuses anyone else). */
  actor: { id: string; name: string };
  now: Date;
  waitlistCutoffHours: number;
}

/**
 * The family's first guardian: the earliest live one, or the earliest of all when the family was deleted. The dialog
 * shows its e-mail and asks for it typed (GET /api/admin/users/:id answers it as `firstGuardianEmail`).
 */
export async function firstGuardianOf(tx: DbOrTx, familyId: string) {
  const [first] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.familyId, familyId))
    .orderBy(sql`${users.deletedAt} is not null`, asc(users.createdAt), asc(users.id))
    .limit(1);
  return first ?? null;
}

/** The office erases a family at once on request (docs/privacy.md): a SUPER_ADMIN, with the typed confirmation. */
export async function eraseFamilyByOffice(tx: Tx, input: EraseFamilyByOfficeInput): Promise<EraseFamilyResponse> {
  const id = idOr404(input.userId, USER_NOT_FOUND);
  const [target] = await tx.select({ familyId: users.familyId }).from(users).where(eq(users.id, id));
  if (!target) throw new HttpError(404, USER_NOT_FOUND);
  const familyId = target.familyId;
  if (!familyId) throw new HttpError(404, FAMILY_NOT_FOUND);
  // The family row first (as deleteUser locks the account first): a second erasure of the same family waits, then finds it erased.
  await tx.select({ id: families.id }).from(families).where(eq(families.id, familyId)).for('update');
  if (await isErased(tx, familyId)) throw new HttpError(409, 'This family has already been erased');
  if (await hasStaffGuardian(tx, familyId)) throw new HttpError(409, ERASE_STAFF_REFUSED);
  const actorFamily = await tx.select({ familyId: users.familyId }).from(users).where(eq(users.id, input.actor.id));
  if (actorFamily[0]?.familyId === familyId) throw new HttpError(409, 'You cannot erase your own family');
  const first = await firstGuardianOf(tx, familyId);
  if (!first || input.confirm !== first.email) throw new HttpError(400, ERASE_CONFIRMATION_MISMATCH);
  const { bookingsKept } = await eraseFamily(tx, { familyId, actor: input.actor, reason: 'OFFICE', now: input.now, waitlistCutoffHours: input.waitlistCutoffHours });
  return { message: 'Family erased', bookingsKept };
}
