import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { families, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { SIGNED_OUT_MESSAGE } from '../auth/session-user';

/** Turns the signed-in user's calendar feed off (issue 22): its address answers 404 from this commit on. Idempotent. */
export async function turnOffCalendarFeed(tx: Tx, input: { userId: string; now: Date }): Promise<void> {
  const [account] = await tx
    .select({ familyId: users.familyId })
    .from(users)
    .where(and(eq(users.id, input.userId), isNull(users.deletedAt)));
  if (!account) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  if (!account.familyId) return;
  await tx.update(families).set({ calendarFeedHash: null, calendarFeedCreatedAt: null, updatedAt: input.now }).where(eq(families.id, account.familyId));
}
