import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { trustedDevices, users } from '../../db/schema';
import { hashSessionToken, newSessionToken } from './session-token';

/**
 * Trusted devices (OWASP's "device cookies", ASVS 2.2.1): every successful sign-in leaves a long-lived cookie
 * holding a random 256-bit token whose SHA-256 is stored with the account. While an account is locked by
 * failed sign-ins (login-throttle.ts), the correct password from a device that signed into that very account
 * before still gets through, so a stranger guessing cannot lock the family out of their own phone.
 */
export const TRUSTED_DEVICE_DAYS = 180;

/** A device token is a base64url 256-bit value (43 characters); anything much longer is not one of ours. */
const MAX_TOKEN_LENGTH = 200;

export interface TrustedDevice {
  tokenHash: string;
  userId: string;
}

/**
 * The trusted device behind a cookie token, when it belongs to the live account with this e-mail and has not
 * expired; null for any other token (unknown, expired, another account's).
 */
export async function findTrustedDevice(db: DbOrTx, input: { token: string | undefined; email: string; now: Date }): Promise<TrustedDevice | null> {
  if (!input.token || input.token.length > MAX_TOKEN_LENGTH) return null;
  const [device] = await db
    .select({ tokenHash: trustedDevices.tokenHash, userId: trustedDevices.userId })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(
      and(
        eq(trustedDevices.tokenHash, hashSessionToken(input.token)),
        gt(trustedDevices.expiresAt, input.now),
        eq(sql`lower(${users.email})`, input.email.trim().toLowerCase()),
        isNull(users.deletedAt),
      ),
    );
  return device ?? null;
}

export interface DeviceCookie {
  token: string;
  expiresAt: Date;
}

/**
 * After a successful sign-in: the device that came with a cookie of this account keeps its token (its expiry
 * slides to TRUSTED_DEVICE_DAYS from now); any other device gets a fresh token of its own. The account's
 * expired devices are dropped on the way.
 */
export async function trustDevice(
  tx: Tx,
  input: { userId: string; presentedToken: string | undefined; known: TrustedDevice | null; now: Date },
): Promise<DeviceCookie> {
  const { now } = input;
  const expiresAt = new Date(now.getTime() + TRUSTED_DEVICE_DAYS * 86_400_000);
  if (input.presentedToken && input.known?.userId === input.userId) {
    await tx.update(trustedDevices).set({ lastUsedAt: now, expiresAt }).where(eq(trustedDevices.tokenHash, input.known.tokenHash));
    return { token: input.presentedToken, expiresAt };
  }
  await tx.delete(trustedDevices).where(and(eq(trustedDevices.userId, input.userId), lte(trustedDevices.expiresAt, now)));
  const token = newSessionToken();
  await tx.insert(trustedDevices).values({ tokenHash: hashSessionToken(token), userId: input.userId, createdAt: now, lastUsedAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * Forgets every trusted device of an account: when the office sets its password (someone else may have
 * signed in from those devices), the family's devices go through the sign-in lock like any other again.
 */
export async function forgetTrustedDevices(tx: Tx, userId: string): Promise<void> {
  await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
}
