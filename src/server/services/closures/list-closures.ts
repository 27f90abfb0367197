import { asc, eq, gte } from 'drizzle-orm';
import { torontoDateKey } from '../../../shared/rules/week';
import type { AdminClosureDto, ClosureDto } from '../../../shared/schemas/closures';
import type { DbOrTx, Tx } from '../../db/client';
import { closures } from '../../db/schema';
import { HttpError } from '../../http-error';
import { toAdminClosureDto, toClosureDto } from './closure-dto';
import { lockClosuresExclusive } from './closed-days';

/** GET /api/closures: the closures not over yet (their last day is today, Toronto, or later), by start date. */
export async function listCurrentClosures(db: DbOrTx, now: Date): Promise<{ closures: ClosureDto[] }> {
  const rows = await db
    .select()
    .from(closures)
    .where(gte(closures.endDate, torontoDateKey(now)))
    .orderBy(asc(closures.startDate));
  return { closures: rows.map(toClosureDto) };
}

/** GET /api/admin/closures: every closure, past ones included, by start date (who made each). */
export async function listAllClosures(db: DbOrTx): Promise<{ closures: AdminClosureDto[] }> {
  const rows = await db.select().from(closures).orderBy(asc(closures.startDate));
  return { closures: rows.map(toAdminClosureDto) };
}

export const CLOSURE_NOT_FOUND = 'Closure not found';

/** DELETE /api/admin/closures/:id: the days are open again; the sessions it cancelled stay cancelled, and the credits stay. */
export async function reopenClosure(tx: Tx, id: string): Promise<{ message: string }> {
  await lockClosuresExclusive(tx);
  const [row] = await tx.delete(closures).where(eq(closures.id, id)).returning();
  if (!row) throw new HttpError(404, CLOSURE_NOT_FOUND);
  return { message: 'The days are open again. The sessions the closure cancelled stay cancelled.' };
}
