import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isInBookingWindow } from '../../../shared/rules/week';
import type { Tx } from '../../db/client';
import { bookingChildren, bookings, children, sessions } from '../../db/schema';
import { HttpError } from '../../http-error';
import { countWeeklyUsage } from './count-weekly-usage';

export type SessionRow = typeof sessions.$inferSelect;
export type ChildRow = typeof children.$inferSelect;

/**
 * Locks the session row for the rest of the transaction: every booking change of one session runs one
 * after another, so capacity cannot be oversold by concurrent requests.
 */
export async function lockSession(tx: Tx, sessionId: string): Promise<SessionRow> {
  const [session] = await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update');
  if (!session) throw new HttpError(404, 'Session not found');
  return session;
}

/** A session can be booked only while scheduled, before it starts and inside the booking window (this week and next). */
export function assertBookable(session: SessionRow, now: Date): void {
  if (session.status === 'CANCELLED') throw new HttpError(409, 'This session has been cancelled');
  if (session.startsAt.getTime() <= now.getTime()) {
    throw new HttpError(409, 'This session has already started and can no longer be booked');
  }
  if (!isInBookingWindow(session.startsAt, now)) {
    throw new HttpError(409, 'Bookings are open for the current week and next week only');
  }
}

export function assertSpots(session: SessionRow, requested: number): void {
  const available = session.capacity - session.bookedCount;
  if (available <= 0) throw new HttpError(409, 'This session is full');
  if (available < requested) {
    throw new HttpError(
      409,
      `Only ${available} ${available === 1 ? 'spot is' : 'spots are'} left in this session; you asked for ${requested}`,
    );
  }
}

/**
 * The caller's children named in the request, locked (in id order, to avoid deadlocks) so one child's
 * weekly count cannot be raced by two bookings at once. Any name that is not the caller's child is refused.
 */
export async function lockOwnChildren(tx: Tx, userId: string, names: string[]): Promise<ChildRow[]> {
  const lowered = names.map((name) => name.trim().toLowerCase());
  const rows = await tx
    .select()
    .from(children)
    // Only current children: a removed child (kept for their past bookings) cannot be booked, and a removal
    // that commits while this waits for the lock drops the row from the result.
    .where(and(eq(children.userId, userId), isNull(children.removedAt), inArray(sql`lower(${children.name})`, lowered)))
    .orderBy(asc(children.id))
    .for('update');
  const missing = names.filter((name) => !rows.some((row) => row.name.toLowerCase() === name.trim().toLowerCase()));
  if (missing.length) {
    throw new HttpError(400, `${missing.map((n) => `"${n}"`).join(', ')} ${missing.length === 1 ? 'is not one of your children' : 'are not your children'}`);
  }
  // Keep the order the parent chose.
  return lowered.map((name) => rows.find((row) => row.name.toLowerCase() === name)!);
}

export async function lockChildrenById(tx: Tx, childIds: string[]): Promise<ChildRow[]> {
  return tx.select().from(children).where(inArray(children.id, childIds)).orderBy(asc(children.id)).for('update');
}

/** Refuses children who already hold a confirmed booking in the session. */
export async function assertNotAlreadyBooked(tx: Tx, sessionId: string, kids: ChildRow[]): Promise<void> {
  const already = await tx
    .select({ name: bookingChildren.childName })
    .from(bookingChildren)
    .innerJoin(bookings, eq(bookings.id, bookingChildren.bookingId))
    .where(
      and(
        eq(bookings.sessionId, sessionId),
        eq(bookings.status, 'CONFIRMED'),
        inArray(
          bookingChildren.childId,
          kids.map((k) => k.id),
        ),
      ),
    );
  if (already.length) {
    const names = already.map((row) => row.name);
    throw new HttpError(409, `${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} already booked in this session`);
  }
}

/** Each child may have at most their weekly limit of confirmed bookings in the session's Toronto week. */
export async function assertWeeklyLimits(
  tx: Tx,
  kids: ChildRow[],
  session: SessionRow,
  excludeBookingId?: string,
): Promise<void> {
  const usage = await countWeeklyUsage(tx, { childIds: kids.map((k) => k.id), weekOf: session.startsAt, excludeBookingId });
  for (const kid of kids) {
    const used = usage.get(kid.id) ?? 0;
    if (used + 1 > kid.weeklyLimit) {
      throw new HttpError(
        409,
        `${kid.name} has reached the weekly limit of ${kid.weeklyLimit} ${kid.weeklyLimit === 1 ? 'session' : 'sessions'} for that week`,
      );
    }
  }
}

export async function changeBookedCount(tx: Tx, sessionId: string, delta: number): Promise<void> {
  await tx
    .update(sessions)
    .set({ bookedCount: sql`${sessions.bookedCount} + ${delta}`, updatedAt: new Date() })
    .where(eq(sessions.id, sessionId));
}
