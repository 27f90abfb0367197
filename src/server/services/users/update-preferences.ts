import { and, eq, isNull } from 'drizzle-orm';
import type { Preferences } from '../../../shared/schemas/waitlist';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { SIGNED_OUT_MESSAGE } from '../auth/session-user';

/**
 * Sets the signed-in parent's own switches (the user menu, issue 21) in the caller's transaction: today the
 * booking reminders. The users row's trigger (migration 0005) announces `user:<id>`, so every instance drops
 * its cached GET /api/me. Reminders already queued stay in the outbox: the worker reads the switch when one
 * falls due and drops it if the switch is off then.
 */
export async function updatePreferences(tx: Tx, input: { userId: string; preferences: Preferences; now: Date }): Promise<Preferences> {
  const [row] = await tx
    .update(users)
    .set({ bookingReminders: input.preferences.bookingReminders, updatedAt: input.now })
    .where(and(eq(users.id, input.userId), isNull(users.deletedAt)))
    .returning({ bookingReminders: users.bookingReminders });
  // The account went away between the sign-in check and this write (deleted by the office).
  if (!row) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  return { bookingReminders: row.bookingReminders };
}
