import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ChildStatsResponse } from '../../../shared/schemas/bookings';
import { torontoMidnightOf, torontoWeekOf } from '../../../shared/rules/week';
import type { Database } from '../../db/client';
import { children } from '../../db/schema';
import { countWeeklyUsage } from './count-weekly-usage';
import { availableCredits } from '../makeup-credits/available-credits';

/**
 * Per child of the caller: confirmed bookings in the Toronto week holding `week` (YYYY-MM-DD), limit, remaining, and
 * (issue 32) the make-up credits available now with their ends.
 */
export async function getChildStats(db: Database, familyId: string | null, week: string | undefined, now = new Date()): Promise<ChildStatsResponse> {
  // A calendar date names a Toronto day; a date-time names an instant.
  const range = torontoWeekOf(!week ? now : week.length === 10 ? torontoMidnightOf(week) : new Date(week));
  const kids = familyId
    ? await db
        .select({ id: children.id, name: children.name, limit: children.weeklyLimit })
        .from(children)
        .where(and(eq(children.familyId, familyId), isNull(children.removedAt)))
        .orderBy(asc(children.position))
    : [];
  const childIds = kids.map((kid) => kid.id);
  const [usage, credits] = await Promise.all([
    countWeeklyUsage(db, { childIds, weekOf: range.start }),
    familyId && childIds.length ? availableCredits(db, { familyId, childIds, now }) : Promise.resolve([]),
  ]);
  return {
    weekStart: new Date(range.start.getTime()).toISOString(),
    children: kids.map((kid) => {
      const used = usage.get(kid.id) ?? 0;
      const expiries = credits.filter((credit) => credit.childId === kid.id).map((credit) => credit.expiresAt);
      return {
        name: kid.name,
        used,
        limit: kid.limit,
        remaining: Math.max(0, kid.limit - used),
        makeupCredits: expiries.length,
        makeupCreditExpiries: expiries,
      };
    }),
  };
}
