import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { SIGNED_OUT_MESSAGE } from '../auth/session-user';

/** Turns the signed-in user's calendar feed off (issue 22): its address answers 404 from this commit on. Idempotent. */
export async function turnOffCalendarFeed(tx: Tx, input: { userId: string; now: Date }): Promise<void> {
  const [row] = await tx
    .update(users)
    .set({ calendarFeedHash: null, calendarFeedCreatedAt: null, updatedAt: input.now })
    .where(and(eq(users.id, input.userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!row) throw new HttpError(401, SIGNED_OUT_MESSAGE);
}
