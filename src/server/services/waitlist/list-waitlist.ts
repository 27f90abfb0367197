import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminWaitlistEntryDto } from '../../../shared/schemas/waitlist';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { waitlistEntryFromFacts, waitlistFacts } from './waitlist-dto';

/** The instant a session must start after for its waitlist to be open: now + WAITLIST_CUTOFF_HOURS. */
export const waitlistClosesBefore = (now: Date, cutoffHours: number) => new Date(now.getTime() + cutoffHours * 3_600_000);

/**
 * Waiting entries (docs/product-rules.md, Waitlist) of scheduled sessions whose waitlist is still open, soonest
 * session first, each session's in the order promotion takes them; each as portal_waitlist_facts describes it
 * (position, the children a promotion now would take past their weekly limit).
 */
async function listWaiting(db: DbOrTx, where: SQL, closesBefore: Date): Promise<AdminWaitlistEntryDto[]> {
  const result = await db.execute(sql`
    select portal_waitlist_facts(w) as facts
    from waitlist_entries w join sessions s on s.id = w.session_id
    where w.status = 'WAITING' and s.status = 'SCHEDULED' and s.starts_at > ${closesBefore.toISOString()}::timestamptz and ${where}
    order by s.starts_at, w.created_at, w.id`);
  return rowsOf(z.object({ facts: waitlistFacts }), result, 'portal_waitlist_facts').map((row) => waitlistEntryFromFacts(row.facts));
}

/** A family's waiting entries (GET /api/me/waitlist; the family page). */
export function listFamilyWaitlist(db: DbOrTx, familyId: string, closesBefore: Date): Promise<AdminWaitlistEntryDto[]> {
  return listWaiting(db, sql`w.family_id = ${familyId}`, closesBefore);
}

/** A session's waiting entries in promotion order (the roster). */
export function listSessionWaitlist(db: DbOrTx, sessionId: string, closesBefore: Date): Promise<AdminWaitlistEntryDto[]> {
  return listWaiting(db, sql`w.session_id = ${sessionId}`, closesBefore);
}
