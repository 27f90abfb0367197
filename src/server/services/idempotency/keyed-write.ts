import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { HttpError } from '../../http-error';
import { IDEMPOTENCY_WINDOW_MS, KEY_REUSED_MESSAGE } from './idempotency-key';

/**
 * A write a device may send twice (issue 34: the door's check-ins queued offline, sent when the network returns), in the
 * caller's unit of work: with a key, the first success is stored and every repeat within 24 hours gets it again and
 * changes nothing; the same key with another request is 422. A refusal is not stored (it rolls back with the rest):
 * sent again, the request is decided again. Without a key (null) the write simply runs.
 */
export async function keyedWrite<T>(
  tx: Tx,
  claim: { userId: string; key: string | null; requestHash: string; now: Date },
  write: () => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  if (claim.key === null) return { value: await write(), replayed: false };
  const cutoff = new Date(claim.now.getTime() - IDEMPOTENCY_WINDOW_MS);
  // A key older than the window is free again; a concurrent request with the same key waits here for the first.
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: claim.userId, key: claim.key, requestHash: claim.requestHash, responseStatus: 0, responseBody: null, createdAt: claim.now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { requestHash: claim.requestHash, responseStatus: 0, responseBody: null, createdAt: claim.now },
      where: lt(idempotencyKeys.createdAt, cutoff),
    })
    .returning({ key: idempotencyKeys.key });
  if (!claimed.length) {
    const [stored] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
    if (!stored || stored.requestHash !== claim.requestHash) throw new HttpError(422, KEY_REUSED_MESSAGE, { code: 'IDEMPOTENCY_KEY_REUSED' });
    return { value: stored.responseBody as T, replayed: true };
  }
  const value = await write();
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: 200, responseBody: sql`${JSON.stringify(value)}::jsonb` })
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
  return { value, replayed: false };
}
