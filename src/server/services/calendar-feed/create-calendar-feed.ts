import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { SIGNED_OUT_MESSAGE } from '../auth/session-user';
import { hashCalendarFeedToken, newCalendarFeedToken } from './calendar-feed-token';

/**
 * Makes the signed-in user's calendar feed link (issue 22), in the caller's transaction, replacing any earlier
 * one: the old address stops working with this commit (the feed is read from the database by the hash, never
 * from a cache). Returns the token, which exists only in this answer: the row keeps its SHA-256.
 */
export async function createCalendarFeed(tx: Tx, input: { userId: string; now: Date }): Promise<{ token: string; createdAt: Date }> {
  const token = newCalendarFeedToken();
  const [row] = await tx
    .update(users)
    .set({ calendarFeedHash: hashCalendarFeedToken(token), calendarFeedCreatedAt: input.now, updatedAt: input.now })
    .where(and(eq(users.id, input.userId), isNull(users.deletedAt)))
    .returning({ createdAt: users.calendarFeedCreatedAt });
  // The account went away between the sign-in check and this write (deleted by the office).
  if (!row?.createdAt) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  return { token, createdAt: row.createdAt };
}
