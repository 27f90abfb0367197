import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ClassTypeDto } from '../../../shared/schemas/classes';
import type { Database } from '../../db/client';
import { classTypes } from '../../db/schema';
import { HttpError } from '../../http-error';
import { toClassTypeDto } from '../sessions/session-dto';

export interface UpdateClassTypeInput {
  classTypeId: string;
  name: string;
  description: string | null;
}

/** Renames a class type or changes its description (code, ages and girls-only stay as configured). */
export async function updateClassType(db: Database, input: UpdateClassTypeInput): Promise<ClassTypeDto> {
  if (!z.uuid().safeParse(input.classTypeId).success) throw new HttpError(404, 'Class type not found');
  const [row] = await db
    .update(classTypes)
    .set({ name: input.name, description: input.description, updatedAt: new Date() })
    .where(eq(classTypes.id, input.classTypeId))
    .returning();
  if (!row) throw new HttpError(404, 'Class type not found');
  return toClassTypeDto(row);
}
