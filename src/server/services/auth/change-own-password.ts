import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSessions, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { reservePasswordCheck } from './login-throttle';
import { retireSetPasswordTokens } from '../users/set-password-token';
import { hashPassword, verifyPassword } from './password';
import { assertPasswordNotCommon } from './password-policy';
import { hashSessionToken } from './session-token';

export interface ChangeOwnPasswordInput {
  userId: string;
  currentToken: string;
  currentPassword: string;
  newPassword: string;
  /** The current instant (the app's clock), for the attempt counter's window. */
  now?: Date;
}

/**
 * Changes the caller's password after checking the current one; other signed-in devices are signed out and
 * every outstanding set-password link stops working. A common password (or the account's e-mail or name) is
 * refused with 400 (services/auth/password-policy.ts), after the current password was checked. Each
 * check of the current password is reserved on the account's sign-in counter first (429 over the limit), and
 * a wrong one stays counted, so a stolen session cannot be used to guess the password.
 */
export async function changeOwnPassword(db: Database, input: ChangeOwnPasswordInput): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!user) throw new HttpError(401, 'Please sign in to continue');
  const attempt = await reservePasswordCheck(db, user.email, input.now);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new HttpError(400, 'Current password is incorrect');
  }
  await attempt.succeeded();
  if (input.currentPassword === input.newPassword) {
    throw new HttpError(400, 'New password must be different from the current password');
  }
  assertPasswordNotCommon(input.newPassword, user, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const now = input.now ?? new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await tx
      .delete(authSessions)
      .where(and(eq(authSessions.userId, user.id), ne(authSessions.tokenHash, hashSessionToken(input.currentToken))));
    // A set-password link still waiting in a mailbox would undo the new password: it stops working.
    await retireSetPasswordTokens(tx, { userId: user.id, now });
  });
}
