import { createHash, randomBytes } from 'node:crypto';
import { and, inArray, isNull } from 'drizzle-orm';
import { SET_PASSWORD_LINK_HOURS } from '../../../shared/schemas/admin-users';
import type { Tx } from '../../db/client';
import { passwordTokens } from '../../db/schema';

/**
 * Set-password links: a random 256-bit token in the link, only its SHA-256 in the database. A user has at
 * most one working link: a new one retires the older ones, and setting a password (by link or by the
 * office) retires them all.
 */

export const SET_PASSWORD_PURPOSE = 'SET_PASSWORD';

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The page of the web app that reads the token (spec 2: a reset-password path is reachable signed out). The
 * token goes in as it is: a base64url token needs no escaping, and an e-mail's `{{placeholder}}` must stay
 * readable for the worker that fills it in at send time.
 */
export function setPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${token}`;
}

/** Marks every still-usable link of these users as used, a thousand users a statement (a CSV import's many). */
export async function retireSetPasswordTokensOf(tx: Tx, input: { userIds: readonly string[]; now: Date }): Promise<void> {
  for (let i = 0; i < input.userIds.length; i += 1000) {
    await tx
      .update(passwordTokens)
      .set({ usedAt: input.now })
      .where(and(inArray(passwordTokens.userId, input.userIds.slice(i, i + 1000)), isNull(passwordTokens.usedAt)));
  }
}

/** Marks every still-usable link of the user as used. */
export async function retireSetPasswordTokens(tx: Tx, input: { userId: string; now: Date }): Promise<void> {
  await retireSetPasswordTokensOf(tx, { userIds: [input.userId], now: input.now });
}

/**
 * A fresh link token for the user, valid SET_PASSWORD_LINK_HOURS from `now` (the app's clock), and the row to
 * store (its hash only). Writes nothing: services/users/set-password-email.ts stores it with its e-mail.
 */
export function makeSetPasswordToken(input: { userId: string; now: Date }): {
  token: string;
  expiresAt: Date;
  row: typeof passwordTokens.$inferInsert;
} {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + SET_PASSWORD_LINK_HOURS * 3_600_000);
  return {
    token,
    expiresAt,
    row: { userId: input.userId, tokenHash: hashLinkToken(token), purpose: SET_PASSWORD_PURPOSE, expiresAt, createdAt: input.now },
  };
}
