import { eq } from 'drizzle-orm';
import type { ClassTypeDto } from '../../../shared/schemas/classes';
import type { Tx } from '../../db/client';
import { classTypes } from '../../db/schema';
import { HttpError } from '../../http-error';
import { toClassTypeDto } from '../sessions/session-dto';

export const CLASS_TYPE_NOT_FOUND = 'Class type not found';

export interface UpdateClassTypeInput {
  /** A row id (the route's idOr404 turned a malformed one into the same 404). */
  classTypeId: string;
  name: string;
  description: string | null;
  /** Left out: kept. */
  defaultCapacity?: number;
  defaultLocation?: string;
  now: Date;
}

/**
 * Renames a class type, changes its description or its new sessions' default capacity and location (code, ages and
 * girls-only stay as configured).
 */
export async function updateClassType(tx: Tx, input: UpdateClassTypeInput): Promise<ClassTypeDto> {
  const [row] = await tx
    .update(classTypes)
    .set({
      name: input.name,
      description: input.description,
      defaultCapacity: input.defaultCapacity,
      defaultLocation: input.defaultLocation,
      updatedAt: input.now,
    })
    .where(eq(classTypes.id, input.classTypeId))
    .returning();
  if (!row) throw new HttpError(404, CLASS_TYPE_NOT_FOUND);
  return toClassTypeDto(row);
}
