import { and, eq, gt, lt } from 'drizzle-orm';
import { isAdminRole } from '../../../shared/rules/roles';
import type { Database } from '../../db/client';
import { authSessions, users } from '../../db/schema';
import { hashSessionToken } from './session-token';

export type SessionUser = typeof users.$inferSelect;

/** How long a sign-in may sit unused, by role (SESSION_IDLE_MINUTES, ADMIN_SESSION_IDLE_MINUTES). */
export interface IdleLimits {
  parentMinutes: number;
  adminMinutes: number;
}

/** last_seen_at is written at most this often per session (a request inside it writes nothing). */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

export const idleLimitMs = (role: string, limits: IdleLimits) =>
  (isAdminRole(role) ? limits.adminMinutes : limits.parentMinutes) * 60_000;

export interface ActiveSession {
  user: SessionUser;
  /** The session row's opaque id (never the token or its hash). */
  sessionId: string;
}

/**
 * The active user behind a cookie token, or null when the token is unknown, expired, idle for longer than the
 * role's limit (the row is deleted: that sign-in is over) or the user inactive. Otherwise the session's
 * last_seen_at moves to `now`, at most once every 5 minutes (a conditional UPDATE, not a write per request).
 */
export async function findSessionUser(db: Database, token: string, now: Date, limits: IdleLimits): Promise<ActiveSession | null> {
  const tokenHash = hashSessionToken(token);
  const [row] = await db
    .select({ user: users, sessionId: authSessions.id, lastSeenAt: authSessions.lastSeenAt })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.tokenHash, tokenHash), gt(authSessions.expiresAt, new Date())));
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (idleFor > idleLimitMs(row.user.role, limits)) {
    await db.delete(authSessions).where(eq(authSessions.tokenHash, tokenHash));
    return null;
  }
  if (!row.user.isActive) return null;
  if (idleFor >= LAST_SEEN_RESOLUTION_MS) {
    await db
      .update(authSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(authSessions.tokenHash, tokenHash), lt(authSessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS))));
  }
  return { user: row.user, sessionId: row.sessionId };
}

/** Logout: the session row goes, so the token is worthless even if it was copied. */
export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.tokenHash, hashSessionToken(token)));
}

export async function purgeExpiredSessions(db: Database, now = new Date()): Promise<void> {
  await db.delete(authSessions).where(lt(authSessions.expiresAt, now));
}
