import { eq } from 'drizzle-orm';
import type { MessageResponse } from '../../../shared/schemas/common';
import { apiRole } from '../../../shared/schemas/users';
import type { Tx } from '../../db/client';
import { authSessions, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { hashPassword } from '../auth/password';
import { forgetTrustedDevices } from '../auth/trusted-devices';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { retireSetPasswordTokens } from './set-password-token';
import { lockUser, PARENT_PASSWORDS_ONLY, RECENT_ADMIN_PASSWORD, wasAdministratorRecently } from './user-rules';

export interface ChangeUserPasswordInput {
  userId: string;
  newPassword: string;
  now: Date;
}

/**
 * The office sets a parent's password (spec 6: PARENT accounts only, and never one that was an administrator
 * in the last 30 days: an ADMIN must not take over another administrator through a demotion). A common
 * password, or the account's e-mail or name, is refused. Stored as argon2id; every sign-in session of that
 * user ends and any set-password link stops working. Runs in the caller's transaction.
 */
export async function changeUserPassword(tx: Tx, input: ChangeUserPasswordInput): Promise<MessageResponse> {
  const { now } = input;
  const target = await lockUser(tx, input.userId);
  if (apiRole(target.role) !== 'PARENT') throw new HttpError(403, PARENT_PASSWORDS_ONLY);
  if (wasAdministratorRecently(target, now)) throw new HttpError(403, RECENT_ADMIN_PASSWORD);
  assertPasswordNotCommon(input.newPassword, target, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, target.id));
  await tx.delete(authSessions).where(eq(authSessions.userId, target.id));
  // The account's trusted devices are forgotten too (they no longer get past a sign-in lock).
  await forgetTrustedDevices(tx, target.id);
  await retireSetPasswordTokens(tx, { userId: target.id, now });
  return { message: 'Password changed successfully' };
}
