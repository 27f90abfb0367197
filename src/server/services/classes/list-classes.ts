import { asc } from 'drizzle-orm';
import type { ClassTypeDto } from '../../../shared/schemas/sessions';
import type { Database } from '../../db/client';
import { classTypes } from '../../db/schema';
import { toClassTypeDto } from '../sessions/session-dto';

export async function listClasses(db: Database): Promise<ClassTypeDto[]> {
  const rows = await db.select().from(classTypes).orderBy(asc(classTypes.name));
  return rows.map(toClassTypeDto);
}
