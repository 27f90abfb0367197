import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookings, classTypes, sessions } from '../../db/schema';
import type { ErrorCode } from '../../../shared/error-codes';
import { HttpError, isRowId } from '../../http-error';

export type SessionRow = typeof sessions.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type ClassTypeRow = typeof classTypes.$inferSelect;

/** A session id from the URL goes through idOr404 (http-error.ts) with this message before the unit of work. */
export const SESSION_NOT_FOUND = 'Session not found';

/**
 * Issue 29: a session that has started (its start is not after `now`) is history: the office can neither cancel
 * nor edit it (its families were there, or not, as it was). `refusal` is the message of the 409.
 */
export function assertNotStarted(session: Pick<SessionRow, 'startsAt'>, now: Date, refusal: string, code: ErrorCode = 'SESSION_STARTED'): void {
  if (session.startsAt.getTime() <= now.getTime()) throw new HttpError(409, refusal, { code });
}
export const STARTED_SESSION_NOT_CANCELLED = 'This session has already started';
export { STARTED_SESSION_NOT_EDITED } from '../../../shared/rules/session-status';

/** The class type a session form names; a missing or malformed id is the form's mistake (400). */
export async function assertClassTypeExists(tx: Tx, classTypeId: string): Promise<ClassTypeRow> {
  const [classType] = isRowId(classTypeId) ? await tx.select().from(classTypes).where(eq(classTypes.id, classTypeId)) : [];
  if (!classType) throw new HttpError(400, 'Class type does not exist');
  return classType;
}

export interface LockedSessions {
  /** The sessions that exist, in id order. */
  sessions: SessionRow[];
  /** Their CONFIRMED bookings, in id order. */
  confirmedBookings: BookingRow[];
}

/**
 * Locks sessions and their confirmed bookings for the rest of the transaction, in the one lock order
 * (docs/decisions/022-lock-order-and-retries.md): the sessions first, in id order, then the bookings, in id order,
 * as the parents' cancel and reschedule take them. Once the session rows are held no booking can be added, moved
 * in or out, or cancelled, so the bookings read after them are all there are. A caller that also locks children
 * (a booking's weekly limits) does it before it writes to the bookings it was given: children come before bookings
 * in the order, and it holds the sessions already.
 */
export async function lockSessionsWithBookings(tx: Tx, sessionIds: string[]): Promise<LockedSessions> {
  const ids = [...new Set(sessionIds)].sort();
  if (!ids.length) return { sessions: [], confirmedBookings: [] };
  const locked = await tx.select().from(sessions).where(inArray(sessions.id, ids)).orderBy(asc(sessions.id)).for('update');
  if (!locked.length) return { sessions: [], confirmedBookings: [] };
  const confirmedBookings = await tx
    .select()
    .from(bookings)
    .where(
      and(
        inArray(
          bookings.sessionId,
          locked.map((s) => s.id),
        ),
        eq(bookings.status, 'CONFIRMED'),
      ),
    )
    .orderBy(asc(bookings.id));
  return { sessions: locked, confirmedBookings };
}

/**
 * One session and its confirmed bookings, locked (see lockSessionsWithBookings); 404 when it does not exist.
 * `sessionId` is a row id (the route's idOr404 turned a malformed one into the same 404).
 */
export async function lockSessionWithBookings(tx: Tx, sessionId: string): Promise<{ session: SessionRow; confirmedBookings: BookingRow[] }> {
  const { sessions: [session], confirmedBookings } = await lockSessionsWithBookings(tx, [sessionId]);
  if (!session) throw new HttpError(404, SESSION_NOT_FOUND);
  return { session, confirmedBookings };
}

/** The class type of a session row (for its DTO). */
export async function classTypeOf(tx: Tx, session: SessionRow): Promise<ClassTypeRow> {
  const [classType] = await tx.select().from(classTypes).where(eq(classTypes.id, session.classTypeId));
  if (!classType) throw new Error(`class type ${session.classTypeId} of session ${session.id} vanished`);
  return classType;
}

export { plural } from '../../../shared/rules/format';
