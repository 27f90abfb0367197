import { lt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { IDEMPOTENCY_WINDOW_MS } from './idempotency-key';

/** Deletes the keys older than the 24-hour window (they are never replayed); returns how many. */
export async function cleanIdempotencyKeys(tx: Tx, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const deleted = await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).returning({ key: idempotencyKeys.key });
  return deleted.length;
}
