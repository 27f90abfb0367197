import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { authSessions, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { assertLoginAllowed, clearAccountFailures, recordLoginFailure } from './login-throttle';
import { verifyAgainstDummy, verifyPassword } from './password';
import { hashSessionToken, newSessionToken } from './session-token';
import { toCurrentUser } from '../users/current-user';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
  userAgent?: string | undefined;
  sessionTtlDays: number;
  /** The current instant (the app's clock). */
  now?: Date;
}

export interface LoginResult {
  token: string;
  expiresAt: Date;
  user: CurrentUser;
}

/** Checks the credentials and opens a new sign-in session with a fresh token. */
export async function login(db: Database, input: LoginInput): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  await assertLoginAllowed(db, email, input.ip);

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
  if (!user || !valid || !user.isActive) {
    await recordLoginFailure(db, email, input.ip);
    throw new HttpError(401, INVALID_CREDENTIALS);
  }

  await clearAccountFailures(db, email);
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + input.sessionTtlDays * 86_400_000);
  await db.insert(authSessions).values({
    tokenHash: hashSessionToken(token),
    userId: user.id,
    expiresAt,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    ipAddress: input.ip,
  });
  return { token, expiresAt, user: await toCurrentUser(db, user, input.now) };
}
