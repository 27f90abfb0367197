import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { IDEMPOTENCY_WINDOW_MS } from './idempotency-key';

/** Deletes the keys older than the 24-hour window (they are never replayed); returns how many. */
export async function cleanIdempotencyKeys(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const deleted = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).returning({ key: idempotencyKeys.key });
  return deleted.length;
}
