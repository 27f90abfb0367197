import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/schemas/users';
import type { Database, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { reserveLoginAttempt } from './login-throttle';
import { verifyAgainstDummy, verifyPassword } from './password';
import { openSession } from './session-user';
import { findTrustedDevice, trustDevice, type DeviceCookie, type TrustedDevice } from './trusted-devices';
import { toCurrentUser } from '../users/current-user';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
  userAgent?: string | undefined;
  /** The device cookie the client came with (trusted-devices.ts), if any. */
  deviceToken?: string | undefined;
  sessionTtlDays: number;
  /** The current instant (the app's clock). */
  now: Date;
}

/** Credentials that passed checkCredentials: who signs in, and the trusted device that came along. */
export interface VerifiedLogin {
  user: typeof users.$inferSelect;
  trustedDevice: TrustedDevice | null;
}

export interface LoginResult {
  token: string;
  expiresAt: Date;
  user: CurrentUser;
  /** The device cookie to (re)set: this device is now trusted for the account. */
  device: DeviceCookie;
}

/** The live account with the e-mail, and whether the password is its password (the same work either way). */
async function checkPassword(db: Database, email: string, password: string) {
  const [user] = await db
    .select()
    .from(users)
    // A deleted account's e-mail may belong to a new account now; only the live one can sign in.
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt)));
  if (!user) {
    await verifyAgainstDummy(password);
  }
  // A user without a password yet (null hash) is refused like a wrong password, after a dummy check.
  const valid = user ? await verifyPassword(user.passwordHash, password) : false;
  return { user, valid };
}

/**
 * The first half of a sign-in, before any unit of work: takes the attempt's place on the throttle's counters
 * (login-throttle.ts: single statements committed at once, so that simultaneous guesses see each other and a
 * failure stays counted) and checks the password. 429 over a limit, 401 for wrong credentials or an inactive
 * account, which is the one thing counted as a failure. On success the account's counter is cleared.
 */
export async function checkCredentials(db: Database, input: LoginInput): Promise<VerifiedLogin> {
  const email = input.email.trim().toLowerCase();
  const { now } = input;
  // A device cookie counts only when it belongs to this very account (another account's is no pass).
  const trustedDevice = await findTrustedDevice(db, { token: input.deviceToken, email, now });
  // The attempt takes its place before the password is checked: simultaneous guesses cannot all get through.
  const attempt = await reserveLoginAttempt(db, email, input.ip, now, trustedDevice);

  let checked: { user: typeof users.$inferSelect | undefined; valid: boolean };
  try {
    checked = await checkPassword(db, email, input.password);
  } catch (error) {
    await attempt.abandoned();
    throw error;
  }
  const { user, valid } = checked;
  // Only a refused password is a failure (an inactive account's too, so the answer tells nothing apart).
  if (!user || !valid || !user.isActive) {
    await attempt.failed();
    throw new HttpError(401, INVALID_CREDENTIALS, { code: 'INVALID_CREDENTIALS' });
  }

  await attempt.succeeded();
  return { user, trustedDevice };
}

/**
 * The second half, in the request's unit of work: opens a new sign-in session with a fresh token and trusts
 * the device.
 */
export async function openLogin(tx: Tx, verified: VerifiedLogin, input: LoginInput): Promise<LoginResult> {
  const { user, trustedDevice } = verified;
  const { now } = input;
  const { token, expiresAt } = await openSession(tx, {
    userId: user.id,
    ip: input.ip,
    userAgent: input.userAgent,
    sessionTtlDays: input.sessionTtlDays,
    now,
  });
  const device = await trustDevice(tx, { userId: user.id, presentedToken: input.deviceToken, known: trustedDevice, now });
  return { token, expiresAt, user: await toCurrentUser(tx, user, now), device };
}
