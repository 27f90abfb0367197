import { and, eq, isNull } from 'drizzle-orm';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { Tx } from '../../db/client';
import { authSessions, children, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { retireSetPasswordTokens } from './set-password-token';
import { lockUser, plural, upcomingBookingsOf } from './user-rules';

export interface DeleteUserInput {
  userId: string;
  actor: { id: string; role: string };
  now: Date;
}

/**
 * Deletes an account, softly: the row stays (deleted_at, inactive) so the family's past bookings remain in
 * the reservations report with their name, while the account leaves the users list, cannot sign in, loses
 * every sign-in session and set-password link, and frees its e-mail for a new account. Refused for one's
 * own account, for a SUPER_ADMIN, and while the user has upcoming CONFIRMED bookings. The user's children
 * are locked (in the booking rules' order) before the bookings are counted, so a booking made meanwhile is
 * either counted or refused. Runs in the caller's transaction.
 */
export async function deleteUser(tx: Tx, input: DeleteUserInput): Promise<MessageResponse> {
  const { now } = input;
  const target = await lockUser(tx, input.userId);
  if (target.id === input.actor.id) throw new HttpError(409, 'You cannot delete your own account');
  if (target.role === 'SUPER_ADMIN') throw new HttpError(403, 'A super administrator account cannot be deleted');
  await tx
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.userId, target.id), isNull(children.removedAt)))
    .orderBy(children.id)
    .for('update');
  const upcoming = await upcomingBookingsOf(tx, target.id, now);
  if (upcoming.length) {
    throw new HttpError(
      409,
      `This user has ${plural(upcoming.length, 'upcoming booking')}. Cancel ${upcoming.length === 1 ? 'it' : 'them'} before deleting the account.`,
    );
  }
  await tx.update(users).set({ deletedAt: now, isActive: false, updatedAt: now }).where(eq(users.id, target.id));
  await tx
    .update(children)
    .set({ removedAt: now })
    .where(and(eq(children.userId, target.id), isNull(children.removedAt)));
  await tx.delete(authSessions).where(eq(authSessions.userId, target.id));
  await retireSetPasswordTokens(tx, { userId: target.id, now });
  return { message: 'User deleted' };
}
