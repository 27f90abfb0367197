import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { sessions } from '../../db/schema';
import { children } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type ChildRow = typeof children.$inferSelect;

/*
 * The booking rules themselves (room, window, weekly limits, duplicates) run in the database, in the
 * functions that book, cancel and reschedule under their row locks (src/server/db/functions/portal_book.sql,
 * portal_cancel_booking.sql, portal_reschedule_booking.sql); services/bookings/booking-refusals.ts holds their messages.
 */

/** Children locked in id order (the order every writer takes them in, so no two writers deadlock). */
export async function lockChildrenById(tx: Tx, childIds: string[]): Promise<ChildRow[]> {
  return tx.select().from(children).where(inArray(children.id, childIds)).orderBy(asc(children.id)).for('update');
}
