import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { authSessions, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { reserveLoginAttempt } from './login-throttle';
import { verifyAgainstDummy, verifyPassword } from './password';
import { hashSessionToken, newSessionToken } from './session-token';
import { findTrustedDevice, trustDevice, type DeviceCookie } from './trusted-devices';
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
  now?: Date;
}

export interface LoginResult {
  token: string;
  expiresAt: Date;
  user: CurrentUser;
  /** The device cookie to (re)set: this device is now trusted for the account. */
  device: DeviceCookie;
}

/** Checks the credentials and opens a new sign-in session with a fresh token. */
export async function login(db: Database, input: LoginInput): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const now = input.now ?? new Date();
  // A device cookie counts only when it belongs to this very account (another account's is no pass).
  const trustedDevice = await findTrustedDevice(db, { token: input.deviceToken, email, now });
  // The attempt is counted before the password is checked: simultaneous guesses cannot all get through.
  const attempt = await reserveLoginAttempt(db, email, input.ip, now, trustedDevice);

  const [user] = await db
    .select()
    .from(users)
    // A deleted account's e-mail may belong to a new account now; only the live one can sign in.
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt)));
  if (!user) {
    await verifyAgainstDummy(input.password);
  }
  // A user without a password yet (null hash) is refused like a wrong password, after a dummy check.
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : false;
  // A failure keeps its reservation: that is the counted failure.
  if (!user || !valid || !user.isActive) throw new HttpError(401, INVALID_CREDENTIALS);

  await attempt.succeeded();
  const token = newSessionToken();
  // The expiry is read against the real time by the session lookup; the idle clock runs on the app's clock.
  const expiresAt = new Date(Date.now() + input.sessionTtlDays * 86_400_000);
  await db.insert(authSessions).values({
    tokenHash: hashSessionToken(token),
    userId: user.id,
    expiresAt,
    createdAt: now,
    lastSeenAt: now,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    ipAddress: input.ip,
  });
  const device = await trustDevice(db, { userId: user.id, presentedToken: input.deviceToken, known: trustedDevice, now });
  return { token, expiresAt, user: await toCurrentUser(db, user, input.now), device };
}
