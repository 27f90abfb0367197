import { and, eq, ne } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { authSessions, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { reservePasswordCheck } from './login-throttle';
import { retireSetPasswordTokens } from '../users/set-password-token';
import { hashPassword, verifyPassword } from './password';
import { assertPasswordNotCommon } from './password-policy';
import { hashSessionToken } from './session-token';
import { SIGNED_OUT_MESSAGE } from './session-user';

export interface CheckOwnPasswordChangeInput {
  userId: string;
  currentPassword: string;
  newPassword: string;
  /** The current instant (the app's clock), for the attempt counter's window. */
  now: Date;
}

/**
 * The checks of a password change, before any unit of work: the current password, each check of it reserved
 * on the account's sign-in counter first (429 over the limit; login-throttle.ts writes its counters at once,
 * outside any transaction, so a wrong one stays counted and a stolen session cannot be used to guess the
 * password); then the new one: different from the current one, not common nor the account's e-mail or name
 * (400, services/auth/password-policy.ts). Returns the new password's argon2id hash, computed outside the
 * transaction.
 */
export async function checkOwnPasswordChange(db: Database, input: CheckOwnPasswordChangeInput): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!user) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  const attempt = await reservePasswordCheck(db, user.email, input.now);
  let valid: boolean;
  try {
    valid = await verifyPassword(user.passwordHash, input.currentPassword);
  } catch (error) {
    await attempt.abandoned();
    throw error;
  }
  if (!valid) {
    await attempt.failed();
    throw new HttpError(400, 'Current password is incorrect');
  }
  await attempt.succeeded();
  if (input.currentPassword === input.newPassword) {
    throw new HttpError(400, 'New password must be different from the current password');
  }
  assertPasswordNotCommon(input.newPassword, user, 'newPassword');
  return hashPassword(input.newPassword);
}

export interface ChangeOwnPasswordInput {
  userId: string;
  /** The cookie token of the session making the change: the one sign-in that stays. */
  currentToken: string;
  /** From checkOwnPasswordChange. */
  passwordHash: string;
  now: Date;
}

/**
 * Stores the caller's new password in the caller's transaction; other signed-in devices are signed out and
 * every outstanding set-password link stops working.
 */
export async function changeOwnPassword(tx: Tx, input: ChangeOwnPasswordInput): Promise<void> {
  const { now } = input;
  await tx.update(users).set({ passwordHash: input.passwordHash, updatedAt: now }).where(eq(users.id, input.userId));
  await tx
    .delete(authSessions)
    .where(and(eq(authSessions.userId, input.userId), ne(authSessions.tokenHash, hashSessionToken(input.currentToken))));
  // A set-password link still waiting in a mailbox would undo the new password: it stops working.
  await retireSetPasswordTokens(tx, { userId: input.userId, now });
}
