import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSessions } from '../../db/schema';
import { HttpError } from '../../http-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ends every sign-in of the user except the one making the request; returns how many ended. */
export async function signOutOtherSessions(db: Database, input: { userId: string; currentSessionId: string }): Promise<number> {
  const deleted = await db
    .delete(authSessions)
    .where(and(eq(authSessions.userId, input.userId), ne(authSessions.id, input.currentSessionId)))
    .returning({ id: authSessions.id });
  return deleted.length;
}

/** Ends one of the user's own sign-ins; anyone else's (or an unknown id) is 404, so ids cannot be probed. */
export async function signOutSession(db: Database, input: { userId: string; sessionId: string }): Promise<void> {
  const deleted = UUID.test(input.sessionId)
    ? await db
        .delete(authSessions)
        .where(and(eq(authSessions.id, input.sessionId), eq(authSessions.userId, input.userId)))
        .returning({ id: authSessions.id })
    : [];
  if (!deleted.length) throw new HttpError(404, 'Session not found');
}
