import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSessions, users } from '../../db/schema';
import { hashSessionToken } from './session-token';

export type SessionUser = typeof users.$inferSelect;

/** The active user behind a cookie token, or null when the token is unknown, expired or the user inactive. */
export async function findSessionUser(db: Database, token: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({ user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.tokenHash, hashSessionToken(token)), gt(authSessions.expiresAt, new Date())));
  if (!row || !row.user.isActive) return null;
  return row.user;
}

/** Logout: the session row goes, so the token is worthless even if it was copied. */
export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.tokenHash, hashSessionToken(token)));
}

export async function purgeExpiredSessions(db: Database, now = new Date()): Promise<void> {
  await db.delete(authSessions).where(lt(authSessions.expiresAt, now));
}
