import { and, desc, eq, gt } from 'drizzle-orm';
import type { AccountSession } from '../../../shared/schemas/account-sessions';
import type { Database } from '../../db/client';
import { authSessions } from '../../db/schema';
import { deviceLabel } from './device-label';
import { idleLimitMs, type IdleLimits } from './session-user';

export interface ListOwnSessionsInput {
  userId: string;
  role: string;
  currentSessionId: string | null;
  now: Date;
  idleLimits: IdleLimits;
}

/** The user's live sign-ins (not expired, not idle too long), this device first, then the most recently active. */
export async function listOwnSessions(db: Database, input: ListOwnSessionsInput): Promise<AccountSession[]> {
  const idleSince = new Date(input.now.getTime() - idleLimitMs(input.role, input.idleLimits));
  const rows = await db
    .select({ id: authSessions.id, userAgent: authSessions.userAgent, createdAt: authSessions.createdAt, lastSeenAt: authSessions.lastSeenAt })
    .from(authSessions)
    .where(and(eq(authSessions.userId, input.userId), gt(authSessions.expiresAt, new Date()), gt(authSessions.lastSeenAt, idleSince)))
    .orderBy(desc(authSessions.lastSeenAt), desc(authSessions.createdAt));
  const sessions = rows.map((row) => ({
    id: row.id,
    device: deviceLabel(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === input.currentSessionId,
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}
