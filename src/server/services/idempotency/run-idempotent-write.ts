import { and, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { HttpError } from '../../http-error';
import { IDEMPOTENCY_WINDOW_MS, KEY_REUSED_MESSAGE } from './idempotency-key';

/** Whose key, which key, and the request it was first sent with (idempotency-key.ts, requestHash). */
export interface IdempotencyClaim {
  userId: string;
  key: string;
  requestHash: string;
}

export interface WriteAnswer {
  status: number;
  body: unknown;
  /** The stored answer of an earlier request with the same key (nothing was changed this time). */
  replayed: boolean;
}

/**
 * Takes the key for this transaction, in one statement: inserts its row, or takes over a row older than the
 * window (an expired key is a new key). Returns false when a live row holds the key. A concurrent repeat's
 * insert waits on the primary key until the first transaction ends: after a commit it finds the row (and
 * locks it), after a rollback the key is free and this one claims it. The row's answer is written before the
 * commit, so no other transaction ever sees the placeholder status 0. Expired rows are deleted daily
 * (clean-idempotency-keys.ts, scheduled-jobs/daily-jobs.ts).
 */
async function claimKey(tx: Tx, claim: IdempotencyClaim, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const row = { requestHash: claim.requestHash, responseStatus: 0, responseBody: null, createdAt: now };
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: claim.userId, key: claim.key, ...row })
    .onConflictDoUpdate({ target: [idempotencyKeys.userId, idempotencyKeys.key], set: row, setWhere: lt(idempotencyKeys.createdAt, cutoff) })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/**
 * Runs one write of a person who may repeat it (book, cancel, reschedule) inside the caller's transaction
 * (the request's unit of work). Without a key it is just the write, and a refusal (HttpError) propagates as
 * usual.
 *
 * With a key (docs/decisions/013-idempotent-writes.md): the key row is claimed first, in the same transaction,
 * so the write and its stored answer commit together or not at all.
 * - The key is live (a repeat within 24 hours): nothing runs; the first answer is returned again, status and
 *   body. Sent with another request (method, route, parameters or body): 422.
 * - Otherwise the write runs inside a savepoint. A refusal (an HttpError below 500, such as 'This session is
 *   full') rolls back to it and is stored as the key's answer, like a success, so a repeat never gets another
 *   answer than the first (and cannot book once the refusal was seen). A failure (5xx, a lost connection)
 *   rolls everything back, the key included: the client may try again with the same key.
 */
export async function runIdempotentWrite(
  tx: Tx,
  options: {
    claim: IdempotencyClaim | null;
    /** The status of a success (201 for a creation). */
    successStatus: number;
    now: Date;
  },
  write: (tx: Tx) => Promise<unknown>,
): Promise<WriteAnswer> {
  const { claim, successStatus, now } = options;
  if (!claim) return { status: successStatus, body: await write(tx), replayed: false };
  const thisKey = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
  if (!(await claimKey(tx, claim, now))) {
    const [stored] = await tx.select().from(idempotencyKeys).where(thisKey);
    // The claim locked the live row, so it is still there.
    if (!stored) throw new Error('idempotency key row vanished while locked');
    if (stored.requestHash !== claim.requestHash) throw new HttpError(422, KEY_REUSED_MESSAGE);
    return { status: stored.responseStatus, body: stored.responseBody, replayed: true };
  }
  let answer: WriteAnswer;
  try {
    // A savepoint inside the unit of work's transaction, not a transaction of its own: a refusal rolls back to it
    // and is stored as the key's answer (docs/decisions/014-unit-of-work.md names this one exception).
    // eslint-disable-next-line no-restricted-syntax -- a savepoint on the unit of work's tx, not a new transaction
    answer = { status: successStatus, body: await tx.transaction((savepoint) => write(savepoint)), replayed: false };
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    // The body plugins/errors.ts sends for a refusal.
    answer = { status: error.statusCode, body: { message: error.message, ...error.details }, replayed: false };
  }
  await tx.update(idempotencyKeys).set({ responseStatus: answer.status, responseBody: answer.body ?? null }).where(thisKey);
  return answer;
}
