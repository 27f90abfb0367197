import { and, eq, inArray } from 'drizzle-orm';
import { bookingPausedMessage, bookingPauseOf, type BookingPause } from '../../../shared/rules/attendance';
import type { DbOrTx } from '../../db/client';
import { authSessions, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { getBusinessSetting } from '../settings/get-business-setting';
import { countRecentNoShows } from '../users/count-recent-no-shows';
import type { BookingActor, BookingCall } from './booking-calls';

/**
 * Issue 32, the no-show rule: the one place the server decides whether families' online booking is paused (the rule:
 * rules/attendance.ts bookingPauseOf; the count: countRecentNoShows since the window's start and the office's last
 * lift). Nothing is stored, so the pause lifts itself as the window moves. Read with the caller's db or transaction:
 * the booking's check runs inside the booking's unit of work (pausedCalls).
 */
export async function bookingPausesOf(db: DbOrTx, familyIds: ReadonlyArray<string | null>, now: Date): Promise<Map<string, BookingPause>> {
  const ids = [...new Set(familyIds.filter((id): id is string => id !== null))];
  if (!ids.length) return new Map();
  const policies = await getBusinessSetting(db, { key: 'policies' });
  if (!policies.noShowRuleEnabled) return new Map();
  const counts = await countRecentNoShows(db, { familyIds: ids, now, sinceLift: true });
  const pauses = new Map<string, BookingPause>();
  for (const [familyId, noShows] of counts) {
    const pause = bookingPauseOf(policies, noShows);
    if (pause) pauses.set(familyId, pause);
  }
  return pauses;
}

/** One family's pause (GET /api/me, the family page), or null. */
export async function bookingPauseOfFamily(db: DbOrTx, familyId: string | null, now: Date): Promise<BookingPause | null> {
  if (!familyId) return null;
  return (await bookingPausesOf(db, [familyId], now)).get(familyId) ?? null;
}

/** The family's refusal: 403 BOOKING_PAUSED, the message the family reads (with the office's phone when set), the pause. */
export const bookingPausedError = (pause: BookingPause, phone: string | null | undefined): HttpError =>
  new HttpError(403, bookingPausedMessage(pause, phone), { code: 'BOOKING_PAUSED', details: { bookingPause: pause } });

/** The calls the pause refuses: a family's own booking or joining of a waitlist (never the office's, never a cancellation). */
const pausable = (call: BookingCall, actor: BookingActor) => (call.op === 'book' || call.op === 'join-waitlist') && !('office' in actor);

/**
 * The calls of a group the pause refuses, by index, each with its family's pause; checked in the group's transaction
 * before its statement runs. A call whose sign-in the statement checks (decision 017) is matched to its family by the
 * same conditions the statement applies (portal_repeatable_writes); a sign-in that fails them is left to the statement
 * (401). With the rule off this costs the one read of the policies.
 */
export async function pausedCalls(
  db: DbOrTx,
  calls: ReadonlyArray<{ call: BookingCall; actor: BookingActor; now: Date }>,
): Promise<Map<number, BookingPause>> {
  const asking = calls.map((item, index) => ({ ...item, index })).filter((item) => pausable(item.call, item.actor));
  if (!asking.length) return new Map();
  const policies = await getBusinessSetting(db, { key: 'policies' });
  if (!policies.noShowRuleEnabled) return new Map();

  const familyOf = new Map<number, string>();
  const bySignIn = asking.filter((item) => 'signIn' in item.actor);
  if (bySignIn.length) {
    const hashes = bySignIn.map((item) => ('signIn' in item.actor ? item.actor.signIn.tokenHash : ''));
    const rows = await db
      .select({ tokenHash: authSessions.tokenHash, familyId: users.familyId, role: users.role, lastSeenAt: authSessions.lastSeenAt, expiresAt: authSessions.expiresAt })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(and(inArray(authSessions.tokenHash, hashes), eq(users.isActive, true)));
    for (const item of bySignIn) {
      if (!('signIn' in item.actor)) continue;
      const check = item.actor.signIn;
      const row = rows.find((r) => r.tokenHash === check.tokenHash);
      if (!row?.familyId || row.expiresAt.getTime() <= check.expiresAfter.getTime()) continue;
      const cutoff = check.idleCutoffs[row.role] ?? check.idleCutoff;
      if (row.lastSeenAt.getTime() < cutoff.getTime()) continue;
      familyOf.set(item.index, row.familyId);
    }
  }
  for (const item of asking) if ('parentId' in item.actor && item.actor.familyId) familyOf.set(item.index, item.actor.familyId);
  if (!familyOf.size) return new Map();

  // A group's calls share one instant (the requests' clocks differ by milliseconds): the latest counts for all.
  const now = new Date(Math.max(...asking.map((item) => item.now.getTime())));
  const pauses = await bookingPausesOf(db, [...familyOf.values()], now);
  const refused = new Map<number, BookingPause>();
  for (const [index, familyId] of familyOf) {
    const pause = pauses.get(familyId);
    if (pause) refused.set(index, pause);
  }
  return refused;
}
