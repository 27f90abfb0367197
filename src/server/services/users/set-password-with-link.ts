import { and, eq, isNull } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/schemas/users';
import type { Tx } from '../../db/client';
import { authSessions, passwordTokens, users } from '../../db/schema';
import { hashPassword } from '../auth/password';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { openSession } from '../auth/session-user';
import { linkGone } from './check-set-password-link';
import { toCurrentUser } from './current-user';
import { hashLinkToken, retireSetPasswordTokens, SET_PASSWORD_PURPOSE } from './set-password-token';

export interface SetPasswordWithLinkInput {
  token: string;
  newPassword: string;
  /** The app's clock: the link's expiry is read against it. */
  now: Date;
  ip: string;
  userAgent?: string | undefined;
  sessionTtlDays: number;
}

export interface SetPasswordWithLinkResult {
  token: string;
  expiresAt: Date;
  user: CurrentUser;
}

/**
 * Uses a set-password link: in the caller's transaction, holding the link's row lock (so two simultaneous uses
 * cannot both succeed), stores the new password as argon2id, marks this and every other link of the user used,
 * ends all the user's sign-in sessions and opens a new one, exactly as a sign-in does. An unknown, used or
 * expired link, or one of a deleted or inactive account, is 410 with one message. A common password (or the
 * account's e-mail or name) is 400, and the link still works.
 */
export async function setPasswordWithLink(tx: Tx, input: SetPasswordWithLinkInput): Promise<SetPasswordWithLinkResult> {
  const { now } = input;
  const [link] = await tx
    .select()
    .from(passwordTokens)
    .where(and(eq(passwordTokens.tokenHash, hashLinkToken(input.token)), eq(passwordTokens.purpose, SET_PASSWORD_PURPOSE)))
    .for('update');
  if (!link || link.usedAt || link.expiresAt.getTime() <= now.getTime()) throw linkGone();
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, link.userId), isNull(users.deletedAt)))
    .for('no key update');
  if (!user || !user.isActive) throw linkGone();
  // Refused before anything changes: the link keeps working for a better password.
  assertPasswordNotCommon(input.newPassword, user, 'newPassword');

  const passwordHash = await hashPassword(input.newPassword);
  const [updated] = await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id)).returning();
  await retireSetPasswordTokens(tx, { userId: user.id, now });
  await tx.delete(authSessions).where(eq(authSessions.userId, user.id));

  // Signed in exactly like a login.
  const { token, expiresAt } = await openSession(tx, {
    userId: user.id,
    ip: input.ip,
    userAgent: input.userAgent,
    sessionTtlDays: input.sessionTtlDays,
    now,
  });
  return { token, expiresAt, user: await toCurrentUser(tx, updated!, now) };
}
