import { and, eq, lt, sql } from 'drizzle-orm';
import { isStaffRole, STAFF_ROLES } from '../../../shared/rules/roles';
import type { Database, Tx } from '../../db/client';
import { authSessions, users } from '../../db/schema';
import { hashSessionToken, newSessionToken } from './session-token';

export type SessionUser = typeof users.$inferSelect;

/** What a request without a valid sign-in is told (401). */
export const SIGNED_OUT_MESSAGE = 'Please sign in to continue';

/** How long a sign-in may sit unused, by role (SESSION_IDLE_MINUTES, ADMIN_SESSION_IDLE_MINUTES). */
export interface IdleLimits {
  parentMinutes: number;
  adminMinutes: number;
}

/** last_seen_at is written at most this often per session (a request inside it writes nothing). */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

export const idleLimitMs = (role: string, limits: IdleLimits) =>
  (isStaffRole(role) ? limits.adminMinutes : limits.parentMinutes) * 60_000;

export interface ActiveSession {
  user: SessionUser;
  /** The session row's opaque id (never the token or its hash). */
  sessionId: string;
}

/** A session row with its user, as read (and as the read cache keeps it). */
export interface ActiveSessionRow extends ActiveSession {
  lastSeenAt: Date;
  expiresAt: Date;
}

/** Where a read request may find a session row already loaded (src/server/cache). */
export interface SessionRowCache {
  get(tokenHash: string, tags: (row: ActiveSessionRow | null) => readonly string[], load: () => Promise<ActiveSessionRow | null>): Promise<ActiveSessionRow | null>;
  delete(tokenHash: string): void;
}

/**
 * The session lookup every signed-in request may make, prepared once per database: Drizzle builds its SQL once
 * and PostgreSQL parses and plans it once per connection (a named statement), not on every request.
 */
const sessionRowQueries = new WeakMap<Database, ReturnType<typeof prepareSessionRowQuery>>();
function prepareSessionRowQuery(db: Database) {
  return db
    .select({ user: users, sessionId: authSessions.id, lastSeenAt: authSessions.lastSeenAt, expiresAt: authSessions.expiresAt })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('portal_session_row');
}

async function loadSessionRow(db: Database, tokenHash: string): Promise<ActiveSessionRow | null> {
  let query = sessionRowQueries.get(db);
  if (!query) sessionRowQueries.set(db, (query = prepareSessionRowQuery(db)));
  const [row] = await query.execute({ tokenHash });
  return row ?? null;
}

/** The cache tags of a session row: its own id and its user's (migration 0005 announces both). */
const sessionRowTags = (row: ActiveSessionRow | null): readonly string[] =>
  row ? [`session:${row.sessionId}`, `user:${row.user.id}`] : [];

export interface OpenSessionInput {
  userId: string;
  ip: string;
  userAgent?: string | undefined;
  sessionTtlDays: number;
  /** The app's clock: the session's idle time is counted from it. */
  now: Date;
}

/**
 * Opens a sign-in session (a login, a used set-password link) in the caller's transaction: a fresh random
 * token for the cookie, only its SHA-256 stored.
 */
export async function openSession(tx: Tx, input: OpenSessionInput): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken();
  // The expiry is read against the real time by the session lookup; the idle clock runs on the app's clock.
  const expiresAt = new Date(Date.now() + input.sessionTtlDays * 86_400_000);
  await tx.insert(authSessions).values({
    tokenHash: hashSessionToken(token),
    userId: input.userId,
    expiresAt,
    createdAt: input.now,
    lastSeenAt: input.now,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    ipAddress: input.ip,
  });
  return { token, expiresAt };
}

/**
 * The active user behind a cookie token, or null when the token is unknown, expired, idle for longer than the
 * role's limit (the row is deleted: that sign-in is over) or the user inactive. Otherwise the session's
 * last_seen_at moves to `now`, at most once every 5 minutes (a conditional UPDATE, not a write per request).
 * With `cache` (read requests only), the row may come from the instance's read cache: expiry, idle time and
 * the user's state are checked on every request all the same, and a row due for its last_seen_at update is
 * read again from the database.
 *
 * Its two writes (the idle session's deletion, the last_seen_at touch) are single statements on the database,
 * outside any unit of work (their triggers notify the read caches directly, migration 0005): they run for
 * every signed-in request, reads included, before the route has opened anything.
 */
export async function findSessionUser(
  db: Database,
  token: string,
  now: Date,
  limits: IdleLimits,
  cache?: SessionRowCache,
): Promise<ActiveSession | null> {
  const tokenHash = hashSessionToken(token);
  let row = cache ? await cache.get(tokenHash, sessionRowTags, () => loadSessionRow(db, tokenHash)) : await loadSessionRow(db, tokenHash);
  if (row && cache && now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    cache.delete(tokenHash);
    row = await loadSessionRow(db, tokenHash);
  }
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (idleFor > idleLimitMs(row.user.role, limits)) {
    cache?.delete(tokenHash);
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

/**
 * The rules of findSessionUser as values a write's own statement checks (decision 017): a write that reads
 * the sign-in inside its transaction (the parents' repeatable writes, migration 0011) runs for the user of
 * `tokenHash` only if the session row exists, expires after `expiresAfter`, was last used at or after the idle
 * cutoff of its user's role (`idleCutoffs`, else `idleCutoff`) and the account is active; a session last used
 * before `touchBefore` has its last_seen_at moved to `now`.
 */
export interface SignInCheck {
  tokenHash: string;
  expiresAfter: Date;
  idleCutoff: Date;
  idleCutoffs: Record<string, Date>;
  touchBefore: Date;
}

export function signInCheck(token: string, now: Date, limits: IdleLimits): SignInCheck {
  const adminCutoff = new Date(now.getTime() - limits.adminMinutes * 60_000);
  return {
    tokenHash: hashSessionToken(token),
    expiresAfter: new Date(),
    idleCutoff: new Date(now.getTime() - limits.parentMinutes * 60_000),
    idleCutoffs: Object.fromEntries(STAFF_ROLES.map((role) => [role, adminCutoff])),
    touchBefore: new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS),
  };
}

/** Logout (and a sign-in replacing this browser's session): the row goes, so the token is worthless even if it was copied. */
export async function deleteSession(tx: Tx, token: string): Promise<void> {
  await tx.delete(authSessions).where(eq(authSessions.tokenHash, hashSessionToken(token)));
}

/**
 * The hourly clean-up of expired sign-ins (server.ts): one statement outside any request, whose triggers
 * announce the rows it deletes directly (migration 0005).
 */
export async function purgeExpiredSessions(db: Database, now = new Date()): Promise<void> {
  await db.delete(authSessions).where(lt(authSessions.expiresAt, now));
}
