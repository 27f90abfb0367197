import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { families, users } from '../../db/schema';
import { ensureFamily } from '../family/family-rows';
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
  const [account] = await tx
    .select({ id: users.id, familyId: users.familyId })
    .from(users)
    .where(and(eq(users.id, input.userId), isNull(users.deletedAt)));
  // The account went away between the sign-in check and this write (deleted by the office).
  if (!account) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  // The feed is the family's (issue 31): every guardian sees and resets the same link. Staff get a family of their own.
  const familyId = await ensureFamily(tx, account, input.now);
  const [row] = await tx
    .update(families)
    .set({ calendarFeedHash: hashCalendarFeedToken(token), calendarFeedCreatedAt: input.now, updatedAt: input.now })
    .where(eq(families.id, familyId))
    .returning({ createdAt: families.calendarFeedCreatedAt });
  // The account went away between the sign-in check and this write (deleted by the office).
  if (!row?.createdAt) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  return { token, createdAt: row.createdAt };
}
