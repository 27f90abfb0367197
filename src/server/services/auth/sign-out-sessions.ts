import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { authSessions } from '../../db/schema';
import { HttpError, idOr404 } from '../../http-error';

export const SESSION_NOT_FOUND = 'Session not found';

/** Ends every sign-in of the user except the one making the request, in the caller's transaction; returns how many ended. */
export async function signOutOtherSessions(tx: Tx, input: { userId: string; currentSessionId: string }): Promise<number> {
  const deleted = await tx
    .delete(authSessions)
    .where(and(eq(authSessions.userId, input.userId), ne(authSessions.id, input.currentSessionId)))
    .returning({ id: authSessions.id });
  return deleted.length;
}

/**
 * Ends one of the user's own sign-ins, in the caller's transaction; anyone else's (or an unknown or malformed
 * id) is 404, so ids cannot be probed.
 */
export async function signOutSession(tx: Tx, input: { userId: string; sessionId: string }): Promise<void> {
  const deleted = await tx
    .delete(authSessions)
    .where(and(eq(authSessions.id, idOr404(input.sessionId, SESSION_NOT_FOUND)), eq(authSessions.userId, input.userId)))
    .returning({ id: authSessions.id });
  if (!deleted.length) throw new HttpError(404, SESSION_NOT_FOUND);
}
