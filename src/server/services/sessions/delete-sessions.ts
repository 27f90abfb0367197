import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, sessions } from '../../db/schema';
import { isRowId } from '../../http-error';
import { lockSessionsWithBookings } from './session-rules';

export interface DeleteSessionsInput {
  sessionIds: string[];
}

/**
 * Spec 5, bulk delete: in one transaction, with the rows locked, deletes each named session that holds no
 * confirmed booking (with its cancelled bookings) and skips the rest. Ids that are malformed or name no
 * session count as skipped; an id listed twice counts once.
 */
export async function deleteSessions(tx: Tx, input: DeleteSessionsInput): Promise<{ deletedCount: number; skippedCount: number }> {
  const requested = new Set(input.sessionIds.map((id) => (isRowId(id) ? id.toLowerCase() : id)));
  const ids = [...requested].filter(isRowId);
  const locked = await lockSessionsWithBookings(tx, ids);
  const booked = new Set(locked.confirmedBookings.map((b) => b.sessionId));
  const deletable = locked.sessions.filter((s) => !booked.has(s.id)).map((s) => s.id);
  if (deletable.length) {
    await tx.delete(bookings).where(inArray(bookings.sessionId, deletable));
    await tx.delete(sessions).where(inArray(sessions.id, deletable));
  }
  return { deletedCount: deletable.length, skippedCount: requested.size - deletable.length };
}
