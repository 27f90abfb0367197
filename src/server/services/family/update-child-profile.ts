import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { CHILD_DETAIL_LOCKED, type ChildProfile, type childProfileBody } from '../../../shared/schemas/family';
import type { Tx } from '../../db/client';
import { children } from '../../db/schema';
import { HttpError, idOr404 } from '../../http-error';
import { toChildProfileDto } from './family-dto';

export const CHILD_NOT_FOUND = 'Child not found';

export interface UpdateChildProfileInput {
  familyId: string;
  childId: string;
  changes: z.output<typeof childProfileBody>;
  /**
   * 'guardian': a date of birth or sex already recorded stays as it is (403 CHILD_DETAIL_LOCKED to change or clear
   * it; the same value again is no change); 'office': no lock (it corrects them).
   */
  by: 'guardian' | 'office';
}

/**
 * A child's profile (issue 31): date of birth, sex, medical notes, the needs-attention flag, photo consent. A field
 * left out is kept. The child must be a current child of the family: another family's child (or a removed one) is
 * the same 404 as an unknown id.
 */
export async function updateChildProfile(tx: Tx, input: UpdateChildProfileInput): Promise<ChildProfile> {
  const childId = idOr404(input.childId, CHILD_NOT_FOUND);
  const [kid] = await tx
    .select()
    .from(children)
    .where(and(eq(children.id, childId), eq(children.familyId, input.familyId), isNull(children.removedAt)))
    .for('no key update');
  if (!kid) throw new HttpError(404, CHILD_NOT_FOUND);
  const { changes } = input;
  if (input.by === 'guardian') {
    const changesRecorded = (given: string | null | undefined, recorded: string | null) => given !== undefined && recorded !== null && given !== recorded;
    if (changesRecorded(changes.birthDate, kid.birthDate) || changesRecorded(changes.sex, kid.sex)) {
      throw new HttpError(403, CHILD_DETAIL_LOCKED, { code: 'CHILD_DETAIL_LOCKED' });
    }
  }
  const set = {
    ...(changes.birthDate !== undefined && { birthDate: changes.birthDate }),
    ...(changes.sex !== undefined && { sex: changes.sex }),
    ...(changes.medicalNotes !== undefined && { medicalNotes: changes.medicalNotes }),
    ...(changes.needsAttention !== undefined && { needsAttention: changes.needsAttention }),
    ...(changes.photoConsent !== undefined && { photoConsent: changes.photoConsent }),
  };
  if (Object.keys(set).length === 0) return toChildProfileDto(kid);
  const [updated] = await tx.update(children).set(set).where(eq(children.id, kid.id)).returning();
  return toChildProfileDto(updated!);
}
